"""Every screen of the app in one list: what it draws, and what is loaded for it when the
page arrives at its route (routes.py says which route leads where). A new screen is its
module, a line here and its route."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.routes import player_route
from scorekeeper.app.screens.card import ResultCard
from scorekeeper.app.screens.group import GroupScreen
from scorekeeper.app.screens.home import Home
from scorekeeper.app.screens.ledger import Ledger
from scorekeeper.app.screens.new_session import NewSession
from scorekeeper.app.screens.player import PlayerPage
from scorekeeper.app.screens.players import Players
from scorekeeper.app.screens.protocol import Protocol
from scorekeeper.app.screens.record import CorrectDeal
from scorekeeper.app.screens.rival import RivalScreen
from scorekeeper.app.screens.room import RoomScreen
from scorekeeper.app.screens.rules import RulesScreen
from scorekeeper.app.screens.settings import SettingsScreen
from scorekeeper.app.screens.settle import SettleUp
from scorekeeper.app.screens.sheet import ScoreSheet
from scorekeeper.app.screens.table import TableScreen
from scorekeeper.app.screens.tonight import TonightScreen
from scorekeeper.app.widgets import Missing
from scorekeeper.session.where import data_dir

if TYPE_CHECKING:
    from scorekeeper.app.model import AppModel
    from scorekeeper.app.routes import Place


@dataclass(frozen=True, slots=True)
class Screen:
    # Called with the screen's ``key`` too: a screen of another session is drawn anew.
    draw: Callable[..., ft.Control]
    # What the screen shows, read and worked out before it is drawn (a screen only draws).
    load: Callable[[AppModel, Place], None]


def _session(app: AppModel, place: Place) -> None:
    """A session's screen: the session, with what this screen shows worked out; the table
    and the next evening also offer the roster."""
    assert place.session_id is not None  # routes.py gives every session screen its id
    app.table.open(place.session_id, place.screen)
    if place.screen in ("table", "again"):
        app.roster.load()


def _settings(app: AppModel, place: Place) -> None:
    app.prefs.data_folder = str(data_dir())
    app.prefs.database_shown = app.scorebook.database_shown


def _player(app: AppModel, key: object = None) -> ft.Control:
    """A player's page draws what its route loaded, and the taps it makes."""
    place = app.nav.place
    return PlayerPage(app.player.record, place.player or "", app.said.problem, app.words,
                      app.go, key=key)


def _rival(app: AppModel, key: object = None) -> ft.Control:
    place, shown = app.nav.place, app.player
    return RivalScreen(shown.versus, app.said.problem, app.words, app.go,
                       player_route(place.player or "", place.group, place.year),
                       shown.every_session, shown.show_every_session, key=key)


def _charts(app: AppModel, key: object = None) -> ft.Control:
    # flet-charts is loaded only when a chart is asked for: the table stays lean.
    from scorekeeper.app.screens.charts import Charts

    return Charts(app, key=key)


SESSION_SCREENS = {
    "table": TableScreen, "watch": TableScreen, "ledger": Ledger, "charts": _charts,
    "protocol": Protocol, "sheet": ScoreSheet, "settle": SettleUp, "room": RoomScreen,
    "card": ResultCard, "rules": RulesScreen,
    "edit": lambda app, key=None: CorrectDeal(app, app.nav.place.deal_index or 0, key=key),
    "again": lambda app, key=None: NewSession(app, again=app.table.session, key=key),
}
SCREENS: dict[str, Screen] = {
    "home": Screen(Home, lambda app, place: app.home.load()),
    "new": Screen(NewSession, lambda app, place: app.roster.load()),
    "players": Screen(Players, lambda app, place: app.roster.load(records=True)),
    "settings": Screen(SettingsScreen, _settings),
    "player": Screen(_player, lambda app, place: app.player.open(place)),
    "rival": Screen(_rival, lambda app, place: app.player.open_versus(place)),
    "group": Screen(GroupScreen, lambda app, place: app.group.open(place.group or "")),
    "tonight": Screen(TonightScreen,
                      lambda app, place: app.group.open_tonight(place.group or "")),
    "missing": Screen(Missing, lambda app, place: None),
    **{name: Screen(draw, _session) for name, draw in SESSION_SCREENS.items()},
}


def load(app: AppModel, place: Place) -> None:
    """Read and work out what the screen at ``place`` shows (AppModel's ``load``)."""
    SCREENS[place.screen].load(app, place)
