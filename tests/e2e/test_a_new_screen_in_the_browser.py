"""A screen added through its record and route alone (tests/e2e/with_a_new_screen.py) opens
at its address in the browser with what its record worked out, and shows another device's
deal soon after it is saved: the news it hears is the one its record says it shows."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser

from tests.e2e.conftest import CABIN, Ui, start_server, stop_server

# Deal 7 of the worked example, a double pot after deal 6's: Dag plays and takes three
# tricks, Astrid two, Bengt and Cilla pass. Each trick takes 2 units of the pot's 10.
DEAL_7 = {"Dag": 3, "Astrid": 2}


def test_a_screen_added_as_one_record_opens_at_its_route_and_follows_its_session(
        browser: Browser, tmp_path: Path):
    server = start_server(tmp_path, module="tests.e2e.with_a_new_screen")
    try:
        server.holds(CABIN)
        ui = Ui(browser.new_context(viewport={"width": 390, "height": 844}).new_page(),
                server.url)
        ui.open("/session/1/scores")
        ui.see("Scores of Friday at the cabin")
        # After the six deals (tests/examples/friday-at-the-cabin.json).
        for line in ("Astrid: -28", "Bengt: -13", "Cilla: 18", "Dag: 18"):
            ui.read(line)
        saved_elsewhere(server.db)
        ui.read("Dag: 24")  # 18 and 3 tricks of 2
        ui.read("Astrid: -24")  # -28 and 2 tricks of 2
        ui.tap("Back")
        ui.see("Save deal 8")
    finally:
        stop_server(server)


def saved_elsewhere(db: str) -> None:
    """Deal 7 saved on another device with the same database."""
    from scorekeeper.core import Deal
    from scorekeeper.session.scorebook import Scorebook
    from scorekeeper.store.database import connect
    from scorekeeper.store.sessions import SessionStore

    engine = connect(db)
    try:
        book = Scorebook(SessionStore(engine))
        book.record(1, Deal(tricks=DEAL_7), book.open(1).version)
    finally:
        engine.dispose()
