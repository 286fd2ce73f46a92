"""Moving between screens: the app shows a screen at the tap and sends its route to the
browser, which tells every route back a moment later. A route coming back is not a new
wish: only a route the app did not send (the browser's own Back, a typed address) is
shown."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft
import pytest

from scorekeeper.app.model import AppModel
from scorekeeper.app.screen_list import SCREENS
from scorekeeper.session import Scorebook
from scorekeeper.settings import Settings


@pytest.fixture
def app(cabin_book: Scorebook, monkeypatch: pytest.MonkeyPatch) -> AppModel:
    """The app on the worked example, with a browser that takes the routes it is sent
    and tells nothing back until the test says so."""
    browser = SimpleNamespace(push_route=None, run_task=lambda _push, _route: None)
    monkeypatch.setattr(ft, "context", SimpleNamespace(page=browser))
    model = AppModel(cabin_book, Settings(language="en"), screens=SCREENS)
    model.show("/")
    return model


def test_a_route_coming_back_late_does_not_take_the_person_back(app: AppModel):
    app.go("/new")
    app.go("/")  # Back
    app.go("/players")  # tapped before the browser told "/new" and "/" back
    for told in ("/new", "/", "/players"):
        app.arrived(told)
        assert app.nav.place.screen == "players"


def test_the_browsers_own_back_is_shown(app: AppModel):
    app.go("/players")
    app.arrived("/players")
    app.arrived("/")  # the browser's Back
    assert app.nav.place.screen == "home"


def test_a_route_the_browser_did_not_tell_back_is_forgotten_with_a_later_one(app: AppModel):
    app.go("/players")
    app.go("/players")  # sent twice; the browser, already there, tells it once
    app.arrived("/players")
    app.go("/new")
    app.arrived("/new")
    app.arrived("/players")  # now the browser's own Back: shown
    assert app.nav.place.screen == "players"
