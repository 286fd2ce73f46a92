"""FORMAT.md, "Everything in one file": ``scorekeeper backup`` and ``scorekeeper restore``.

The scorebook backed up: a session of every variant (the two example files, and six deals
of each game where everyone plays), the Friday group (two finished evenings, Astrid paid
Dag 5.00 on the first, and 3.00 on the tab), players with Swish, IBAN and QR-bill details,
an unfinished session, and an evening Erik joined late and Dag left early. Set up with the
scorebook's own functions in this process; the commands run as processes only where the
command itself is tested.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import shutil
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import pytest

from scorekeeper.cli.groups import tab_report
from scorekeeper.core import Deal, RuleError, Session, make_money, make_table, seating
from scorekeeper.formats.session_file import dump_session
from scorekeeper.i18n import describe
from scorekeeper.payments.details import payment_details
from scorekeeper.session.backup import Counts, backup_bytes, backup_name, restore, what_it_adds
from scorekeeper.session.scorebook import Scorebook
from scorekeeper.store.database import connect
from scorekeeper.store.sessions import SessionStore
from tests.conftest import (
    EXAMPLE_FILE,
    REPO,
    database_counts,
    fresh_postgres_database,
    run_cli_here,
)
from tests.test_join_and_leave_in_the_session_file import EVENING as JOINS_AND_LEAVES

VARIANTS = ("english", "denexa", "rounce", "pool", "mattmar", "counters", "ramsen")
GROUP = "Friday group"
MADE = datetime(2026, 11, 28, 21, 15, tzinfo=UTC)
DETAILS = {
    "Dag": payment_details(swish="0701234567"),
    "Cilla": payment_details(iban="DE89370400440532013000", holder="Cilla Åberg"),
    "Urs": payment_details(qr_iban="CH9300762011623852957", holder="Urs Meier",
                           postcode="8001", town="Zürich"),
}


def everyone_plays(variant: str) -> dict[str, object]:
    """Six deals of ``variant`` where everyone plays, the tricks spread by a fixed draw."""
    table = make_table(variant, ["Astrid", "Bengt", "Cilla", "Dag"], None,
                       {"money": True} if variant in ("mattmar", "counters", "ramsen") else {},
                       make_money("0.50", "SEK"))
    session, draw = Session(table), random.Random(variant)
    for _ in range(6):
        tricks = dict.fromkeys(seating(table, session.state).order, 0)
        for _ in range(5):
            tricks[draw.choice(list(tricks))] += 1
        session = session.record(Deal(tricks=tricks))
    return dump_session(f"Six deals of {variant}", session)


def example(**more: object) -> dict[str, object]:
    return {**json.loads(EXAMPLE_FILE.read_text(encoding="utf-8")), **more}


def fill(book: Scorebook) -> None:
    """The scorebook this module backs up."""
    documents = [
        json.loads(path.read_text(encoding="utf-8"))
        for path in sorted((REPO / "tests" / "examples").glob("*.json"))]
    documents += [everyone_plays(variant) for variant in VARIANTS]
    documents += [
        example(group=GROUP, played_on="2026-11-06", finished=True,
                payments=[{"from": "Astrid", "to": "Dag", "amount": "5.00"}]),
        example(group=GROUP, played_on="2026-11-13", finished=True),
        example(name="Unfinished", group=GROUP, played_on="2026-11-20"),
        JOINS_AND_LEAVES,
    ]
    for document in documents:
        book.import_file(json.dumps(document, ensure_ascii=False))
    for name, details in DETAILS.items():
        book.set_payment_details(name, details)
    book.pay_on_tab(GROUP, "Bengt", "Cilla", 300)


def exports(book: Scorebook) -> dict[str, bytes]:
    """Every session's ``export --format json``, ``players --export`` and every group's
    ``tab --json``, as the commands write them."""
    found = {f"session {s.id}": book.export(s.id, "json", "en")[1]
             for s in book.summaries()}
    found["roster"] = book.roster_file()
    for group in book.group_names():
        found[f"tab {group}"] = (json.dumps(tab_report(book.group(group)), ensure_ascii=False,
                                            indent=2) + "\n").encode("utf-8")
    return found


def fingerprint(book: Scorebook) -> tuple[dict[str, int], str]:
    """Row counts, and one hash of every export: what "unchanged" is checked against."""
    digest = hashlib.sha256()
    for name, body in sorted(exports(book).items()):
        digest.update(name.encode() + b"\0" + body + b"\0")
    return database_counts(book.store.engine), digest.hexdigest()


@contextmanager
def scorebook(url: str) -> Iterator[Scorebook]:
    engine = connect(url)
    try:
        yield Scorebook(SessionStore(engine))
    finally:
        engine.dispose()


def made_with(tmp_path_factory: pytest.TempPathFactory,
              filling: Callable[[Scorebook], None]) -> dict[str, Path]:
    """A module's two SQLite files, made once: the scorebook it backs up (``filling``
    fills it) and an empty one (its tables made, nothing in them). Each test has copies of
    its own (the ``filled`` and ``empty`` fixtures, over the module's ``made``)."""
    folder = tmp_path_factory.mktemp("made")
    files = {"filled": folder / "filled.db", "empty": folder / "empty.db"}
    with scorebook(f"sqlite:///{files['filled']}") as book:
        filling(book)
    with scorebook(f"sqlite:///{files['empty']}"):
        pass
    return files


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return made_with(tmp_path_factory, fill)


@contextmanager
def copy_of(made: Path, tmp_path: Path) -> Iterator[Scorebook]:
    """A scorebook on a copy of the file ``made``: as it was made, whatever another test
    did to its own copy. (Byte for byte the file ``fill`` wrote: 0.2 to 0.4 CPU-s less a
    test than filling it again, and the same scorebook.)"""
    copy = tmp_path / made.name
    shutil.copyfile(made, copy)
    copy.chmod(0o600)
    with scorebook(f"sqlite:///{copy}") as book:
        yield book


def copied(which: str) -> Callable[..., Iterator[Scorebook]]:
    """A fixture: a copy of the module's ``made`` file ``which`` ("filled": the scorebook
    the module backs up, on SQLite; "empty"), a scorebook of its own for each test."""
    @pytest.fixture
    def copy(made: dict[str, Path], tmp_path: Path) -> Iterator[Scorebook]:
        with copy_of(made[which], tmp_path) as book:
            yield book
    return copy


filled, empty = copied("filled"), copied("empty")


# --- Round trips ------------------------------------------------------------------------------


def test_a_backup_restored_into_an_empty_sqlite_database_gives_back_every_export(
        filled, empty):
    added = restore(empty.store, backup_bytes(filled.store, MADE), "en")
    assert exports(empty) == exports(filled)
    # Thirteen sessions; Ann, Bo, Cid, Astrid, Bengt, Cilla, Dag, Erik and Urs; one group.
    assert added == Counts(sessions=13, players=9, groups=1, tab_payments=1)


def test_a_backup_goes_into_postgresql_and_back_to_sqlite_unchanged(
        tmp_path, postgres_url, filled):
    with fresh_postgres_database(postgres_url) as url, scorebook(url) as club, \
            scorebook(f"sqlite:///{tmp_path / 'back.db'}") as back:
        restore(club.store, backup_bytes(filled.store, MADE), "en")
        assert exports(club) == exports(filled)
        restore(back.store, backup_bytes(club.store, MADE), "en")
        assert exports(back) == exports(filled)


def test_the_commands_back_up_from_sqlite_and_restore_into_postgresql(
        tmp_path, postgres_url, filled):
    backup = tmp_path / "everything.json"
    sqlite_url = filled.store.engine.url.render_as_string(hide_password=False)
    written = run_cli_here(sqlite_url, "backup", "-o", str(backup))
    assert written.returncode == 0, written.stderr
    assert written.stdout == (f"Backed up 13 sessions, 9 players, 1 group and 1 payment on a "
                              f"tab to {backup}.\n")
    assert backup.stat().st_mode & 0o777 == 0o600  # it holds the players' payment details
    with fresh_postgres_database(postgres_url) as url:
        restored = run_cli_here(url, "--lang", "sv", "restore", str(backup))
        assert restored.returncode == 0, restored.stderr
        assert restored.stdout == (f"Återställt från {backup}: lade till 13 sessioner, "
                                   f"9 spelare, 1 grupp och 1 betalning på löpande räkning.\n")
        with scorebook(url) as copy:
            assert exports(copy) == exports(filled)


def test_a_backup_holds_the_roster_the_groups_and_every_session_and_no_setting(filled):
    document = json.loads(backup_bytes(filled.store, MADE))
    assert list(document) == ["format", "made", "players", "groups", "sessions"]
    assert document["format"] == "scorekeeper-backup/1"
    assert document["made"] == "2026-11-28T21:15:00Z"
    urs = next(p for p in document["players"] if p["name"] == "Urs")
    assert urs["details"] == {"holder": "Urs Meier", "qr_iban": "CH9300762011623852957",
                              "postcode": "8001", "town": "Zürich", "country": "CH"}
    [group] = document["groups"]
    assert (group["name"], group["currency"]) == (GROUP, "SEK")
    [paid] = group["payments"]
    assert {k: paid[k] for k in ("from", "to", "amount")} == {
        "from": "Bengt", "to": "Cilla", "amount": "3.00"}
    # Each session as its export has it, uid and all.
    assert [json.dumps(s, ensure_ascii=False, indent=2).encode() + b"\n"
            for s in document["sessions"]] == [
        filled.export(s.id, "json", "en")[1]
        for s in sorted(filled.summaries(), key=lambda s: s.id)]


def test_a_backup_is_named_with_its_date():
    assert backup_name(MADE.date()) == "scorekeeper-backup-2026-11-28.json"


# --- Restoring again, and what a restore would add ----------------------------------------------


def test_restoring_the_same_backup_twice_changes_nothing(filled, empty):
    backup = backup_bytes(filled.store, MADE)
    restore(empty.store, backup, "en")
    before = fingerprint(empty)
    assert restore(empty.store, backup, "en") == Counts()
    assert fingerprint(empty) == before


def test_what_a_restore_would_add_is_said_first_and_nothing_is_written(filled, empty):
    backup = backup_bytes(filled.store, MADE)
    before = fingerprint(empty)
    would = what_it_adds(empty.store, backup, "en")
    assert fingerprint(empty) == before
    assert would == restore(empty.store, backup, "en") == Counts(13, 9, 1, 1)
    assert what_it_adds(empty.store, backup, "en") == Counts()


def test_a_restore_adds_only_what_the_database_lacks(filled, empty):
    """A database holding one of the sessions (by its uid), and so four of the players,
    gets the rest; a player here without details gets the backup's."""
    first = filled.open(1)
    empty.import_file(filled.export(first.id, "json", "en")[1].decode())
    added = restore(empty.store, backup_bytes(filled.store, MADE), "en")
    assert added == Counts(sessions=12, players=9 - 4, groups=1, tab_payments=1)
    assert empty.payment_details(["Dag"]) == {"Dag": DETAILS["Dag"]}


# --- Refused, and the database unchanged ----------------------------------------------------------


def refused(book: Scorebook, backup: bytes) -> str:
    before = fingerprint(book)
    with pytest.raises(RuleError) as refusal:
        restore(book.store, backup, "en")
    assert fingerprint(book) == before
    return describe(refusal.value)


def test_a_session_whose_uid_is_stored_with_other_deals_is_a_conflict(filled, empty):
    document = json.loads(backup_bytes(filled.store, MADE))
    restore(empty.store, backup_bytes(filled.store, MADE), "en")
    document["sessions"][0]["deals"].pop()
    assert refused(empty, json.dumps(document).encode()) == (
        "the session Friday at the cabin is here with other deals than the backup's")


def test_a_player_with_other_payment_details_is_a_conflict(filled, empty):
    empty.set_payment_details("Dag", payment_details(swish="0709876543"))
    assert refused(empty, backup_bytes(filled.store, MADE)) == (
        "Dag is here with other payment details than the backup's")


def test_a_group_in_another_currency_is_a_conflict(filled, empty):
    empty.import_file(json.dumps(example(group="friday GROUP", money={"currency": "EUR",
                                                                      "unit": "0.50"})))
    assert refused(empty, backup_bytes(filled.store, MADE)) == (
        "the group friday GROUP is here in EUR, the backup has it in SEK")


def test_a_tab_payment_whose_uid_is_stored_as_another_payment_is_a_conflict(filled, empty):
    document = json.loads(backup_bytes(filled.store, MADE))
    restore(empty.store, backup_bytes(filled.store, MADE), "en")
    document["groups"][0]["payments"][0]["amount"] = "4.00"
    assert refused(empty, json.dumps(document).encode()) == (
        "a payment on the tab of Friday group is here as another payment")


@pytest.mark.parametrize(("damage", "line"), [
    (lambda b: b[: len(b) // 2], "this backup is cut short: its end is missing (copy it again)"),
    (lambda b: b"Friday at the cabin, 6 deals", "this is not a backup: it is not valid JSON"),
    (lambda b: EXAMPLE_FILE.read_bytes(),
     "this file is in format 'scorekeeper/1', not a backup this version can read "
     "(scorekeeper-backup/1)"),
    (lambda b: b'{"format": "scorekeeper-roster/1", "players": []}',
     "this file is in format 'scorekeeper-roster/1', not a backup this version can read "
     "(scorekeeper-backup/1)"),
    (lambda b: b'["a list"]',
     "this is not a backup: expected an object with the format scorekeeper-backup/1"),
])
def test_a_damaged_file_or_another_format_is_refused(filled, damage, line):
    assert refused(filled, damage(backup_bytes(filled.store, MADE))) == line


def test_a_session_that_replay_refuses_is_answernaming_the_session_and_its_deal(filled, empty):
    document = json.loads(backup_bytes(filled.store, MADE))
    broken = document["sessions"][3]
    broken["deals"][3]["tricks"] = {"Astrid": 9}  # nine of five tricks
    assert refused(empty, json.dumps(document).encode()).startswith(
        f"session 4 of the backup ({broken['name']}): deal 4: ")


# --- The uid a session carries --------------------------------------------------------------------


def test_an_import_without_a_uid_gives_one_and_with_one_keeps_it(empty):
    without = empty.import_file(EXAMPLE_FILE.read_text(encoding="utf-8"))
    given = empty.import_file(json.dumps(example(uid="from-another-phone")))
    assert str(uuid.UUID(without.uid)) == without.uid  # a new one: a UUID
    assert given.uid == "from-another-phone"
    assert json.loads(empty.export(given.id, "json", "en")[1])["uid"] == "from-another-phone"
    # The same file again is a copy here: it gets a uid of its own.
    again = empty.import_file(json.dumps(example(uid="from-another-phone")))
    assert again.uid not in (None, "from-another-phone")


def test_a_uid_that_is_no_short_code_is_refused(empty):
    with pytest.raises(RuleError) as refusal:
        empty.import_file(json.dumps(example(uid="x" * 65)))
    assert refusal.value.message.key == "file.uid"


def test_the_restore_command_refuses_a_damaged_file_in_one_line_with_exit_status_2(
        tmp_path, filled):
    cut = tmp_path / "cut.json"
    cut.write_bytes(backup_bytes(filled.store, MADE)[:-100])
    url = filled.store.engine.url.render_as_string(hide_password=False)
    before = fingerprint(filled)
    answer = run_cli_here(url, "--lang", "de", "restore", str(cut))
    assert answer.returncode == 2
    assert answer.stderr == ("diese Sicherung ist abgeschnitten: ihr Ende fehlt "
                               "(kopieren Sie sie erneut)\n")
    assert answer.stdout == ""
    assert fingerprint(filled) == before


def test_any_cut_or_changed_byte_of_a_backup_is_refused_in_words_or_read_whole(empty):
    """A hostile or damaged file: what a restore would add is said, or it is refused with a
    RuleError (one line in words), never another error."""
    book = empty
    book.import_file(json.dumps(example(group=GROUP, finished=True)))
    book.set_payment_details("Urs", DETAILS["Urs"])
    book.pay_on_tab(GROUP, "Astrid", "Dag", 500)
    backup = backup_bytes(book.store, MADE)
    draw = random.Random(50)
    variants = [backup[:cut] for cut in range(0, len(backup), 41)]
    for _ in range(400):
        at = draw.randrange(len(backup))
        variants.append(backup[:at] + bytes([draw.choice(b'{}[]",:0123456789-.ntfa\\ \xff')])
                        + backup[at + 1:])
    before = fingerprint(book)
    lines = []
    for variant in variants:
        try:
            what_it_adds(book.store, variant, "en")
        except RuleError as refusal:
            lines.append(describe(refusal))
    assert fingerprint(book) == before
    assert lines  # most of them are refused
    assert not [line for line in lines if "\n" in line or not line]


def test_an_open_session_shows_the_details_a_restore_brought(filled, empty):
    here = empty.import_file(filled.export(1, "json", "en")[1].decode())
    assert empty.open(here.id).payment_details == {}
    name, backup = filled.backup(MADE)
    assert name == "scorekeeper-backup-2026-11-28.json"
    assert empty.what_restore_adds(backup, "en") == Counts(12, 5, 1, 1)
    assert empty.restore(backup, "en") == Counts(12, 5, 1, 1)
    assert empty.open(here.id).payment_details == {"Cilla": DETAILS["Cilla"],
                                                   "Dag": DETAILS["Dag"]}


# --- Stored as an import stores it ----------------------------------------------------------------

# What two stores of the same sessions may differ in: the rows' own numbers and the moments
# they were written (and a payment's uid: the tab's here is recorded anew by pay).
VOLATILE = {"id", "created_at", "updated_at", "recorded_at", "paid_at"}


def rows_of(book: Scorebook) -> dict[str, list[tuple[object, ...]]]:
    """Every row of the session tables, each table's rows sorted, the numbers that name a
    session, a player or a group replaced by its uid or name."""
    from sqlalchemy import text

    with book.store.engine.connect() as connection:
        def named(query: str) -> dict[object, object]:
            return dict(connection.execute(text(query)).all())

        sessions = named("SELECT id, uid FROM sessions")
        players = named("SELECT id, name_key FROM players")
        groups = named("SELECT id, name_key FROM groups")
        found: dict[str, list[tuple[object, ...]]] = {}
        for table in ("sessions", "seats", "standings", "deals", "entries", "payments"):
            result = connection.execute(text(f"SELECT * FROM {table}"))
            columns = list(result.keys())
            rows = []
            for row in result:
                kept = []
                for column, value in zip(columns, row, strict=True):
                    if column in VOLATILE or (table, column) == ("payments", "uid"):
                        continue
                    value = {"session_id": sessions, "player_id": players,
                             "group_id": groups}.get(column, {}).get(value, value)
                    if column == "result" and value is not None:  # [roster id, name, ...]
                        value = [[players[of], *rest] for of, *rest in json.loads(value)]
                        value = json.dumps(value)
                    kept.append((column, str(value)))
                rows.append(tuple(kept))
            found[table] = sorted(rows)
        return found


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_restore_stores_each_session_row_for_row_as_its_import_does(
        filled, tmp_path, request, backend):
    """The backup of every variant, joins and leaves, payments, groups and an unfinished
    evening, restored into one database and imported file by file into another."""
    from tests.conftest import _fresh_database

    backup = backup_bytes(filled.store, MADE)
    with _fresh_database(request, tmp_path / "restored", backend) as restored_url, \
            _fresh_database(request, tmp_path / "imported", backend) as imported_url, \
            scorebook(restored_url) as restored, scorebook(imported_url) as imported:
        restore(restored.store, backup, "en")
        for document in json.loads(backup)["sessions"]:
            imported.import_file(json.dumps(document, ensure_ascii=False))
        for name, details in DETAILS.items():
            imported.set_payment_details(name, details)
        imported.pay_on_tab(GROUP, "Bengt", "Cilla", 300)
        assert rows_of(restored) == rows_of(imported)


# --- Said as it goes ------------------------------------------------------------------------------


def test_a_restore_not_on_a_terminal_says_how_far_it_is_once_a_minute(
        filled, empty, tmp_path, monkeypatch):
    """A minute is long for a test: with the minute made nothing, every step is said."""
    import scorekeeper.cli.backup as command

    backup = tmp_path / "everything.json"
    backup.write_bytes(backup_bytes(filled.store, MADE))
    url = empty.store.engine.url.render_as_string(hide_password=False)
    monkeypatch.setattr(command, "EVERY", 0.0)
    said = run_cli_here(url, "--lang", "sv", "restore", str(backup))
    assert said.returncode == 0, said.stderr
    reading, *rest = said.stderr.splitlines()
    kb = -(-backup.stat().st_size // 1024)  # a few evenings: said in kB, rounded up
    assert reading == f"Läser säkerhetskopian ({kb} kB)"
    assert rest == ["Återställer: 13 av 13 sessioner",
                    "Återställer: 1 av 1 betalning på löpande räkning"]
    monkeypatch.setattr(command, "EVERY", 60.0)  # a quick restore says nothing but its line
    again = run_cli_here(url, "restore", str(backup))
    assert (again.returncode, again.stderr) == (0, "")


def test_a_restore_on_a_terminal_shows_a_bar_for_its_sessions_and_its_payments(
        filled, empty, tmp_path):
    import os
    import pty
    import subprocess
    import sys

    backup = tmp_path / "everything.json"
    backup.write_bytes(backup_bytes(filled.store, MADE))
    url = empty.store.engine.url.render_as_string(hide_password=False)
    terminal, its_end = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k not in ("SCOREKEEPER_DB", "SCOREKEEPER_LANG")}
    done = subprocess.run([sys.executable, "-m", "scorekeeper", "--db", url, "restore",
                           str(backup)], stderr=its_end, stdout=subprocess.PIPE, cwd=REPO,
                          env=env, text=True, timeout=120, check=False)
    os.close(its_end)
    shown = b""
    while True:
        try:
            read = os.read(terminal, 65536)
        except OSError:  # the terminal's other end is closed and all of it read
            break
        if not read:
            break
        shown += read
    os.close(terminal)
    assert done.returncode == 0
    screen = shown.decode()
    assert "Reading the backup (" in screen
    # Each bar drawn again as it fills, and last full.
    assert re.search(r"Restoring sessions +\[#+\] +13/13", screen), screen
    assert re.search(r"Restoring payments on tabs +\[#+\] +1/1", screen), screen
