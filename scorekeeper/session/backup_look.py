"""A look at a restore: what a backup would add, said before the person confirms it.

The file, its roster, its groups and the payments on their tabs are checked as the restore
checks them (a payment ``pay`` would refuse is refused here, in the same words); each
session is counted at a glance (``formats.session_glance``: its uid, its group, who took
part), not parsed and replayed. A club's 21,000 evenings replayed took 14 CPU-s before
the app could ask; the restore that follows replays every one of them, in its one
transaction, and refuses there, with nothing written, a session the rules refuse.
"""

from __future__ import annotations

from scorekeeper.core.text import name_key
from scorekeeper.formats.backup_file import BackupFile
from scorekeeper.formats.session_glance import Glance, glance, glance_of
from scorekeeper.session.backup import Restore
from scorekeeper.store.restore import LOOKED_UP


class Look(Restore):
    """A restore that writes nothing and counts its sessions at a glance."""

    writing = False

    def _sessions(self, backup: BackupFile) -> int:
        """How many of the backup's sessions are new here, looked up ``LOOKED_UP`` at a time;
        their players and groups met (new ones counted), their tabs' players known."""
        added, seen = 0, set()
        met: dict[str, int] = {}  # how often each content without a uid was met so far
        looked: set[str] = set()  # the groups of new sessions looked up here
        total = len(backup.sessions)
        for start in range(0, total, LOOKED_UP):
            read: list[tuple[Glance, str | None]] = []
            for index in range(start, min(start + LOOKED_UP, total)):
                read.append(self._known(index + 1, backup.sessions[index], seen, met))
            here = self.here.sessions_here([uid for _, uid in read if uid is not None])
            for seen_as, uid in read:
                if uid is None:
                    continue  # the session met before in this backup under its uid
                self._on_tab(seen_as.group, seen_as.finished, seen_as.everyone)
                if uid in here:
                    continue  # the restore compares it with the one here
                added += 1
                self._met(seen_as.everyone)
                if seen_as.group is not None:
                    self._group_met(seen_as.group, looked)
            self._done("sessions", min(start + LOOKED_UP, total), total)
        return added

    def _known(self, number: int, document: object, seen: set[str],
               met: dict[str, int]) -> tuple[Glance, str | None]:
        """The session at a glance, and the uid it is known by (None: met already). A
        file without a uid, a uid met twice, or a document not plainly a session file's
        is read in full: its content is its uid, and what is wrong is said in that
        reading's words, as the restore says it."""
        seen_as = glance(document)
        if seen_as is None or seen_as.uid is None or seen_as.uid in seen:
            file = self._parsed(number, document)
            return glance_of(file), self._uid(file, seen, met)
        seen.add(seen_as.uid)
        return seen_as, seen_as.uid

    def _group_met(self, group: str, looked: set[str]) -> None:
        """A new session's group: new here unless the backup lists it or it is here."""
        key = name_key(group)
        if key in self.currencies or key in looked:
            return
        looked.add(key)
        if self.here.group(group) is None:
            self.new_groups.add(key)


__all__ = ["Look"]
