"""Is a SQLite file of ours whole? ``PRAGMA quick_check`` reads every page of it: 0.6 to
0.9 s of a start on a club's million entries, where the first screen shows ten sessions.
So the app's first screen reads only what ``FIRST_READ`` names, checked at once on
opening (``claim``); the rest of the file is checked before anything else is read from it
or written into it: in the background once the first screen is up (``check_soon``), or
by the first statement that needs it, which waits for it. A file found damaged then is
refused as ever, byte for byte as it was: SQLite's authorizer denies every statement
but the first screen's reads, of tables found whole (``failures`` says so as damage)."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import time
import weakref
from pathlib import Path
from urllib.parse import quote as url_quote

from sqlalchemy import Engine

# The tables the lists of sessions and groups are read from: all a first screen shows
# (the home screen), with the roster the lists' marks count (what tells a server that a
# list changed), all small next to the deals and their ledger.
FIRST_READ = frozenset({"sessions", "seats", "groups", "players", "alembic_version"})
# What a statement may do before the whole file is known to be whole: read those tables,
# select, call a function, begin or end a transaction, set a pragma (an existing file of
# ours opens in WAL mode already: the connection's pragmas write nothing).
_HARMLESS = frozenset({sqlite3.SQLITE_SELECT, sqlite3.SQLITE_FUNCTION,
                       sqlite3.SQLITE_TRANSACTION, sqlite3.SQLITE_PRAGMA})
_SCHEMA = frozenset({"sqlite_master", "sqlite_schema", "sqlite_temp_master"})
_CHECKS: weakref.WeakKeyDictionary[Engine, WholeCheck] = weakref.WeakKeyDictionary()


class WholeCheck:
    """The check of a whole file still to run, once: ``whole()`` runs it (or waits for the
    one running) and says whether the file is whole."""

    def __init__(self, path: Path) -> None:
        self._path = path
        self._lock = threading.Lock()
        self._whole: bool | None = None  # None: not known yet

    @property
    def done(self) -> bool:
        return self._whole is not None

    def whole(self) -> bool | None:
        """Whole or damaged; None if the check could not run for another reason (a lock, the
        disk): the statement then meets that reason itself, and the next one checks."""
        if self._whole is not None:
            return self._whole
        with self._lock:
            if self._whole is None:
                self._whole = _quick_check(self._path)
            return self._whole

    def authorizer(self, action: int, first: str | None, _second: str | None,
                   _database: str | None, _trigger: str | None) -> int:
        """SQLite's question for each part of a statement it prepares: a read of the first
        screen's tables goes at once, anything else once the file is known whole."""
        if action in _HARMLESS or (action == sqlite3.SQLITE_READ and (
                first in FIRST_READ or first in _SCHEMA)):
            return sqlite3.SQLITE_OK  # checked on opening, or reading nothing stored
        return sqlite3.SQLITE_DENY if self.whole() is False else sqlite3.SQLITE_OK


def _quick_check(path: Path) -> bool | None:
    """``PRAGMA quick_check`` of the file, on a read-only connection of its own."""
    uri = f"file:{url_quote(str(path.resolve()))}?mode=ro"
    try:
        connection = sqlite3.connect(uri, uri=True, timeout=30)
        try:
            connection.text_factory = bytes  # what a damaged page says may not be UTF-8
            return connection.execute("PRAGMA quick_check").fetchone()[0] == b"ok"
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        code = getattr(error, "sqlite_errorcode", 0) & 0xFF
        return None if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED,
                                sqlite3.SQLITE_IOERR, sqlite3.SQLITE_FULL) else False


def checked_later(engine: Engine, check: WholeCheck) -> None:
    """``engine``'s file is whole as far as ``FIRST_READ`` goes; ``check`` tells the rest."""
    from sqlalchemy import event

    _CHECKS[engine] = check

    @event.listens_for(engine, "connect")
    def _guarded(dbapi_connection: sqlite3.Connection, _record: object) -> None:
        if not check.done:
            dbapi_connection.set_authorizer(check.authorizer)

    @event.listens_for(engine, "checkout")
    def _unguarded(dbapi_connection: sqlite3.Connection, _record: object,
                   _proxy: object) -> None:
        # Once whole, the connection's statements are no longer each asked about: the
        # thread taking it out is the one to let its guard go.
        if check.done and check.whole():
            dbapi_connection.set_authorizer(None)


def check_soon(engine: Engine, after: float = 3.0) -> None:
    """Run the rest of ``engine``'s check in the background, ``after`` seconds from now
    (the first screen drawn by then): the next screen then finds it done."""
    check = _CHECKS.get(engine)
    if check is None or check.done:
        return

    def later() -> None:
        time.sleep(after)
        # At the lowest priority: a club's file takes most of a second of CPU, which a
        # browser still drawing the first screen on the same cores should not wait for.
        with contextlib.suppress(OSError):  # a system may refuse; then it only runs sooner
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
        check.whole()

    threading.Thread(target=later, name="whole-check", daemon=True).start()
