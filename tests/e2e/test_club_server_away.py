"""The club's PostgreSQL server goes away mid-evening: every screen says so in one
sentence instead of crashing ("Error running app" on home and players, fifteen
tracebacks in the log), and shows the evening again once the server is back. The server
is reached through a relay the test cuts (tests/relay.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser
from sqlalchemy.engine import make_url

from scorekeeper.app.fonts import FALLBACK, FONTS
from tests.conftest import fresh_postgres_database
from tests.e2e.conftest import (
    CABIN,
    FETCHED,
    FIRST_PAINT,
    LOST,
    POLL,
    STILL_FRAMES,
    HeldSocket,
    Ui,
    start_server,
    stop_server,
)
from tests.relay import Relay


@pytest.fixture
def relay(postgres_url: str) -> Iterator[Relay]:
    server = make_url(postgres_url)
    running = Relay(server.host or "127.0.0.1", server.port or 5432)
    yield running
    running.close()


def test_every_screen_says_the_club_server_is_away_and_comes_back_with_it(
        browser: Browser, postgres_url: str, relay: Relay, tmp_path: Path):
    with fresh_postgres_database(postgres_url) as url:
        database = make_url(url)
        relayed = database.set(host="127.0.0.1", port=relay.port).render_as_string(
            hide_password=False)
        server = start_server(tmp_path, db=relayed)
        page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        page.set_default_timeout(20_000)
        ui = Ui(page, server.url)
        try:
            server.holds(CABIN)
            ui.open("/")
            ui.see("Friday at the cabin")
            # The fallback fonts come a moment after the first screen, and the text is laid
            # out anew with them: a tap on Players must not meet that redraw (it was lost).
            page.wait_for_function(FETCHED, arg="/" + FONTS[FALLBACK[-1]], polling=POLL,
                                   timeout=FIRST_PAINT)
            ui.next_frame(STILL_FRAMES)
            away = (f"Cannot reach the database server 127.0.0.1:{relay.port}/"
                    f"{database.database}: check the address and the network")

            relay.cut()
            # Home says it first, in the line under it, once its server hears the database
            # gone; the screen above the line stays as it was (app/shell.py).
            ui.read(LOST)
            ui.tap("Players")
            ui.read(away)
            ui.shot("club-server-away-phone")
            ui.tap("Back")
            ui.read(away)  # home says it too, and still offers every way on
            ui.tap("New session")
            ui.read(away)
            ui.tap("Back")

            ui.read(LOST)  # and the line under every screen
            relay.mend()
            # The line goes once the server hears the database again.
            ui.page.get_by_text(LOST, exact=True).wait_for(state="detached")
            ui.tap("Players")
            ui.see("Astrid")
            assert not ui.readouts("cannot reach")
        finally:
            page.context.close()
            stop_server(server)  # fails the test on any traceback in the app's log


def test_a_tap_as_the_club_server_goes_and_comes_back_is_not_lost(
        browser: Browser, postgres_url: str, relay: Relay, tmp_path: Path):
    """The line that says the database is away comes and goes while the person taps: the
    tap reaches the button it was aimed at, both ways."""
    with fresh_postgres_database(postgres_url) as url:
        relayed = make_url(url).set(host="127.0.0.1", port=relay.port).render_as_string(
            hide_password=False)
        server = start_server(tmp_path, db=relayed)
        page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        page.set_default_timeout(20_000)
        ui = Ui(page, server.url)
        held = HeldSocket(ui)
        try:
            server.holds(CABIN)
            ui.open("/")
            ui.see("Friday at the cabin")
            # The fallback fonts come a moment after the first screen, and the text is laid
            # out anew with them: the press must not meet that redraw instead.
            page.wait_for_function(FETCHED, arg="/" + FONTS[FALLBACK[-1]], polling=POLL,
                                   timeout=FIRST_PAINT)
            ui.next_frame(STILL_FRAMES)
            held.tap_as_it_changes(relay.cut, "Players", lambda: ui.read(LOST))
            ui.see("Add player")  # the Players screen, as tapped
            ui.tap("Back")
            ui.see("New session")
            held.tap_as_it_changes(relay.mend, "Players", lambda: page.get_by_text(
                LOST, exact=True).wait_for(state="detached"))
            ui.see("Add player")
            ui.see("Astrid")
        finally:
            page.context.close()
            stop_server(server)
