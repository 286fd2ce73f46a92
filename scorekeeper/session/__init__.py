"""The session layer: one open session behind every screen and every command.

The app and the command line talk to a ``Scorebook`` and read ``OpenSession``s; only
the scorebook talks to the store. No Flet in here.
"""

from scorekeeper.formats.games_protocol import GameRow
from scorekeeper.session.open_session import ChartLine, LedgerDeal, OpenSession
from scorekeeper.session.scorebook import ConflictError, Scorebook, StoreError
from scorekeeper.session.where import DatabaseChoice, choose_database, shown_url
from scorekeeper.store.sessions import SessionSummary
from scorekeeper.store.statistics import Lifetime

__all__ = [
    "ChartLine", "ConflictError", "DatabaseChoice", "GameRow", "LedgerDeal", "Lifetime",
    "OpenSession", "Scorebook", "SessionSummary", "StoreError", "choose_database",
    "open_scorebook", "shown_url",
]


def open_scorebook(choice: DatabaseChoice) -> Scorebook:
    """The scorebook over the chosen database, opened (and migrated) now."""
    from scorekeeper.store.database import connect
    from scorekeeper.store.sessions import SessionStore

    return Scorebook(SessionStore(connect(choice.url)))
