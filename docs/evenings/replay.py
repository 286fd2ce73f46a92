"""Issue 63's evenings, stored from the session files beside this script and opened screen by
screen in headless Chromium at 390x844 (Ramsen at 1280x900), each screen kept as
docs/screenshots/evening-*.png to be looked at. From the repository:
`python3 docs/evenings/replay.py [sv fr de group]`. (The backup moved to a new phone is
tests/e2e/test_backup_and_restore.py's.) A tool for looking, not a test: it waits a moment for
each screen to settle instead of watching its frames."""

from __future__ import annotations

import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
OUT = REPO / "docs" / "screenshots"
PHONE = {"width": 390, "height": 844}
SETTLE_MS = 1500

# The page's Ui (tests/e2e/conftest.py), the page, the evening's name.
Action = Callable[[Any, Page, str], None]


def keep(page: Page, name: str) -> None:
    (OUT / f"evening-{name}.png").write_bytes(page.screenshot())


def evening(name: str, language: str, files: list[str], routes: list[tuple[str, str]],
            viewport: dict[str, int] = PHONE, actions: tuple[Action, ...] = (),
            scrolled: tuple[str, ...] = ()) -> None:
    from tests.conftest import store_files
    from tests.e2e.conftest import CHROMIUM_ARGS, HEADLESS_CHROMIUM, Ui, start_server, stop_server

    tmp = Path(tempfile.mkdtemp()) / name
    tmp.mkdir()
    server = start_server(tmp, cold=True)
    try:
        store_files(server.db, *[HERE / file for file in files])
        (server.data / "settings.json").write_text(json.dumps({"language": language}))
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=HEADLESS_CHROMIUM,
                                                 args=CHROMIUM_ARGS)
            page = browser.new_page(viewport=viewport)
            page.set_default_timeout(30_000)
            ui = Ui(page, server.url)
            for route, shot in routes:
                ui.go(route) if ui.socket else ui.open(route)
                page.wait_for_timeout(SETTLE_MS)
                keep(page, f"{name}-{shot}")
            for route in scrolled:  # a long screen, a phone's height at a time
                ui.go(route)
                page.wait_for_timeout(SETTLE_MS)
                for part in (1, 2):
                    page.mouse.move(viewport["width"] / 2, viewport["height"] / 2)
                    page.mouse.wheel(0, 700)
                    page.wait_for_timeout(SETTLE_MS)
                    keep(page, f"{name}-{route.strip('/').split('/')[0]}-{part}")
            for act in actions:
                act(ui, page, name)
            browser.close()
    finally:
        stop_server(server)


def panel(label: str, shot: str, *, cancel: str, choose: str | None = None) -> Action:
    """The table's panel opened by ``label``, a player chosen in it, kept, then cancelled."""
    def act(ui: Any, page: Page, name: str) -> None:
        ui.tap(label)
        page.wait_for_timeout(SETTLE_MS)
        if choose:
            page.locator(f'flt-semantics[aria-label="{choose}"]').last.click()
            page.wait_for_timeout(SETTLE_MS)
        keep(page, f"{name}-{shot}")
        ui.tap(cancel)
    return act


def main(which: list[str]) -> None:
    sys.path.insert(0, str(REPO))
    if "sv" in which:
        evening("sv-rams", "sv", ["sv-rams.json"], [
            ("/session/1/ledger", "ledger"), ("/session/1/settle", "settle"),
            ("/session/1/card", "card"), ("/session/1/again", "again"), ("/", "home"),
            ("/session/1", "table")], actions=(
            panel("Någon går", "leave-panel", cancel="Avbryt", choose="Dag"),
            panel("Någon kommer", "join-panel", cancel="Avbryt")))
    if "fr" in which:
        evening("fr-mattmar", "fr", ["fr-mattmar.json"], [
            ("/session/1", "table"), ("/session/1/protocol", "protocol"),
            ("/session/1/ledger", "ledger"), ("/session/1/settle", "settle"),
            ("/session/1/card", "card")])
        # Its headline case: finished, its third game begun and not finished.
        evening("fr-mattmar-finished", "fr", ["fr-mattmar-finished.json"], [
            ("/session/1", "table"), ("/session/1/protocol", "protocol"),
            ("/session/1/settle", "settle"), ("/session/1/card", "card"), ("/", "home")])
    if "de" in which:
        evening("de-ramsen", "de", ["de-ramsen.json"], [
            ("/session/1", "table"), ("/session/1/ledger", "ledger"),
            ("/session/1/settle", "settle")], viewport={"width": 1280, "height": 900})
        # The same evening finished: a Ramsen player's page, which knows no General Rams.
        evening("de-ramsen-finished", "de", ["de-ramsen-finished.json"],
                [("/player/Hans", "player")])
    if "group" in which:
        # Two sessions of one Friday with one name (2b, 2c), and the Saturday's.
        evening("sv-group", "sv", ["sv-rams-2.json", "sv-rams-2b.json", "sv-rams-2c.json"], [
            ("/group/Stugan", "group"), ("/players", "players"), ("/player/Astrid", "player"),
            ("/settings", "settings")], scrolled=("/group/Stugan",))


if __name__ == "__main__":
    main(sys.argv[1:] or ["sv", "fr", "de", "group"])
