"""One deal in, entries and the next state out: the pure heart of Scorekeeper."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from scorekeeper.core.checks import check_dealer, check_fields, check_seated, resolve_names
from scorekeeper.core.deal import Deal
from scorekeeper.core.errors import RuleError, refuse
from scorekeeper.core.families import countdown, countup, pot
from scorekeeper.core.feats import feats_after
from scorekeeper.core.ledger import Entry
from scorekeeper.core.presets import Family
from scorekeeper.core.seat_changes import seat_changes
from scorekeeper.core.seating import Seating, dealer_after, seating
from scorekeeper.core.state import State
from scorekeeper.core.table import Table

Play = Callable[[Table, State, Seating, Deal], tuple[State, list[Entry]]]
# The most money (in the smallest coin) any account may hold, either way: ten trillion
# units of a two-decimal currency. A pool whose pot doubles every deal passes it after
# about 50 deals; without the bound it grew past what a database column holds (2**63).
MOST_MINOR = 10**15

FAMILIES: dict[Family, Play] = {
    Family.POT: pot.play,
    Family.COUNTDOWN: countdown.play,
    Family.COUNTUP: countup.play,
}


@dataclass(frozen=True, slots=True)
class Step:
    """A recorded deal (names as seated), what it posted, and the state after it."""

    deal: Deal
    entries: tuple[Entry, ...]
    state: State


class LedgerOutOfBalanceError(AssertionError):
    """Players plus pot no longer sum to zero: a bug in the rules, never the table's fault."""


def record(table: Table, state: State, deal: Deal) -> Step:
    """Check ``deal`` against every rule and apply it; refuse it whole with a ``RuleError``."""
    number = state.deals + 1
    try:
        state, deal, seat_entries = seat_changes(table, state, deal)
        deal = resolve_names(state, deal)
        check_dealer(state, deal)
        check_fields(table.rules, deal)
        seats = seating(table, state)
        check_seated(seats, deal)
        after, entries = FAMILIES[table.rules.family](table, state, seats, deal)
    except RuleError as error:
        raise error.at(number) from None
    dealer = dealer_after(table, after, seats.dealer)
    after = after.evolve(deals=number, dealer=dealer, last_dealer=seats.dealer,
                         **feats_after(after, deal, entries))
    if sum(after.balances.values()) != 0:
        raise LedgerOutOfBalanceError(f"deal {number}: {dict(after.balances)}")
    if any(abs(minor) > MOST_MINOR for minor in after.balances.values()):
        raise refuse("deal.too_much_money").at(number)
    if deal.dealer != seats.dealer:
        deal = replace(deal, dealer=seats.dealer)
    return Step(deal, (*seat_entries, *entries), after)
