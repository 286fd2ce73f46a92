"""Screens only draw (README, "How the code is laid out"): what a screen shows is loaded
when its route opens or the session's version changes, never while a component draws.
The app runs watched (tests/e2e/drawing_watch.py): every database statement, replay of a
deal and payment code drawn while a component draws is written down, and nothing may be,
on a phone's screen or a desktop's, on every screen and in the dialogs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tests.e2e.conftest import Ui, start_server, stop_server
from tests.e2e.test_screens import SCREENS, SIZES, hold_the_examples


@pytest.mark.parametrize("size", list(SIZES))
def test_no_screen_reads_the_store_replays_or_draws_a_code_while_it_draws(
        browser: Browser, tmp_path: Path, size: str):
    watched = tmp_path / "drawing.log"
    watched.touch()
    server = start_server(tmp_path, module="tests.e2e.drawing_watch",
                          SCOREKEEPER_DRAWING_LOG=str(watched))
    try:
        hold_the_examples(server, tmp_path)
        roster = tmp_path / "roster.json"  # Dag is paid by Swish: settle-up draws his code
        roster.write_text(json.dumps({"format": "scorekeeper-roster/1", "players": [
            {"name": "Dag", "swish": "0701234567"}]}), encoding="utf-8")
        assert server.cli("players", "--import", str(roster)).returncode == 0
        width, height = SIZES[size]
        context = browser.new_context(viewport={"width": width, "height": height})
        ui = Ui(context.new_page(), server.url)
        for route, _name, must_show in SCREENS:
            ui.go(route) if ui.socket else ui.open(route)
            ui.see(must_show)
        ui.go("/session/1/settle")  # a payment is a new version, heard by the screen
        ui.tap("Astrid paid Dag in full (SEK\u00a010.00)")
        ui.see("Astrid paid Dag SEK 10.00")
        ui.go("/session/1")
        ui.tap("Undo deal 6")
        ui.see("Undo deal 6: Bengt dealt")
        ui.tap("Cancel")
        ui.go("/session/1/ledger")
        ui.tap("Delete Deal 5 · Astrid dealt")
        ui.see("Delete deal 5?")
        ui.tap("Cancel")
        ui.go("/session/1")  # a deal recorded: the table shows the next version
        ui.record(7, {"Dag": 2, "Astrid": 1, "Bengt": 1, "Cilla": 1})
        context.close()
    finally:
        stop_server(server)
    assert watched.read_text(encoding="utf-8").splitlines() == []
