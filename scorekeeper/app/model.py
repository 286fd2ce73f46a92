"""The app's state: one observable model per browser or window, shared by its screens.

Everything a screen shows is loaded here when the route changes or when the scorebook
says a session changed, never while a screen draws: screens are functions of this model.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, TypeVar

import flet as ft

from scorekeeper.app.draft import DealDraft, device_id
from scorekeeper.app.lan import LanRoom, Viewer
from scorekeeper.app.roles import NotAllowedError
from scorekeeper.app.routes import Place, place_of
from scorekeeper.core import Deal, RuleError, changes, seating
from scorekeeper.i18n import describe, render, session_title, text
from scorekeeper.session import ConflictError, StoreError
from scorekeeper.session.where import choose_database, data_dir
from scorekeeper.settings import Settings, save_settings

if TYPE_CHECKING:  # loaded with the players screen, never at start
    from scorekeeper.payments import PaymentDetails
    from scorekeeper.session import Lifetime, OpenSession, Scorebook, SessionSummary
    from scorekeeper.session.groups import GroupTab

Role = Literal["host", "scorer", "viewer", "locked"]
Done = TypeVar("Done")  # what a scorebook command gives back
LAN_CHANGED = "lan-changed"  # pubsub: someone joined the room, or may now score
HOME_LIST = 10  # sessions listed at first (a screenful); a club's years are one tap further
WIDE = 1000  # px: from here on the table and the entry sit side by side
# Every ledger card costs the server and the browser about 7 ms to build and send (opening
# the ledger of a 10,000-deal session on a phone: 361 ms with 30 cards, 223 ms with 10),
# so the ledger opens with a screenful and more to scroll (a phone shows two cards, a
# desktop four), and each "show earlier" adds thirty.
LEDGER_FIRST = 10
LEDGER_EARLIER = 30


@dataclass(frozen=True, slots=True)
class DealTaken:
    """Another device recorded (or took back) the deal this device's half-entered deal was
    entered for. Nothing is saved until the person answers: one hand is one deal."""

    session_id: int
    mine: int  # the deal the draft was entered for
    next: int  # the deal Save would record now
    by: str | None  # the device that recorded deal ``mine``, if it gave a name
    theirs: Mapping[str, tuple[int, int]] | None  # what deal ``mine`` did there (core.changes);
    # None: it was taken back


@ft.observable
@dataclass
class AppModel:
    scorebook: Scorebook
    settings: Settings
    route: str = "/"
    place: Place = field(default_factory=lambda: Place("home"))  # the route, parsed
    role: Role = "host"
    notice: str | None = None  # a short message shown once (snack bar)
    problem: str | None = None  # why the last thing asked was refused (shown on the screen)
    stale: bool = False  # refused because another device changed the session: offer Reload
    database_lost: bool = False  # the club's database server is away: said on every screen
    session: OpenSession | None = None  # the session on screen
    sessions: list[SessionSummary] = field(default_factory=list)  # home: latest first
    session_count: int = 0
    showing_all: bool = False
    roster: list[str] = field(default_factory=list)
    groups: list[str] = field(default_factory=list)  # home and new session: every group's name
    group: GroupTab | None = None  # the group on screen, with its tab
    tonight: list[OpenSession] = field(default_factory=list)  # the group's tables tonight
    season: int | None = None  # the year the group's season table shows (None: the latest)
    lifetimes: dict[str, list[Lifetime]] = field(default_factory=dict)
    details: dict[str, PaymentDetails] = field(default_factory=dict)  # players: how each is paid
    lan: LanRoom | None = None
    guests: tuple[Viewer, ...] = ()  # the host's view of the room
    room_heard: int = 0  # news of the room (a new code, a lock) redraws the host's panel
    viewer_key: str = ""
    data_folder: str = ""  # settings: where the data lives
    database_shown: str = ""  # settings: the database in use, never its password
    wide: bool = False  # a desktop-sized window (1000 px or more): the table beside the entry
    ledger_shown: int = LEDGER_FIRST  # the newest deals the ledger shows
    rules_from: str | None = None  # the screen whose "why?" opened the rules: Back goes there
    # The half-entered deal of each session: kept when the screen is left and when
    # another device records a deal, until this device saves it; and, on the device
    # itself (the host), in the database, so that it outlives the app.
    drafts: dict[int, DealDraft] = field(default_factory=dict)
    # The routes this app sent the browser whose change has not come back from it yet.
    # Private (no redraw at a change): only go and arrived use it.
    _pushed: list[str] = field(default_factory=list, repr=False)
    taken: DealTaken | None = None  # the question when another device overtook the draft

    # --- words ---
    def t(self, key: str, **params: str | int) -> str:
        return text(key, self.settings.language, **params)

    def session_name(self, name: str, variant: str) -> str:
        """A session's name as shown; an unnamed one is called by its game, in this
        language."""
        return session_title(name, variant, self.settings.language)

    def refusal(self, error: RuleError | StoreError) -> str:
        if isinstance(error, RuleError):
            return describe(error, self.settings.language)
        return render(error.message, self.settings.language)

    # --- where we are ---
    def go(self, route: str) -> None:
        self.show(route)
        self._pushed.append(route)
        ft.context.page.run_task(ft.context.page.push_route, route)

    def on_route_change(self, event: ft.RouteChangeEvent) -> None:
        self.arrived(event.route)

    def arrived(self, route: str) -> None:
        """The browser is at ``route``: shown, unless it is one of this app's own routes
        coming back. The browser tells every route the app sends it, a moment later: a
        tap on Players right after Back came back as "/" after Players was shown, and
        took the person home again. A route the browser was sent but did not tell (it
        was there already) is dropped with the first later one that comes back."""
        if route in self._pushed:
            del self._pushed[:self._pushed.index(route) + 1]
            return
        if route != self.route:
            self.show(route)

    def show(self, route: str) -> None:
        """Load what ``route`` shows, then show it."""
        self.problem, self.stale = None, False
        place = place_of(route)
        if place.screen == "ledger" and self.place.screen != "ledger":
            self.ledger_shown = LEDGER_FIRST
        if place.screen == "rules" and self.place.screen != "rules":
            same_session = self.place.session_id == place.session_id
            self.rules_from = self.route if same_session else None
        try:
            self._load(place)
        except StoreError as error:  # the club's server is away: said on the screen
            self.problem = self.refusal(error)
        self.route, self.place = route, place

    def _load(self, place: Place) -> None:
        if self.role == "locked":  # not joined yet: nothing is loaded, nothing shown
            self.session = None
        elif self.role in ("viewer", "scorer"):
            self._open_shared()
        elif place.session_id is not None:
            self._open(place.session_id, place.screen)
            if place.screen == "again":  # New session, set up as the earlier one
                self.roster = self.scorebook.roster()
                self.groups = self.scorebook.group_names()
        elif place.screen == "settings":
            self.data_folder = str(data_dir())
            self.database_shown = choose_database().shown
        elif place.screen == "group" and place.group is not None:
            self._open_group(place.group)
        elif place.screen == "tonight" and place.group is not None:
            self._open_tonight(place.group)
        elif place.screen in ("new", "players"):
            self.roster = self.scorebook.roster()
            self.groups = self.scorebook.group_names()
            if place.screen == "players":
                self.lifetimes = self.scorebook.lifetimes()
                self.details = self.scorebook.payment_details(self.roster)
        else:
            self._list_sessions()

    @property
    def may_score(self) -> bool:
        return self.role in ("host", "scorer") and not self.watching

    @property
    def watching(self) -> bool:
        """The table opened read-only from the club's evening: another host records it."""
        return self.place.screen == "watch"

    # --- the session on screen ---
    def _open(self, session_id: int, screen: str = "table") -> None:
        try:
            self.session = self._ready(self.scorebook.open(session_id), screen)
        except StoreError as error:
            self.session = None
            self.problem = self.refusal(error)
            return
        if session_id not in self.drafts:
            self.drafts[session_id] = self._kept_draft(session_id)
        self._follow(session_id)
        if self.lan is not None and self.role == "host" and self.lan.session_id != session_id:
            self.lan.session_id = session_id
            ft.context.page.pubsub.send_all(LAN_CHANGED)

    def _ready(self, session: OpenSession, screen: str | None = None) -> OpenSession:
        """``session`` with what ``screen`` (by default the one on screen) shows read and
        worked out now: a screen only draws, it never reads the store or replays deals."""
        # A guest's page only ever shows the table.
        screen = screen or (self.place.screen if self.role == "host" else "table")
        if screen in ("table", "watch", "tonight"):
            session.guide, session.scores, session.closing  # noqa: B018 (worked out once)
            # Only the host's own table has Undo: not a watched one, nor tonight's list.
            if screen == "table" and self.role == "host" and not session.finished:
                session.newest_deal  # noqa: B018 (what Undo would take back)
        elif screen == "ledger":
            session.ledger_page(self.ledger_shown)
            session.payments_made, session.closing  # noqa: B018
        elif screen == "edit":
            session.history  # noqa: B018 (the deal corrected, and the state before it)
        elif screen == "charts":
            session.chart  # noqa: B018
        elif screen == "protocol":
            session.games  # noqa: B018
        elif screen == "settle":
            session.code_pictures(self.settings.language)  # what is owed, details, payments
            session.payments_made  # noqa: B018
        elif screen == "card":
            session.result_card(self.settings.language)
        return session

    # --- the group on screen ---
    def _open_group(self, name: str) -> None:
        try:
            self.group = self.scorebook.group(name)
        except (RuleError, StoreError) as error:
            self.group, self.problem = None, self.refusal(error)

    def _open_tonight(self, name: str) -> None:
        """The group's tables tonight; while the database is away, the last ones seen."""
        try:
            self.tonight = [self._ready(table, "tonight")
                            for table in self.scorebook.tonight(name)]
            self.problem = None
        except StoreError as error:
            self.problem = self.refusal(error)
        except RuleError as error:
            self.tonight, self.problem = [], self.refusal(error)

    def pay_on_tab(self, payer: str, payee: str, minor: int) -> bool:
        """A payment on the tab of the group on screen; on refusal say why."""
        shown = self.group
        if shown is None:
            return False
        paid = self._attempt(lambda: self.scorebook.pay_on_tab(shown.name, payer, payee, minor,
                                                               shown.version))
        if paid is None:
            return False
        self.group = paid
        return True

    def reload_group(self) -> None:
        """After a refusal for a stale version: the group's tab as stored now."""
        if self.group is not None:
            self._open_group(self.group.name)
        self.problem, self.stale = None, False

    def take_back_on_tab(self, payment_id: int) -> None:
        shown = self.group
        if shown is None:
            return
        taken = self._attempt(lambda: self.scorebook.take_back_on_tab(shown.name, payment_id,
                                                                      shown.version))
        if taken is not None:
            self.group = taken

    def show_earlier(self) -> None:
        """The ledger's next thirty deals back, worked out before they are shown."""
        if self.session is not None:
            self.session.ledger_page(self.ledger_shown + LEDGER_EARLIER)
        self.ledger_shown += LEDGER_EARLIER

    def _open_shared(self) -> None:
        """A guest sees the session the host has open."""
        shown = self.lan.session_id if self.lan is not None else None
        if shown is None:
            self.session = None
        elif self.session is None or self.session.id != shown:
            self._open(shown)

    @property
    def draft_device(self) -> str | None:
        """The name this device keeps its drafts under in the database; None on a guest's
        page, whose draft lives only as long as the page (see ``_kept_draft``)."""
        return device_id() if self.role == "host" else None

    def draft(self, session_id: int) -> DealDraft:
        return self.drafts.get(session_id) or DealDraft()

    def _kept_draft(self, session_id: int) -> DealDraft:
        """The session's draft: the one this device kept in the database, if any (with a
        word that it is back), from now on written there on every tap.

        Only the host keeps drafts in the database: it is the device the app runs on.
        A guest's page lives on the host's server, which keeps its draft as long as
        the page lives; the guest's name for it would not outlive a restart anyway."""
        draft = DealDraft()
        device = self.draft_device
        if device is None:
            return draft
        try:
            kept = self.scorebook.draft(session_id, device)
        except StoreError:
            kept = None  # cannot be read now: the form starts empty, the taps still count
        if kept is not None and kept != Deal() and self.session is not None:
            draft.take(kept)
            self.notice = self.t("ui.draft_back", number=self.session.state.deals + 1)
        draft.keep_with(lambda deal: self._keep(session_id, device, deal))
        return draft

    def _keep(self, session_id: int, device: str, deal: Deal) -> None:
        """Write the draft (an empty one is dropped: saved, cleared or undone to nothing)."""
        try:
            if deal == Deal():
                self.scorebook.drop_draft(session_id, device)
            else:
                self.scorebook.keep_draft(session_id, deal, device)
        except StoreError:
            # The database is away for a moment: the draft is still on screen and the
            # next tap writes it again; only a kill right now would lose these taps.
            pass

    def reload(self) -> None:
        """After a refusal for a stale version: the session as stored now, the draft kept."""
        if self.session is not None:
            self._open(self.session.id, self.place.screen)
        self.problem, self.stale = None, False

    def run(self, command: Callable[[], OpenSession], notice: str | None = None) -> bool:
        """Carry out a scorebook command; on refusal say why and change nothing here."""
        session = self._attempt(lambda: self._ready(command()))
        if session is None:
            return False
        self.session = session
        self.notice = notice
        return True

    def _attempt(self, command: Callable[[], Done]) -> Done | None:
        """What a scorebook command gives, or None when it was refused (and why is said)."""
        try:
            done = command()
        except (RuleError, StoreError) as error:
            self.problem = self.refusal(error)
            self.stale = isinstance(error, ConflictError)
            return None
        except NotAllowedError:  # a forged event: the role is checked again on the server
            self.problem = self.t("ui.not_allowed")
            return None
        self.problem, self.stale = None, False
        return done

    def heard(self, session_id: int | None) -> None:
        """The scorebook says something changed (here or on another device)."""
        self.database_lost = not self.scorebook.reachable
        if self.role == "host" and self.place.screen == "tonight" and self.place.group:
            # One of its tables changed, or the list of sessions did (a new table).
            if session_id is None or any(table.id == session_id for table in self.tonight):
                self._open_tonight(self.place.group)
            return
        if session_id is None:
            if self.role == "host" and self.place.screen == "home":
                try:
                    self._list_sessions()
                except StoreError:  # away for a moment: the next change tells again
                    return
            if self.role == "host" and self.place.screen == "group" and self.group is not None:
                self._open_group(self.group.name)
            return
        shown = self.session
        if shown is None or shown.id != session_id:
            return
        latest = self.scorebook.latest(session_id) or self._reopened(session_id)
        if latest is None or latest.version == shown.version:
            return
        try:
            self.session = self._ready(latest)
            self._follow(session_id)
        except StoreError:  # the database is away for a moment: the next change tells again
            return

    # --- one hand, one deal ---
    def _follow(self, session_id: int) -> None:
        """The draft of the session on screen, against the deal Save would record now.
        A blank draft follows the table. One entered for a deal that another device has
        since recorded is dropped if it is that same deal (and said so); otherwise, or if
        its deal was taken back, the person is asked before anything is saved."""
        draft, session = self.drafts.get(session_id), self.session
        if draft is None or session is None or session.id != session_id:
            return
        next_deal = session.state.deals + 1
        if not draft.started or draft.for_deal in (0, next_deal):
            draft.for_deal = next_deal
            if self.taken is not None and self.taken.session_id == session_id:
                self.taken = None
            return
        mine = draft.for_deal
        theirs, by, same = None, None, False
        if mine < next_deal:
            history = session.history
            step = history.steps[mine - 1]
            before = history.state_before(mine - 1)
            entered = draft.deal(list(seating(session.table, before).order),
                                 session.fields.tricks)
            same = dataclasses.replace(entered, dealer=None) == dataclasses.replace(
                step.deal, dealer=None)
            theirs = changes(session.table, step.entries)
            by = self.scorebook.recorded_by(session_id, mine)
        if same:
            draft.begin(next_deal)
            self.taken = None
            self.notice = self.t("ui.deal_same_recorded", number=mine,
                                 device=by or self.t("ui.another_device"))
            return
        self.taken = DealTaken(session_id, mine, next_deal, by, theirs)

    def keep_mine(self) -> None:
        """Answered: the half-entered deal is the next deal."""
        taken = self.taken
        if taken is not None and (draft := self.drafts.get(taken.session_id)) is not None:
            draft.for_deal = taken.next
        self.taken = None

    def discard_mine(self) -> None:
        """Answered: the half-entered deal was the one the other device recorded."""
        taken = self.taken
        if taken is not None and (draft := self.drafts.get(taken.session_id)) is not None:
            draft.begin(taken.next)
        self.taken = None

    @property
    def device_name(self) -> str | None:
        """The name this device gave the room (a guest's "Bengt's phone"), else None."""
        if self.lan is None or self.role == "host":
            return None
        viewer = self.lan.viewers.get(self.viewer_key)
        return viewer.name if viewer is not None else None

    def _reopened(self, session_id: int) -> OpenSession | None:
        try:
            return self.scorebook.open(session_id)
        except StoreError:
            return None

    def _list_sessions(self) -> None:
        self.groups = self.scorebook.group_names()
        self.sessions = self.scorebook.summaries(None if self.showing_all else HOME_LIST)
        self.session_count = (len(self.sessions) if self.showing_all
                              else self.scorebook.count_sessions())

    def show_all_sessions(self) -> None:
        self.showing_all = True
        self._list_sessions()

    # --- the room on the network ---
    def room_changed(self) -> None:
        if self.lan is None:
            return
        if self.role == "host":
            self.guests = tuple(self.lan.viewers.values())
            self.room_heard += 1
            return
        if self.role in ("viewer", "scorer"):
            viewer = self.lan.viewers.get(self.viewer_key)
            if viewer is None:  # the host removed this device: back to the join code
                self.role, self.session = "locked", None
                return
            self.role = "scorer" if viewer.may_score else "viewer"
            self._open_shared()

    def resized(self, width: float | None) -> None:
        wide = (width or 0) >= WIDE
        if wide != self.wide:
            self.wide = wide

    # --- settings ---
    def set_settings(self, settings: Settings) -> None:
        if self.role != "host":  # the settings screen is the host's; an event can be forged
            self.notice = self.t("ui.not_allowed")
            return
        save_settings(settings)
        self.settings = settings

