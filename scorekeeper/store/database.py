"""Where the data lives and how to reach it: SQLite by default, PostgreSQL for a club.

``SCOREKEEPER_DB`` (a SQLAlchemy URL) points the app at another database; nothing
else changes. The schema is migrated with Alembic every time the store opens.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import platformdirs
from sqlalchemy import Connection, Engine, create_engine, event, inspect, text

DB_ENV = "SCOREKEEPER_DB"
MIGRATIONS = Path(__file__).with_name("migrations")
# The schema revisions in migrations/versions, oldest first (a test keeps this list true).
# Knowing them here lets an up-to-date database open without loading Alembic at all.
REVISIONS = ("0001", "0002", "0003")


class DatabaseTooNewError(RuntimeError):
    """The database was written by a newer Scorekeeper: opening it could lose data."""

    def __init__(self, revision: str) -> None:
        super().__init__(revision)
        self.revision = revision


def data_dir() -> Path:
    """The app's data folder: Flet's app storage when built with ``flet build``, else the
    platform's user data folder (``~/.local/share/scorekeeper`` on Linux)."""
    flet_storage = os.environ.get("FLET_APP_STORAGE_DATA")
    return Path(flet_storage) if flet_storage else Path(platformdirs.user_data_dir("scorekeeper"))


def database_url() -> str:
    return os.environ.get(DB_ENV) or f"sqlite:///{data_dir() / 'scorekeeper.db'}"


def connect(url: str | None = None) -> Engine:
    """An engine for ``url`` (default: ``database_url()``), migrated to this version's schema."""
    url = url or database_url()
    engine = _sqlite(url) if url.startswith("sqlite") else create_engine(url, pool_pre_ping=True)
    migrate(engine)
    return engine


def _sqlite(url: str) -> Engine:
    path = url.split("///", 1)[-1]
    if path and path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
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
        # second failing half-way with "database is locked".
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def schema_revision(engine: Engine) -> str | None:
    """The revision a database's schema is at (None: a new, empty database)."""
    with engine.connect() as connection:
        if not inspect(connection).has_table("alembic_version"):
            return None
        return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()


def migrate(engine: Engine, revision: str = "head") -> None:
    """Upgrade the schema to ``revision``; refuse a database newer than this program."""
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
