"""Every screen of the app in one list, a record each: what it draws, what is loaded for it
when the page arrives at its route, what of its session it works out, and what of the
store it shows, which is the news that loads it again. Where each screen is (its route)
is routes.py's, which the screens' links read too. A new screen is its module, its record
here and its route."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.entry.deal_entry import EntryPage, EntryTaps
from scorekeeper.app.entry.save_bar import SaidNow
from scorekeeper.app.routes import route_to
from scorekeeper.app.screens.backing_up import reminder_due
from scorekeeper.app.screens.card import ResultCard
from scorekeeper.app.screens.group import GroupScreen
from scorekeeper.app.screens.home import Home
from scorekeeper.app.screens.join import Waiting
from scorekeeper.app.screens.ledger import Ledger
from scorekeeper.app.screens.new_session import NewSession
from scorekeeper.app.screens.player import PlayerPage
from scorekeeper.app.screens.players import Players
from scorekeeper.app.screens.protocol import Protocol
from scorekeeper.app.screens.record import CorrectDeal
from scorekeeper.app.screens.rival import RivalScreen
from scorekeeper.app.screens.room import LanPanel, RoomScreen, room_link
from scorekeeper.app.screens.rules import RulesScreen
from scorekeeper.app.screens.settings import SettingsScreen
from scorekeeper.app.screens.settle import Settles, SettleUp
from scorekeeper.app.screens.sheet import ScoreSheet
from scorekeeper.app.screens.table import TableScreen, TableTaps, TableView
from scorekeeper.app.screens.tonight import TonightScreen
from scorekeeper.app.state import worked_out as of_session
from scorekeeper.app.state.shows import Shows
from scorekeeper.app.widgets import GoTo, Missing
from scorekeeper.session.where import data_dir

if TYPE_CHECKING:
    from scorekeeper.app.model import AppModel
    from scorekeeper.app.routes import Place
    from scorekeeper.app.state.worked_out import WorksOut
    from scorekeeper.session import OpenSession


@dataclass(frozen=True, slots=True)
class Screen:
    # Called with the screen's ``key`` too: a screen of another session is drawn anew.
    draw: Callable[..., ft.Control]
    # What the screen shows, read and worked out before it is drawn (a screen only draws).
    load: Callable[[AppModel, Place], None]
    shows: frozenset[Shows] = frozenset()
    # A session's screen: what of its session is worked out, again at every change.
    works_out: WorksOut = of_session.nothing_more


def _session(app: AppModel, place: Place) -> None:
    """A session's screen: the session, with what this screen shows worked out; the table
    and the next evening also offer the roster."""
    assert place.session_id is not None  # routes.py gives every session screen its id
    screen = SCREENS[place.screen]
    app.table.open(place.session_id, screen.works_out)
    if Shows.ROSTER in screen.shows:
        app.roster.load()


def _settings(app: AppModel, place: Place) -> None:
    app.prefs.data_folder = str(data_dir())
    app.prefs.database_shown = app.scorebook.database_shown


def _home(app: AppModel, key: object = None) -> ft.Control:
    """Home draws the sessions and groups its route loaded, and says when a backup is due."""
    return Home(app.home, reminder_due(app.backups, app.home.sessions), app.said, app.words,
                app.go, app.backups.dismiss, key=key)


def _new(app: AppModel, key: object = None, again: OpenSession | None = None) -> ft.Control:
    """A new session, set up with the roster; ``again``: as that earlier session."""
    return NewSession(app.roster.names, app.roster.groups, app.said.problem, app.words, app.go,
                      app.start_session, again, key=key)


def _again(app: AppModel, key: object = None) -> ft.Control:
    return _new(app, key, app.table.session)


def _players(app: AppModel, key: object = None) -> ft.Control:
    return Players(app.roster, app.said, app.words, app.go,
                   GoTo(app.show, route_to("players")), key=key)


def _preferences(app: AppModel, key: object = None) -> ft.Control:
    """Settings draws the person's choices and where the data lives, as loaded; only the
    host's page may change them (AppModel.set_settings)."""
    prefs = app.prefs
    return SettingsScreen(prefs.settings, prefs.data_folder, prefs.database_shown,
                          app.set_settings, app.backups, app.said, app.words, app.go, key=key)


def _player(app: AppModel, key: object = None) -> ft.Control:
    """A player's page draws what its route loaded, and the taps it makes."""
    place = app.nav.place
    return PlayerPage(app.player.record, place.player or "", app.said.problem, app.words,
                      app.go, key=key)


def _rival(app: AppModel, key: object = None) -> ft.Control:
    place, shown = app.nav.place, app.player
    return RivalScreen(shown.versus, app.said.problem, app.words, app.go,
                       route_to("player", player=place.player, group=place.group,
                                year=place.year),
                       shown.every_session, shown.show_every_session, key=key)


def _tonight(app: AppModel, key: object = None) -> ft.Control:
    return TonightScreen(app.nav.place.group or "", app.group.tonight, app.said.problem,
                         app.words, app.go, key=key)


def _missing(app: AppModel, key: object = None) -> ft.Control:
    return Missing(app.said.problem, app.words, app.go, app.room.role == "host", key=key)


Drawn = Callable[..., ft.Control]


def _of_session(draw: Callable[[AppModel, OpenSession, object], ft.Control]) -> Drawn:
    """A screen of the session on show, drawn with it (a session not there, or not yet
    read, is said to be missing)."""
    def drawn(app: AppModel, key: object = None) -> ft.Control:
        session = app.table.session
        if session is None:
            return _missing(app, key)
        return draw(app, session, key)
    return drawn


def _with_session(draw: Drawn) -> Drawn:
    """A screen of the session on show drawn with it, the words and the taps alone."""
    return _of_session(lambda app, session, key: draw(session, app.words, app.go, key=key))


def _entry(app: AppModel) -> tuple[EntryPage, EntryTaps]:
    """What the deal entry shows of the page beside its session and draft, and its taps:
    the table's commands, the answers to a deal another device recorded, the way on."""
    table, drafts = app.table, app.drafts
    return (EntryPage(app.words, app.nav.wide, SaidNow.of(app.said), drafts.taken,
                      tuple(app.roster.names)),
            EntryTaps(table.record, table.edit, table.reload, app.go, drafts.discard_mine,
                      drafts.keep_mine))


def _table(app: AppModel, key: object = None) -> ft.Control:
    """The table of the session on show (a guest's page waits for the host to open one),
    with the entry for whoever may score; the host of a room on the network has it beside
    a desktop's table, behind a link in a phone's bar."""
    session, room = app.table.session, app.room
    if session is None:
        return Waiting(app.words) if room.guest else _missing(app, key)
    hosting, wide = room.lan is not None and room.role == "host", app.nav.wide
    page, entry = _entry(app)
    view = TableView(room.role == "host", app.entering_a_deal, app.watching,
                     app.prefs.settings.keep_awake,
                     room_link(app.words, room.lan, session.id) if hosting and not wide else None)
    taps = TableTaps(entry, app.table.undo, app.drafts.of, app.said)
    beside = LanPanel(room, app.said, app.words) if hosting and wide else None
    return TableScreen(session, view, page, taps, beside, key=key)


@_of_session
def _correct(app: AppModel, session: OpenSession, key: object) -> ft.Control:
    """A past deal of the session on show, to be corrected (the one the route names)."""
    index = app.nav.place.deal_index or 0
    if not 0 <= index < session.state.deals:
        return _missing(app, key)
    return CorrectDeal(session, index, *_entry(app), key=key)


@_of_session
def _rules(app: AppModel, session: OpenSession, key: object) -> ft.Control:
    """The rules of the session on show, at the paragraph the route names, with the way
    back to where its "why?" was tapped (else the table)."""
    place = app.nav.place
    return RulesScreen(session, place.rule if place.screen == "rules" else None,
                       app.nav.rules_from or route_to("table", session=session.id),
                       app.room.role == "host", app.words, app.go, key=key)


def _charts(app: AppModel, key: object = None) -> ft.Control:
    # flet-charts is loaded only when a chart is asked for: the table stays lean.
    from scorekeeper.app.screens.charts import Charts

    return _with_session(Charts)(app, key)


@_of_session
def _sheet(app: AppModel, session: OpenSession, key: object) -> ft.Control:
    shown = app.table
    return ScoreSheet(session, shown.ledger_shown, shown.show_earlier, app.words, app.go,
                      key=key)


@_of_session
def _ledger(app: AppModel, session: OpenSession, key: object) -> ft.Control:
    """The ledger's page of the session on show (its newest deals), and what it asks."""
    shown = app.table
    return Ledger(session, shown.ledger_shown, app.may_score, shown.delete,
                  shown.show_earlier, app.said, app.words, app.go, key=key)


@_of_session
def _settle(app: AppModel, session: OpenSession, key: object) -> ft.Control:
    """Settle-up of the session on show, with the seat changes its draft holds for the
    next deal; what only the host asks is not handed to a device that watches."""
    shown = app.table
    asks = (Settles(shown.reload, shown.export, shown.finish, shown.pay,
                    shown.take_back_payment, shown.move_to_group) if app.room.role == "host"
            else Settles(shown.reload, shown.export))
    return SettleUp(session, app.drafts.of(session.id).seat_changes, asks,
                    app.said, app.words, app.go, key=key)


@_of_session
def _card(app: AppModel, session: OpenSession, key: object) -> ft.Control:
    shown = app.table
    return ResultCard(session, shown.export, shown.reload, app.said, app.words, app.go,
                      key=key)


def _group(app: AppModel, key: object = None) -> ft.Control:
    return GroupScreen(app.nav.place.group or "", app.group, app.room.role == "host",
                       app.said, app.words, app.go, key=key)


def _room(app: AppModel, key: object = None) -> ft.Control:
    """The room on the network, with the way back to the table it was opened from (home,
    if that session is not there)."""
    session = app.table.session
    back = route_to("table", session=session.id) if session is not None else "/"
    return RoomScreen(back, app.room, app.said, app.words, app.go, key=key)


def _a_session(draw: Callable[..., ft.Control], works_out: WorksOut = of_session.nothing_more,
               *, roster: bool = False) -> Screen:
    """A screen of one session: it hears of that session's changes (and the roster's)."""
    shows = {Shows.SESSION, Shows.ROSTER} if roster else {Shows.SESSION}
    return Screen(draw, _session, frozenset(shows), works_out)


SCREENS: dict[str, Screen] = {
    "home": Screen(_home, lambda app, place: app.home.load(), frozenset({Shows.LISTS})),
    "new": Screen(_new, lambda app, place: app.roster.load(),
                  frozenset({Shows.ROSTER})),
    "players": Screen(_players, lambda app, place: app.roster.load(records=True),
                      frozenset({Shows.ROSTER})),
    "settings": Screen(_preferences, _settings),
    "player": Screen(_player, lambda app, place: app.player.open(place)),
    "rival": Screen(_rival, lambda app, place: app.player.open_versus(place)),
    # the group's tab names its payees' details: the roster's news too
    "group": Screen(_group, lambda app, place: app.group.open(place.group or ""),
                    frozenset({Shows.GROUP, Shows.ROSTER})),
    "tonight": Screen(_tonight, lambda app, place: app.group.open_tonight(place.group or ""),
                      frozenset({Shows.TONIGHT})),
    "missing": Screen(_missing, lambda app, place: None),
    "table": _a_session(_table, of_session.the_hosts_table, roster=True),
    "watch": _a_session(_table, of_session.a_table),
    "again": _a_session(_again, roster=True),
    "edit": _a_session(_correct, of_session.a_deal_corrected),
    "ledger": _a_session(_ledger, of_session.the_ledger),
    "sheet": _a_session(_sheet, of_session.the_ledger),
    "charts": _a_session(_charts, of_session.the_charts),
    "protocol": _a_session(_with_session(Protocol), of_session.the_protocol),
    "settle": _a_session(_settle, of_session.the_settle_up),
    "card": _a_session(_card, of_session.the_card),
    "room": _a_session(_room),
    "rules": _a_session(_rules),
}
