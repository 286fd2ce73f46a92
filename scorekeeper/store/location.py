"""Where the data lives unless the user says otherwise (no SQLAlchemy here: the settings
and the first screen need the folder before the database layer has loaded)."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

DB_ENV = "SCOREKEEPER_DB"


def data_dir() -> Path:
    """The app's data folder: Flet's app storage when built with ``flet build``, else the
    platform's user data folder (``~/.local/share/scorekeeper`` on Linux)."""
    flet_storage = os.environ.get("FLET_APP_STORAGE_DATA")
    return Path(flet_storage) if flet_storage else Path(platformdirs.user_data_dir("scorekeeper"))


def default_url() -> str:
    """SQLite in the data folder: where a database lives unless the user chooses another
    (the choice itself is ``scorekeeper.session.where``)."""
    return f"sqlite:///{data_dir() / 'scorekeeper.db'}"
