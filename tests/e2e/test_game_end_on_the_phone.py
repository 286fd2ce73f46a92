"""The end of a game, told on a phone (390x844) and a desktop (1280x900): before Save,
after it, in the protocol.

A three-player Mattmar evening for 1 SEK a stake (RULES.md, family 2), its first three
deals read from a file; every figure is worked out by hand below.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tests.e2e.conftest import Server, Ui, tricks_button

# Game 1, every player stakes 1 (pot 3).
THREE_DEALS = {
    "format": "scorekeeper/1", "name": "Saturday", "variant": "mattmar",
    "options": {"money": True}, "players": ["Ann", "Bo", "Cid"],
    "money": {"currency": "SEK", "unit": "1"},
    "deals": [
        # Ann deals: Bo 3 (7), Cid 2 (8), Ann flies (10) and stakes 1 (pot 4)
        {"tricks": {"Bo": 3, "Cid": 2, "Ann": 0}},
        # Bo deals: Cid 3 (5), Ann 2 (8), Bo flies (7 + 5, capped at 10), stakes 1 (pot 5)
        {"tricks": {"Cid": 3, "Ann": 2, "Bo": 0}},
        # Cid deals: Ann 3 (5), Bo 2 (8), Cid flies (5 + 5 = 10), stakes 1 (pot 6)
        {"tricks": {"Ann": 3, "Bo": 2, "Cid": 0}},
    ],
}


@pytest.fixture
def saturday(server: Server, tmp_path: Path) -> Server:
    """The server holding the evening's first three deals (session 1)."""
    path = tmp_path / "saturday.json"
    path.write_text(json.dumps(THREE_DEALS), encoding="utf-8")
    server.holds(path)
    return server


SIZES = {"phone": (390, 844), "desktop": (1280, 900)}


@pytest.fixture(params=list(SIZES))
def at_table(request: pytest.FixtureRequest, browser: Browser, server: Server
             ) -> Iterator[Ui]:
    """The table on a phone, and in a desktop's window: the same words in both."""
    width, height = SIZES[request.param]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield Ui(page, server.url)
    context.close()


def test_the_deal_that_ends_a_game_says_so_before_and_after_save(at_table: Ui, saturday: Server,
                                                                tmp_path: Path):
    ui = at_table
    size = "phone" if ui.page.viewport_size["width"] < 1000 else "desktop"  # type: ignore[index]
    ui.open("/session/1")
    ui.read("Deal 4: Ann deals")
    # Ann takes all five (5 - 5 = 0): game 1 ends. Bo and Cid fly and stake 1 each (pot 8),
    # and Ann, the winner, takes the pot: SEK 8.00.
    ui.tap(tricks_button("Ann", 5))
    ui.read("This deal ends the game. Game 1 won by Ann: Ann SEK\u00a08.00 from the pot")
    ui.shot(f"table-deal-ends-game-{size}-light")
    ui.tap("Save deal 4")
    ui.read("Game 1 won by Ann: Ann SEK\u00a08.00 from the pot")
    ui.see("Game 2 of 6")
    ui.shot(f"table-game-ended-{size}-light")
    replayed = saturday.replay(1, tmp_path)
    assert replayed["games"][0]["winners"] == ["Ann"]
    # Ann: staked 1, flew once (1), took 8: +6. Bo and Cid staked 1 and flew twice: -3.
    assert [p["money"] for p in replayed["players"]] == ["6.00", "-3.00", "-3.00"]

    # With five games to go, the protocol says who leads, not who won the session.
    ui.page.get_by_role("button", name="Protocol").click()
    ui.read("Leading: Ann")
    assert not ui.page.get_by_text("Winners of the session", exact=False).count()


@pytest.mark.usefixtures("saturday")
def test_clear_empties_the_form_after_undo_gave_a_deal_back(at_table: Ui):
    ui = at_table
    ui.open("/session/1")
    ui.tap("Undo deal 3")
    ui.tap("Undo")
    # Deal 3 is given back in the form: Ann 3, Bo 2. The table played it otherwise.
    ui.see("Save deal 3")
    assert ui.chosen(tricks_button("Ann", 3))
    ui.tap("Clear deal 3")
    ui.read("5 tricks left to give")
    assert ui.chosen(tricks_button("Ann", 0))
    assert not ui.page.get_by_role("button", name="Clear deal 3").count()


# A phone's screen wake lock, as the page sees it: granted at once (headless Chromium
# refuses every request), each lock held and let go told in ``window.wakeLocks``.
WAKE_LOCKS = """
window.wakeLocks = [];
Object.defineProperty(navigator, 'wakeLock', {value: {
    request: async kind => {
        const lock = new EventTarget();
        lock.type = kind;
        lock.released = false;
        lock.release = async () => {
            lock.released = true;
            window.wakeLocks.push('released');
            lock.dispatchEvent(new Event('release'));
        };
        window.wakeLocks.push('held');
        return lock;
    },
}});
"""


@pytest.mark.usefixtures("saturday")
def test_the_screen_stays_on_at_the_table_unless_the_settings_say_not(phone: Ui):
    ui = phone
    ui.page.add_init_script(WAKE_LOCKS)
    ui.open("/")
    ui.tap("Open Saturday")
    ui.read("Deal 4: Ann deals")
    ui.page.wait_for_function("window.wakeLocks.join() === 'held'")
    # Back home the screen may sleep again; the settings turn the lock off for good.
    ui.page.get_by_role("button", name="Back", exact=True).click()
    ui.page.wait_for_function("window.wakeLocks.join() === 'held,released'")
    ui.page.get_by_role("button", name="Settings").click()
    ui.toggle("Keep the screen on at the table")
    ui.page.get_by_role("button", name="Back", exact=True).click()
    ui.tap("Open Saturday")
    # A tap answered after the table was drawn: a lock asked for with it would be held now.
    ui.tap(tricks_button("Ann", 2))
    assert ui.page.evaluate("window.wakeLocks.join()") == "held,released"
