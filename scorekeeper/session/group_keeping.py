"""The scorebook's groups: their names, running tabs and payments on them, and the tables
of a group's evening."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING

from scorekeeper.core import RuleError, msg
from scorekeeper.core.group_records import GroupRecords
from scorekeeper.core.head_to_head import HeadToHead
from scorekeeper.core.records import PlayerRecord
from scorekeeper.session.groups import GroupTab, group_tab, pay_on_tab, take_back_on_tab
from scorekeeper.session.head_to_head import KeptRecords, record_of, versus
from scorekeeper.session.listeners import Listeners
from scorekeeper.session.open_session import OpenSession
from scorekeeper.store.groups import GroupStore
from scorekeeper.store.sessions import SessionStore

if TYPE_CHECKING:
    from scorekeeper.payments import PaymentDetails

# A club's evening runs past midnight, and a table set up at seven may see its last deal at
# one: a table is tonight's if it changed within these hours and was played today or last
# night. Last week's table, left unfinished or imported from a file today, is not.
AN_EVENING = timedelta(hours=12)


class GroupKeeping:
    """The groups' part of the ``Scorebook``: their tabs, records and tables tonight."""

    def __init__(self, store: SessionStore, groups: GroupStore, listeners: Listeners,
                 open_session: Callable[[int], OpenSession],
                 payment_details: Callable[[Iterable[str]], dict[str, PaymentDetails]],
                 ) -> None:
        """``open_session``: the session as stored now (the scorebook's);
        ``payment_details``: the roster's, for the tab's payment codes."""
        self.store, self.groups, self._listeners = store, groups, listeners
        self._open_session, self._payment_details = open_session, payment_details
        self._records = KeptRecords()  # each group's records, worked out again on a change

    def group_names(self) -> list[str]:
        return self.groups.names()

    def group(self, name: str, every_evening: bool = False) -> GroupTab:
        """The group called ``name`` (any case), with its tab and the places of its newest
        evenings, or of ``every_evening`` (``RuleError`` if there is none)."""
        return group_tab(self.groups, name, every_evening, self._payment_details)

    def versus(self, first: str, second: str, group: str | None = None,
               year: int | None = None) -> HeadToHead:
        """Who beats whom of two players, over every finished session or a group's, or a
        year's (``session.head_to_head.versus``)."""
        return versus(self.store, self.groups, first, second, group, year)

    def player_record(self, player: str, group: str | None = None,
                      year: int | None = None) -> PlayerRecord:
        """A player's page: their places, games, rivals, evenings, streaks and feats over
        every finished session they sat in, or a group's, or a year's."""
        return record_of(self.store, self.groups, player, group, year)

    def group_records(self, group: str) -> GroupRecords:
        """A group's records and who beats whom in it, over its finished sessions."""
        return self._records.of(self.groups, group)

    def tonight(self, group: str) -> list[OpenSession]:
        """The group's tables tonight: its sessions of this evening (or of last night's,
        past midnight) changed within an evening's hours, those in play first
        (``RuleError`` if there is no such group)."""
        if not self.groups.has(group):
            # A group that is not there is said so, not shown as a quiet evening.
            raise RuleError(msg("store.no_group", group=group))
        changed, played = datetime.now(UTC) - AN_EVENING, date.today() - timedelta(days=1)
        return [self._open_session(session_id)
                for session_id in self.store.in_group_since(group, changed, played)]

    def pay_on_tab(self, name: str, payer: str, payee: str, minor: int,
                   version: int | None = None) -> GroupTab:
        """A payment on the group's tab; refused if the group changed since ``version``."""
        shown = pay_on_tab(self.groups, name, payer, payee, minor, version,
                           self._payment_details)
        self._listeners.announce(None)
        return shown

    def take_back_on_tab(self, name: str, payment_id: int, version: int) -> GroupTab:
        shown = take_back_on_tab(self.groups, name, payment_id, version,
                                 self._payment_details)
        self._listeners.announce(None)
        return shown
