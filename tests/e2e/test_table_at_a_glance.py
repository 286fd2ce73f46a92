"""Issue 12: the table at a glance. On a 390x844 phone and a 1280x900 window, every score,
the pot and Save are on screen together, without scrolling; a desktop deal can be keyed in;
a typical four-player deal is three trick counts and Save."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from scorekeeper.store.database import connect
from scorekeeper.store.sessions import SessionStore
from tests.e2e.conftest import CABIN, POLL, Server, Ui, pass_on_a_single_pot, tricks_button

SIZES = {"phone": (390, 844), "desktop": (1280, 900)}
ENGLISH = ("Astrid", "Bengt", "Cilla", "Dag")
MATTMAR = ("Ann", "Bo", "Cid", "Dag", "Eva")


def three_for_fun(tmp: Path) -> Path:
    """Three for an evening of English Rams, no deal yet."""
    path = tmp / "three.json"
    path.write_text(json.dumps({
        "format": "scorekeeper/1", "name": "Three", "variant": "english", "options": {},
        "players": ["Astrid", "Bengt", "Cilla"], "deals": []}), encoding="utf-8")
    return path


def three_then_the_cabin(server: Server, tmp: Path) -> None:
    """Session 1 a table of three, session 2 the cabin's four, both at one version: what
    a screen kept for a version rather than for a session shows the one for the other."""
    server.holds(three_for_fun(tmp), CABIN)
    store = SessionStore(connect(server.db))
    try:
        assert store.get(1).version == store.get(2).version
    finally:
        store.engine.dispose()


def five_at_mattmar(tmp: Path) -> Path:
    """A five-player Mattmar evening for money, two deals in."""
    session = {
        "format": "scorekeeper/1", "name": "Five at Mattmar", "variant": "mattmar",
        "options": {"money": True}, "players": list(MATTMAR),
        "money": {"currency": "SEK", "unit": "1"},
        "deals": [{"tricks": {"Bo": 2, "Cid": 2, "Dag": 1}},
                  {"tricks": {"Cid": 3, "Dag": 2}}],
    }
    path = tmp / "five.json"
    path.write_text(json.dumps(session), encoding="utf-8")
    return path


def in_view(ui: Ui, element) -> bool:  # type: ignore[no-untyped-def]
    box = element.bounding_box()
    width, height = ui.page.viewport_size["width"], ui.page.viewport_size["height"]
    return (box is not None and box["x"] >= 0 and box["y"] >= 0
            and box["x"] + box["width"] <= width and box["y"] + box["height"] <= height)


def score_readouts(ui: Ui, player: str):  # type: ignore[no-untyped-def]
    label = next(x for x in ui.readouts(f"{player}: ") if x.count(":") == 1)
    return ui.page.get_by_text(label, exact=True).first


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", ["english", "mattmar"])
def test_every_score_the_pot_and_save_are_on_screen_without_scrolling(
    browser: Browser, server: Server, tmp_path: Path, size: str, game: str
):
    if game == "english":
        source, players, save = CABIN, ENGLISH, 7
    else:
        source, players, save = five_at_mattmar(tmp_path), MATTMAR, 3
    server.holds(source)
    held = json.loads(server.cli("replay", str(source), "--json").stdout)["pot"]
    # The pot as the table sees it: the cabin's with the dealer's ante in it (a game of
    # Mattmar under way holds its stakes already).
    pot = f"Pot: {held + 5} with the ante" if game == "english" else f"Pot: {held}"
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        ui = Ui(context.new_page(), server.url)
        ui.open("/session/1")
        ui.see(f"Save deal {save}")
        for player in players:
            assert in_view(ui, score_readouts(ui, player)), player
        assert in_view(ui, ui.page.get_by_text(pot, exact=True).first)
        assert in_view(ui, ui.page.get_by_role("button", name=f"Save deal {save}"))
        # And nothing had to scroll to get there.
        assert ui.page.evaluate("() => window.scrollY") == 0
        ui.shot(f"table-{game}-{size}-at-a-glance")
    finally:
        context.close()


@pytest.mark.usefixtures("cabin")
def test_a_whole_deal_is_entered_from_the_keyboard_alone(browser: Browser, server: Server,
                                                         tmp_path: Path):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        ui = Ui(context.new_page(), server.url)
        ui.open("/session/1")
        ui.see("Save deal 7")
        # The legend says what the keys do, the mark moving on included; typed as it says:
        ui.see("Keys: 0–5 tricks for the marked player, then the next is marked · "
               "P pass, then the next")
        # Deal 7, Cilla deals: Dag (marked first) passes, Astrid 2, Bengt 2; Cilla's 1
        # follows.
        for key in ("p", "2", "2", "Enter"):
            ui.press(key)
        ui.see("Save deal 8")
        replayed = server.replay(1, tmp_path)
        assert replayed["deals"] == 7
        exported = json.loads((tmp_path / "session-1.json").read_text(encoding="utf-8"))
        assert exported["deals"][6]["pass"] == ["Dag"]
        assert exported["deals"][6]["tricks"] == {"Astrid": 2, "Bengt": 2, "Cilla": 1}
    finally:
        context.close()


def one_row_of_tricks(ui: Ui, player: str) -> bool:
    """The player's trick buttons, 0 to 5, side by side on one line (a phone's row)."""
    tops = {ui.page.get_by_role("button", name=tricks_button(player, count), exact=True)
            .bounding_box()["y"] for count in range(6)}  # type: ignore[index]
    return len(tops) == 1


@pytest.mark.usefixtures("cabin")
def test_a_page_loaded_again_is_laid_out_for_the_window_it_is_now_in(browser: Browser,
                                                                    server: Server):
    """Issue 63: a reload in the same tab is the same Flet session, and the app had only
    heard the window's size when the session began and when it changed while open. Loaded
    on a desktop, reloaded at a phone's size, the phone got the desktop's two panes; the
    other way round, no keys."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        ui = Ui(context.new_page(), server.url)
        ui.open("/session/1")
        ui.see("Keys: 0–5 tricks for the marked player")
        ui.page.set_viewport_size({"width": 390, "height": 844})
        ui.open("/session/1")
        ui.see("Save deal 7")
        # One pane: the assistant folded above the rows, each row's tricks on one line.
        ui.page.get_by_role("button", name="Open the deal assistant").wait_for()
        assert one_row_of_tricks(ui, "Astrid")
        assert not ui.readouts("Keys: ")
        ui.shot("table-reloaded-at-phone-size")
        ui.page.set_viewport_size({"width": 1280, "height": 900})
        ui.open("/session/1")
        ui.see("Keys: 0–5 tricks for the marked player")
        ui.press("2")  # Dag, who speaks first, is marked
        assert ui.chosen(tricks_button("Dag", 2))
        ui.shot("table-reloaded-at-desktop-size")
    finally:
        context.close()


def test_the_keys_enter_a_deal_on_a_table_reached_from_another_table(
        browser: Browser, server: Server, tmp_path: Path):
    """Each table is drawn anew when another session's is reached (the browser's Back): the
    keys go to the table now shown, not to the one left, nor to none once the one left
    stops listening."""
    three_then_the_cabin(server, tmp_path)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        ui = Ui(context.new_page(), server.url)
        ui.open("/session/1")
        ui.see("Save deal 1")
        ui.go("/session/2")
        ui.see("Save deal 7")
        for key in ("p", "2", "2", "Enter"):  # as the test above: Dag passes, Cilla's 1
            ui.press(key)
        ui.see("Save deal 8")
        assert server.replay(2, tmp_path)["deals"] == 7
        exported = json.loads((tmp_path / "session-2.json").read_text(encoding="utf-8"))
        assert exported["deals"][6]["pass"] == ["Dag"]
        assert exported["deals"][6]["tricks"] == {"Astrid": 2, "Bengt": 2, "Cilla": 1}
        assert server.replay(1, tmp_path)["deals"] == 0
    finally:
        context.close()


@pytest.mark.usefixtures("cabin")
def test_a_typical_four_player_deal_is_three_trick_counts_and_save(ui: Ui, server: Server,
                                                                  tmp_path: Path):
    ui.open("/session/1")
    ui.see("Save deal 7")
    before = ui.taps
    for player, count in {"Dag": 2, "Astrid": 1, "Bengt": 1}.items():
        ui.tap(tricks_button(player, count))
    ui.tap("Save deal 7")  # Cilla took the one trick left
    ui.see("Save deal 8")
    assert ui.taps - before == 4
    exported = server.replay(1, tmp_path)
    assert exported["deals"] == 7
    # Pot 5 + Cilla's ante 5 = 10, a trick pays 2: Dag +4 (18 -> 22); Cilla -5 + 2 (18 -> 15).
    units = {p["name"]: p["units"] for p in exported["players"]}
    assert (units["Dag"], units["Cilla"]) == (22, 15)


@pytest.mark.usefixtures("cabin")
def test_a_duty_shows_on_the_row_as_soon_as_it_follows(ui: Ui):
    """Double pot, Cilla deals: when Dag and Astrid pass, Bengt (the RH) must play or pay 5."""
    ui.open("/session/1")
    ui.see("Save deal 7")
    ui.tap("Dag passes")
    ui.tap("Astrid passes")
    ui.see("must play or pay 5")


@pytest.mark.usefixtures("cabin")
def test_a_refusal_shows_on_the_row_it_concerns_and_beside_save(ui: Ui):
    """Single pot (deal 8 after a deal that empties the pot): a pass is refused on that row."""
    refusal = pass_on_a_single_pot(ui)
    # Twice: once on Astrid's row, once beside Save.
    ui.page.wait_for_function(
        """text => [...document.querySelectorAll('flt-semantics')].filter(node =>
            ((node.getAttribute('aria-label') || node.innerText || '').replace(/\\s+/g, ' ')
             .trim()) === text).length >= 2""", arg=refusal, timeout=15_000, polling=POLL)
