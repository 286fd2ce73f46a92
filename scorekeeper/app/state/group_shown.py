"""The group on screen: its running tab and season, or its tables tonight."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.state.worked_out import worked_out
from scorekeeper.core import RuleError
from scorekeeper.session import StoreError

if TYPE_CHECKING:
    from scorekeeper.app.state.said import Said
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

    def open(self, name: str) -> None:
        try:
            self.group = self.book.group(name)
        except (RuleError, StoreError) as error:
            self.group, self.said.problem = None, self.said.refusal(error)

    def show_season(self, year: int) -> None:
        """The season table shows ``year``."""
        self.season = year

    def open_tonight(self, name: str) -> None:
        """The group's tables tonight; while the database is away, the last ones seen."""
        try:
            self.tonight = [worked_out(table, "tonight", self.said.language)
                            for table in self.book.tonight(name)]
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
        self.group = paid
        return True

    def take_back(self, payment_id: int) -> None:
        shown = self.group
        if shown is None:
            return
        taken = self.said.attempt(lambda: self.book.take_back_on_tab(shown.name, payment_id,
                                                                     shown.version))
        if taken is not None:
            self.group = taken

    def reload(self) -> None:
        """After a refusal for a stale version: the group's tab as stored now."""
        if self.group is not None:
            self.open(self.group.name)
        self.said.clear()
