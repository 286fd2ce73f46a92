"""The scratch pad one deal is written on: it posts entries and keeps running totals."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from scorekeeper.core.ledger import POT, Entry, Payment, ScoreChange, SeatChange
from scorekeeper.core.messages import Message
from scorekeeper.core.state import State
from scorekeeper.core.table import Table


class Book:
    """Posts one deal's entries on copies of the state's balances, scores and flights.

    Mutable on purpose, and private to one deal: the families write on it, the
    engine turns it into the next immutable ``State``.
    """

    def __init__(self, table: Table, state: State) -> None:
        self.deal = state.deals + 1
        self.minor_per_unit = table.money.minor_per_unit
        self.balances = dict(state.balances)
        self.scores = dict(state.scores)
        self.flights = dict(state.flights)
        self.pot_paid = dict(state.pot_paid)
        self.played = dict(state.played)
        self.tricks = dict(state.tricks)
        self.entries: list[Entry] = []

    def pay(self, payer: str, payee: str, units: int, reason: Message) -> None:
        self.pay_minor(payer, payee, units * self.minor_per_unit, reason)

    def pay_minor(self, payer: str, payee: str, minor: int, reason: Message) -> None:
        if minor:
            self.balances[payer] -= minor
            self.balances[payee] += minor
            self.entries.append(Payment(self.deal, payer, payee, minor, reason))

    def stake(self, player: str, units: int, reason: Message) -> None:
        """A stake into a game's pot, remembered so it can go back if the game is never finished."""
        self.pay(player, POT, units, reason)
        self.pot_paid[player] = self.pot_paid.get(player, 0) + units * self.minor_per_unit

    def units(self, account: str) -> int:
        """Whole units in an account (the pot's units are always whole in pot games)."""
        return self.balances[account] // self.minor_per_unit

    def score(self, player: str, points: int, reason: Message) -> None:
        # A change of 0 is still posted: "flew, capped at 10" is worth reading.
        self.scores[player] += points
        self.entries.append(ScoreChange(self.deal, player, points, reason))

    def note(self, player: str, reason: Message) -> None:
        """A seat change: nothing moves, but the ledger tells it."""
        self.entries.append(SeatChange(self.deal, player, reason))

    def open_account(self, player: str, score: int) -> None:
        """A player's first time at the table: nothing won or lost yet."""
        for totals in (self.balances, self.flights, self.played, self.tricks):
            totals.setdefault(player, 0)
        self.scores.setdefault(player, score)

    def fly(self, player: str) -> None:
        self.flights[player] += 1

    def went_in(self, players: Iterable[str], tricks: Mapping[str, int]) -> None:
        """Count a deal played, and its tricks, for the lifetime statistics."""
        for player in players:
            self.played[player] += 1
            self.tricks[player] += tricks.get(player, 0)

    def posted(self, state: State, **changes: object) -> State:
        """``state`` with this deal's postings (and the family's own ``changes``)."""
        return state.evolve(
            balances=self.balances,
            scores=self.scores,
            flights=self.flights,
            played=self.played,
            tricks=self.tricks,
            pot_paid=self.pot_paid,
            **changes,
        )
