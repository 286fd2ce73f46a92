"""What each role may ask of the scorebook, checked on the server when the command runs.

The screens hide what a role may not do, but a browser can send any event it likes:
so every page's model talks to the scorebook through this guard, which asks the page's
role (decided on the server from the connection's peer, see ``peer.py``) at each call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

    from scorekeeper.app.lan import LanRoom
    from scorekeeper.session import Scorebook

# Guests read only the session the host has open; scorers may also record a deal, and
# learn which device recorded the deal their half-entered one was for (to ask about it).
FOR_GUESTS = frozenset({"open", "latest", "subscribe"})
FOR_SCORERS = FOR_GUESTS | {"record", "recorded_by"}
ALLOWED = {"host": None, "scorer": FOR_SCORERS, "viewer": FOR_GUESTS, "locked": frozenset()}


def role_now(role: str, room: LanRoom | None, key: str) -> str:
    """A guest's role as the room has it at this moment: the host may have removed the
    device, or stopped its scoring, a moment before its page heard of it."""
    if room is None or role not in ("viewer", "scorer"):
        return role
    viewer = room.viewers.get(key)
    if viewer is None or viewer.away:  # away: its page is not back (with the code) yet
        return "locked"
    return "scorer" if room.may_score(key) else "viewer"


class NotAllowedError(PermissionError):
    """A page asked for something its role may not do (a forged event)."""


class GuardedScorebook:
    """The scorebook as one page may use it: every call checked against the page's role."""

    def __init__(self, scorebook: Scorebook, role: Callable[[], str]) -> None:
        self._scorebook = scorebook
        self._role = role

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._scorebook, name)
        if not callable(attribute):
            return attribute

        def checked(*args: Any, **kwargs: Any) -> Any:
            allowed = ALLOWED.get(self._role(), frozenset())
            if allowed is not None and name not in allowed:
                raise NotAllowedError(name)
            return attribute(*args, **kwargs)

        return checked
