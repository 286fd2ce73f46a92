"""The scorebook: the one thing the app and the command line talk to.

It opens sessions (``OpenSession``), carries out what the table asks (``changes``: record,
undo, edit, delete, finish, pay), each with the version the screen was drawn from, and
tells every page that listens when a session changed (``listeners``). The roster, the
groups and the whole scorebook's backup are parts of their own, each owning its state
(roster_keeping.py, group_keeping.py, whole_keeping.py); the scorebook hands them on.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Iterable, Mapping
from datetime import date, datetime
from typing import TYPE_CHECKING, TextIO

from scorekeeper.core import (
    Deal,
    Message,
    Session,
    Step,
    Table,
    counts,
    msg,
)
from scorekeeper.core.text import name_key
from scorekeeper.formats.exports import SESSION_EXPORTS, Export, export
from scorekeeper.formats.session_file import PLAIN, Evening
from scorekeeper.session import changes, files
from scorekeeper.session.damage import refuse_if_damaged
from scorekeeper.session.group_keeping import GroupKeeping
from scorekeeper.session.heard import heard_deal
from scorekeeper.session.listeners import Listener, Listeners
from scorekeeper.session.news import EVERYTHING, ROSTER, Shown
from scorekeeper.session.open_session import OpenSession, extended_history
from scorekeeper.session.reading import StoreReading
from scorekeeper.session.roster_keeping import RosterKeeping
from scorekeeper.session.view_cache import DETAILED, HISTORY, NEWEST, SAME_DEALS, ViewCache
from scorekeeper.session.views import VIEWS
from scorekeeper.session.whole_keeping import WholeKeeping
from scorekeeper.store.drafts import draft_of, drop_draft, keep_draft
from scorekeeper.store.groups import GroupStore
from scorekeeper.store.notices import DealNotice
from scorekeeper.store.sessions import (
    ConflictError,
    SessionStore,
    SessionSummary,
    StoredSession,
    StoreError,
)

if TYPE_CHECKING:
    from scorekeeper.core.group_records import GroupRecords
    from scorekeeper.core.head_to_head import HeadToHead
    from scorekeeper.core.records import PlayerRecord
    from scorekeeper.payments import PaymentDetails
    from scorekeeper.session.backup import Counts, Progress
    from scorekeeper.session.groups import GroupTab
    from scorekeeper.store.statistics import Lifetime


class Scorebook:
    def __init__(self, store: SessionStore, shown: str = "") -> None:
        self.store = store
        self.shown = shown  # the database's address as chosen, fit for a screen
        self.groups = GroupStore(store.engine)
        self._open: dict[int, OpenSession] = {}
        # Each open session as stored, its seats' roster rows too: a Save from it writes
        # without reading it again (changes.record_deal).
        self._held: dict[int, StoredSession] = {}
        # Every view of every version shown, made once (session/views.py).
        self.views = ViewCache(StoreReading(store, self.payment_details), VIEWS)
        self._lock = threading.Lock()
        self._listeners = Listeners(store, self._open_versions, self._forget,
                                    self._take_deal, self.groups.id_of)
        self._roster = RosterKeeping(store, self._listeners, self._details_changed)
        self._groups = GroupKeeping(store, self.groups, self._listeners, self.open,
                                    self._roster.payment_details)
        self._whole = WholeKeeping(store, lambda: self._details_changed(self.roster()))

    # --- reading ---

    def open(self, session_id: int) -> OpenSession:
        """The session as stored now (``StoreError`` if there is none): read, unless the
        database's last notice of it, heard since, told the version open here."""
        with self._lock:
            known = self._open.get(session_id)
        if known is not None and self._listeners.told_of(session_id) == known.version:
            return known
        stored = self.store.get(session_id)
        with self._lock:
            known = self._open.get(session_id)
            if known is not None and known.version == stored.version:
                return known
        refuse_if_damaged(self.store, stored)
        return self._opened(changes.with_state(self.store, stored))

    def recorded_by(self, session_id: int, number: int) -> str | None:
        """The name of the device that recorded deal ``number``, if it gave one."""
        return self.store.recorded_by(session_id, number)

    def latest(self, session_id: int) -> OpenSession | None:
        """The newest version this process has seen, without asking the store."""
        with self._lock:
            return self._open.get(session_id)

    def summaries(self, limit: int | None = None) -> list[SessionSummary]:
        return self.store.summaries(limit)

    def count_sessions(self) -> int:
        return self.store.count_sessions()

    def write_every_entry(self, out: TextIO) -> int:
        """Every ledger entry of every session as one CSV (a club's own analysis)."""
        from scorekeeper.store.ledger_export import write_all_entries

        return write_all_entries(self.store.engine, out)

    # --- commands: each carries the version the screen showed ---

    def create(self, name: str, table: Table, group: str | None = None) -> OpenSession:
        stored = changes.create(self.store, name, table, group)
        self._listeners.announce(None)
        return self._opened(stored)

    def import_session(self, name: str, session: Session,
                       progress: Callable[[int], None] | None = None,
                       evening: Evening = PLAIN) -> OpenSession:
        """A session replayed whole from its file, with what the file says of its
        ``evening`` (payments, group, date, finished): all of it is stored, or nothing."""
        stored = changes.import_session(
            self.store, name, session, progress, payments=evening.payments,
            group=evening.group, played_on=evening.played_on, finished=evening.finished,
            uid=evening.uid)
        self._listeners.announce(None)
        return self._opened(stored, session)

    def import_file(self, source: str,
                    progress: Callable[[int], None] | None = None) -> OpenSession:
        """A session file, checked whole, then stored whole with its payments."""
        read = files.read_session(source)
        return self.import_session(read.name, read.session, progress, read.evening)

    def record(self, session_id: int, deal: Deal, version: int,
               drafted_on: str | None = None, by: str | None = None,
               checked: Step | None = None) -> tuple[OpenSession, Step]:
        """Record the next deal; ``drafted_on``: the device whose kept draft it was, which
        goes with it (in the same transaction); ``by``: the name the device gave;
        ``checked``: the step the rules gave for ``deal`` at ``version``, if worked out."""
        with self._listeners.changing(session_id):
            with self._lock:
                held = self._held.get(session_id)
            stored, step = changes.record_deal(self.store, session_id, deal, version,
                                               drafted_on, by, checked, held)
            history = extended_history(self.latest(session_id), version, step)
            return self._changed(stored, history, newest=step.deal), step

    def undo(self, session_id: int, version: int) -> OpenSession:
        with self._listeners.changing(session_id):
            return self._changed(changes.undo(self.store, session_id, version))

    def edit(self, session_id: int, index: int, deal: Deal, version: int) -> OpenSession:
        with self._listeners.changing(session_id):
            return self._changed(changes.edit(self.store, session_id, index, deal, version))

    def delete(self, session_id: int, index: int, version: int) -> OpenSession:
        with self._listeners.changing(session_id):
            return self._changed(changes.delete(self.store, session_id, index, version))

    def finish(self, session_id: int, version: int) -> OpenSession:
        with self._listeners.changing(session_id):
            return self._changed(changes.finish(self.store, session_id, version))

    def pay(self, session_id: int, payer: str, payee: str, minor: int,
            version: int) -> OpenSession:
        """``payer`` handed ``payee`` ``minor``: a change of the session like a deal,
        refused if someone changed it since ``version``; every page is told."""
        with self._listeners.changing(session_id):
            return self._paid(changes.pay(self.store, session_id, payer, payee, minor,
                                          version), version)

    def take_back_payment(self, session_id: int, payment_id: int,
                          version: int) -> OpenSession:
        """Forget a payment recorded by mistake."""
        with self._listeners.changing(session_id):
            return self._paid(changes.take_back_payment(self.store, session_id, payment_id,
                                                        version), version)

    def move_to_group(self, session_id: int, group: str | None, version: int) -> OpenSession:
        """Count the session in ``group``'s tab (None: in no group's)."""
        with self._listeners.changing(session_id):
            return self._paid(changes.move_to_group(self.store, session_id, group, version),
                              version)

    def _paid(self, stored: StoredSession, version: int) -> OpenSession:
        """The session after a change that moved money or the group, not a deal: what
        the version before had read of its deals stays true and is not read again."""
        before = self.latest(stored.id)
        session = self._opened(stored)
        if before is not None and before.version == version:
            self.views.hand_on(before, session, SAME_DEALS)
        self._listeners.announce(stored.id)  # one word per change: a page showing a
        # list (home, a group) takes a session's change for a change of its list too
        return session

    def export(self, session_id: int, kind: Export, language: str,
               version: int | None = None) -> tuple[OpenSession, bytes]:
        """The session as a file, with its paid ticks (and on the score sheet the payment
        codes); with ``version``, only if it is still what the screen shows."""
        session = self.open(session_id)
        if version is not None and session.version != version:
            raise ConflictError(_conflict(session))
        codes = SESSION_EXPORTS[kind].codes  # read only by an export that draws them
        return session, export(kind, session.name, session.history, language, date.today(),
                               evening=session.evening,
                               offers=session.offers(language) if codes else (),
                               details=session.payment_details if codes else {})

    # --- the half-entered deal ---
    # A draft is not a change of the session (no deal, entry or version moves), so it
    # carries no version and nobody is told of it: it is this device's alone.

    def keep_draft(self, session_id: int, deal: Deal, device: str = "") -> None:
        """Keep what ``device`` has tapped for the next deal, so it outlives the app."""
        keep_draft(self.store.engine, session_id, device, deal)

    def draft(self, session_id: int, device: str = "") -> Deal | None:
        """The deal ``device`` left half entered in the session, if any."""
        return draft_of(self.store.engine, session_id, device)

    def drop_draft(self, session_id: int, device: str = "") -> None:
        """Forget ``device``'s draft: it was saved, or emptied."""
        drop_draft(self.store.engine, session_id, device)

    # --- telling the pages ---

    def subscribe(self, listener: Listener, shown: Shown = EVERYTHING) -> Callable[[], None]:
        """Hear of every change made here, and of those made elsewhere to what ``shown``
        (a page's: ``shows`` changes it); returns the way to stop hearing."""
        return self._listeners.subscribe(listener, shown)

    def shows(self, listener: Listener, shown: Shown) -> None:
        """The page ``listener`` hears for now shows ``shown``."""
        self._listeners.shows(listener, shown)

    def first_screen_shown(self) -> None:
        """A page has its first screen: what opening did not check of the database is
        checked now, in the background (see ``open_scorebook``)."""
        from scorekeeper.store.wholeness import check_soon

        check_soon(self.store.engine)

    @property
    def database_shown(self) -> str:
        """The database this scorebook is kept in, as a screen may show it (no password):
        the one ``--db``, ``SCOREKEEPER_DB``, the settings or the default chose."""
        from scorekeeper.session.where import shown_url

        return self.shown or shown_url(
            self.store.engine.url.render_as_string(hide_password=False))

    @property
    def reachable(self) -> bool:
        """The database is there, as far as this server has heard (always, on SQLite)."""
        return self._listeners.reachable

    def _open_versions(self) -> dict[int, int]:
        with self._lock:
            return {session_id: s.version for session_id, s in self._open.items()}

    def _forget(self, session_id: int, version: int | None = None) -> None:
        """Drop a session another process changed; given ``version``, the one its change
        made, only while what is open here is older (a newer one, read or made here
        since the notice left, stays)."""
        with self._lock:
            known = self._open.get(session_id)
            if known is not None and (version is None or known.version < version):
                del self._open[session_id]
                self._held.pop(session_id, None)

    # --- the roster (roster_keeping.py) ---

    def roster(self) -> list[str]:
        return self._roster.roster()

    def lifetime(self, player: str) -> list[Lifetime]:
        return self._roster.lifetime(player)

    def lifetimes(self) -> dict[str, list[Lifetime]]:
        return self._roster.lifetimes()

    def add_player(self, name: str) -> str:
        return self._roster.add_player(name)

    def payment_details(self, names: Iterable[str]) -> dict[str, PaymentDetails]:
        return self._roster.payment_details(names)

    def set_payment_details(self, name: str, details: PaymentDetails) -> str:
        return self._roster.set_payment_details(name, details)

    def import_roster(self, players: Mapping[str, PaymentDetails]) -> list[str]:
        return self._roster.import_roster(players)

    def import_roster_file(self, source: bytes | str, language: str) -> list[str]:
        return self._roster.import_roster_file(source, language)

    def roster_file(self) -> bytes:
        return self._roster.roster_file()

    # --- the groups (group_keeping.py) ---

    def group_names(self) -> list[str]:
        return self._groups.group_names()

    def group(self, name: str, every_evening: bool = False) -> GroupTab:
        return self._groups.group(name, every_evening)

    def versus(self, first: str, second: str, group: str | None = None,
               year: int | None = None) -> HeadToHead:
        return self._groups.versus(first, second, group, year)

    def player_record(self, player: str, group: str | None = None,
                      year: int | None = None) -> PlayerRecord:
        return self._groups.player_record(player, group, year)

    def group_records(self, group: str) -> GroupRecords:
        return self._groups.group_records(group)

    def tonight(self, group: str) -> list[OpenSession]:
        return self._groups.tonight(group)

    def pay_on_tab(self, name: str, payer: str, payee: str, minor: int,
                   version: int | None = None) -> GroupTab:
        return self._groups.pay_on_tab(name, payer, payee, minor, version)

    def take_back_on_tab(self, name: str, payment_id: int, version: int) -> GroupTab:
        return self._groups.take_back_on_tab(name, payment_id, version)

    # --- the whole scorebook (whole_keeping.py) ---

    def backup(self, made: datetime | None = None) -> tuple[str, bytes]:
        return self._whole.backup(made)

    def what_restore_adds(self, data: bytes, language: str,
                          progress: Progress | None = None) -> Counts:
        return self._whole.what_restore_adds(data, language, progress)

    def restore(self, data: bytes, language: str, progress: Progress | None = None,
                processes: int = 1) -> Counts:
        return self._whole.restore(data, language, progress, processes)

    # --- inside ---

    def _details_changed(self, players: list[str]) -> None:
        """Open sessions seating one of ``players`` show their new details from now on (a
        detail is no change of a session: no new version)."""
        changed = {name_key(player) for player in players}
        with self._lock:
            for session_id, known in list(self._open.items()):
                if any(name_key(p) in changed for p in known.state.everyone):
                    self.views.forget(session_id, DETAILED)
                    self._open[session_id] = dataclasses.replace(known)  # drawn anew
        self._listeners.announce(None)
        self._listeners.announce(ROSTER)

    def _take_deal(self, notice: DealNotice) -> bool:
        """The version a Save's notice tells of, worked out from the one open here."""
        with self._lock:
            held = self._held.get(notice.session_id)
            before = self._open.get(notice.session_id)
        if held is None or (worked := heard_deal(held, notice)) is None:
            return False  # not held here, or not to be worked out from it: it is read
        stored, step = worked
        history = extended_history(before, held.version, step)
        self.views.put(self._opened(stored, history), NEWEST, step.deal)
        return True

    def _changed(self, stored: StoredSession, history: Session | None = None, *,
                 newest: Deal | None = None) -> OpenSession:
        """The session as just changed (``newest``: the deal just recorded, which Undo would
        take back), then the pages told: it changed, and so did the list of sessions."""
        session = self._opened(stored, history)
        if newest is not None:
            self.views.put(session, NEWEST, newest)
        self._listeners.announce(stored.id)  # one word per change: a page showing a
        # list (home, a group) takes a session's change for a change of its list too
        return session

    def _opened(self, stored: StoredSession, history: Session | None = None) -> OpenSession:
        assert stored.newest_state is not None  # changes.with_state gave it
        session = OpenSession(
            stored.id, stored.name, stored.finished, stored.version, stored.table,
            stored.newest_state, stored.created_at, stored.updated_at,
            stored.group, stored.played_on, stored.uid, views=self.views)
        if history is not None:  # worked out by the caller: not read again
            self.views.put(session, HISTORY, history)
        with self._lock:
            known = self._open.get(stored.id)
            if known is None or known.version <= stored.version:
                self._open[stored.id] = session
                self._held[stored.id] = stored
        return session


def _conflict(session: OpenSession) -> Message:
    return msg(counts("store.conflict", "deal"), deal=session.state.deals)


__all__ = ["ConflictError", "Scorebook", "StoreError"]
