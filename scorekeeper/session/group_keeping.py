"""The scorebook's groups: their names, running tabs and payments on them, and the tables
of a group's evening."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta

from scorekeeper.core import RuleError, msg
from scorekeeper.session.groups import GroupTab, group_tab, pay_on_tab, take_back_on_tab
from scorekeeper.session.listeners import Listeners
from scorekeeper.session.open_session import OpenSession
from scorekeeper.store.groups import GroupStore
from scorekeeper.store.sessions import SessionStore

# A club's evening runs past midnight, and a table set up at seven may see its last deal at
# one: a table is tonight's if it changed within these hours and was played today or last
# night. Last week's table, left unfinished or imported from a file today, is not.
AN_EVENING = timedelta(hours=12)


class GroupKeeping:
    """The groups' part of the ``Scorebook`` (which sets these up)."""

    store: SessionStore
    groups: GroupStore
    _listeners: Listeners
    open: Callable[[int], OpenSession]  # the Scorebook's: the session as stored now

    def group_names(self) -> list[str]:
        return self.groups.names()

    def group(self, name: str) -> GroupTab:
        """The group called ``name`` (any case), with its tab (``RuleError`` if none)."""
        return group_tab(self.groups, name)

    def tonight(self, group: str) -> list[OpenSession]:
        """The group's tables tonight: its sessions of this evening (or of last night's,
        past midnight) changed within an evening's hours, those in play first
        (``RuleError`` if there is no such group)."""
        if not self.groups.has(group):
            # A group that is not there is said so, not shown as a quiet evening.
            raise RuleError(msg("store.no_group", group=group))
        changed, played = datetime.now(UTC) - AN_EVENING, date.today() - timedelta(days=1)
        return [self.open(session_id)
                for session_id in self.store.in_group_since(group, changed, played)]

    def pay_on_tab(self, name: str, payer: str, payee: str, minor: int,
                   version: int | None = None) -> GroupTab:
        """A payment on the group's tab; refused if the group changed since ``version``."""
        shown = pay_on_tab(self.groups, name, payer, payee, minor, version)
        self._listeners.announce(None)
        return shown

    def take_back_on_tab(self, name: str, payment_id: int, version: int) -> GroupTab:
        shown = take_back_on_tab(self.groups, name, payment_id, version)
        self._listeners.announce(None)
        return shown
