"""A group's running tab and season table, and payments on the tab: read from the store,
worked out by the rules (RULES.md, "Groups and the running tab")."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from scorekeeper.core import Money, RuleError, SessionPlacings, Transfer
from scorekeeper.core.tab import (
    SeasonLine,
    Tab,
    running_tab,
    season_table,
    seasons,
    spelled,
    tab_handover,
)
from scorekeeper.store.errors import StorageError, StoreError
from scorekeeper.store.groups import GroupRecord, GroupStore
from scorekeeper.store.payments import StoredPayment

if TYPE_CHECKING:  # the payments package loads when the tab's codes are first shown
    from scorekeeper.payments import Offer, PaymentCode, PaymentDetails

TabExport = str  # a key of formats.tab_export.TAB_EXPORTS: "csv", "season", "pdf", "png"
FIRST_EVENINGS = 10  # the newest evenings a group's screen lists with their places at first
# The roster's payment details of the players named: the scorebook's.
DetailsOf = Callable[[Iterable[str]], Mapping[str, "PaymentDetails"]]


@dataclass(frozen=True, slots=True)
class GroupTab:
    """A group as its screen and the command line show it."""

    record: GroupRecord
    tab: Tab
    # the places of the newest FIRST_EVENINGS evenings (every evening's, when asked), by id
    places: Mapping[int, SessionPlacings] = field(default_factory=dict)
    details_of: DetailsOf | None = field(default=None, compare=False, repr=False)
    # What is worked out once for this version of the tab: its offers and their pictures.
    _made: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

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

    @property
    def payment_details(self) -> Mapping[str, PaymentDetails]:
        """The payees' payment details, as the roster holds them (read once)."""
        if "details" not in self._made:
            payees = {transfer.payee for transfer in self.tab.transfers}
            self._made["details"] = self.details_of(payees) if self.details_of else {}
        return self._made["details"]

    def offers(self, language: str) -> list[tuple[Transfer, Offer]]:
        """Every transfer of the tab with its payment codes (or why it has none), made by
        the same function as a session's settle-up; the message names the tab."""
        if ("offers", language) not in self._made:
            from scorekeeper.payments import offers, tab_message

            self._made["offers", language] = offers(
                self.tab.transfers, self.money, self.payment_details,
                tab_message(self.name, language), group_id=self.record.group.id)
        return self._made["offers", language]

    def code_pictures(self, language: str) -> Mapping[PaymentCode, bytes]:
        """Every payment code of the tab as a PNG, drawn once per language."""
        if ("pictures", language) not in self._made:
            from scorekeeper.payments.images import png

            self._made["pictures", language] = {
                code: png(code) for _, offer in self.offers(language) for code in offer.codes}
        return self._made["pictures", language]

    def evening_names(self, language: str) -> dict[int, str]:
        """Each of the group's sessions by number, named as its list of evenings says it:
        two of one evening told apart (``formats.evening_names.evening_list_names``)."""
        from scorekeeper.formats.evening_names import evening_list_names

        return evening_list_names(self.record.evenings, language)

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
        # What the balances count: a payment not between two of its players stays out.
        own = [payment.handover for payment in self.own_payments
               if self.tab.counts(payment.handover)]
        made = TAB_EXPORTS[kind]
        source = TabSource(self.name, self.money, self.tab, own, year, season, day, language)
        return (made.file_name(file_stem(self.name), year=source.season_year),
                made.make(source))


def group_tab(groups: GroupStore, name: str, every_evening: bool = False,
              details_of: DetailsOf | None = None) -> GroupTab:
    """The group called ``name`` (any case) with its tab and the places of its newest
    evenings (``every_evening``: of all of them); refused if there is none. ``details_of``
    reads the payees' payment details when the tab's codes are asked for."""
    try:
        record = groups.record(name)
    except StorageError:  # the database, or an evening in it damaged: not the name's fault
        raise
    except StoreError as error:
        raise RuleError(error.message) from None
    own = tuple(payment.handover for payment in record.own)
    newest = record.evenings[::-1] if every_evening else record.evenings[:-FIRST_EVENINGS - 1:-1]
    return GroupTab(record, running_tab(record.results, own),
                    groups.placings([session_id for session_id, *_ in newest]), details_of)


def pay_on_tab(groups: GroupStore, name: str, payer: str, payee: str, minor: int,
               version: int | None = None, details_of: DetailsOf | None = None) -> GroupTab:
    """``payer`` hands ``payee`` ``minor`` (checked by ``core.owed.amount_of``) on the
    group's tab (partial payments welcome, overpaying turns the debt round): written at
    the version the caller saw (the version read now, if none is given: the command
    line)."""
    shown = group_tab(groups, name)
    handover = tab_handover(payer, payee, minor, spelled(shown.tab.players), shown.name)
    with groups.change(shown.name, shown.version if version is None else version) as change:
        change.pay(handover)
    return group_tab(groups, name, details_of=details_of)


def take_back_on_tab(groups: GroupStore, name: str, payment_id: int, version: int,
                     details_of: DetailsOf | None = None) -> GroupTab:
    """Forget a payment recorded on the tab by mistake."""
    with groups.change(name, version) as change:
        change.take_back(payment_id)
    return group_tab(groups, name, details_of=details_of)


__all__ = ["GroupTab", "group_tab", "pay_on_tab", "take_back_on_tab"]
