"""A group's running tab and season table, and payments on the tab: read from the store,
worked out by the rules (RULES.md, "Groups and the running tab")."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Literal

from scorekeeper.core import Money, RuleError
from scorekeeper.core.tab import SeasonLine, Tab, running_tab, season_table, seasons, tab_handover
from scorekeeper.store.errors import StoreError
from scorekeeper.store.groups import GroupRecord, GroupStore
from scorekeeper.store.payments import StoredPayment

TabExport = Literal["csv", "season", "pdf", "png"]


@dataclass(frozen=True, slots=True)
class GroupTab:
    """A group as its screen and the command line show it."""

    record: GroupRecord
    tab: Tab

    @property
    def name(self) -> str:
        return self.record.group.name

    @property
    def version(self) -> int:
        return self.record.group.version

    @property
    def money(self) -> Money:
        """The group's currency (amounts in its minor unit)."""
        return Money(Decimal(1), self.record.group.currency)

    @property
    def own_payments(self) -> tuple[StoredPayment, ...]:
        return self.record.own

    def seasons(self) -> list[int]:
        return seasons(self.record.results)

    def season(self, year: int) -> list[SeasonLine]:
        return season_table(self.record.results, year)

    def export(self, kind: TabExport, language: str, day: date,
               year: int | None = None) -> tuple[str, bytes]:
        """The tab (``csv``, ``pdf``, ``png``: its card for the chat) or a season table
        (``season``; the latest if no ``year``) as a file: its name and its bytes."""
        from scorekeeper.formats.exports import file_name
        from scorekeeper.formats.tab_export import season_csv, tab_csv, tab_pdf

        years = self.seasons()
        year = year if year is not None else (years[0] if years else None)
        season = self.season(year) if year is not None else []
        own = [payment.handover for payment in self.own_payments]
        stem = file_name(self.name, "csv").removesuffix(".csv")
        if kind == "csv":
            return f"{stem}-tab.csv", tab_csv(self.name, self.money, self.tab, own)
        if kind == "png":
            from scorekeeper.formats.card_picture import card_png
            from scorekeeper.formats.result_card import tab_card

            return f"{stem}-tab.png", card_png(tab_card(self.name, self.money, self.tab, own,
                                                        day, language))
        if kind == "season":
            return (f"{stem}-season-{year or day.year}.csv",
                    season_csv(self.name, self.money, year or day.year, season))
        return f"{stem}-tab.pdf", tab_pdf(self.name, self.money, self.tab, own, year, season,
                                          day, language)


def group_tab(groups: GroupStore, name: str) -> GroupTab:
    """The group called ``name`` (any case) with its tab; refused if there is none."""
    try:
        record = groups.record(name)
    except StoreError as error:
        raise RuleError(error.message) from None
    own = tuple(payment.handover for payment in record.own)
    return GroupTab(record, running_tab(record.results, own))


def pay_on_tab(groups: GroupStore, name: str, payer: str, payee: str, minor: int,
               version: int | None = None) -> GroupTab:
    """``payer`` hands ``payee`` ``minor`` (checked by ``core.owed.amount_of``) on the
    group's tab (partial payments welcome, overpaying turns the debt round): written at
    the version the caller saw (the version read now, if none is given: the command
    line)."""
    shown = group_tab(groups, name)
    handover = tab_handover(payer, payee, minor, shown.tab, shown.name)
    with groups.change(shown.name, shown.version if version is None else version) as change:
        change.pay(handover)
    return group_tab(groups, name)


def take_back_on_tab(groups: GroupStore, name: str, payment_id: int, version: int) -> GroupTab:
    """Forget a payment recorded on the tab by mistake."""
    with groups.change(name, version) as change:
        change.take_back(payment_id)
    return group_tab(groups, name)


__all__ = ["GroupTab", "group_tab", "pay_on_tab", "take_back_on_tab"]
