"""A server listening to a club's PostgreSQL, as the tests of its notices need one."""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Engine

from scorekeeper.store.notices import listen

TOLD_WITHIN = 20  # seconds: a notice that has not come by then never will


@contextmanager
def listening(engine: Engine, *, roster: bool = True) -> Iterator[queue.Queue[str]]:
    """Every notice the database sends, in order, once the server listens (its first look
    for what changed before, "", taken); without ``roster``, the roster's news left out
    (a session's new players are heard as the roster's news too)."""
    heard: queue.Queue[str] = queue.Queue()
    stop, started = threading.Event(), threading.Event()

    def hear(payload: str) -> None:
        if roster or payload != "roster":
            heard.put(payload)

    listener = threading.Thread(target=listen, args=(engine, hear, stop, started), daemon=True)
    listener.start()
    try:
        assert started.wait(timeout=TOLD_WITHIN)
        assert heard.get(timeout=TOLD_WITHIN) == ""
        yield heard
    finally:
        stop.set()
        listener.join(timeout=TOLD_WITHIN)
