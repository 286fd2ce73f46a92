"""Moving between screens: the app shows a screen at the tap and sends its route to the
browser, which tells every route back a moment later. A route coming back is not a new
wish: only a route the app did not send (the browser's own Back, a typed address) is
shown."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import flet as ft
import pytest

from scorekeeper.app.draft import device_id
from scorekeeper.app.model import AppModel
from scorekeeper.session import Scorebook
from scorekeeper.settings import Settings
from scorekeeper.store.database import connect
from scorekeeper.store.sessions import SessionStore
from tests.conftest import worked_example


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppModel]:
    """The app on the worked example, with a browser that takes the routes it is sent
    and tells nothing back until the test says so."""
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "data"))
    device_id.cache_clear()
    engine = connect(f"sqlite:///{tmp_path / 't.db'}")
    book = Scorebook(SessionStore(engine))
    book.import_session("Friday at the cabin", worked_example())
    sent: list[str] = []
    browser = SimpleNamespace(push_route=None, run_task=lambda _push, route: sent.append(route))
    monkeypatch.setattr(ft, "context", SimpleNamespace(page=browser))
    model = AppModel(scorebook=book, settings=Settings(language="en"))
    model.show("/")
    yield model
    engine.dispose()
    device_id.cache_clear()


def test_a_route_coming_back_late_does_not_take_the_person_back(app: AppModel):
    app.go("/new")
    app.go("/")  # Back
    app.go("/players")  # tapped before the browser told "/new" and "/" back
    for told in ("/new", "/", "/players"):
        app.arrived(told)
        assert app.place.screen == "players"


def test_the_browsers_own_back_is_shown(app: AppModel):
    app.go("/players")
    app.arrived("/players")
    app.arrived("/")  # the browser's Back
    assert app.place.screen == "home"


def test_a_route_the_browser_did_not_tell_back_is_forgotten_with_a_later_one(app: AppModel):
    app.go("/players")
    app.go("/players")  # sent twice; the browser, already there, tells it once
    app.arrived("/players")
    app.go("/new")
    app.arrived("/new")
    app.arrived("/players")  # now the browser's own Back: shown
    assert app.place.screen == "players"
