"""A server listening to a club's PostgreSQL, as the tests of its notices need one."""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from sqlalchemy import Engine

from scorekeeper.session import Scorebook
from scorekeeper.session.news import NOTHING, Heard, Shown
from scorekeeper.session.open_session import OpenSession
from scorekeeper.store.database import connect
from scorekeeper.store.notices import CHANNEL, Channels, listen
from scorekeeper.store.sessions import SessionStore, StoredSession

TOLD_WITHIN = 20  # seconds: a notice that has not come by then never will


@contextmanager
def listening(engine: Engine, *, roster: bool = True,
              channels: frozenset[str] = frozenset({CHANNEL})) -> Iterator[queue.Queue[str]]:
    """Every notice the database sends on ``channels`` (the lists', which hears every
    change), in order, once the server listens (its first look for what changed before,
    "", taken); without ``roster``, the roster's news left out (a session's new players
    are heard as the roster's news too)."""
    heard: queue.Queue[str] = queue.Queue()
    stop, started = threading.Event(), threading.Event()

    def hear(payload: str, _: str) -> None:
        if roster or payload != "roster":
            heard.put(payload)

    listener = threading.Thread(target=listen, args=(engine, hear, stop, started),
                                kwargs={"shown": Channels(channels)}, daemon=True)
    listener.start()
    try:
        assert started.wait(timeout=TOLD_WITHIN)
        assert heard.get(timeout=TOLD_WITHIN) == ""
        yield heard
    finally:
        stop.set()
        listener.join(timeout=TOLD_WITHIN)


class ReadCounting(SessionStore):
    """The store, counting the reads of a session a page's ``open`` makes (``reads``), and
    every session it read or asked the version of (``asked``)."""

    def __init__(self, *args: object) -> None:
        super().__init__(*args)  # type: ignore[arg-type]
        self.reads = 0
        self.asked: list[int] = []

    def get(self, session_id: int) -> StoredSession:
        self.reads += 1
        self.asked.append(session_id)
        return super().get(session_id)

    def versions(self, session_ids: Sequence[int]) -> dict[int, int]:
        self.asked.extend(session_ids)
        return super().versions(session_ids)


class Server:
    """A scorebook of its own on the club's database, with one page that shows the sessions
    it opens (or what ``shows`` says), hearing what its server is told for it."""

    def __init__(self, url: str, shown: Shown = NOTHING) -> None:
        self.store = ReadCounting(connect(url))
        self.book = Scorebook(self.store)
        self.told: queue.Queue[Heard] = queue.Queue()
        self.heard: list[Heard] = []  # every word the page was told, in order
        self.shown = shown
        self.stop = self.book.subscribe(self._hear, shown)

    def listening(self) -> Server:
        """This server, once its connection listens to what its page shows."""
        assert self.book._listeners.hearing.wait(TOLD_WITHIN), "never listening"
        return self

    def _hear(self, heard: Heard) -> None:
        self.heard.append(heard)
        self.told.put(heard)

    def shows(self, shown: Shown) -> None:
        self.shown = shown
        self.book.shows(self._hear, shown)

    def open(self, session_id: int) -> OpenSession:
        """The session, as the page opens it to show it beside what it showed."""
        opened = self.book.open(session_id)
        self.shows(Shown(self.shown.sessions | {session_id}, self.shown.groups,
                         self.shown.lists, self.shown.roster))
        return opened

    def hears(self, session_id: int, version: int) -> None:
        """Wait until this server has taken in ``session_id``'s change to ``version``:
        worked out (it holds that version) or forgotten (it reads it when shown)."""
        def taken_in() -> bool:
            latest = self.book.latest(session_id)
            return latest is None or latest.version >= version
        self.until(taken_in, f"session {session_id} at version {version} never heard")

    def until(self, condition: Callable[[], bool], never: str) -> None:
        """Wait, as the page is told of changes, until ``condition()`` holds."""
        deadline = time.monotonic() + TOLD_WITHIN
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError(never)
            with contextlib.suppress(queue.Empty):
                self.told.get(timeout=0.1)

    def close(self) -> None:
        self.stop()
        self.store.engine.dispose()
