"""The scorebook: the one thing the app and the command line talk to.

It opens sessions (``OpenSession``), carries out what the table asks (record, undo,
edit, delete, finish, export), each command with the version the screen was drawn
from, and tells every page that listens when a session changed: at once for changes
made in this process, within a moment for changes another process made (it watches
the store's versions).
"""

from __future__ import annotations

import dataclasses
import os
import threading
from collections.abc import Callable, Collection, Iterable, Mapping
from datetime import date
from typing import TYPE_CHECKING, TextIO

from scorekeeper.core import Deal, Message, Session, Step, Table, Transfer, close, msg
from scorekeeper.formats.exports import Export, export
from scorekeeper.session.open_session import OpenSession, PaidTransfer
from scorekeeper.store.drafts import draft_of, drop_draft, keep_draft
from scorekeeper.store.sessions import (
    ConflictError,
    SessionStore,
    SessionSummary,
    StoredSession,
    StoreError,
    name_key,
)
from scorekeeper.store.statistics import Lifetime, lifetimes

if TYPE_CHECKING:  # loaded when details are read or kept, never when the app starts
    from scorekeeper.payments import PaymentDetails

# A listener hears the id of a session that changed, or None when the list of sessions did.
Listener = Callable[[int | None], None]
WATCH_SECONDS = float(os.environ.get("SCOREKEEPER_WATCH_SECONDS", "1"))


class Scorebook:
    def __init__(self, store: SessionStore) -> None:
        self.store = store
        self._open: dict[int, OpenSession] = {}
        self._listeners: list[Listener] = []
        self._lock = threading.Lock()
        self._watcher: threading.Thread | None = None
        self._list_mark: object = None

    # --- reading ---

    def open(self, session_id: int) -> OpenSession:
        """The session as stored now (``StoreError`` if there is none)."""
        stored = self.store.get(session_id)
        with self._lock:
            known = self._open.get(session_id)
            if known is not None and known.version == stored.version:
                return known
        return self._opened(stored)

    def latest(self, session_id: int) -> OpenSession | None:
        """The newest version this process has seen, without asking the store."""
        with self._lock:
            return self._open.get(session_id)

    def summaries(self, limit: int | None = None) -> list[SessionSummary]:
        return self.store.summaries(limit)

    def count_sessions(self) -> int:
        return self.store.count_sessions()

    def roster(self) -> list[str]:
        return self.store.roster()

    def lifetime(self, player: str) -> list[Lifetime]:
        """One player's record per game, then over all games; empty if never seated."""
        return lifetimes(self.store.engine, player).get(name_key(player), [])

    def write_every_entry(self, out: TextIO) -> int:
        """Every ledger entry of every session as one CSV (a club's own analysis)."""
        from scorekeeper.store.ledger_export import write_all_entries

        return write_all_entries(self.store.engine, out)

    def lifetimes(self) -> dict[str, list[Lifetime]]:
        """Every player's lifetime statistics, by name as kept in the roster."""
        by_key = lifetimes(self.store.engine)
        return {name: by_key.get(name_key(name), []) for name in self.roster()}

    # --- commands: each carries the version the screen showed ---

    def create(self, name: str, table: Table) -> OpenSession:
        stored = self.store.create(name, table)
        self._announce(None)
        return self._opened(stored)

    def import_session(self, name: str, session: Session,
                       progress: Callable[[int], None] | None = None,
                       paid: Collection[PaidTransfer] = ()) -> OpenSession:
        """A session replayed whole from its file, with the transfers its file ticked
        ``paid``: all of it is stored, or nothing (a tick that is no transfer of the
        session's settle-up is refused before anything is written)."""
        transfers = {(t.payer, t.payee, t.minor)
                     for t in close(session.table, session.state).transfers}
        for payer, payee, minor in sorted(paid):
            if (payer, payee, minor) not in transfers:
                raise StoreError(msg("store.no_such_transfer", payer=payer, payee=payee))
        stored = self.store.import_session(name, session, progress)
        if paid:
            from scorekeeper.store.payments import set_paid

            for payer, payee, minor in sorted(paid):
                stored = set_paid(self.store.engine, stored.id, payer, payee, minor, True,
                                  stored.version)
        self._announce(None)
        return self._opened(stored, session)

    def add_player(self, name: str) -> str:
        return self.store.add_player(name)

    def record(self, session_id: int, deal: Deal, version: int,
               drafted_on: str | None = None) -> tuple[OpenSession, Step]:
        """Record the next deal; ``drafted_on``: the device whose kept draft it was, which
        goes with it (in the same transaction)."""
        stored, step = self.store.record(session_id, deal, version, drafted_on)
        before = self.latest(session_id)
        history = None
        if before is not None and before.version == version and "history" in before.__dict__:
            history = Session(before.table, (*before.history.steps, step))
        return self._changed(stored, history), step

    def undo(self, session_id: int, version: int) -> OpenSession:
        return self._changed(self.store.undo(session_id, version))

    def edit(self, session_id: int, index: int, deal: Deal, version: int) -> OpenSession:
        return self._changed(self.store.edit(session_id, index, deal, version))

    def delete(self, session_id: int, index: int, version: int) -> OpenSession:
        return self._changed(self.store.delete_deal(session_id, index, version))

    def finish(self, session_id: int, version: int) -> OpenSession:
        return self._changed(self.store.finish(session_id, version))

    def set_paid(self, session_id: int, transfer: Transfer, paid: bool,
                 version: int) -> OpenSession:
        """Tick (or untick) a transfer of the settle-up as paid: a change of the session
        like a deal, refused if someone changed it since ``version``; every page is told."""
        from scorekeeper.store.payments import set_paid

        before = self.latest(session_id)
        stored = set_paid(self.store.engine, session_id, transfer.payer, transfer.payee,
                          transfer.minor, paid, version)
        session = self._opened(stored)
        if before is not None and before.version == version:
            # A tick changes no deal and no detail: what the screen had read stays true,
            # so the screens redraw without reading the store again.
            for kept in ("history", "ledger", "_ledger_pages", "payment_details"):
                if kept in before.__dict__:
                    session.__dict__[kept] = before.__dict__[kept]
            if "paid" in before.__dict__:
                tick = {(transfer.payer, transfer.payee, transfer.minor)}
                session.__dict__["paid"] = (before.paid | tick) if paid else (before.paid - tick)
        self._announce(stored.id)
        self._announce(None)
        return session

    def payment_details(self, names: Iterable[str]) -> dict[str, PaymentDetails]:
        """The payment details the roster keeps for each of ``names`` that has any."""
        from scorekeeper.store.payments import payment_details

        found = payment_details(self.store.engine, names)
        return {name: details for name, details in found.items() if not details.empty}

    def set_payment_details(self, name: str, details: PaymentDetails) -> str:
        """Keep ``details`` (checked by ``payments.payment_details``) for ``name``, adding
        the player to the roster if new; returns the name as kept. Open sessions seating
        the player show the new details from now on (a detail is no change of a session)."""
        from scorekeeper.store.payments import set_payment_details

        kept = set_payment_details(self.store.engine, name, details)
        self._details_changed([kept])
        return kept

    def import_roster(self, roster: Mapping[str, PaymentDetails]) -> list[str]:
        """A roster file's players (checked by ``formats.roster_file.load_roster``), all
        kept or none; returns the names as kept."""
        from scorekeeper.store.payments import import_roster

        kept = import_roster(self.store.engine, roster)
        self._details_changed(kept)
        return kept

    def _details_changed(self, players: list[str]) -> None:
        """Open sessions seating one of ``players`` show their new details from now on."""
        from scorekeeper.store.sessions import name_key as key

        changed = {key(player) for player in players}
        with self._lock:
            for session_id, known in list(self._open.items()):
                if any(key(p) in changed for p in known.table.players):
                    self._open[session_id] = self._fresh_details(known)
        self._announce(None)

    def export(self, session_id: int, kind: Export, language: str,
               version: int | None = None) -> tuple[OpenSession, bytes]:
        """The session as a file, with its paid ticks (and on the score sheet the payment
        codes); with ``version``, only if it is still what the screen shows."""
        session = self.open(session_id)
        if version is not None and session.version != version:
            raise ConflictError(_conflict(session))
        payments = session.payments(language) if kind == "pdf" else ()
        return session, export(kind, session.name, session.history, language, date.today(),
                               paid=session.paid, payments=payments,
                               details=session.payment_details if kind == "pdf" else {})

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

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Hear of every change; returns the way to stop hearing."""
        with self._lock:
            self._listeners.append(listener)
            if self._watcher is None:
                self._watcher = threading.Thread(target=self._watch, name="scorebook-watch",
                                                 daemon=True)
                self._watcher.start()

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return unsubscribe

    def _announce(self, session_id: int | None) -> None:
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            listener(session_id)

    def _watch(self) -> None:
        """Notice what other processes (another server on the same database) changed."""
        stop = threading.Event()
        while not stop.wait(WATCH_SECONDS):
            try:
                self._look_for_changes()
            except Exception:  # a database gone away for a moment: look again next time
                continue

    def _look_for_changes(self) -> None:
        with self._lock:
            known = {session_id: s.version for session_id, s in self._open.items()}
        for session_id, version in self.store.versions(list(known)).items():
            if version != known[session_id]:
                with self._lock:
                    self._open.pop(session_id, None)
                self._announce(session_id)
        mark = self.store.list_mark()
        if self._list_mark is not None and mark != self._list_mark:
            self._announce(None)
        self._list_mark = mark

    # --- inside ---

    def _changed(self, stored: StoredSession, history: Session | None = None) -> OpenSession:
        session = self._opened(stored, history)
        self._announce(stored.id)
        self._announce(None)
        return session

    def _opened(self, stored: StoredSession, history: Session | None = None) -> OpenSession:
        session = OpenSession(
            stored.id, stored.name, stored.finished, stored.version, stored.table,
            stored.state, stored.created_at, stored.updated_at,
            load_history=lambda: self._history(stored),
            load_recent=lambda newest: self.store.recent_steps(
                stored.id, newest, stored.state.deals, stored.version),
            load_paid=lambda: self._paid(stored.id),
            load_details=lambda: self.payment_details(stored.table.players),
        )
        if history is not None:
            session.__dict__["history"] = history
        with self._lock:
            known = self._open.get(stored.id)
            if known is None or known.version <= stored.version:
                self._open[stored.id] = session
        return session

    def _paid(self, session_id: int) -> frozenset[PaidTransfer]:
        from scorekeeper.store.payments import paid_transfers

        return frozenset(paid_transfers(self.store.engine, session_id))

    @staticmethod
    def _fresh_details(known: OpenSession) -> OpenSession:
        """The same version with its payment details to be read again (the deals and the
        ticks already read are kept)."""
        fresh = dataclasses.replace(known)
        for kept in ("history", "ledger", "_ledger_pages", "paid"):
            if kept in known.__dict__:
                fresh.__dict__[kept] = known.__dict__[kept]
        return fresh

    def _history(self, stored: StoredSession) -> Session:
        deals = self.store.deals(stored.id)[: stored.state.deals]
        return Session.replay(stored.table, deals)


def _conflict(session: OpenSession) -> Message:
    return msg("store.conflict", deal=session.state.deals)


__all__ = ["ConflictError", "Scorebook", "StoreError"]
