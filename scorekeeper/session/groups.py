"""A group's running tab and season table, and payments on the tab: read from the store,
worked out by the rules (RULES.md, "Groups and the running tab")."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from scorekeeper.core import Money, RuleError
from scorekeeper.core.tab import SeasonLine, Tab, running_tab, season_table, seasons, tab_handover
from scorekeeper.store.errors import StoreError
from scorekeeper.store.groups import GroupRecord, GroupStore
from scorekeeper.store.payments import StoredPayment

TabExport = str  # a key of formats.tab_export.TAB_EXPORTS: "csv", "season", "pdf", "png"


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
        """The group's export called ``kind`` (``formats.tab_export.TAB_EXPORTS``: the tab,
        a season table, the latest if no ``year``, ...) as a file: its name and its bytes."""
        from scorekeeper.formats.exports import file_stem
        from scorekeeper.formats.tab_export import TAB_EXPORTS, TabSource

        years = self.seasons()
        year = year if year is not None else (years[0] if years else None)
        season = self.season(year) if year is not None else []
        own = [payment.handover for payment in self.own_payments]
        made = TAB_EXPORTS[kind]
        source = TabSource(self.name, self.money, self.tab, own, year, season, day, language)
        return (made.file_name(file_stem(self.name), year=source.season_year),
                made.make(source))


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
