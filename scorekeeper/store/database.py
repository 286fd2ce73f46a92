"""Where the data lives and how to reach it: SQLite by default, PostgreSQL for a club.

``SCOREKEEPER_DB`` (a SQLAlchemy URL) points the app at another database; nothing
else changes. The schema is migrated with Alembic every time the store opens.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event, inspect
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DisconnectionError

from scorekeeper.core import msg
from scorekeeper.core.text import quote
from scorekeeper.platform import OWNER_ONLY_FOLDER, data_dir, owned_data_dir
from scorekeeper.store.claim import APPLICATION_ID, claim
from scorekeeper.store.errors import DatabaseTooNewError
from scorekeeper.store.failures import StorageError, storage_failures, where
from scorekeeper.store.location import DB_ENV, default_url
from scorekeeper.store.secrets import is_text, readable, userinfo_whole
from scorekeeper.store.sockets import readable as ready_to_read

MIGRATIONS = Path(__file__).with_name("migrations")
READING = "scorekeeper_reading"  # the execution option a read carries (see ``reading``)
# The one driver of each database Scorekeeper ships: SQLAlchemy knows others, whose import
# would fail with a traceback.
DRIVERS = {"sqlite": "pysqlite", "postgresql": "psycopg"}
# The schema revisions in migrations/versions, oldest first (a test keeps this list true).
# Knowing them here lets an up-to-date database open without loading Alembic at all.
REVISIONS = ("0001", "0002", "0003", "0004", "0005", "0006", "0007", "0008", "0009",
             "0010", "0011", "0012", "0013", "0014", "0015", "0016", "0017", "0018",
             "0019")


def connect(url: str, first_read: frozenset[str] | None = None) -> Engine:
    """An engine for ``url``, migrated to this version's schema.

    Refuses (``StorageError``, one sentence) a database that cannot be reached or read,
    and a SQLite file that is not Scorekeeper's (``ForeignDatabaseError``), leaving it
    byte for byte as it was. With ``first_read``, a SQLite file is checked whole only as
    far as those tables go before it opens (``wholeness``)."""
    if not is_text(url):
        raise StorageError(msg("store.address_not_text"))
    url = userinfo_whole(url)  # a password typed with a raw "@" is the user's password
    address = readable(url)
    if address is None:  # not a URL (a port that is no number, a bracket left open)
        raise StorageError(msg("store.no_address"))
    kind = address.get_backend_name()
    if kind not in DRIVERS:
        raise StorageError(msg("store.other_kind", file=where(address), kind=quote(kind, 40)))
    if address.get_driver_name() != DRIVERS[kind]:
        raise StorageError(msg("store.other_driver", file=where(address),
                               driver=quote(address.get_driver_name(), 40)))
    if kind == "sqlite" and address.query:  # pysqlite would ignore them, with a warning
        raise StorageError(msg("store.sqlite_options", file=where(address)))
    with storage_failures(url):
        engine = _sqlite(url, first_read) if url.startswith("sqlite") else _postgresql(url)
        try:
            migrate(engine)
        except BaseException:
            engine.dispose()
            raise
    return engine


def _postgresql(url: str) -> Engine:
    """A club's engine, whose pooled connections are looked at before each use: one the
    database server closed (restarted, or the connection ended by its administrator) is
    replaced, not handed out to fail. A live idle connection has nothing to read, while
    one the server closed reads its goodbye (or the end of the stream): a look at the
    socket tells them apart without a round trip. SQLAlchemy's ``pool_pre_ping`` sent a
    query for it at every use, one of a Save's round trips."""
    engine = create_engine(url)

    @event.listens_for(engine, "checkout")
    def _still_open(dbapi_connection: Any, _record: object, _proxy: object) -> None:
        if dbapi_connection.closed or ready_to_read(dbapi_connection.fileno(), 0):
            raise DisconnectionError("the database server closed the connection")

    return engine


def _sqlite(url: str, first_read: frozenset[str] | None = None) -> Engine:
    path = make_url(url).database
    whole = True
    if path and path != ":memory:":
        # Owner-only: the database holds the players' payment details. A folder of the
        # user's own choosing is only made so; the data folder is Scorekeeper's, and is
        # made owner-only also when something else made it first.
        folder = Path(path).absolute().parent
        if folder == data_dir().absolute():
            owned_data_dir()
        folder.mkdir(parents=True, exist_ok=True, mode=OWNER_ONLY_FOLDER)
        whole = claim(Path(path), REVISIONS, first_read)
    engine = create_engine(url, connect_args={"timeout": 30})

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_connection: sqlite3.Connection, _record: object) -> None:
        # We issue BEGIN ourselves (below); FULL sync so a dead battery loses no deal.
        dbapi_connection.isolation_level = None
        _write_ahead(dbapi_connection)
        cursor = dbapi_connection.cursor()
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

    if not whole:
        from scorekeeper.store.wholeness import WholeCheck, checked_later

        checked_later(engine, WholeCheck(Path(path)))  # type: ignore[arg-type]
    return engine


def _write_ahead(connection: sqlite3.Connection) -> None:
    """Switch the database to write-ahead logging (a no-op once it is; the mode stays in
    the file).

    On a new file two connections switching at once (a server starting while a command
    imports) both hold a read lock while upgrading it to write the header; SQLite gives
    the second SQLITE_BUSY at once, without its busy wait, since waiting could deadlock
    (measured: refused after 0.000 s, in 39 of 300 rounds of four processes). That one
    waits, with SQLite's own busy wait, until the other's write is done, and switches
    again: by then the file is in WAL mode and nothing is left to write. The busy timeout
    bounds the wait."""
    while True:
        try:
            connection.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if error.sqlite_errorcode != sqlite3.SQLITE_BUSY:
                raise
        connection.execute("BEGIN IMMEDIATE")
        connection.execute("ROLLBACK")


def reading(engine: Engine) -> Engine:
    """``engine`` for reading only: on SQLite its transactions take no write lock."""
    return engine.execution_options(**{READING: True})


@contextmanager
def unsynced(engine: Engine) -> Iterator[Connection]:
    """A transaction whose commit does not wait for the disk: what it writes outlives the
    app killed, not a power cut. For what a tap keeps on its way (a draft: a few taps to
    tap again), never for a deal. Waiting for the disk at every tap on a count put an
    fsync on each tap's path (on a phone's flash, milliseconds each). SQLite, in WAL
    mode: synchronous NORMAL for it (the next FULL commit takes it to the disk along
    with its own); PostgreSQL: synchronous_commit off for it (the WAL writer flushes it
    within a moment)."""
    with engine.connect() as connection:
        if engine.dialect.name != "sqlite":
            with connection.begin():
                connection.exec_driver_sql("SET LOCAL synchronous_commit = off")
                yield connection
            return
        driver = connection.connection.driver_connection
        assert driver is not None  # a checked-out connection has its driver's
        driver.execute("PRAGMA synchronous=NORMAL")  # outside a transaction: SQLite's rule
        try:
            with connection.begin():
                yield connection
        finally:  # the pool hands the connection on: every other write waits again
            driver.execute("PRAGMA synchronous=FULL")


def single_statement(engine: Engine) -> Engine:
    """``engine`` for reads of one statement each, which see one snapshot by themselves:
    on PostgreSQL without a transaction around them (no BEGIN sent before, no ROLLBACK
    after); SQLite's transactions cost no round trip, and stay."""
    if engine.dialect.name != "postgresql":
        return engine
    return engine.execution_options(isolation_level="AUTOCOMMIT")


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
        if connection.dialect.name == "postgresql":
            # Two processes opening a new club database at once (a server starting while
            # a command imports) would both create the tables, and one fail on PostgreSQL's
            # own catalogue. The second waits here, then finds the schema made.
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({APPLICATION_ID})")
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


__all__ = ["APPLICATION_ID", "DB_ENV", "REVISIONS", "DatabaseTooNewError", "connect",
           "data_dir", "default_url", "migrate", "schema_revision", "single_statement",
           "unsynced"]
