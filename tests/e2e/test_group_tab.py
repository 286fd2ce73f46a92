"""Issue 23 in a browser at phone size: a group's running tab after three evenings, a part
paid on the tab, and a new session put in the group at New session.

Each evening is RULES.md's worked example (SEK, 0.50 a unit; money Astrid -13.50, Bengt
-6.00, Cilla +9.50, Dag +10.00): the 6th (finished; Astrid handed Dag 5.00 that night),
the 13th (finished), the 20th (not finished: not on the tab).
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser
from pypdf import PdfReader

from scorekeeper.session.scorebook import Scorebook
from scorekeeper.store.database import connect
from scorekeeper.store.sessions import SessionStore
from tests.e2e.conftest import CABIN, HeldSocket, Server, Ui, start_server, stop_server
from tests.e2e.test_settle_and_pay import ROSTER, code_label, scanned
from tests.test_restore_checks import stray

GROUP = "Friday group"


def three_evenings(server: Server, tmp: Path) -> None:
    base = json.loads(CABIN.read_text(encoding="utf-8"))
    for day, finished, payments in (
            ("2026-11-06", True, [{"from": "Astrid", "to": "Dag", "amount": "5.00"}]),
            ("2026-11-13", True, []), ("2026-11-20", False, [])):
        evening = tmp / f"{day}.json"
        evening.write_text(json.dumps({**base, "name": f"Friday {day}", "group": GROUP,
                                       "played_on": day, "finished": finished,
                                       "payments": payments}), encoding="utf-8")
        server.holds(evening)


def test_the_tab_of_three_evenings_takes_a_part_paid_and_counts_it(phone: Ui, server: Server,
                                                                  tmp_path: Path):
    tab_takes_a_part(phone, server, tmp_path)


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_the_same_on_a_club_database(browser: Browser, db_url: str, tmp_path: Path):
    club = start_server(tmp_path, db=db_url)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        tab_takes_a_part(Ui(context.new_page(), club.url), club, tmp_path)
    finally:
        context.close()
        stop_server(club)


def paid_by_swish(server: Server, tmp: Path) -> None:
    """Dag and Cilla are paid by Swish (the roster of the settle-up's tests)."""
    roster = tmp / "roster.json"
    roster.write_text(json.dumps(ROSTER), encoding="utf-8")
    assert server.cli("players", "--import", str(roster)).returncode == 0


def tab_takes_a_part(phone: Ui, server: Server, tmp_path: Path) -> None:
    three_evenings(server, tmp_path)
    paid_by_swish(server, tmp_path)
    phone.open("/")
    phone.tap(f"Tab: {GROUP}")
    phone.see("Running tab: 2 finished evenings")
    # Won over the two finished evenings: twice each one's money; paid: Astrid's 5.00.
    phone.read("Astrid: balance -SEK\u00a022.00 (lost SEK\u00a027.00, paid SEK\u00a05.00)")
    phone.read("Bengt: balance -SEK\u00a012.00 (lost SEK\u00a012.00, paid SEK\u00a00.00)")
    phone.read("Cilla: balance SEK\u00a019.00 (won SEK\u00a019.00, paid SEK\u00a00.00)")
    phone.read("Dag: balance SEK\u00a015.00 (won SEK\u00a020.00, received SEK\u00a05.00)")
    # The plan for what was won: Astrid → Dag 20.00 and → Cilla 7.00, Bengt → Cilla 12.00;
    # 5.00 of the first is paid.
    phone.read("Astrid pays Dag SEK\u00a015.00")
    phone.read("paid SEK\u00a05.00 of SEK\u00a020.00")
    phone.see("Friday 2026-11-20 (not finished: not on the tab yet)")
    # Each transfer of the tab has the Swish code a session's settle-up has: the payee's
    # number, what is left of it, the tab's message; and beside it the sum and message.
    assert scanned(phone, code_label("Astrid", "Dag", "SEK 15.00")) == (
        "C0701234567;15,00;Running%20tab%2C%20Friday%20group;0")
    assert scanned(phone, code_label("Bengt", "Cilla", "SEK 12.00")) == (
        "C0739876543;12,00;Running%20tab%2C%20Friday%20group;0")
    phone.see("SEK 15.00 exactly")
    phone.see("Message: Running tab, Friday group")

    phone.tap("Astrid paid Cilla a part")
    phone.type("Amount Astrid paid Cilla", "4.00")
    phone.tap("Save payment")
    # Astrid -22.00 + 4.00 = -18.00; Cilla 19.00 - 4.00 = 15.00; 3.00 left of her 7.00.
    phone.read("Astrid: balance -SEK\u00a018.00 (lost SEK\u00a027.00, paid SEK\u00a09.00)")
    phone.read("Cilla: balance SEK\u00a015.00 (won SEK\u00a019.00, received SEK\u00a04.00)")
    phone.read("Astrid pays Cilla SEK\u00a03.00")
    phone.read("paid SEK\u00a04.00 of SEK\u00a07.00")
    phone.see("Astrid paid Cilla SEK 4.00")
    assert scanned(phone, code_label("Astrid", "Cilla", "SEK 3.00")) == (
        "C0739876543;3,00;Running%20tab%2C%20Friday%20group;0")

    tab = json.loads(server.cli("tab", GROUP, "--json").stdout)
    assert [(p["name"], p["balance"]) for p in tab["players"]] == [
        ("Astrid", "-18.00"), ("Bengt", "-12.00"), ("Cilla", "15.00"), ("Dag", "15.00")]

    phone.tap("Take back: Astrid paid Cilla SEK\u00a04.00")  # paid by mistake
    phone.read("Astrid: balance -SEK\u00a022.00 (lost SEK\u00a027.00, paid SEK\u00a05.00)")
    tab = json.loads(server.cli("tab", GROUP, "--json").stdout)
    assert tab["players"][0]["balance"] == "-22.00"

    # Astrid hands Dag 3.00 of her 15.00: Astrid -19.00 and Cilla +19.00, Bengt -12.00 and
    # Dag +12.00 square each other: two transfers where the plan less her 3.00 had three.
    # The tab says so once, above them, and each has its code.
    phone.tap("Astrid paid Dag a part")
    phone.type("Amount Astrid paid Dag", "3.00")
    phone.tap("Save payment")
    phone.see("That payment leaves 1 transfer fewer: Astrid now pays Cilla SEK 19.00 and "
              "Bengt now pays Dag SEK 12.00")
    phone.read("Astrid pays Cilla SEK\u00a019.00")
    phone.read("Bengt pays Dag SEK\u00a012.00")
    phone.scroll_up_to("Who pays whom")
    phone.shot("group-tab-plan-moved-phone")
    assert scanned(phone, code_label("Bengt", "Dag", "SEK 12.00")) == (
        "C0701234567;12,00;Running%20tab%2C%20Friday%20group;0")


def test_a_take_back_on_the_tab_tapped_before_the_screen_caught_up_takes_back_that_payment(
        ui: Ui, held: HeldSocket, server: Server, tmp_path: Path):
    # As on a session's settle-up: three payments on the tab, Astrid to Cilla, 1.00, 2.00 and
    # 3.00; the first taken back, and the second tapped before the page has drawn the lines
    # closing up. The 2.00 goes, the 3.00 stays: Astrid has paid 5.00 (the evening of the
    # 6th) + 3.00 = 8.00; balance -27.00 + 8.00 = -19.00.
    three_evenings(server, tmp_path)
    for amount in ("1.00", "2.00", "3.00"):
        assert server.cli("pay", GROUP, "--from", "Astrid", "--to", "Cilla",
                          amount).returncode == 0
    ui.open("/group/Friday%20group")
    ui.see("Take back: Astrid paid Cilla SEK 3.00")
    held.tap_ahead_of_the_screen("Take back: Astrid paid Cilla SEK\u00a01.00",
                                 "Take back: Astrid paid Cilla SEK\u00a02.00")
    ui.read("Astrid: balance -SEK\u00a019.00 (lost SEK\u00a027.00, paid SEK\u00a08.00)")
    ui.see("Take back: Astrid paid Cilla SEK 3.00")
    astrid = json.loads(server.cli("tab", GROUP, "--json").stdout)["players"][0]
    assert (astrid["name"], astrid["paid"], astrid["balance"]) == ("Astrid", "8.00", "-19.00")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_group_screen_on_a_phone_is_kept_as_a_screenshot(browser: Browser, server: Server,
                                                              tmp_path: Path, theme: str):
    three_evenings(server, tmp_path)
    paid_by_swish(server, tmp_path)
    (server.data / "settings.json").write_text(json.dumps({"dark": theme == "dark"}))
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        ui = Ui(context.new_page(), server.url)
        ui.open("/group/Friday%20group")
        ui.read("Astrid pays Dag SEK\u00a015.00")
        ui.shot(f"group-tab-phone-{theme}")
    finally:
        context.close()


def test_a_new_session_put_in_a_group_counts_there_once_finished(phone: Ui, server: Server,
                                                                  tmp_path: Path):
    three_evenings(server, tmp_path)
    phone.open("/")
    phone.tap("New session")
    phone.tap(f"Group: {GROUP}")
    for player in ("Astrid", "Bengt", "Cilla"):
        phone.tap(f"Seat {player}")
        phone.see(f"Remove {player}")  # seated, as a person sees before the next tap
    phone.toggle("Play for money")
    phone.type("Value of one unit", "0.50")
    phone.tap("Start the session")
    phone.see("Save deal 1")
    stored = server.cli("export", "4", "--format", "json").stdout
    assert stored.count(f'"group": "{GROUP}"') == 1
    assert json.loads(stored)["players"] == ["Astrid", "Bengt", "Cilla"]


def test_the_tab_and_season_downloads_are_the_command_lines_files(phone: Ui, server: Server,
                                                                  tmp_path: Path):
    three_evenings(server, tmp_path)
    phone.open("/group/Friday%20group")
    phone.read("Astrid pays Dag SEK\u00a015.00")
    for button, fmt in (("Tab (CSV)", "csv"), ("Season (CSV)", "season"),
                        ("Tab and season (PDF)", "pdf"), ("Tab as a picture (PNG)", "png")):
        with phone.page.expect_download(timeout=30_000) as info:
            phone.tap(button)
        body = Path(info.value.path()).read_bytes()
        target = tmp_path / f"cli.{fmt}"
        assert server.cli("export-tab", GROUP, "--format", fmt, "-o",
                          str(target)).returncode == 0
        if fmt == "pdf":
            assert body.startswith(b"%PDF")
            assert pdf_text(body) == pdf_text(target.read_bytes())
        else:
            assert body == target.read_bytes()
        if fmt == "csv":
            rows = list(csv.DictReader(io.StringIO(body.decode("utf-8-sig"))))
            assert [(r["kind"], r["player"], r["balance"] or r["amount"]) for r in rows] == [
                ("balance", "Astrid", "-22.00"), ("balance", "Bengt", "-12.00"),
                ("balance", "Cilla", "19.00"), ("balance", "Dag", "15.00"),
                ("transfer", "Astrid", "15.00"), ("transfer", "Astrid", "7.00"),
                ("transfer", "Bengt", "12.00")]
        if fmt == "season":
            # Dag won both evenings (+10.00 each); money per evening: half the two.
            rows = list(csv.DictReader(io.StringIO(body.decode("utf-8-sig"))))
            assert [(r["player"], r["evenings"], r["evenings_won"], r["per_evening"])
                    for r in rows] == [("Dag", "2", "2", "10.00"), ("Cilla", "2", "0", "9.50"),
                                       ("Bengt", "2", "0", "-6.00"),
                                       ("Astrid", "2", "0", "-13.50")]


def pdf_text(body: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)


def test_a_session_changes_group_on_settle_up_and_a_wrong_currency_is_refused(
        phone: Ui, server: Server, tmp_path: Path):
    three_evenings(server, tmp_path)  # the group plays in SEK
    for currency in ("SEK", "EUR"):
        document = json.loads(CABIN.read_text(encoding="utf-8"))
        document["money"]["currency"] = currency
        (tmp_path / f"{currency}.json").write_text(json.dumps(document), encoding="utf-8")
        server.holds(tmp_path / f"{currency}.json")  # sessions 4 (SEK) and 5 (EUR)
    phone.open("/session/4/settle")
    phone.see("In no group's tab")
    phone.type("Name of the group", "friday group")
    phone.tap("Count in this group")
    phone.see("Counts in the tab of Friday group")
    assert '"group": "Friday group"' in server.cli("export", "4", "--format", "json").stdout

    phone.open("/session/5/settle")
    phone.type("Name of the group", "Friday group")
    phone.tap("Count in this group")
    phone.see("The group plays in SEK; this session is in EUR")
    assert '"group": null' in server.cli("export", "5", "--format", "json").stdout


def test_two_sessions_of_one_evening_are_two_sessions_and_one_evening(phone: Ui, server: Server,
                                                                       tmp_path: Path):
    # Issue 63: the worked example played twice on 2 December, both finished. The tab
    # counts its sessions, the season its evenings (a date), each in its own word; the
    # list of evenings tells the two apart, in the order stored.
    base = json.loads(CABIN.read_text(encoding="utf-8"))
    for number in (1, 2):
        evening = tmp_path / f"{number}.json"
        evening.write_text(json.dumps({**base, "name": "Fredag i stugan", "group": GROUP,
                                       "played_on": "2026-12-02", "finished": True}),
                           encoding="utf-8")
        server.holds(evening)
    phone.open("/group/Friday%20group")
    phone.see("Running tab: 2 finished sessions over 1 evening")
    # Dag's +10.00 twice is the evening's best: one evening, won, +20.00.
    phone.read("1. Dag: 1 evening, 1 won, SEK\u00a020.00, 2 flights, SEK\u00a020.00 an evening")
    phone.read("4. Astrid: 1 evening, 0 won, -SEK\u00a027.00, 2 flights, -SEK\u00a027.00 an "
               "evening")
    # The date as English writes one everywhere, the result card's way (issue 63).
    phone.see("2 Dec 2026 · Fredag i stugan, session 1 of 2")
    phone.scroll_up_to("Evenings")
    phone.shot("group-evenings-phone")
    phone.tap("2 Dec 2026 · Fredag i stugan, session 2 of 2")
    phone.see("This session is finished.")
    # The second session, not the first. The app draws it, then tells the browser its
    # address (Navigation.pushed): the address bar follows a moment later, so it is waited for.
    phone.page.wait_for_url(re.compile(r".*/session/2$"))


def test_a_stored_payment_that_does_not_count_is_shown_on_the_group_screen_and_taken_back(
        phone: Ui, server: Server, tmp_path: Path):
    """Issue 66, finding 1: a payment on the tab naming someone who never played in the
    group, as an older restore stored it. The group's screen stayed blank, the raw
    exception sent to the browser; it shows the tab without it (Astrid: lost 27.00, paid
    5.00 on the 6th, balance -22.00), says it does not count, and takes it back."""
    three_evenings(server, tmp_path)
    engine = connect(server.db)
    try:
        stray(Scorebook(SessionStore(engine)), GROUP, "Zed", "Astrid", 700)
    finally:
        engine.dispose()
    phone.open("/group/Friday%20group")
    phone.read("Astrid: balance -SEK\u00a022.00 (lost SEK\u00a027.00, paid SEK\u00a05.00)")
    phone.see("Zed paid Astrid SEK 7.00: not counted, it is not between two players of "
              "Friday group's finished sessions.")
    phone.tap("Take back: Zed paid Astrid SEK\u00a07.00")
    phone.read("Astrid: balance -SEK\u00a022.00 (lost SEK\u00a027.00, paid SEK\u00a05.00)")
    assert not phone.shown("Take back: Zed paid Astrid SEK\u00a07.00").count()
    assert "not_counted" not in json.loads(server.cli("tab", GROUP, "--json").stdout)
