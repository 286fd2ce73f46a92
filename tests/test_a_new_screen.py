"""Adding a screen is its record and its route (README, "Where a new thing goes"): a
screen of a session added so, with nothing else changed, is reached at its route, has its
session worked out as its record says, hears that session's changes and no other's, and
its page tells its server which session it shows."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import flet as ft
import pytest

from scorekeeper.app import routes
from scorekeeper.app.model import AppModel
from scorekeeper.app.screen_list import SCREENS, Screen, _session
from scorekeeper.app.state.shows import Shows
from scorekeeper.session import OpenSession, Scorebook
from scorekeeper.session.news import ROSTER, Shown
from scorekeeper.settings import Settings
from tests.test_hearing_the_deal import next_deal

worked_out: list[int] = []  # the versions the new screen's session was worked out at


def the_scores(session: OpenSession, showing: object) -> None:
    session.work_out("scores")
    worked_out.append(session.version)


@pytest.fixture
def app(cabin_book: Scorebook, monkeypatch: pytest.MonkeyPatch) -> AppModel:
    """The app with one screen more: a session's scores, at /session/N/scores."""
    monkeypatch.setattr(ft, "context", SimpleNamespace(page=SimpleNamespace(
        push_route=None, run_task=lambda _push, _route: None)))
    monkeypatch.setitem(routes.ROUTES, "scores", ("/session/{session}/scores",))
    screens = {**SCREENS, "scores": Screen(lambda app, key=None: ft.Text("scores"), _session,
                                           frozenset({Shows.SESSION}), the_scores)}
    monkeypatch.setitem(SCREENS, "scores", screens["scores"])  # _session reads the record
    worked_out.clear()
    return AppModel(cabin_book, Settings(language="en"), screens=screens)


def test_a_screen_added_as_its_record_and_route_is_reached_and_hears_its_session(
        app: AppModel, cabin_book: Scorebook):
    session_id = 1  # the worked example
    app.go(routes.route_to("scores", session=session_id))
    assert app.nav.place == routes.Place("scores", session_id)
    shown = app.table.session
    assert shown is not None
    assert worked_out == [shown.version]
    assert app.shown() == Shown(sessions=frozenset({session_id}))

    latest = cabin_book.open(session_id)
    stored, _ = cabin_book.record(session_id, next_deal(cabin_book, session_id),
                                  latest.version)
    app.heard(session_id)
    assert worked_out == [shown.version, stored.version]  # worked out again, as it says
    app.heard(ROSTER)  # the roster is not on it
    assert worked_out == [shown.version, stored.version]


def test_a_screen_added_shows_what_its_record_says_and_nothing_else(app: AppModel):
    app.screens = {**app.screens, "scores": replace(app.screens["scores"], shows=frozenset())}
    app.go("/session/1/scores")
    assert app.shown() == Shown()
