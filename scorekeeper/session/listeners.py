"""Telling every page that listens when a session changed: at once for changes made in
this process; for changes another process made (another server on the same database) at
once on PostgreSQL, which notifies them, and within a moment on SQLite, whose versions
are watched."""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable, Iterator

from scorekeeper.session.news import ROSTER, Heard
from scorekeeper.store.notices import DealNotice, deal_notice, listen, notifies, session_notice
from scorekeeper.store.sessions import SessionStore

Listener = Callable[[Heard], None]
WATCH_SECONDS = float(os.environ.get("SCOREKEEPER_WATCH_SECONDS", "1"))
TOLD_KEPT = 10_000  # sessions whose newest version told is kept (every session of a club)


class Listeners:
    def __init__(self, store: SessionStore, known_versions: Callable[[], dict[int, int]],
                 forget: Callable[..., None],
                 take_deal: Callable[[DealNotice], bool] = lambda _: False) -> None:
        """``known_versions``: the version of each session this process has open;
        ``forget(session_id[, version])``: drop a session another process changed from
        what is open (given the version it made: only if what is open is older);
        ``take_deal(notice)``: work out the version a Save's notice tells of from the one
        open here, without a read (False: it cannot, and the session is read)."""
        self._store = store
        self._known_versions = known_versions
        self._forget = forget
        self._take_deal = take_deal
        # The newest version the database told of each session, while it is heard: what
        # is open here at that version is the stored one (``told_of``).
        self._told: dict[int, int] = {}
        self._listeners: list[Listener] = []
        self._lock = threading.Lock()
        self._watcher: threading.Thread | None = None
        self._list_mark: object = None
        self._roster_mark: object = None
        # The sessions this process is changing now, and the newest version a notice
        # named for each meanwhile (see ``changing``).
        self._changing: dict[int, int] = {}
        self._held: dict[int, int] = {}
        self.reachable = True  # on PostgreSQL: is the database server there now?

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Hear of every change; returns the way to stop hearing."""
        with self._lock:
            self._listeners.append(listener)
            if self._watcher is None:
                hear = self._hear if notifies(self._store.engine) else self._watch
                self._watcher = threading.Thread(target=hear, name="scorebook-watch",
                                                 daemon=True)
                self._watcher.start()

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return unsubscribe

    def announce(self, session_id: Heard) -> None:
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            listener(session_id)

    def _watch(self) -> None:
        self._mark_list()
        stop = threading.Event()
        while not stop.wait(WATCH_SECONDS):
            try:
                self.look_for_changes()
            except Exception:  # a database gone away for a moment: look again next time
                continue

    def _hear(self) -> None:
        self._mark_list()
        listen(self._store.engine, self._noticed, threading.Event(), on_reach=self._reach)

    def _reach(self, reachable: bool) -> None:
        """The database server went away, or came back: every page says so (the list of
        sessions is what each page redraws from)."""
        self.reachable = reachable
        with self._lock:
            self._told.clear()  # what it told before is no longer known to be the newest
        self.announce(None)

    def told_of(self, session_id: int) -> int | None:
        """The version the database last told of ``session_id`` while heard without a
        break (None: not told, or told before the connection was last lost)."""
        with self._lock:
            return self._told.get(session_id)

    def _noticed(self, payload: str) -> None:
        dealt = deal_notice(payload)
        if dealt is not None:
            self._tell(dealt.session_id, dealt.version)
            self.heard_deal(dealt)
            return
        if payload == "group":  # a payment on a group's tab: the lists show tabs
            self.announce(None)
            return
        if payload == ROSTER:
            self.announce(ROSTER)
            return
        named = session_notice(payload)
        self._tell(*(named or (None, None)))
        if named is not None and named[1] is not None:
            self.heard_version(*named)
            return
        try:
            # A notice names the one session a commit changed: only its version is asked
            # for (every server hears every deal of a club's night; asking for the
            # versions of all it has open cost each of them about 1 ms of CPU a deal).
            self.look_for_changes(named[0] if named is not None else None)
        except Exception:  # the database gone again: the listener hears that too
            return

    @contextlib.contextmanager
    def changing(self, session_id: int) -> Iterator[None]:
        """Around a change this process makes to ``session_id``. PostgreSQL sends the
        commit's notice as the commit ends, and the hearing thread could take it before
        the change was kept here: the pages were told of it twice (about 28 % of a
        server's own Saves). A notice heard meanwhile is held, and heard once the change
        is kept: no word for this process's own version; one for any newer version
        (another server's change, which may be why this one was refused)."""
        with self._lock:
            self._changing[session_id] = self._changing.get(session_id, 0) + 1
        try:
            yield
        finally:
            with self._lock:
                self._changing[session_id] -= 1
                held = None
                if not self._changing[session_id]:
                    del self._changing[session_id]
                    held = self._held.pop(session_id, None)
            if held is not None:
                self.heard_version(session_id, held)

    def _tell(self, session_id: int | None, version: int | None) -> None:
        """Keep the version a notice told (a session removed, or a listening begun, tells
        none: it is read again)."""
        with self._lock:
            if session_id is None:
                self._told.clear()
            elif version is None:
                self._told.pop(session_id, None)
            else:
                if len(self._told) >= TOLD_KEPT and session_id not in self._told:
                    self._told.clear()  # a server up for months: its open ones are read again
                self._told[session_id] = max(version, self._told.get(session_id, version))

    def heard_deal(self, notice: DealNotice) -> None:
        """A Save's notice with its deal: worked out here from the version before, if it
        is the one open; otherwise heard as its version alone."""
        if self._held_meanwhile(notice.session_id, notice.version):
            return  # this process's own Save, most likely
        if self._take_deal(notice):
            self.announce(notice.session_id)
            return
        self.heard_version(notice.session_id, notice.version)

    def heard_version(self, session_id: int, version: int) -> None:
        """Session ``session_id`` is now at ``version`` (the notice said so): nothing is
        asked of the store. A server that holds that version already made the change
        (its pages were told then) or read it since; any other tells its pages, which
        read the session if they show it, and take it for a change of the lists they
        show. Every server hears every deal of a club's night: asking the store here
        cost each of them a query a deal."""
        if self._held_meanwhile(session_id, version):
            return
        held = self._known_versions().get(session_id)
        if held is not None and held >= version:
            return
        if held is not None:
            self._forget(session_id, version)
        self.announce(session_id)

    def _held_meanwhile(self, session_id: int, version: int) -> bool:
        """Held while this process changes ``session_id``, to be heard once it has
        (``changing``)?"""
        with self._lock:
            if session_id not in self._changing:
                return False
            self._held[session_id] = max(version, self._held.get(session_id, version))
            return True

    def _mark_list(self) -> None:
        """The list as it is when hearing starts: the first change after it is told."""
        with contextlib.suppress(Exception):  # a database away: the first look marks it
            self._list_mark, self._roster_mark = self._store.marks()

    def look_for_changes(self, only: int | None = None) -> None:
        """Tell of every session another process changed (or of session ``only``, when a
        notice named it), and of a changed list."""
        known = self._known_versions()
        if only is not None:
            known = {only: known[only]} if only in known else {}
        for session_id, version in (self._store.versions(list(known)) if known else {}).items():
            if version != known[session_id]:
                self._forget(session_id)
                self.announce(session_id)
        mark, roster = self._store.marks()
        if self._list_mark is not None and mark != self._list_mark:
            self.announce(None)
        self._list_mark = mark
        if self._roster_mark is not None and roster != self._roster_mark:
            self.announce(ROSTER)
        self._roster_mark = roster
