"""One page's state: a small observable per concern (app/state/), and what moves between
them. What a screen shows is loaded when the route changes or when the scorebook says
something it shows changed, as its record says (screen_list.py), never while it draws."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from scorekeeper.app.routes import route_to
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
from scorekeeper.app.state.shows import OF_SESSIONS, Shows
from scorekeeper.app.state.worked_out import LEDGER_FIRST, a_table
from scorekeeper.app.words import Words
from scorekeeper.session import StoreError
from scorekeeper.session.news import ROSTER, Shown

if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping

    import flet as ft

    from scorekeeper.app.routes import Place
    from scorekeeper.app.screen_list import Screen
    from scorekeeper.app.setup_draft import SetupDraft
    from scorekeeper.session import Scorebook
    from scorekeeper.session.news import Heard
    from scorekeeper.settings import Settings


class AppModel:
    def __init__(self, scorebook: Scorebook, settings: Settings, room: Room | None = None, *,
                 screens: Mapping[str, Screen]) -> None:
        """``screens``: each screen's record (screen_list.SCREENS), by name."""
        self.scorebook, self.screens = scorebook, screens
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
        if before != place.screen:  # the ledger, arrived at, opens with its newest deals
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
            self.screens[place.screen].load(self, place)

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
            self.table.open(shown, a_table)

    # --- what is heard ---
    def heard(self, news: Heard) -> None:
        """The scorebook says something changed (here or on another device): what the
        screen on show shows of it is loaded again."""
        self.said.database_lost = not self.scorebook.reachable
        if self.room.role != "host":  # a guest's page shows the host's table, nothing else
            if isinstance(news, int):
                self.table.heard(news)
            return
        place = self.nav.place
        screen = self.screens[place.screen]
        if not screen.shows & ({Shows.ROSTER} if news == ROSTER else OF_SESSIONS):
            return
        if Shows.SESSION in screen.shows:  # the session on screen, or the roster beside it
            if isinstance(news, int):
                self.table.heard(news)
            elif news == ROSTER:
                with contextlib.suppress(StoreError):  # away: the next news tells again
                    self.roster.load()
            return
        # A list, a group, its tables or the roster: whether a change is one of theirs (a
        # new table, one moved into the group, one played again after hours) only the
        # store can say; the screen is loaded again.
        with contextlib.suppress(StoreError):  # away: the next news tells again
            screen.load(self, place)

    def shown(self) -> Shown:
        """What this page shows of the store: what ``heard`` draws again when it changes,
        and so what its server is to hear of from the others."""
        place, host = self.nav.place, self.room.role == "host"
        shows = self.screens[place.screen].shows if host else frozenset({Shows.SESSION})
        roster = Shows.ROSTER in shows
        if Shows.TONIGHT in shows and place.group:
            return Shown(groups=frozenset({place.group}))
        if Shows.LISTS in shows:
            return Shown(lists=True)
        if Shows.GROUP in shows:
            group = self.group.group
            return Shown(groups=frozenset({group.name} if group is not None else ()),
                         roster=roster)
        session = self.table.session  # a guest's page shows its table whatever its route
        if session is not None and Shows.SESSION in shows:
            return Shown(sessions=frozenset({session.id}), roster=roster)
        return Shown(roster=roster)

    def room_changed(self) -> None:
        if not self.room.changed():  # the host removed this device: back to the join code
            self.table.session = None
        elif self.room.guest:
            self._open_shared()

    # --- a new session ---
    def start_session(self, draft: SetupDraft) -> None:
        """The session ``draft`` sets up, stored and opened at its table; refused, why is
        said on its form (SetupDraft.refused)."""
        # Unnamed, it is called by its game in whatever language reads it later.
        opened = self.said.attempt(lambda: self.scorebook.create(
            draft.name, draft.table(self.prefs.language), draft.group.strip() or None),
            shown_on=draft.refused)
        if opened is not None:  # the table's record opens it (screen_list._session)
            self.go(route_to("table", session=opened.id))

    # --- settings ---
    def set_settings(self, settings: Settings) -> None:
        if self.room.role != "host":  # the settings screen is the host's; an event can be forged
            self.said.notice = self.t("ui.not_allowed")
            return
        self.prefs.change(settings)
