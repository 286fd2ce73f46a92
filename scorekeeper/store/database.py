"""Where the data lives and how to reach it: SQLite by default, PostgreSQL for a club.

``SCOREKEEPER_DB`` (a SQLAlchemy URL) points the app at another database; nothing
else changes. The schema is migrated with Alembic every time the store opens.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, event

DB_ENV = "SCOREKEEPER_DB"
MIGRATIONS = Path(__file__).with_name("migrations")


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
    def _pragmas(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
        # We issue BEGIN ourselves (below); FULL sync so a dead battery loses no deal.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection) -> None:  # type: ignore[no-untyped-def]
        # IMMEDIATE takes the write lock up front: two writers queue instead of the
        # second failing half-way with "database is locked".
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def _alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def migrate(engine: Engine, revision: str = "head") -> None:
    """Upgrade the schema to ``revision``; refuse a database newer than this program."""
    config = _alembic_config()
    known = {script.revision for script in ScriptDirectory.from_config(config).walk_revisions()}
    with engine.begin() as connection:
        current = MigrationContext.configure(connection).get_current_revision()
        if current is not None and current not in known:
            raise DatabaseTooNewError(current)
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
