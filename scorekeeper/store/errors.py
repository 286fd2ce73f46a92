"""What the store refuses, and why, as exceptions carrying a message key.

Kept apart from the store itself (no SQLAlchemy here): the screens catch these, and the
first screen must draw before the database layer has loaded (see app/run.py).
"""

from __future__ import annotations

from scorekeeper.core import Message


class StoreError(Exception):
    """A change the store refuses; ``message`` says why, in the user's words."""

    def __init__(self, message: Message) -> None:
        super().__init__(message.key)
        self.message = message


class StorageError(StoreError):
    """The database (or the disk under it) failed; nothing was changed."""


class ForeignDatabaseError(StorageError):
    """The file is not a Scorekeeper database; it was left exactly as it was."""


class ConflictError(StoreError):
    """Someone else changed the session since it was loaded: reload and try again."""


class DatabaseTooNewError(RuntimeError):
    """The database was written by a newer Scorekeeper: opening it could lose data."""

    def __init__(self, revision: str) -> None:
        super().__init__(revision)
        self.revision = revision
