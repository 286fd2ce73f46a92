"""Storage failures in the user's words: a full disk, a read-only file, a file that is
not a database, a server that does not answer. One sentence, never a traceback.

The store raises ``StorageError`` (a ``StoreError``) with a message key; whatever was
being written is rolled back first, so nothing already stored is lost.
"""

from __future__ import annotations

import errno
import shutil
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Engine
from sqlalchemy.engine import URL
from sqlalchemy.exc import ArgumentError, DBAPIError, SQLAlchemyError

from scorekeeper.core import N_, msg
from scorekeeper.core.text import quote
from scorekeeper.store.errors import ForeignDatabaseError, StorageError, StoreError
from scorekeeper.store.secrets import readable

# SQLite's primary result codes (``sqlite3.Error.sqlite_errorcode``, its low byte) -> our key.
_SQLITE_CODES = {
    sqlite3.SQLITE_FULL: N_("store.disk_full"),
    sqlite3.SQLITE_READONLY: N_("store.read_only"),
    sqlite3.SQLITE_CANTOPEN: N_("store.cannot_open"),
    sqlite3.SQLITE_NOTADB: N_("store.not_a_database"),
    sqlite3.SQLITE_CORRUPT: N_("store.damaged"),
    # SQLite refuses a statement by itself only where the check of a file opened for its
    # first screen found it damaged (wholeness.py).
    sqlite3.SQLITE_AUTH: N_("store.damaged"),
    sqlite3.SQLITE_IOERR: N_("store.io_error"),
    sqlite3.SQLITE_BUSY: N_("store.busy"),
    sqlite3.SQLITE_LOCKED: N_("store.busy"),
}
# PostgreSQL's words when a connection fails (such errors carry no SQLSTATE) -> our key.
_POSTGRES_WORDS = (
    ('role "', N_("store.no_role")),  # 'role "x" does not exist': no such user
    ("does not exist", N_("store.no_database")),
    ("password authentication failed", N_("store.login_refused")),
    ("no space left", N_("store.disk_full")),
)
# PostgreSQL's SQLSTATE classes and codes -> our key.
_SQLSTATES = (
    ("53100", N_("store.disk_full")),
    ("25006", N_("store.read_only")),
    ("28", N_("store.login_refused")),
    ("3D000", N_("store.no_database")),
    ("08", N_("store.unreachable")),
    ("57P", N_("store.unreachable")),
    ("53", N_("store.server_busy")),
)
# Room SQLite needs to open a database in WAL mode at all: its -shm index is 32 KiB.
ROOM_TO_OPEN = 64 * 1024
_OS_ERRORS = {
    errno.ENOSPC: N_("store.disk_full"),
    errno.EDQUOT: N_("store.disk_full"),
    errno.EROFS: N_("store.read_only"),
    errno.EACCES: N_("store.cannot_open"),
    errno.EPERM: N_("store.cannot_open"),
}


def where(target: Engine | URL | str | None) -> str:
    """The database named for a person: the file, or server/database (never a password)."""
    if target is None:
        return "?"
    url = readable(target.url if isinstance(target, Engine) else target)
    if url is None:  # not even a URL: say nothing rather than repeat a password
        return "?"
    if url.get_backend_name() == "sqlite":
        return quote(url.database or ":memory:", 200)
    host = f"{url.host or 'localhost'}{f':{url.port}' if url.port else ''}"
    return quote(f"{host}/{url.database or ''}", 200)


def full(path: Path) -> bool:
    """True when the disk under the file at ``path`` has no room left for SQLite to open
    it. SQLite says only "disk I/O error" when the disk fills while it grows its -shm
    index (SQLITE_IOERR_SHMSIZE), and every later opening meets the same: this tells a
    full disk from a failing one."""
    try:
        return shutil.disk_usage(path.parent).free < ROOM_TO_OPEN
    except OSError:
        return False


def _sqlite_file(target: Engine | URL | str | None) -> Path | None:
    url = readable(target.url if isinstance(target, Engine) else target) if target else None
    if url is None or url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        return None
    return Path(url.database)


def storage_error(error: BaseException, target: Engine | URL | str | None = None
                  ) -> StorageError | None:
    """The failure as one sentence, or None when ``error`` is not a storage failure."""
    place = where(target) if target is not None else "?"
    if isinstance(error, StorageError):
        return error
    if isinstance(error, OSError):
        key = _OS_ERRORS.get(error.errno or 0, N_("store.cannot_open"))
        return StorageError(msg(key, file=place, reason=quote(error.strerror or error, 80)))
    if isinstance(error, DBAPIError):
        cause: BaseException = error.orig if error.orig is not None else error
        if error.connection_invalidated and not isinstance(cause, sqlite3.Error):
            return StorageError(msg("store.unreachable", file=place, reason=_reason(cause)))
        return _driver_error(cause, place, _sqlite_file(target))
    if isinstance(error, sqlite3.Error):
        return _driver_error(error, place, _sqlite_file(target))
    if isinstance(error, UnicodeDecodeError):  # SQLite handed back bytes of a damaged page
        return StorageError(msg("store.damaged", file=place))
    if _is_psycopg(error):
        return _driver_error(error, place)
    if isinstance(error, ArgumentError):  # not a URL, or a database it has no driver for
        return StorageError(msg("store.bad_address", file=place, reason=_reason(error)))
    if isinstance(error, SQLAlchemyError):
        return StorageError(msg("store.failed", file=place, reason=_reason(error)))
    return None


def _driver_error(error: BaseException, place: str, file: Path | None = None) -> StorageError:
    reason = _reason(error)
    state = getattr(error, "sqlstate", None)
    if isinstance(state, str):
        for prefix, key in _SQLSTATES:
            if state.startswith(prefix):
                return StorageError(msg(key, file=place, reason=reason))
    words = str(error).lower()
    if _is_psycopg(error) and type(error).__name__ == "OperationalError":
        key = next((k for phrase, k in _POSTGRES_WORDS if phrase in words), N_("store.unreachable"))
        return StorageError(msg(key, file=place, reason=reason))
    code = getattr(error, "sqlite_errorcode", None)
    key = N_("store.failed") if not isinstance(code, int) else _SQLITE_CODES.get(code & 0xFF,
                                                                            N_("store.failed"))
    if key == "store.io_error" and file is not None and full(file):
        key = N_("store.disk_full")
    return StorageError(msg(key, file=place, reason=reason))


def _is_psycopg(error: BaseException) -> bool:
    return type(error).__module__.startswith("psycopg")


def _reason(error: BaseException) -> str:
    """The driver's own words, first line only and short: a hint, not a report."""
    lines = str(error).strip().splitlines()
    return quote(lines[0] if lines else type(error).__name__, 120)


@contextmanager
def storage_failures(target: Engine | URL | str | None) -> Iterator[None]:
    """Turn a storage failure inside the block into a ``StorageError``; anything else
    (a refused deal, a conflict, a bug) passes through untouched."""
    try:
        yield
    except StoreError:
        raise
    except Exception as error:
        failure = storage_error(error, target)
        if failure is None:
            raise
        raise failure from error


__all__ = ["ForeignDatabaseError", "StorageError", "StoreError", "full", "storage_error",
           "storage_failures", "where"]
