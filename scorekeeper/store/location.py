"""Where the database lives unless the user says otherwise (no SQLAlchemy here: the
session layer chooses the database before the database layer has loaded)."""

from __future__ import annotations

from scorekeeper.platform import data_dir

DB_ENV = "SCOREKEEPER_DB"


def default_url() -> str:
    """SQLite in the data folder: where a database lives unless the user chooses another
    (the choice itself is ``scorekeeper.session.where``)."""
    return f"sqlite:///{data_dir() / 'scorekeeper.db'}"
