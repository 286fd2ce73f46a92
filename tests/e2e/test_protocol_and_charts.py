"""Issue 9: the Mattmar protocol as kept on paper, opened from the table; the charts."""

from __future__ import annotations

import json
from pathlib import Path

from tests.e2e.conftest import Server, Ui

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "mattmar-saturday.json"


def test_the_protocol_shows_each_games_finals_and_the_running_sum(ui: Ui, server: Server):
    server.holds(EXAMPLE)
    replayed = json.loads(server.cli("replay", str(EXAMPLE), "--json").stdout)
    first = replayed["games"][0]
    ui.open("/session/1")
    ui.tap("Protocol")
    ui.see("Protocol: Mattmar, Saturday")
    finals = ", ".join(f"{p} {first['scores'][p]}" for p in ("Ann", "Bo", "Cid"))
    ui.read(f"Game 1: {finals}")
    ui.read(f"Sum after game 1: {finals}")  # one finished game: the sum is its finals
    ui.see("Game 1 won by Ann")
    ui.see("Game 2: in play")
    ui.shot("protocol-desktop-light")
    ui.tap("Back")
    ui.see("Save deal 9")


def test_the_charts_open_from_the_table_and_go_back(ui: Ui, server: Server):
    server.holds(EXAMPLE)
    ui.open("/session/1")
    ui.tap("Charts")
    ui.see("Score after each deal")
    ui.see("Tricks and flights")
    ui.tap("Back")
    ui.see("Save deal 9")
