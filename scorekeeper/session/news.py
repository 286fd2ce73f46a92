"""What a page hears when something changed, once per change: the id of a session that
changed (and with it the lists it is on), None when the list of sessions (or a group's
tab) changed otherwise, or ROSTER when a player was added to the roster. Kept apart from
the listeners, which load the store: the first screen imports only this."""

from __future__ import annotations

from dataclasses import dataclass

ROSTER = "roster"
Heard = int | str | None


@dataclass(frozen=True, slots=True)
class Shown:
    """What one page shows, as far as news of the store goes: the sessions whose changes
    it shows, the groups whose tables or tab it shows (by name), whether it lists the
    sessions (every change is news to it) and whether it shows the roster. A club's
    server hears of these alone (on PostgreSQL, each on a channel of its own)."""

    sessions: frozenset[int] = frozenset()
    groups: frozenset[str] = frozenset()
    lists: bool = False
    roster: bool = False

    def __or__(self, other: Shown) -> Shown:
        return Shown(self.sessions | other.sessions, self.groups | other.groups,
                     self.lists or other.lists, self.roster or other.roster)


NOTHING = Shown()
EVERYTHING = Shown(lists=True, roster=True)  # a listener that shows all there is
