"""Whose SQLite file is this? Scorekeeper writes only into a file it made, and only into
a whole one; anything else is refused byte for byte as it was, with nothing made beside it.

A file is Scorekeeper's when it carries our mark (``PRAGMA application_id``), when an
older Scorekeeper made it before the mark (our tables, one of our revisions), or when it
is truly new: no bytes at all, or the one page SQLite writes first with nothing ever
chosen in it. "No tables" is never enough: a file whose tables were dropped still has
its pages and its schema cookie, and an empty file another program switched to WAL mode
has that program's journal mode; both are that program's.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path
from urllib.parse import quote as url_quote

from scorekeeper.core import msg
from scorekeeper.store.errors import ForeignDatabaseError, StorageError
from scorekeeper.store.failures import storage_error, where

# PRAGMA application_id of every SQLite file Scorekeeper makes: the bytes "SkRm".
APPLICATION_ID = int.from_bytes(b"SkRm", "big")
SQLITE_MAGIC = b"SQLite format 3\x00"
# The tables revision 0001 made: a file without our mark must have them all to be ours.
OUR_TABLES = frozenset({"players", "sessions", "seats", "deals", "entries", "standings"})
# What SQLite says of the disk, a lock or the folder rather than of the file's bytes.
NOT_DAMAGE = frozenset({sqlite3.SQLITE_IOERR, sqlite3.SQLITE_FULL, sqlite3.SQLITE_CANTOPEN,
                        sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED, sqlite3.SQLITE_READONLY,
                        sqlite3.SQLITE_PERM})
# Header bytes 18 and 19 (the write and read versions): 1 a rollback journal, 2 WAL mode.
ROLLBACK = b"\x01\x01"
WRITE_AHEAD = b"\x02\x02"


def claim(path: Path, revisions: tuple[str, ...],
          first_read: frozenset[str] | None = None) -> bool:
    """Make sure the file at ``path`` is Scorekeeper's, and whole, before a single byte of
    it (or beside it) changes.

    A new or empty file is ours to create, and gets our mark before anything else. A file
    with our mark is ours. A file an older Scorekeeper made (no mark, but our tables and
    one of ``revisions``) is ours and gets the mark, and so does the one page a new
    database starts as, when nothing was ever put or chosen in it. Anything else is
    refused, and so is a file of ours that SQLite finds damaged: it is only ever read
    here, never written.

    With ``first_read``, a file of ours at the newest revision, in WAL mode (nothing to
    write into it on opening), has only those tables checked now: False says the rest is
    still to check (``wholeness``) before anything else is read or written. True: whole."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):  # a pipe would be waited on for ever
            raise StorageError(msg("store.not_a_file", file=where(f"sqlite:///{path}")))
        with path.open("rb") as file:
            header = file.read(100)
    except FileNotFoundError:
        header = b""
    if not header:
        # Made owner-only before SQLite writes a byte (its -wal and -shm files follow it).
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
        mark(path)
        return True
    if not header.startswith(SQLITE_MAGIC) or len(header) < 100:
        raise ForeignDatabaseError(msg("store.not_a_database", file=where(f"sqlite:///{path}")))
    found, whole = _inspect_read_only(path, header, revisions,
                                      first_read if header[18:20] == WRITE_AHEAD else None)
    # SQLite's write-ahead log needs its two files beside the database: without write
    # access to both it could not even read, and would only say "unable to open".
    if not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)):
        raise StorageError(msg("store.read_only", file=where(f"sqlite:///{path}")))
    if found != APPLICATION_ID:
        mark(path)
    return whole


def _inspect_read_only(path: Path, header: bytes, revisions: tuple[str, ...],
                       first_read: frozenset[str] | None) -> tuple[int, bool]:
    """The file's application_id once it is known to be ours and whole (or, if it is ours,
    marked and at the newest revision, its ``first_read`` tables: then False beside it);
    refuses another program's file and a damaged one. Read without writing: no journal
    mode switched, no table added, and no -wal or -shm file made beside a file that has
    none (``immutable``; with a write-ahead log beside it, that log is read too, since our
    mark may still be in it)."""
    place = where(f"sqlite:///{path}")
    logged = path.with_name(path.name + "-wal").exists()
    uri = f"file:{url_quote(str(path.resolve()))}?mode=ro{'' if logged else '&immutable=1'}"
    try:
        connection = sqlite3.connect(uri, uri=True, timeout=30)
        try:
            connection.text_factory = bytes  # names in a damaged file may not be UTF-8
            pragma = {name: connection.execute(f"PRAGMA {name}").fetchone()[0] for name in
                      ("application_id", "user_version", "schema_version", "page_count",
                       "page_size", "freelist_count")}
            found = connection.execute("SELECT type, name FROM sqlite_master").fetchall()
            tables = {name.decode(errors="replace") for kind, name in found
                      if kind == b"table"}
            revision = None
            if "alembic_version" in tables:
                row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
                revision = row[0].decode(errors="replace") if row else None
            partly = (first_read is not None and first_read <= tables
                      and pragma["application_id"] == APPLICATION_ID
                      and revision == revisions[-1])
            checks = ([f"quick_check({table})" for table in sorted(first_read or ())]
                      if partly else ["quick_check"])
            whole = all(connection.execute(f"PRAGMA {check}").fetchone()[0] == b"ok"
                        for check in checks)
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        raise _unreadable(error, path) from None
    ours = pragma["application_id"] == APPLICATION_ID or (
        pragma["application_id"] == 0 and (
            (tables >= OUR_TABLES and revision in revisions)
            or (_new(pragma, header) and not found
                and path.stat().st_size == pragma["page_size"])))
    if not ours:
        raise ForeignDatabaseError(msg("store.foreign_file", file=place))
    if not whole:
        raise StorageError(msg("store.damaged", file=place))
    return pragma["application_id"], not partly


def _new(pragma: dict[str, int], header: bytes) -> bool:
    """The one page SQLite writes first, with nothing ever defined, stamped or chosen in
    it: no schema ever (its cookie counts every CREATE and DROP), no freed pages, no
    user_version, and the rollback journal SQLite starts with (WAL is a program's
    choice, kept in the header)."""
    return (pragma["page_count"] == 1 and pragma["schema_version"] == 0
            and pragma["freelist_count"] == 0 and pragma["user_version"] == 0
            and header[18:20] == ROLLBACK)


def _unreadable(error: sqlite3.DatabaseError, path: Path) -> StorageError:
    """Why a file could not be read at all: damage, or the disk, a lock or the folder.
    A full disk leaves an empty -wal and a few bytes of -shm behind the command that met
    it (SQLite could not grow its index), and every later opening fails on them with an
    I/O error: that is the disk, not the file (``failures.full`` tells them apart)."""
    code = getattr(error, "sqlite_errorcode", 0) & 0xFF
    if code in NOT_DAMAGE:
        failure = storage_error(error, f"sqlite:///{path}")
        if failure is not None:
            return failure
    return StorageError(msg("store.damaged", file=where(f"sqlite:///{path}"),
                            reason=str(error)[:80]))


def mark(path: Path) -> None:
    """Put our mark on the file (creating it if need be), in the file's own journal mode."""
    connection = sqlite3.connect(path, timeout=30)
    try:
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.commit()
    finally:
        connection.close()
