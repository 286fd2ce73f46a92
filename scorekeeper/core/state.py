"""The table's state between deals: everything the next deal's rules depend on.

A ``State`` is a value. The engine folds deals over it; nothing mutates it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from operator import attrgetter

from scorekeeper.core.ledger import POT
from scorekeeper.core.table import Table


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game (Swedish *en rams*) of a countdown or count-up session."""

    number: int
    scores: Mapping[str, int]
    flights: Mapping[str, int]  # flights (Härdöpfel) in this game
    finished: bool = False
    winners: tuple[str, ...] = ()
    losers: tuple[str, ...] = ()  # counters, last in loses


@dataclass(frozen=True, slots=True)
class State:
    deals: int  # deals recorded so far
    dealer: str  # who deals the next deal
    balances: Mapping[str, int]  # money per account in minor units, the pot under POT
    scores: Mapping[str, int]  # countdown / count-up: the current (or last) game's scores
    flights: Mapping[str, int]  # over the whole session
    played: Mapping[str, int] = field(default_factory=dict)  # deals each player went in
    tricks: Mapping[str, int] = field(default_factory=dict)  # tricks taken over the session
    games: tuple[GameRecord, ...] = ()
    must_play: frozenset[str] = frozenset()  # mattmar: passed on 2 points last deal
    out: frozenset[str] = frozenset()  # counters, last in loses: out of this game
    pot_paid: Mapping[str, int] = field(default_factory=dict)  # into this game's pot

    def evolve(self, **changes: object) -> State:
        """This state with some fields changed (``dataclasses.replace``, without its cost:
        replaying thousands of deals calls this twice a deal). Set field by field as the
        frozen dataclass's own __init__ sets them, without building keyword arguments."""
        evolved = object.__new__(State)
        for name, value in zip(_FIELDS, _ALL_FIELDS(self)):  # noqa: B905 (same length)
            _SET(evolved, name, changes.get(name, value))
        return evolved

    @property
    def pot(self) -> int:
        """The pot in minor units."""
        return self.balances.get(POT, 0)

    @property
    def game(self) -> GameRecord | None:
        return self.games[-1] if self.games else None

    @property
    def between_games(self) -> bool:
        """No game is under way: the next deal begins a new one."""
        return not self.games or self.games[-1].finished


_FIELDS = tuple(f.name for f in fields(State))
_ALL_FIELDS = attrgetter(*_FIELDS)
_SET = object.__setattr__


def initial_state(table: Table) -> State:
    zero = dict.fromkeys(table.players, 0)
    return State(
        deals=0,
        dealer=table.first_dealer,
        balances={**zero, POT: 0},
        scores=dict.fromkeys(table.players, table.rules.start),
        flights=zero,
        played=zero,
        tricks=zero,
    )
