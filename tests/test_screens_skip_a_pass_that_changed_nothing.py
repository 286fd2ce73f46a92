"""A screen takes what it shows, not the app (issue 64): the root draws again at every change
of the page, and a memoized screen handed the same values, the same small observables and the
same commands is skipped (Flet compares its arguments one by one, ``is`` or ``==``). Home,
the settings, the players, a new session, playing one again, the join code, the table, the
table watched, a deal corrected, the ledger, settle-up, the result card, the room and a
group's tab, each drawn by the root twice: equal when nothing it shows changed between,
unequal when its words did, and never handed the app."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import flet as ft
import pytest
from flet.components.component import Component, Renderer
from flet.components.utils import shallow_compare_args_and_kwargs

from scorekeeper.app.lan import LanRoom
from scorekeeper.app.model import AppModel
from scorekeeper.app.screen_list import SCREENS
from scorekeeper.app.shell import route
from scorekeeper.app.state.room import Room
from scorekeeper.session import Scorebook
from scorekeeper.settings import Settings

ROUTES = ["/", "/settings", "/players", "/new", "/session/1/again", "/session/1/ledger",
          "/session/1/settle", "/session/1/card", "/session/1/room", "/group/Cabin"]


@pytest.fixture(autouse=True)
def browser(monkeypatch: pytest.MonkeyPatch) -> None:
    """A page that takes the routes it is sent and tells nothing back."""
    monkeypatch.setattr(ft, "context", SimpleNamespace(page=SimpleNamespace(
        push_route=None, run_task=lambda _push, _route: None)))


def drawn(app: AppModel) -> Component:
    """The screen as the root's pass draws it (shell.route), not yet rendered."""
    with Renderer().with_context():
        screen = route(app)
    assert isinstance(screen, Component)
    return screen


def same(first: Component, second: Component) -> bool:
    return shallow_compare_args_and_kwargs(first.args, first.kwargs, second.args, second.kwargs)


def holds_the_app(screen: Component) -> bool:
    return any(isinstance(given, AppModel) for given in (*screen.args, *screen.kwargs.values()))


@pytest.fixture(params=ROUTES)
def shown(request: pytest.FixtureRequest, cabin_book: Scorebook) -> AppModel:
    cabin_book.move_to_group(1, "Cabin", cabin_book.open(1).version)  # a group to show
    app = AppModel(cabin_book, Settings(language="en"), screens=SCREENS)
    app.show(request.param)
    return app


@pytest.fixture
def locked(cabin_book: Scorebook) -> AppModel:
    """A device on the network that has not joined yet: the join code."""
    room = Room(LanRoom(), "locked", "page-1")
    app = AppModel(cabin_book, Settings(language="en"), room, screens=SCREENS)
    app.show("/")
    return app


def test_a_screen_is_skipped_when_the_page_changed_nothing_it_shows(shown: AppModel):
    first = drawn(shown)
    shown.nav.resized(1400)  # the window made wide: none of these screens draws it
    again = drawn(shown)
    assert first.fn is again.fn
    assert same(first, again)


def test_a_screen_is_drawn_again_when_its_words_change(shown: AppModel):
    first = drawn(shown)
    shown.set_settings(replace(shown.prefs.settings, language="sv"))
    assert not same(first, drawn(shown))


def test_a_screen_is_handed_what_it_shows_never_the_app(shown: AppModel):
    assert not holds_the_app(drawn(shown))


def test_the_join_code_is_skipped_until_its_words_change_and_never_holds_the_app(
        locked: AppModel):
    first = drawn(locked)
    assert first.fn.__name__ == "Join"
    assert not holds_the_app(first)
    locked.nav.resized(1400)
    assert same(first, drawn(locked))
    # the language as its host's settings say it (a guest may not change them)
    locked.prefs.settings = replace(locked.prefs.settings, language="sv")
    assert not same(first, drawn(locked))


# The table (entering a deal: the entry, its rows and Save), the table watched from the
# club's evening, and deal 6 of the worked example being corrected.
SESSION_ROUTES = ["/session/1", "/session/1/watch", "/session/1/edit/5"]


@pytest.fixture(params=SESSION_ROUTES)
def at_the_table(request: pytest.FixtureRequest, cabin_book: Scorebook) -> AppModel:
    app = AppModel(cabin_book, Settings(language="en"), screens=SCREENS)
    app.show(request.param)
    assert app.table.session is not None
    return app


def test_a_session_screen_is_skipped_when_the_page_changed_nothing_it_shows(
        at_the_table: AppModel):
    first = drawn(at_the_table)
    # The dark theme is the page's (shell.App): none of the table's parts draws it.
    at_the_table.prefs.settings = replace(at_the_table.prefs.settings, dark=True)
    again = drawn(at_the_table)
    assert first.fn is again.fn
    assert same(first, again)


def test_a_session_screen_is_drawn_again_when_its_window_or_its_words_change(
        at_the_table: AppModel):
    first = drawn(at_the_table)
    at_the_table.nav.resized(1400)  # a desktop's window: the entry beside the table
    wide = drawn(at_the_table)
    assert not same(first, wide)
    at_the_table.prefs.settings = replace(at_the_table.prefs.settings, language="sv")
    assert not same(wide, drawn(at_the_table))


def test_a_session_screen_is_handed_what_it_shows_never_the_app(at_the_table: AppModel):
    assert not holds_the_app(drawn(at_the_table))
