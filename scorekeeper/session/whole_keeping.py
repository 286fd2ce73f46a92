"""The scorebook in one file: backed up whole, restored (what it would add said first), for
a new phone, a new computer or a club's database."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from scorekeeper.session.roster_keeping import RosterKeeping

if TYPE_CHECKING:
    from scorekeeper.session.backup import Counts, Progress


class WholeKeeping(RosterKeeping):
    """The whole-scorebook part of the ``Scorebook``: a restore may give the roster's
    players the details the backup holds."""

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

    def restore(self, data: bytes, language: str, progress: Progress | None = None) -> Counts:
        """Add what this database lacks from a backup, in one transaction; what was added
        (``progress``: how far it is, as it goes)."""
        from scorekeeper.session.backup import restore

        added = restore(self.store, data, language, progress)
        self._details_changed(self.roster())  # a player here without details got some
        return added
