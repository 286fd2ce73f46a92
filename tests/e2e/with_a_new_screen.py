"""``scorekeeper`` with one screen more, added as the README says a screen is added: its
route in ``ROUTES`` and its record in ``SCREENS``, nothing else. ``python -m
tests.e2e.with_a_new_screen ARGS`` runs the command line with ARGS. The screen, at
``/session/N/scores``, lists each player's score, worked out by its record's function."""

from __future__ import annotations

import sys
from collections.abc import Callable

import flet as ft

from scorekeeper.app.routes import ROUTES, route_to
from scorekeeper.app.screen_list import SCREENS, Screen, _session
from scorekeeper.app.state.shows import Shows
from scorekeeper.app.state.worked_out import Showing
from scorekeeper.app.widgets import ScreenBar, back_to, screen
from scorekeeper.app.words import Words
from scorekeeper.cli import main
from scorekeeper.session import OpenSession


@ft.component
def ScoresScreen(session: OpenSession, words: Words,  # noqa: N802 (a component)
                 go: Callable[[str], object]) -> ft.Control:
    back = back_to(words, route_to("table", session=session.id))
    return ft.Column(expand=True, spacing=0, controls=[
        ScreenBar(f"Scores of {session.name}", back, (), go),
        screen(*(ft.Text(f"{player}: {score}", size=18)
                 for player, score in session.scores.items())),
    ])


def the_scores(session: OpenSession, showing: Showing) -> None:
    session.work_out("scores")


def _drawn(app, key: object = None) -> ft.Control:  # type: ignore[no-untyped-def]
    return ScoresScreen(app.table.session, app.words, app.go, key=key)


ROUTES["scores"] = ("/session/{session}/scores",)
SCREENS["scores"] = Screen(_drawn, _session, frozenset({Shows.SESSION}), the_scores)

if __name__ == "__main__":
    main(sys.argv[1:], prog_name="scorekeeper")
