"""A restore's sessions read, replayed and made into rows on other processes, while the
restore's own checks them against the database and writes them (issue 66).

Reading a club's evenings is most of its restore: of 10,000 in 18.4 CPU-s, parsing them
2.15, replaying them 7.5, their closing and standings 1.05, their rows most of the writing's
5.75; none of it needs the database. So the command line (``processes`` > 1) hands the
backup's sessions out ``CHUNK`` at a time to a process a core, forked once the backup is
read, each handing back for each session the plain values the restore checks (its uid,
its group, who took part) and its rows as ``store.restore.session_rows`` makes them: what
a replayed session is (430 µs to pickle) is never handed over. The restore keeps this
process's order: a chunk is checked and written as the next ones are read.

Whatever another process does not read (a session the rules refuse, anything else that
goes wrong there) is read again in this process, where the restore met it, so that the
same refusal is said at the same point; a process that dies leaves the rest to this one.
A backup of fewer than ``APART_FROM`` sessions, the app (its server has threads: no fork
beside them) and a platform without ``fork`` (a phone's package) read in this process.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from typing import NamedTuple

from scorekeeper.core import Session, close
from scorekeeper.formats.session_file import SessionFile, content_uid, parse_session
from scorekeeper.platform import never_walk_what_is_held
from scorekeeper.session.changes import standing
from scorekeeper.store.restore import NewSession, SessionRows, session_rows

# Sessions a restore has before other processes read them: two forked and answering took
# 26 ms, and each session's values travel both ways (about 80 µs of 1,200); 1,000 sessions
# took 1.73 s apart and 1.81 s here (load average 4.6 from other work).
APART_FROM = 1_000
AHEAD = 2  # chunks handed to each process ahead of the one being written


class Read(NamedTuple):
    """A session of a backup as the restore checks it: read in this process (``file`` and
    ``session`` given, its rows worked out when it is added), or by another (its ``rows``)."""

    uid: str | None  # the file's own
    content: str | None  # without one, the uid its content gives (``content_uid``)
    name: str
    group: str | None
    finished: bool
    everyone: tuple[str, ...]  # who took part
    end_pot: str  # what the group's tab needs of its table (``tab.may_join_as``)
    currency: str | None
    rows: SessionRows | None = None
    file: SessionFile | None = None
    session: Session | None = None


def read_of(file: SessionFile, session: Session, rows: SessionRows | None = None) -> Read:
    evening, table = file.evening, file.table
    return Read(evening.uid, content_uid(file) if evening.uid is None else None, file.name,
                evening.group, evening.finished, session.state.everyone, table.rules.end_pot,
                table.money.currency, rows, file if rows is None else None,
                session if rows is None else None)


def new_session(file: SessionFile, session: Session) -> NewSession:
    """What the store writes of a session new here, worked out by the rules."""
    evening = file.evening
    table, state = file.table, session.state
    closing = close(table, state)  # the standings' money, and a finished one's entries
    money, won, placings, leading = standing(table, state, closing)
    return NewSession(file.name, table, evening.played_on, evening.group, session.steps,
                      evening.payments, closing.entries if evening.finished else (), state,
                      money, won, placings, leading, evening.finished)


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


@contextmanager
def reading(documents: list[object], chunk: int, processes: int,
            ) -> Iterator[Iterator[list[tuple[object, Read | None]]]]:
    """The backup's session documents ``chunk`` at a time, in order, each with what another
    process read of it (None: this one reads it); each taken from ``documents`` as it is
    handed out (the memory of a club's years goes as the restore goes on)."""
    pool = _pool(len(documents), processes)
    apart = _Apart(pool)
    try:
        yield apart.chunks(documents, chunk, 1 if pool is None else processes * AHEAD)
    finally:
        apart.done()


def _pool(sessions: int, processes: int) -> ProcessPoolExecutor | None:
    if processes < 2 or sessions < APART_FROM:
        return None
    # What is held by now (the backup read: 1.3 million objects the collector tracks for
    # a club's 100,000 evenings) is never walked by the collector again, here or in the
    # readers: frozen before the fork, as Python's documentation advises. Only the command
    # line forks, and its process ends with the restore. Before this, the collector took
    # 26.5 s (wall) of the restore's own process's 376 for the 100,000 (load average 6.7).
    never_walk_what_is_held()
    try:
        return ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("fork"),
                                   initializer=_started)
    except (ValueError, ImportError, OSError, NotImplementedError):  # no fork, no semaphores
        return None


class _Apart:
    def __init__(self, pool: ProcessPoolExecutor | None) -> None:
        self.pool = pool

    def chunks(self, documents: list[object], chunk: int, ahead: int,
               ) -> Iterator[list[tuple[object, Read | None]]]:
        handed: deque[tuple[list[object], Future[list[Read | None]] | None]] = deque()
        for start in range(0, len(documents), chunk):
            taken = documents[start:start + chunk]
            documents[start:start + chunk] = [None] * len(taken)
            handed.append((taken, self._hand(taken)))
            if len(handed) >= ahead:
                yield self._back(*handed.popleft())
        while handed:
            yield self._back(*handed.popleft())

    def done(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None

    def _hand(self, taken: list[object]) -> Future[list[Read | None]] | None:
        if self.pool is None:
            return None
        try:
            return self.pool.submit(read_apart, taken)
        except RuntimeError:  # the pool broken (BrokenProcessPool is one)
            self.done()
            return None

    def _back(self, taken: list[object], future: Future[list[Read | None]] | None,
              ) -> list[tuple[object, Read | None]]:
        read: list[Read | None] = [None] * len(taken)
        if future is not None:
            try:
                read = future.result()
            except Exception:  # a process gone, or a value that would not travel
                self.done()
        return list(zip(taken, read, strict=True))


# What another process remembers it encoded, across its chunks (``store.row_writing``).
_params: dict[tuple[tuple[str, object], ...], str] = {}
_records: dict[tuple[object, ...], str] = {}


def _started() -> None:
    """Another process, forked: Ctrl-C is the restore's to answer."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def read_apart(documents: list[object]) -> list[Read | None]:
    """Each session document read, replayed and made into rows, or None where anything
    went wrong: the restore reads that one again to say why, in its own process."""
    read: list[Read | None] = []
    for document in documents:
        try:
            file = parse_session(document)
            session = file.replay()
            read.append(read_of(file, session,
                                session_rows(new_session(file, session), _params, _records)))
        except Exception:  # said again by the restore, in its words
            read.append(None)
    return read


__all__ = ["APART_FROM", "Read", "cores", "new_session", "read_apart", "read_of", "reading"]
