"""What the store refuses, and why, as exceptions carrying a message key.

Kept apart from the store itself (no SQLAlchemy here): the screens catch these, and the
first screen must draw before the database layer has loaded (see app/run.py).
"""

from __future__ import annotations

from scorekeeper.core import Message, msg


class StoreError(Exception):
    """A change the store refuses; ``message`` says why, in the user's words."""

    def __init__(self, message: Message) -> None:
        super().__init__(message.key)
        self.message = message


class StorageError(StoreError):
    """The database (or the disk under it) failed; nothing was changed."""


class ForeignDatabaseError(StorageError):
    """The file is not a Scorekeeper database; it was left exactly as it was."""


class DamagedSessionError(StorageError):
    """A session whose rows do not read as Scorekeeper wrote them, or disagree with each
    other (a disk's damage SQLite cannot see): it is not opened, and nothing is written to
    it; the other sessions are as they were."""

    def __init__(self, session_id: int, name: str | None = None) -> None:
        super().__init__(msg("store.session_damaged", session=session_label(session_id, name)))
        self.session_id = session_id


def session_label(session_id: int, name: str | None) -> str:
    """A session as a sentence names it: ``3 (Friday at the cabin)``, or ``3``."""
    return f"{session_id} ({name})" if name else str(session_id)


class ConflictError(StoreError):
    """Someone else changed the session since it was loaded: reload and try again."""


class DatabaseTooNewError(RuntimeError):
    """The database was written by a newer Scorekeeper: opening it could lose data."""

    def __init__(self, revision: str) -> None:
        super().__init__(revision)
        self.revision = revision
