"""The group on screen: its running tab and season, or its tables tonight."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.state.worked_out import Showing, a_table
from scorekeeper.core import RuleError
from scorekeeper.core.text import name_key
from scorekeeper.session import StoreError

if TYPE_CHECKING:
    from scorekeeper.app.state.said import Said
    from scorekeeper.core.group_records import GroupRecords
    from scorekeeper.session import OpenSession, Scorebook
    from scorekeeper.session.groups import GroupTab


@ft.observable
@dataclass
class GroupShown:
    book: Scorebook
    said: Said
    group: GroupTab | None = None  # the group on screen, with its tab
    tonight: list[OpenSession] = field(default_factory=list)  # the group's tables tonight
    season: int | None = None  # the year the season table shows (None: the latest)
    every_evening: bool = False  # the list shows every evening, not the newest few
    records: GroupRecords | None = None  # the group's records and who beats whom

    def open(self, name: str) -> None:
        if self.group is not None and name_key(self.group.name) != name_key(name):
            self.every_evening = False  # another group: its newest evenings first
        try:
            self.group = self._worked_out(self.book.group(name, self.every_evening))
            self.records = self.book.group_records(name)
        except (RuleError, StoreError) as error:
            self.group, self.said.problem = None, self.said.refusal(error)

    def _worked_out(self, shown: GroupTab) -> GroupTab:
        """``shown`` with its payment codes read and drawn now: the screen only draws."""
        shown.code_pictures(self.said.language)
        return shown

    def show_every_evening(self) -> None:
        """The list of evenings shows them all, each with its places."""
        self.every_evening = True
        if self.group is not None:
            self.open(self.group.name)

    def show_season(self, year: int) -> None:
        """The season table shows ``year``."""
        self.season = year

    def open_tonight(self, name: str) -> None:
        """The group's tables tonight; while the database is away, the last ones seen."""
        try:
            tables, showing = self.book.tonight(name), Showing(self.said.language)
            for table in tables:
                a_table(table, showing)
            self.tonight = tables
            self.said.problem = None
        except StoreError as error:
            self.said.problem = self.said.refusal(error)
        except RuleError as error:
            self.tonight, self.said.problem = [], self.said.refusal(error)

    def pay(self, payer: str, payee: str, minor: int) -> bool:
        """A payment on the tab of the group on screen; on refusal say why."""
        shown = self.group
        if shown is None:
            return False
        paid = self.said.attempt(lambda: self.book.pay_on_tab(shown.name, payer, payee, minor,
                                                              shown.version))
        if paid is None:
            return False
        self.group = self._worked_out(paid)
        if self.every_evening:  # the places of every evening, not the newest few's
            self.open(paid.name)
        return True

    def take_back(self, payment_id: int) -> None:
        shown = self.group
        if shown is None:
            return
        taken = self.said.attempt(lambda: self.book.take_back_on_tab(shown.name, payment_id,
                                                                     shown.version))
        if taken is not None:
            self.group = self._worked_out(taken)
            if self.every_evening:
                self.open(taken.name)

    def reload(self) -> None:
        """After a refusal for a stale version: the group's tab as stored now."""
        if self.group is not None:
            self.open(self.group.name)
        self.said.clear()
