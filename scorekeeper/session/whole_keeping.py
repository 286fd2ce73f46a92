"""The scorebook in one file: backed up whole, restored (what it would add said first), for
a new phone, a new computer or a club's database."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorekeeper.session.backup import Counts, Progress
    from scorekeeper.store.sessions import SessionStore


class WholeKeeping:
    """The whole-scorebook part of the ``Scorebook``."""

    def __init__(self, store: SessionStore, restored: Callable[[], None]) -> None:
        """``restored``: what follows a restore (the scorebook's): it may have given the
        roster's players the details the backup holds."""
        self.store, self._restored = store, restored

    def backup(self, made: datetime | None = None) -> tuple[str, bytes]:
        """The whole scorebook as a backup: its file name (with the date) and bytes."""
        from scorekeeper.session.backup import backup_bytes, backup_name

        made = made or datetime.now(UTC)
        return backup_name(made.date()), backup_bytes(self.store, made)

    def what_restore_adds(self, data: bytes, language: str,
                          progress: Progress | None = None) -> Counts:
        """What ``restore`` would add (``RuleError`` where it would refuse); writes nothing."""
        from scorekeeper.session.backup import what_it_adds

        return what_it_adds(self.store, data, language, progress)

    def restore(self, data: bytes, language: str, progress: Progress | None = None,
                processes: int = 1) -> Counts:
        """Add what this database lacks from a backup, in one transaction; what was added
        (``progress``: how far it is, as it goes; ``processes``: how many may read it)."""
        from scorekeeper.session.backup import restore

        added = restore(self.store, data, language, progress, processes)
        self._restored()
        return added
