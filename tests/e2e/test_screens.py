"""Every screen, light and dark, on a phone and on a desktop: it shows what it must, and a
screenshot of it is kept in docs/screenshots for people to look at."""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser

from scorekeeper.app.fonts import FONTS
from tests.e2e.conftest import FETCHED, POLL, Server, Ui

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
SIZES = {"phone": (390, 844), "desktop": (1280, 900)}
NETWORK = {"http", "https", "ws", "wss"}  # what is asked of a host (not data: nor blob:)

# route, screen name, what must be on it (English)
SCREENS = [
    ("/", "home", "Friday at the cabin"),
    ("/new", "new-session", "Players, in order of play"),
    ("/session/1", "table", "Deal 7: Cilla deals"),
    ("/session/2", "table-mattmar", "Game 2 of 6"),
    ("/session/1/edit/5", "correct-deal", "Correct deal 6"),
    ("/session/1/ledger", "ledger", "Deal 6 · Bengt dealt"),
    ("/session/1/charts", "charts", "Score after each deal"),
    ("/session/1/settle", "settle", "Astrid pays Dag SEK 10.00"),
    ("/session/1/card", "result-card", "Download the card"),
    ("/session/2/rules", "rules-mattmar", "Play for money: yes (chosen for this session)"),
    ("/session/1/rules/single_pot", "rules-why", "The rule applied"),
    ("/players", "players", "English Rams"),
    ("/settings", "settings", "Where the data lives"),
    ("/group/Club/tonight", "tonight", "Deal 4: Dag deals"),
    ("/session/3/watch", "watch", "You are watching this table"),
    ("/player/Dag", "player", "2 evenings, first in 1 (50%), average place 2.5"),
    ("/player/Dag/versus/Astrid", "rival", "Dag ahead in 1, Astrid in 1"),
]


# The club's two finished evenings: the cabin's deals, and then again with the players in
# other seats (Dag plays Astrid's hand, Astrid Dag's, Bengt and Cilla each other's).
SEATED_AGAIN = {"Astrid": "Dag", "Bengt": "Cilla", "Cilla": "Bengt", "Dag": "Astrid"}


def hold_the_examples(server: Server, folder: Path) -> None:
    """The two example evenings (sessions 1 and 2), a table of the club in play tonight
    (3: the first evening's first three deals), and two finished evenings of the club (4
    and 5): Dag first, then last."""
    text = (EXAMPLES / "friday-at-the-cabin.json").read_text(encoding="utf-8")
    cabin = json.loads(text)
    tonight = folder / "table-2.json"
    tonight.write_text(json.dumps({**cabin, "name": "Table 2", "group": "Club",
                                   "played_on": date.today().isoformat(),
                                   "deals": cabin["deals"][:3]}), encoding="utf-8")
    again = json.loads(re.sub("|".join(SEATED_AGAIN), lambda m: SEATED_AGAIN[m[0]], text))
    finished = []
    for number, (day, evening) in enumerate([("2026-11-06", cabin), ("2026-11-13", again)],
                                            start=1):
        finished.append(folder / f"club-{number}.json")
        finished[-1].write_text(json.dumps({
            **evening, "name": f"Club evening {number}", "group": "Club", "played_on": day,
            "finished": True}), encoding="utf-8")
    server.holds(EXAMPLES / "friday-at-the-cabin.json", EXAMPLES / "mattmar-saturday.json",
                 tonight, *finished)


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("size", list(SIZES))
def test_every_screen_shows_what_it_must(browser: Browser, server: Server, size: str,
                                         theme: str, tmp_path: Path):
    hold_the_examples(server, tmp_path)
    (server.data / "settings.json").write_text(json.dumps({"dark": theme == "dark"}))
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        ui = Ui(context.new_page(), server.url)
        for route, name, must_show in SCREENS:
            ui.go(route) if ui.socket else ui.open(route)
            ui.see(must_show)
            ui.shot(f"{name}-{size}-{theme}")
    finally:
        context.close()


def test_the_page_draws_on_its_own_thread(phone: Ui):
    # Cross-origin isolation would put Flutter's drawing on a worker thread beside the
    # page's text layout, which corrupts the page's memory under load and freezes it for
    # ever (flutter/flutter#190039; scorekeeper.app.run.drawn_on_one_thread).
    phone.open("/")
    phone.see("Scorekeeper")
    assert phone.page.evaluate("crossOriginIsolated") is False
    drawn_with = phone.page.evaluate(
        "performance.getEntriesByType('resource').map(entry => entry.name)")
    assert any(name.endswith("/skwasm.wasm") for name in drawn_with)



def test_a_page_load_asks_nothing_of_another_host(phone: Ui, server: Server):
    """Issue 63: Flet's web client asked a CDN (cdn.jsdelivr.net) for Rive's runtime at
    every start: offline it failed unseen, online it told a third party each time someone
    opened the table. Everything a page load asks for, its socket and every font it draws
    with included, is asked of the app's own server (the browser here resolves no other
    name: what would be asked elsewhere is still asked, and seen)."""
    asked: list[str] = []
    phone.page.context.on("request", lambda request: asked.append(request.url))
    phone.page.on("websocket", lambda socket: asked.append(socket.url))
    phone.open("/")
    phone.see("Scorekeeper")
    for font in FONTS.values():  # the fallbacks follow the first screen (app/shell.py)
        phone.page.wait_for_function(FETCHED, arg=f"/{font}", polling=POLL)
    own = urlsplit(server.url).netloc
    elsewhere = [url for url in asked
                 if urlsplit(url).scheme in NETWORK and urlsplit(url).netloc != own]
    assert asked
    assert elsewhere == []


# route, screen name, what must be on it: a catalogue key and its parameters
IN_WORDS = [
    ("/", "home", None, {}),
    ("/new", "new-session", "ui.players_in_order", {}),
    ("/session/1", "table", "ui.deal_by", {"number": 7, "dealer": "Cilla"}),
    ("/session/2", "table-mattmar", "ui.game_number", {"number": 2, "games": 6}),
    ("/session/1/edit/5", "correct-deal", "ui.edit_deal", {"number": 6}),
    ("/session/1/ledger", "ledger", "ui.ledger_deal", {"number": 6, "dealer": "Bengt"}),
    ("/session/1/sheet", "score-sheet", "ui.sheet_of", {"name": "Friday at the cabin"}),
    ("/session/1/charts", "charts", "ui.chart_running", {}),
    ("/session/1/settle", "settle", "sheet.transfers", {}),
    ("/session/1/card", "result-card", "card.download", {}),
    ("/session/1/rules/single_pot", "rules-why", "rules.applied", {}),
    ("/players", "players", "ui.players", {}),
    ("/settings", "settings", "ui.data", {}),
    ("/group/Club/tonight", "tonight", "ui.tonight_of", {"group": "Club"}),
    ("/session/3/watch", "watch", "ui.watching", {}),
    ("/player/Dag", "player", "record.rivals_title", {}),
    ("/player/Dag/versus/Astrid", "rival", "versus.title", {"first": "Dag", "second": "Astrid"}),
]


@pytest.mark.parametrize("language", ["sv", "de", "fr"])
def test_every_screen_speaks_the_language_chosen_on_a_phone(browser: Browser, server: Server,
                                                            language: str, tmp_path: Path):
    """Issue 26: the screenshots in every language, each screen saying its words in it."""
    from scorekeeper.i18n import text

    hold_the_examples(server, tmp_path)
    (server.data / "settings.json").write_text(json.dumps({"language": language}))
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        ui = Ui(context.new_page(), server.url)
        for route, name, key, params in IN_WORDS:
            ui.go(route) if ui.socket else ui.open(route)
            words = text(key, language, **params) if key else "Friday at the cabin"
            ui.see(" ".join(words.split()))  # French's no-break spaces read as spaces
            ui.shot(f"{name}-phone-{language}")
    finally:
        context.close()
