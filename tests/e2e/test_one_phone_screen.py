"""Issue 26: one phone screen. At 390x844, for three to six players, with the network's
room or without it, every row's trick counts and Pass, every extra and the table's changes
sit above the Save bar without scrolling; at 150 % text the forehand's and the dealer's rows
and Save still do. A 1280x900 window holds them all as well."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tests.e2e.conftest import CABIN, Ui, start_server, stop_server, tricks_button
from tests.e2e.test_table_at_a_glance import five_at_mattmar, three_for_fun

SIZES = {"phone": (390, 844), "desktop": (1280, 900)}
ENGLISH_EXTRAS = ("Widow", "General Rams", "Foul", "Forfeit to", "RH conceded", "Misdeal")
SIX = ("Astrid", "Bengt", "Cilla", "Dag", "Erik", "Frida")


def six_at_rounce(tmp: Path) -> Path:
    """Rounce seats six and all six play (English Rams sits its sixth dealer out)."""
    path = tmp / "six.json"
    path.write_text(json.dumps({
        "format": "scorekeeper/1", "name": "Six at the club", "variant": "rounce",
        "options": {}, "players": list(SIX), "money": {"currency": "SEK", "unit": "0.50"},
        "deals": [{"tricks": {"Bengt": 2, "Cilla": 3}}]}), encoding="utf-8")
    return path


# players: the table's file, who has a row, the deal to save, the variant's extras, and
# that deal's forehand and dealer (the first dealer is the first player; the deal passes
# to the left, the player after the dealer leads)
TABLES = {
    3: (three_for_fun, ("Astrid", "Bengt", "Cilla"), 1, ENGLISH_EXTRAS, ("Bengt", "Astrid")),
    4: (lambda tmp: CABIN, ("Astrid", "Bengt", "Cilla", "Dag"), 7, ENGLISH_EXTRAS,
        ("Dag", "Cilla")),
    5: (five_at_mattmar, ("Ann", "Bo", "Cid", "Dag", "Eva"), 3, ("Misdeal",), ("Dag", "Cid")),
    6: (six_at_rounce, SIX, 2, ("Widow", "RH conceded", "Misdeal"), ("Cilla", "Bengt")),
}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("network", [False, True], ids=["alone", "on-the-network"])
def test_every_row_count_pass_and_extra_is_above_save_without_scrolling(
        browser: Browser, tmp_path: Path, network: bool, size: str):
    # The four tables are sessions 1 to 4 of one server, each reached as the browser's
    # back and forward buttons reach a screen: Chromium spends about ten times the CPU
    # opening a page that it spends going to a screen in one.
    server = start_server(tmp_path, host="0.0.0.0" if network else "127.0.0.1")
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        server.holds(*(source(tmp_path) for source, *_ in TABLES.values()))
        ui = Ui(context.new_page(), server.url)
        for session, (players, (_, rows, number, extras, _)) in enumerate(TABLES.items(), 1):
            ui.go(f"/session/{session}") if ui.socket else ui.open(f"/session/{session}")
            ui.see(f"Save deal {number}")
            shown = [tricks_button(player, count) for player in rows for count in range(6)]
            shown += [f"{player} passes" for player in rows]
            shown += [*extras, "Someone joins", "Someone leaves", f"Save deal {number}"]
            if network:  # the room: a link in a phone's bar, a chip beside a desktop's table
                shown.append("Join code and address for guests" if size == "phone"
                             else "Devices on the network (0)")
            hidden = [label for label in shown if not ui.in_view(label)]
            assert hidden == [], f"{players} players: {hidden}"
            assert ui.page.evaluate("() => window.scrollY") == 0
            if players == 6 and size == "phone":
                ui.shot(f"table-six-players-phone{'-network' if network else ''}")
    finally:
        context.close()
        stop_server(server)


LARGE_TEXT = """document.addEventListener('DOMContentLoaded', () => {
    document.documentElement.style.fontSize = '24px';  // 150 % of the browser's 16 px
})"""


@pytest.mark.parametrize("players", [4, 5])
def test_at_150_percent_text_the_forehand_the_dealer_and_save_are_on_screen(
        browser: Browser, tmp_path: Path, players: int):
    source, _, number, _, (forehand, dealer) = TABLES[players]
    server = start_server(tmp_path)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        server.holds(source(tmp_path))
        page = context.new_page()
        page.add_init_script(LARGE_TEXT)
        ui = Ui(page, server.url)
        ui.open("/session/1")
        ui.see(f"Save deal {number}")
        # Flutter took the browser's text size: the 22 px score (26 px a line) is 150 %.
        said = next(line for line in ui.readouts(f"{forehand}: ") if line.count(":") == 1)
        score = page.get_by_text(said, exact=True).first.bounding_box()
        assert score is not None
        assert score["height"] >= 1.4 * 26
        for label in (tricks_button(forehand, 0), tricks_button(forehand, 5),
                      f"{forehand} passes", tricks_button(dealer, 0), tricks_button(dealer, 5),
                      f"{dealer} passes", f"Save deal {number}"):
            assert ui.in_view(label), label
        ui.shot(f"table-{players}-players-large-text-phone")
    finally:
        context.close()
        stop_server(server)

