"""A restore checks what ``import`` and ``pay`` check (issue 66): every payment a backup brings
for a group's tab is one ``pay`` would record, so no restore can leave a tab that does not sum
to zero; and a tab that already holds such a payment (an older version restored it) is still
shown, the payment said not to count, never a traceback. Restoring the same file twice
changes nothing, also for a session the file gives no uid (known by its content), and two
restores at once add it once and each says what it added.

The scorebook: the Friday group's three evenings of tests/test_cli_tab.py (RULES.md's worked
example each: Astrid -13.50, Bengt -6.00, Cilla +9.50, Dag +10.00 a night, SEK): the 6th and
13th finished, Astrid handing Dag 5.00 on the 6th; the 20th not finished, Erik in for Dag.
On its tab Bengt paid Cilla 3.00. The Saturday group has one evening, not finished.
"""

from __future__ import annotations

import json
from pathlib import Path

import flet as ft
import pytest
from sqlalchemy import insert, select

from scorekeeper.app.model import AppModel
from scorekeeper.app.routes import route_to
from scorekeeper.app.screen_list import SCREENS
from scorekeeper.app.screens.group import tab_payments
from scorekeeper.core.owed import Handover
from scorekeeper.session.backup import Counts, backup_bytes, restore, what_it_adds
from scorekeeper.session.scorebook import Scorebook
from scorekeeper.settings import Settings
from scorekeeper.store.database import connect
from scorekeeper.store.models import GroupRow, PaymentRow, now
from scorekeeper.store.sessions import SessionStore
from tests.conftest import EXAMPLE_FILE, as_read, run_cli_here, url_of
from tests.racing import at_once
from tests.test_backup import MADE, copied, fingerprint, made_with, refused
from tests.test_backup_in_the_app import awaited
from tests.test_join_and_leave_in_the_session_file import EVENING as JOINS_AND_LEAVES

FRIDAY, SATURDAY = "Friday group", "Saturday group"
# The Friday group's tab: won twice each evening's money, paid Astrid's 5.00 to Dag and
# Bengt's 3.00 to Cilla.
TAB = [("Astrid", "-27.00", "5.00", "-22.00"), ("Bengt", "-12.00", "3.00", "-9.00"),
       ("Cilla", "19.00", "-3.00", "16.00"), ("Dag", "20.00", "-5.00", "15.00")]


def evening(group: str, day: str, finished: bool, **more: object) -> str:
    document = json.loads(EXAMPLE_FILE.read_text(encoding="utf-8"))
    document.update(group=group, played_on=day, finished=finished, **more)
    return json.dumps(document, ensure_ascii=False)


def fill(book: Scorebook) -> None:
    book.import_file(evening(FRIDAY, "2026-11-06", True,
                             payments=[{"from": "Astrid", "to": "Dag", "amount": "5.00"}]))
    book.import_file(evening(FRIDAY, "2026-11-13", True))
    book.import_file(evening(FRIDAY, "2026-11-20", False).replace("Dag", "Erik"))
    book.import_file(evening(SATURDAY, "2026-11-21", False, name="Saturday at the cabin"))
    book.pay_on_tab(FRIDAY, "Bengt", "Cilla", 300)


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return made_with(tmp_path_factory, fill)


filled, empty = copied("filled"), copied("empty")


def with_payment(book: Scorebook, group: str, payment: dict[str, object]) -> bytes:
    """The scorebook's backup, with one more payment on ``group``'s tab."""
    document = json.loads(backup_bytes(book.store, MADE))
    [listed] = [g for g in document["groups"] if g["name"] == group]
    listed["payments"].append({"uid": "hand-made-1", "on": "2026-11-22", **payment})
    return json.dumps(document, ensure_ascii=False).encode("utf-8")


def tab_of(book: Scorebook, group: str = FRIDAY) -> dict:
    shown = run_cli_here(url_of(book.store.engine), "tab", group, "--json")
    assert shown.returncode == 0, shown.stderr
    return json.loads(shown.stdout)


def lines(tab: dict) -> list[tuple[str, str, str, str]]:
    return [(p["name"], p["won"], p["paid"], p["balance"]) for p in tab["players"]]


# --- What pay refuses, a restore refuses ---------------------------------------------------------

ON_FRIDAY = "the payment on the tab of Friday group from {} to {} in the backup: "


@pytest.mark.parametrize(("payment", "line"), [
    # Zed never played in the group: pay says so of him, and so does the restore.
    ({"from": "Zed", "to": "Astrid", "amount": "7.00"},
     ON_FRIDAY.format("Zed", "Astrid") + "Zed played in none of Friday group's finished "
                                         "sessions"),
    # Two strangers: their payment would be left out of every balance, and listed anyway.
    ({"from": "Zed", "to": "Yvonne", "amount": "2.00"},
     ON_FRIDAY.format("Zed", "Yvonne") + "Zed played in none of Friday group's finished "
                                         "sessions"),
    # Erik sat in on the 20th, which is not finished: he is on no tab.
    ({"from": "Astrid", "to": "Erik", "amount": "2.00"},
     ON_FRIDAY.format("Astrid", "Erik") + "Erik played in none of Friday group's finished "
                                          "sessions"),
    ({"from": "Astrid", "to": "astrid", "amount": "2.00"},
     ON_FRIDAY.format("Astrid", "astrid") + "Astrid cannot pay themselves"),
    # An amount is a decimal string in the currency's minor unit: never a JSON number.
    ({"from": "Astrid", "to": "Dag", "amount": 1.5},
     ON_FRIDAY.format("Astrid", "Dag") + 'an amount is written as text, such as "7.00", not '
                                         "as the number 1.5"),
    ({"from": "Astrid", "to": "Dag", "amount": 7},
     ON_FRIDAY.format("Astrid", "Dag") + 'an amount is written as text, such as "7.00", not '
                                         "as the number 7"),
    ({"from": "Astrid", "to": "Dag", "amount": "5."},
     ON_FRIDAY.format("Astrid", "Dag") + "5. is not an amount of money"),
    ({"from": "Astrid", "to": "Dag", "amount": ".5"},
     ON_FRIDAY.format("Astrid", "Dag") + ".5 is not an amount of money"),
    ({"from": "Astrid", "to": "Dag", "amount": "0.005"},
     ON_FRIDAY.format("Astrid", "Dag") + "0.005 is finer than the currency's smallest coin "
                                         "(2 decimals)"),
    ({"from": "Astrid", "to": "Dag", "amount": "-7.00"},
     ON_FRIDAY.format("Astrid", "Dag") + "a payment must be more than nothing, not -7.00"),
])
def test_a_tab_payment_pay_would_refuse_is_refused_and_nothing_is_written(
        filled, empty, payment, line):
    backup = with_payment(filled, FRIDAY, payment)
    assert refused(empty, backup) == line
    assert refused(filled, backup) == line  # restored onto the device it came from


def test_a_group_with_only_unfinished_sessions_takes_no_payment_on_its_tab(filled, empty):
    backup = with_payment(filled, SATURDAY, {"from": "Astrid", "to": "Dag", "amount": "1.00"})
    assert refused(empty, backup) == (
        "the payment on the tab of Saturday group from Astrid to Dag in the backup: "
        "Astrid played in none of Saturday group's finished sessions")


def test_a_hostile_backup_is_refused_by_the_command_line_and_the_tab_still_works(
        filled, tmp_path):
    url = url_of(filled.store.engine)
    hostile = tmp_path / "hostile.json"
    hostile.write_bytes(with_payment(filled, FRIDAY,
                                     {"from": "Zed", "to": "Astrid", "amount": "7.00"}))
    before = fingerprint(filled)
    answer = run_cli_here(url, "restore", str(hostile))
    assert (answer.returncode, answer.stdout) == (2, "")
    assert answer.stderr == (ON_FRIDAY.format("Zed", "Astrid") + "Zed played in none of "
                             "Friday group's finished sessions\n")
    assert fingerprint(filled) == before

    assert lines(tab_of(filled)) == TAB
    assert run_cli_here(url, "tab", FRIDAY).returncode == 0
    assert run_cli_here(url, "season", FRIDAY, "--json").returncode == 0
    assert run_cli_here(url, "export-tab", FRIDAY, "--format", "csv").returncode == 0
    paid = run_cli_here(url, "pay", FRIDAY, "--from", "Astrid", "--to", "Dag", "15.00")
    assert paid.returncode == 0, paid.stderr
    assert lines(tab_of(filled))[0] == ("Astrid", "-27.00", "20.00", "-7.00")


def test_the_apps_restore_refuses_the_same_backup_in_words(filled):
    app = AppModel(filled, Settings(language="en"), screens=SCREENS)
    before = fingerprint(filled)
    awaited(app.backups.look(with_payment(filled, FRIDAY,
                                          {"from": "Zed", "to": "Astrid", "amount": "7.00"})))
    assert app.backups.adds is None
    assert app.said.problem == (
        "The backup was not restored, nothing changed: " + ON_FRIDAY.format("Zed", "Astrid")
        + "Zed played in none of Friday group's finished sessions")
    assert fingerprint(filled) == before


def test_a_session_the_rules_refuse_is_counted_by_the_look_and_refused_at_restore(filled):
    """The look counts the sessions at a glance; the restore replays each one, and refuses
    the backup there, in words, with nothing written."""
    app = AppModel(filled, Settings(language="en"), screens=SCREENS)
    document = json.loads(with_payment(filled, FRIDAY,
                                       {"from": "Astrid", "to": "Dag", "amount": "1.00"}))
    document["sessions"].append(without_uid(name="Nine tricks"))
    document["sessions"][-1]["deals"][3]["tricks"] = {"Astrid": 9}  # nine of five tricks
    before = fingerprint(filled)
    awaited(app.backups.look(json.dumps(document, ensure_ascii=False).encode("utf-8")))
    assert app.backups.adds == Counts(sessions=1, tab_payments=1)
    awaited(app.backups.restore())
    assert app.backups.adds is None
    assert as_read(app.said.problem) == (
        "The backup was not restored, nothing changed: session 5 of the backup (Nine "
        "tricks): deal 4: tricks for Astrid must be a whole number from 0 to 5")
    assert fingerprint(filled) == before


def test_who_joined_a_finished_evening_is_on_the_tab_for_the_look_as_for_the_restore(book):
    """Erik sat in from the third deal: the look finds him in the deals' joins, as the
    restore's replay does, so he is a player new to the roster and on the group's tab."""
    joined = {**JOINS_AND_LEAVES, "uid": "erik-joined", "group": FRIDAY, "finished": True}
    document = json.loads(backup_of(joined))
    document["groups"] = [{"name": FRIDAY, "currency": "SEK", "payments": [
        {"uid": "erik-paid", "from": "Erik", "to": "Astrid", "amount": "1.00",
         "on": "2026-11-22"}]}]
    backup = json.dumps(document, ensure_ascii=False).encode("utf-8")
    # The evening; Astrid, Bengt, Cilla, Dag and Erik; the group; Erik's 1.00.
    whole = Counts(sessions=1, players=5, groups=1, tab_payments=1)
    assert what_it_adds(book.store, backup, "en") == whole
    assert restore(book.store, backup, "en") == whole


def test_a_tab_payment_is_kept_as_the_tab_spells_its_players(filled, empty):
    """The backup writes "astrid" and "DAG": the tab's players are Astrid and Dag, as pay
    would have them; a second restore finds the payment there."""
    backup = with_payment(filled, FRIDAY, {"from": "astrid", "to": "DAG", "amount": "2.00"})
    assert restore(empty.store, backup, "en").tab_payments == 2
    assert lines(tab_of(empty))[0] == ("Astrid", "-27.00", "7.00", "-20.00")
    assert restore(empty.store, backup, "en") == Counts()


# --- A tab an older version broke ----------------------------------------------------------------


def stray(book: Scorebook, group: str, payer: str, payee: str, minor: int) -> None:
    """A payment on ``group``'s tab as an older version's restore stored it, unchecked."""
    with book.store.engine.begin() as connection:
        group_id = connection.scalar(select(GroupRow.id).where(GroupRow.name == group))
        connection.execute(insert(PaymentRow).values(
            group_id=group_id, session_id=None, payer=payer, payee=payee, minor=minor,
            paid_at=now(), uid=f"stray-{payer}-{payee}"))


NOT_COUNTED = ("Zed paid Astrid SEK\u00a07.00: not counted, it is not between two players of "
               "{group}'s finished sessions. Take it back on the group's screen.")


def test_a_stored_payment_naming_a_stranger_is_shown_as_not_counted(filled):
    stray(filled, FRIDAY, "Zed", "Astrid", 700)
    url = url_of(filled.store.engine)
    tab = tab_of(filled)
    assert lines(tab) == TAB  # the balances without it: they still sum to zero
    assert tab["not_counted"] == [{"from": "Zed", "to": "Astrid", "amount": "7.00"}]
    shown = run_cli_here(url, "tab", FRIDAY)
    assert shown.returncode == 0, shown.stderr
    assert NOT_COUNTED.format(group=FRIDAY) in shown.stdout.splitlines()
    for command in (["season", FRIDAY], ["export-tab", FRIDAY, "--format", "csv"],
                    ["pay", FRIDAY, "--from", "Astrid", "--to", "Dag", "1.00"]):
        answer = run_cli_here(url, *command)
        assert answer.returncode == 0, (command, answer.stderr)
    # The group screen lists it with the others, to be taken back.
    group = filled.group(FRIDAY)
    [kept] = [p for p in group.own_payments if p.handover.payer == "Zed"]
    assert not group.tab.counts(kept.handover)
    taken = filled.take_back_on_tab(FRIDAY, kept.id, group.version)
    assert taken.tab.not_counted == ()



# TAB's balances, in öre, as the group's screen holds them.
BALANCES = [("Astrid", -2200), ("Bengt", -900), ("Cilla", 1600), ("Dag", 1500)]


def test_the_group_screen_lists_a_payment_that_does_not_count_and_takes_it_back(filled):
    """Issue 66, finding 1c: the app's group screen with a stored payment that does not
    count (it stayed blank, the raw exception sent to the browser)."""
    stray(filled, FRIDAY, "Zed", "Astrid", 700)
    app = AppModel(filled, Settings(language="en"), screens=SCREENS)
    app.show(route_to("group", group=FRIDAY))
    shown = app.group.group
    assert (app.said.problem, shown is not None) == (None, True)
    balances = [(line.name, line.balance) for line in shown.tab.lines]
    # Without Zed's 7.00: they still sum to zero.
    assert (balances, sum(balance for _, balance in balances)) == (BALANCES, 0)
    assert shown.tab.not_counted == (Handover("Zed", "Astrid", 700),)
    # The panel of payments on the tab, as the screen draws it: Zed's with a warning.
    drawn = tab_payments(app.words, shown, app.group.take_back)
    bullets = [row.controls[0].content.controls for row in drawn]
    listed = [(icon.icon, said.value) for icon, said in bullets]
    assert listed == [(ft.Icons.CHECK_CIRCLE, "Bengt paid Cilla SEK\u00a03.00"),
                      (ft.Icons.WARNING_AMBER, NOT_COUNTED.format(group=FRIDAY))]
    # Its take-back button, tapped.
    drawn[1].controls[1].content.on_click()
    taken = app.group.group
    assert (app.said.problem, taken.tab.not_counted) == (None, ())
    assert [p.handover for p in taken.own_payments] == [Handover("Bengt", "Cilla", 300)]
    assert [(line.name, line.balance) for line in taken.tab.lines] == BALANCES
    assert [p.handover for p in filled.group(FRIDAY).own_payments] == [
        Handover("Bengt", "Cilla", 300)]  # taken back in the store, not only on the screen


def test_a_group_with_only_unfinished_sessions_says_the_same_in_tab_and_tab_json(filled):
    stray(filled, SATURDAY, "Zed", "Astrid", 700)
    tab = tab_of(filled, SATURDAY)
    assert (tab["sessions"], tab["players"], tab["transfers"]) == (0, [], [])
    assert tab["not_counted"] == [{"from": "Zed", "to": "Astrid", "amount": "7.00"}]
    shown = run_cli_here(url_of(filled.store.engine), "tab", SATURDAY).stdout.splitlines()
    assert NOT_COUNTED.format(group=SATURDAY) in shown
    # Listed as not counted, and not also as a payment counted on the tab.
    assert [line for line in shown if "Zed" in line] == [NOT_COUNTED.format(group=SATURDAY)]


# --- Restored twice, or twice at once ------------------------------------------------------------


def without_uid(**more: object) -> dict[str, object]:
    """A hand-made session file, or one an older version wrote: no uid."""
    return {**json.loads(evening(FRIDAY, "2026-11-27", True)), **more}


def backup_of(*sessions: dict[str, object]) -> bytes:
    return json.dumps({"format": "scorekeeper-backup/1", "players": [], "groups": [],
                       "sessions": list(sessions)}, ensure_ascii=False).encode("utf-8")


def test_a_session_without_a_uid_restored_twice_is_added_once(book):
    backup = backup_of(without_uid())
    # The evening, its four players and its group.
    assert restore(book.store, backup, "en") == Counts(sessions=1, players=4, groups=1)
    before = fingerprint(book)
    assert what_it_adds(book.store, backup, "en") == Counts()
    assert restore(book.store, backup, "en") == Counts()
    assert fingerprint(book) == before
    # The same evening with another deal is another session.
    other = without_uid()
    other["deals"] = other["deals"][:-1]
    assert restore(book.store, backup_of(other), "en") == Counts(sessions=1)


def test_the_command_lines_restore_of_a_hand_made_file_twice_adds_it_once(tmp_path):
    """The same file twice changes nothing (FORMAT.md), told as the command line tells it;
    a session without a uid was added again at every restore."""
    backup = tmp_path / "hand-made.json"
    backup.write_bytes(backup_of(without_uid()))
    database = f"sqlite:///{tmp_path / 'scorebook.db'}"
    first, again = (run_cli_here(database, "restore", str(backup)) for _ in range(2))
    assert (first.returncode, again.returncode) == (0, 0)
    assert "added 1 session, 4 players, 1 group" in first.stdout
    assert "added 0 sessions, 0 players, 0 groups" in again.stdout
    assert len(run_cli_here(database, "sessions").stdout.splitlines()) == 1


def test_the_same_evening_twice_in_one_backup_is_two_sessions_and_restored_again_none(book):
    backup = backup_of(without_uid(), without_uid())
    assert restore(book.store, backup, "en").sessions == 2
    assert restore(book.store, backup, "en") == Counts()
    assert book.count_sessions() == 2


def test_two_restores_at_once_add_it_once_and_each_says_what_it_added(filled, db_url):
    document = json.loads(backup_bytes(filled.store, MADE))
    document["sessions"].append(without_uid(name="Hand-made", group=None))
    document["players"].append({"name": "Urs", "details": {"swish": "0701234567"}})
    backup = json.dumps(document, ensure_ascii=False).encode("utf-8")
    # Four evenings and the hand-made one; Astrid, Bengt, Cilla, Dag, Erik and Urs; the two
    # groups; Bengt's 3.00 on the Friday tab.
    whole = Counts(sessions=5, players=6, groups=2, tab_payments=1)
    engines = [connect(db_url), connect(db_url)]
    try:
        devices = [Scorebook(SessionStore(engine)) for engine in engines]
        for _ in range(3):
            said = at_once(*(lambda device=device: restore(device.store, backup, "en")
                             for device in devices))
            assert sorted(said, key=lambda counts: counts.sessions) == [Counts(), whole]
            whole = Counts()  # once in, each restore after it adds nothing
        assert devices[0].count_sessions() == 5
        assert lines(tab_of(devices[1])) == TAB
    finally:
        for engine in engines:
            engine.dispose()
