"""Telling every page that listens when a session changed: at once for changes made in
this process; for changes another process made (another server on the same database) at
once on PostgreSQL, which notifies them, and within a moment on SQLite, whose versions
are watched. On PostgreSQL a server hears only of what its pages show (``shows``): each
session, group and the roster has a channel of its own, and only a page listing the
sessions hears every change."""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable, Iterable, Iterator

from scorekeeper.core.text import name_key
from scorekeeper.session.news import EVERYTHING, ROSTER, Heard, Shown
from scorekeeper.store.notices import (
    CHANNEL,
    ROSTER_CHANNEL,
    SESSION_PREFIX,
    Channels,
    DealNotice,
    channels,
    deal_notice,
    listen,
    notifies,
    session_channel,
    session_notice,
)
from scorekeeper.store.sessions import SessionStore

Listener = Callable[[Heard], None]
WATCH_SECONDS = float(os.environ.get("SCOREKEEPER_WATCH_SECONDS", "1"))
TOLD_KEPT = 10_000  # sessions whose newest version told is kept (every session of a club)


class Listeners:
    def __init__(self, store: SessionStore, known_versions: Callable[[], dict[int, int]],
                 forget: Callable[..., None],
                 take_deal: Callable[[DealNotice], bool] = lambda _: False,
                 group_id: Callable[[str], int | None] = lambda _: None) -> None:
        """``known_versions``: the version of each session this process has open;
        ``forget(session_id[, version])``: drop a session another process changed from
        what is open (given the version it made: only if what is open is older);
        ``take_deal(notice)``: work out the version a Save's notice tells of from the one
        open here, without a read (False: it cannot, and the session is read);
        ``group_id(name)``: the id of a group a page shows (its channel's)."""
        self._store = store
        self._known_versions = known_versions
        self._forget = forget
        self._take_deal = take_deal
        self._group_id = group_id
        # The newest version the database told of each session, while it is heard, and the
        # channel that told it: what is open here at that version is the stored one
        # (``told_of``), until that channel is no longer listened to.
        self._told: dict[int, tuple[int, str]] = {}
        self._listeners: list[Listener] = []
        self._shown: dict[Listener, Shown] = {}  # what each listener's page shows
        self._group_ids: dict[str, int] = {}  # by name_key: a group's id never changes
        self._channels: Channels | None = None  # on PostgreSQL, once hearing has begun
        self._lock = threading.Lock()
        self._wanting = threading.Lock()
        self._watcher: threading.Thread | None = None
        self._list_mark: object = None
        self._roster_mark: object = None
        # The sessions this process is changing now, and the newest version a notice
        # named for each meanwhile (see ``changing``).
        self._changing: dict[int, int] = {}
        self._held: dict[int, int] = {}
        self.reachable = True  # on PostgreSQL: is the database server there now?
        self.hearing = threading.Event()  # on PostgreSQL: set while notices are heard

    def subscribe(self, listener: Listener, shown: Shown = EVERYTHING) -> Callable[[], None]:
        """Hear of the changes of what ``shown`` (changed by ``shows``) and of every
        change made here; returns the way to stop hearing."""
        with self._lock:
            self._listeners.append(listener)
            self._shown[listener] = shown
            starting = self._watcher is None
            if starting:
                hear = self._watch
                if notifies(self._store.engine):
                    hear, self._channels = self._hear, Channels(frozenset())
                self._watcher = threading.Thread(target=hear, name="scorebook-watch",
                                                 daemon=True)
        self._want()
        if starting:  # listening to what the page shows from the first
            assert self._watcher is not None
            self._watcher.start()

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)
                self._shown.pop(listener, None)
            self._want()

        return unsubscribe

    def shows(self, listener: Listener, shown: Shown) -> None:
        """``listener``'s page now shows ``shown``: what another server changes of it is
        heard from now on, and nothing else is for it."""
        with self._lock:
            if listener not in self._shown or self._shown[listener] == shown:
                return  # not subscribed (its page has gone), or nothing new
            self._shown[listener] = shown
        self._want()

    def _want(self) -> None:
        """The channels every page's news is told on, wanted by the hearing thread."""
        if self._channels is None:
            return  # SQLite: every open session is watched
        with self._wanting:  # the union taken last is the one wanted last
            shown = self._shown_now()
            groups = [group for group in map(self._group, shown.groups) if group is not None]
            self._channels.want(channels(shown.sessions, groups, shown.lists, shown.roster))

    def _group(self, name: str) -> int | None:
        key = name_key(name)
        if key not in self._group_ids:
            try:
                found = self._group_id(name)
            except Exception:  # the database away: its tables are heard once it is back
                return None
            if found is None:
                return None  # no such group (yet): nothing to hear
            self._group_ids[key] = found
        return self._group_ids[key]

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
        listen(self._store.engine, self._noticed, threading.Event(), self.hearing,
               on_reach=self._reach, shown=self._channels, on_listened=self._listened)

    def _listened(self, added: frozenset[str], removed: frozenset[str]) -> None:
        """The hearing connection listens to the channels ``added`` and no longer to those
        ``removed``. What was changed between a page reading what it shows and its
        channel being heard was told to nobody: a session's version is asked for, and a
        list (or a group's tables) is told to have changed."""
        with self._lock:  # what a channel no longer heard told may be old from now on
            self._told = {session_id: told for session_id, told in self._told.items()
                          if told[1] not in removed}
        sessions = [int(channel.removeprefix(SESSION_PREFIX)) for channel in added
                    if channel.startswith(SESSION_PREFIX)]
        if added & {CHANNEL, ROSTER_CHANNEL}:
            self.announce(ROSTER)
        if added - {ROSTER_CHANNEL} - {session_channel(s) for s in sessions}:
            self.announce(None)  # the lists, or a group's
        known = self._known_versions()
        sessions = [session_id for session_id in sessions if session_id in known]
        try:
            stored = self._store.versions(sessions) if sessions else {}
        except Exception:  # the database gone again: the listener hears that too
            return
        for session_id in sessions:
            version = stored.get(session_id)
            if version is not None:
                self._tell(session_id, version, session_channel(session_id))
            if version is None or version > known[session_id]:
                self._forget(session_id, version)
                self.announce(session_id)

    def _reach(self, reachable: bool) -> None:
        """The database server went away, or came back: every page says so (the list of
        sessions is what each page redraws from)."""
        self.reachable = reachable
        with self._lock:
            self._told.clear()  # what it told before is no longer known to be the newest
        self.announce(None)

    def told_of(self, session_id: int) -> int | None:
        """The version the database last told of ``session_id`` while heard without a
        break (None: not told, or told before the connection was last lost or its
        channel let go)."""
        with self._lock:
            told = self._told.get(session_id)
        return None if told is None else told[0]

    def _noticed(self, payload: str, channel: str = CHANNEL) -> None:
        dealt = deal_notice(payload)
        if dealt is not None:
            self._tell(dealt.session_id, dealt.version, channel)
            self.heard_deal(dealt)
            return
        if payload == "group":  # a payment on a group's tab: the lists show tabs
            self.announce(None)
            return
        if payload == ROSTER:
            self.announce(ROSTER)
            return
        named = session_notice(payload)
        self._tell(*(named or (None, None)), channel)
        if named is not None and named[1] is not None:
            self.heard_version(*named)
            return
        try:
            # A notice names the one session a commit changed: only its version is asked
            # for (every server hears every deal of a club's night; asking for the
            # versions of all it has open cost each of them about 1 ms of CPU a deal).
            self.look_for_changes(named[0] if named is not None else self._heard_again())
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

    def _tell(self, session_id: int | None, version: int | None,
              channel: str = CHANNEL) -> None:
        """Keep the version a notice told on ``channel`` (a session removed, or a listening
        begun, tells none: it is read again)."""
        with self._lock:
            if session_id is None:
                self._told.clear()
            elif version is None:
                self._told.pop(session_id, None)
            else:
                told = self._told.get(session_id)
                if told is not None and told[0] >= version:
                    return  # the same change told on another channel, or an older one
                if len(self._told) >= TOLD_KEPT and told is None:
                    self._told.clear()  # a server up for months: its open ones are read again
                self._told[session_id] = (version, channel)

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

    def _heard_again(self) -> frozenset[int] | None:
        """The open sessions to look at once the database is heard again: those a page
        shows (None: every one, for a page that lists them all). The others are read
        when a page shows them, as nothing was told of them meanwhile."""
        if self._channels is None:
            return None  # nothing told by channel: everything was heard of
        shown = self._shown_now()
        return None if shown.lists else shown.sessions

    def _shown_now(self) -> Shown:
        with self._lock:
            shown = Shown()
            for one in self._shown.values():
                shown |= one
        return shown

    def look_for_changes(self, only: int | Iterable[int] | None = None) -> None:
        """Tell of every session another process changed (or of the sessions ``only``: a
        notice named one), and of a changed list."""
        known = self._known_versions()
        if only is not None:
            looked = {only} if isinstance(only, int) else set(only)
            known = {session_id: known[session_id] for session_id in looked & known.keys()}
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
