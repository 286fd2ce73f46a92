"""One page's state: a small observable per concern (app/state/), and what moves between
them. What a screen shows is loaded when the route changes (screen_list.py) or when the
scorebook says something changed, never while a screen draws."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from scorekeeper.app.state.backups import Backups
from scorekeeper.app.state.drafts import Drafts
from scorekeeper.app.state.group_shown import GroupShown
from scorekeeper.app.state.home import Home
from scorekeeper.app.state.navigation import Navigation
from scorekeeper.app.state.player_shown import PlayerShown
from scorekeeper.app.state.prefs import Prefs
from scorekeeper.app.state.room import Room
from scorekeeper.app.state.roster import Roster
from scorekeeper.app.state.said import Said
from scorekeeper.app.state.session_shown import SessionShown
from scorekeeper.app.state.worked_out import LEDGER_FIRST
from scorekeeper.app.words import Words
from scorekeeper.session import StoreError
from scorekeeper.session.news import ROSTER, Shown

LISTS = ("home", "group")  # the host's screens that list sessions: a change redraws them
ROSTER_SHOWN = ("table", "again", "new", "players")  # the host's screens the roster is on

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    import flet as ft

    from scorekeeper.app.routes import Place
    from scorekeeper.session import Scorebook
    from scorekeeper.session.news import Heard
    from scorekeeper.settings import Settings


class AppModel:
    def __init__(self, scorebook: Scorebook, settings: Settings, room: Room | None = None, *,
                 load: Callable[[AppModel, Place], None]) -> None:
        """``load``: what reads a place's screen's state (screen_list.load)."""
        self.scorebook, self._load_screen = scorebook, load
        self.prefs, self.nav, self.room = Prefs(settings), Navigation(), room or Room()
        self.said = Said(self.prefs)
        self.drafts = Drafts(scorebook, self.said, hosted=self.room.role == "host")
        self.table = SessionShown(scorebook, self.said, self.drafts, self.room)
        self.group = GroupShown(scorebook, self.said)
        self.home = Home(scorebook, self.said)
        self.roster = Roster(scorebook, self.said)
        self.player = PlayerShown(scorebook, self.said)
        self.backups = Backups(scorebook, self.said, self.prefs)

    def concerns(self) -> Iterator[ft.Observable]:
        """Every observable of the page: the root draws again when one of them changes."""
        yield from (self.prefs, self.said, self.nav, self.room, self.drafts, self.table,
                    self.group, self.home, self.roster, self.backups, self.player)

    @property
    def words(self) -> Words:
        """What the parts of a screen say things with (handed to them, not the app)."""
        return Words(self.prefs.language)

    def t(self, key: str, **params: Any) -> str:
        return self.said.t(key, **params)

    # --- where we are ---
    def go(self, route: str) -> None:
        self.show(route)
        self.nav.pushed(route)

    def on_route_change(self, event: ft.RouteChangeEvent) -> None:
        route = getattr(event, "route", None)  # a browser can send anything as the event
        if isinstance(route, str):
            self.arrived(route)

    def arrived(self, route: str) -> None:
        """The browser is at ``route``: shown, unless it is this app's own coming back."""
        if not self.nav.came_back(route) and route != self.nav.route:
            self.show(route)

    def show(self, route: str) -> None:
        """Load what ``route`` shows, then show it."""
        self.said.clear()
        before = self.nav.place.screen
        place = self.nav.moved_to(route)
        if place.screen in ("ledger", "sheet") and before != place.screen:
            self.table.ledger_shown = LEDGER_FIRST
        try:
            self._load(place)
        except StoreError as error:  # the club's server is away: said on the screen
            self.said.problem = self.said.refusal(error)

    def _load(self, place: Place) -> None:
        if self.room.role == "locked":  # not joined yet: nothing is loaded, nothing shown
            self.table.session = None
        elif self.room.guest:
            self._open_shared()
        else:
            self._load_screen(self, place)

    @property
    def may_score(self) -> bool:
        return self.room.role in ("host", "scorer") and not self.watching

    @property
    def entering_a_deal(self) -> bool:
        """The screen on show has the deal entry, Save and all: the table of a session
        still played, for whoever may score, or the correction of a deal."""
        session = self.table.session
        if session is None or self.room.role == "locked":
            return False
        screen = self.nav.place.screen
        if self.room.guest:  # a guest's page shows the table, or the rules (shell.route)
            screen = "rules" if screen == "rules" else "table"
        if screen == "table":
            return self.may_score and not session.over
        return screen == "edit" and 0 <= (self.nav.place.deal_index or 0) < session.state.deals

    @property
    def watching(self) -> bool:
        """The table opened read-only from the club's evening: another host records it."""
        return self.nav.place.screen == "watch"

    def _open_shared(self) -> None:
        """A guest sees the session the host has open."""
        shown = self.room.shared_session
        if shown is None:
            self.table.session = None
        elif self.table.session is None or self.table.session.id != shown:
            self.table.open(shown, "table")

    # --- what is heard ---
    def heard(self, session_id: Heard) -> None:
        """The scorebook says something changed (here or on another device)."""
        self.said.database_lost = not self.scorebook.reachable
        place, host = self.nav.place, self.room.role == "host"
        if session_id == ROSTER:
            if host and place.screen in ROSTER_SHOWN:
                with contextlib.suppress(StoreError):  # away: the next news tells again
                    self.roster.load(records=place.screen == "players")
            elif host and place.screen == "group" and self.group.group is not None:
                self.group.open(self.group.group.name)  # a payee's details: the tab's codes
        elif host and place.screen == "tonight" and place.group:
            # Any session's change: one of its tables, or one that has just become one of
            # them (a new table, one moved into the group, one played again after hours),
            # which only the store can say; a change heard from another server no longer
            # comes with a word for the lists as well (revision 0014).
            self.group.open_tonight(place.group)
        elif isinstance(session_id, int) and (not host or place.screen not in LISTS):
            self.table.heard(session_id)
        elif host and place.screen == "home":
            with contextlib.suppress(StoreError):  # away: the next change tells again
                self.home.load()
        elif host and place.screen == "group" and self.group.group is not None:
            self.group.open(self.group.group.name)

    def shown(self) -> Shown:
        """What this page shows of the store: what ``heard`` draws again when it changes,
        and so what its server is to hear of from the others."""
        place, host = self.nav.place, self.room.role == "host"
        roster = host and place.screen in ROSTER_SHOWN
        if host and place.screen == "tonight" and place.group:
            return Shown(groups=frozenset({place.group}))
        if host and place.screen == "home":
            return Shown(lists=True)
        if host and place.screen == "group":
            group = self.group.group
            return Shown(groups=frozenset({group.name} if group is not None else ()))
        session = self.table.session  # a guest's page shows its table whatever its route
        if session is not None and (not host or place.session_id is not None):
            return Shown(sessions=frozenset({session.id}), roster=roster)
        return Shown(roster=roster)

    def room_changed(self) -> None:
        if not self.room.changed():  # the host removed this device: back to the join code
            self.table.session = None
        elif self.room.guest:
            self._open_shared()

    # --- settings ---
    def set_settings(self, settings: Settings) -> None:
        if self.room.role != "host":  # the settings screen is the host's; an event can be forged
            self.said.notice = self.t("ui.not_allowed")
            return
        self.prefs.change(settings)
