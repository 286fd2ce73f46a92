"""What a page hears when something changed, once per change: the id of a session that
changed (and with it the lists it is on), None when the list of sessions (or a group's
tab) changed otherwise, or ROSTER when a player was added to the roster. Kept apart from
the listeners, which load the store: the first screen imports only this."""

from __future__ import annotations

ROSTER = "roster"
Heard = int | str | None
