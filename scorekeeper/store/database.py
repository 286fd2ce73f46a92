"""Where the data lives and how to reach it: SQLite by default, PostgreSQL for a club.

``SCOREKEEPER_DB`` (a SQLAlchemy URL) points the app at another database; nothing
else changes. The schema is migrated with Alembic every time the store opens.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from urllib.parse import quote as url_quote

from sqlalchemy import Connection, Engine, create_engine, event, inspect
from sqlalchemy.engine import make_url

from scorekeeper.core import msg
from scorekeeper.platform import data_dir
from scorekeeper.store.errors import DatabaseTooNewError
from scorekeeper.store.failures import (
    ForeignDatabaseError,
    StorageError,
    storage_failures,
    where,
)
from scorekeeper.store.location import DB_ENV, default_url
from scorekeeper.store.secrets import userinfo_whole

MIGRATIONS = Path(__file__).with_name("migrations")
# The schema revisions in migrations/versions, oldest first (a test keeps this list true).
# Knowing them here lets an up-to-date database open without loading Alembic at all.
READING = "scorekeeper_reading"  # the execution option a read carries (see ``reading``)
REVISIONS = ("0001", "0002", "0003", "0004", "0005", "0006", "0007", "0008")
# PRAGMA application_id of every SQLite file Scorekeeper makes: the bytes "SkRm".
APPLICATION_ID = int.from_bytes(b"SkRm", "big")
SQLITE_MAGIC = b"SQLite format 3\x00"
# The tables revision 0001 made: a file without our mark must have them all to be ours.
OUR_TABLES = frozenset({"players", "sessions", "seats", "deals", "entries", "standings"})


def connect(url: str) -> Engine:
    """An engine for ``url``, migrated to this version's schema.

    Refuses (``StorageError``, one sentence) a database that cannot be reached or read,
    and a SQLite file that is not Scorekeeper's (``ForeignDatabaseError``), leaving it
    byte for byte as it was."""
    url = userinfo_whole(url)  # a password typed with a raw "@" is the user's password
    with storage_failures(url):
        if url.startswith("sqlite"):
            engine = _sqlite(url)
        else:
            engine = create_engine(url, pool_pre_ping=True)
        try:
            migrate(engine)
        except BaseException:
            engine.dispose()
            raise
    return engine


def _sqlite(url: str) -> Engine:
    path = make_url(url).database
    if path and path != ":memory:" and not path.startswith("file:"):
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        _claim(Path(path))
    engine = create_engine(url, connect_args={"timeout": 30})

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_connection: sqlite3.Connection, _record: object) -> None:
        # We issue BEGIN ourselves (below); FULL sync so a dead battery loses no deal.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        # IMMEDIATE takes the write lock up front: two writers queue instead of the
        # second failing half-way with "database is locked". A read takes no lock: in
        # WAL mode it reads the last commit while a writer writes.
        reads = connection.get_execution_options().get(READING, False)
        connection.exec_driver_sql("BEGIN" if reads else "BEGIN IMMEDIATE")

    return engine


def reading(engine: Engine) -> Engine:
    """``engine`` for reading only: on SQLite its transactions take no write lock."""
    return engine.execution_options(**{READING: True})


def _claim(path: Path) -> None:
    """Make sure the file at ``path`` is Scorekeeper's before a single byte of it changes.

    A new or empty file is ours to create, and gets our mark (``PRAGMA application_id``)
    before anything else. A file with our mark is ours. A file an older Scorekeeper made
    (no mark, but our tables and one of our schema revisions) is ours and gets the mark.
    Anything else is refused: it is only ever opened read-only here."""
    try:
        with path.open("rb") as file:
            header = file.read(100)
    except FileNotFoundError:
        header = b""
    if not header:
        _mark(path)
        return
    if not header.startswith(SQLITE_MAGIC) or len(header) < 100:
        raise ForeignDatabaseError(msg("store.not_a_database", file=where(f"sqlite:///{path}")))
    unmarked = int.from_bytes(header[68:72], "big") != APPLICATION_ID
    if unmarked and _inspect_read_only(path) == APPLICATION_ID:
        unmarked = False  # marked, the mark still in the write-ahead log
    # SQLite's write-ahead log needs its two files beside the database: without write
    # access to both it could not even read, and would only say "unable to open".
    if not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)):
        raise StorageError(msg("store.read_only", file=where(f"sqlite:///{path}")))
    if unmarked:
        _mark(path)


def _inspect_read_only(path: Path) -> int:
    """The file's application_id once it is known to be ours to use; refuses another
    program's file. Read without writing (``mode=ro``): no journal mode switched, no
    table added. A file without the mark is ours when it is empty (nothing in it to
    damage) or was made by a Scorekeeper from before the mark (our tables, our revision)."""
    uri = f"file:{url_quote(str(path.resolve()))}?mode=ro"
    connection = sqlite3.connect(uri, uri=True, timeout=30)
    try:
        mark = connection.execute("PRAGMA application_id").fetchone()[0]
        tables = {row[0] for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        revision = None
        if "alembic_version" in tables:
            found = connection.execute("SELECT version_num FROM alembic_version").fetchone()
            revision = found[0] if found else None
    finally:
        connection.close()
    if mark == APPLICATION_ID or (mark == 0 and not tables):
        return mark
    if mark == 0 and tables >= OUR_TABLES and revision in REVISIONS:
        return mark
    raise ForeignDatabaseError(msg("store.foreign_file", file=where(f"sqlite:///{path}")))


def _mark(path: Path) -> None:
    """Put our mark on the file (creating it if need be), in the file's own journal mode."""
    connection = sqlite3.connect(path, timeout=30)
    try:
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.commit()
    finally:
        connection.close()


def schema_revision(engine: Engine) -> str | None:
    """The revision a database's schema is at (None: a new, empty database)."""
    with engine.connect() as connection:
        if not inspect(connection).has_table("alembic_version"):
            return None
        return connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()


def migrate(engine: Engine, revision: str = "head") -> None:
    """Upgrade the schema to ``revision``; refuse a database newer than this program."""
    with storage_failures(engine):
        _migrate(engine, revision)


def _migrate(engine: Engine, revision: str) -> None:
    current = schema_revision(engine)
    if current is not None and current not in REVISIONS:
        raise DatabaseTooNewError(current)
    if revision == "head" and current == REVISIONS[-1]:
        return  # the usual case: nothing to do, and Alembic stays unloaded
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    # A built app ships bytecode only (`flet build` compiles to .pyc and deletes the .py):
    # without this Alembic sees no revision there and the database is never created.
    config.set_main_option("sourceless", "true")
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


__all__ = ["APPLICATION_ID", "DB_ENV", "REVISIONS", "DatabaseTooNewError", "connect",
           "data_dir", "default_url", "migrate", "schema_revision"]
