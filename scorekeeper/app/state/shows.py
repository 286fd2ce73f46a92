"""What of the store a screen shows, as its record says (screen_list.py): the news that
loads it again (AppModel.heard), and so what its server is to hear of (AppModel.shown)."""

from __future__ import annotations

from enum import Enum


class Shows(Enum):
    SESSION = "the session on screen"
    LISTS = "the sessions, listed"
    GROUP = "the group on screen, its tab and its evenings"
    TONIGHT = "the group's tables tonight"
    ROSTER = "the roster"


# News of any session's change: a list, a group and its tables may hold that session.
OF_SESSIONS = frozenset({Shows.SESSION, Shows.LISTS, Shows.GROUP, Shows.TONIGHT})
