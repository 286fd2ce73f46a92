"""The session layer: one open session behind every screen and every command.

The app and the command line talk to a ``Scorebook`` and read ``OpenSession``s; only
the scorebook talks to the store. No Flet in here.

Importing this package loads only what the first screen needs (the errors it catches,
where the database is). The scorebook and the store under it (SQLAlchemy, a third of a
second on a phone) load on first use of their names, which the app does on a worker
thread while the first screen is drawn (see app/run.py).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from scorekeeper.session.where import DatabaseChoice, choose_database, shown_url
from scorekeeper.store.errors import ConflictError, DatabaseTooNewError, StoreError
from scorekeeper.store.numbers import LARGEST_ID
from scorekeeper.store.numbers import row_number as session_number

if TYPE_CHECKING:
    from scorekeeper.formats.exports import SESSION_EXPORTS, Export
    from scorekeeper.formats.games_protocol import GameRow
    from scorekeeper.formats.tab_export import TAB_EXPORTS
    from scorekeeper.session.ledger_view import ChartLine, LedgerDeal
    from scorekeeper.session.open_session import OpenSession
    from scorekeeper.session.scorebook import Scorebook
    from scorekeeper.store.failures import storage_error
    from scorekeeper.store.sessions import SessionSummary
    from scorekeeper.store.statistics import Lifetime

# The names that load the store, and the module each comes from.
_LOADED_ON_USE = {
    "ChartLine": "scorekeeper.session.ledger_view",
    "LedgerDeal": "scorekeeper.session.ledger_view",
    "OpenSession": "scorekeeper.session.open_session",
    "Scorebook": "scorekeeper.session.scorebook",
    "storage_error": "scorekeeper.store.failures",
    "Export": "scorekeeper.formats.exports",
    # The export registries a screen's buttons read (a file is still made by the scorebook).
    "SESSION_EXPORTS": "scorekeeper.formats.exports",
    "TAB_EXPORTS": "scorekeeper.formats.tab_export",
    "GameRow": "scorekeeper.formats.games_protocol",
    "SessionSummary": "scorekeeper.store.sessions",
    "Lifetime": "scorekeeper.store.statistics",
}

__all__ = [
    "LARGEST_ID",
    "SESSION_EXPORTS",
    "TAB_EXPORTS",
    "ChartLine",
    "ConflictError",
    "DatabaseChoice",
    "DatabaseTooNewError",
    "Export",
    "GameRow",
    "LedgerDeal",
    "Lifetime",
    "OpenSession",
    "Scorebook",
    "SessionSummary",
    "StoreError",
    "choose_database",
    "open_scorebook",
    "session_number",
    "shown_url",
    "storage_error",
]


def __getattr__(name: str) -> Any:
    if name in _LOADED_ON_USE:
        return getattr(importlib.import_module(_LOADED_ON_USE[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def open_scorebook(choice: DatabaseChoice, first_screen: bool = False) -> Scorebook:
    """The scorebook over the chosen database, opened (and migrated) now; with
    ``first_screen``, a SQLite file checked now only as far as a first screen reads it
    (the rest before anything else is read or written: ``Scorebook.first_screen_shown``)."""
    from scorekeeper.session.scorebook import Scorebook
    from scorekeeper.store.database import connect
    from scorekeeper.store.sessions import SessionStore
    from scorekeeper.store.wholeness import FIRST_READ

    store = SessionStore(connect(choice.url, FIRST_READ if first_screen else None))
    return Scorebook(store, choice.shown)
