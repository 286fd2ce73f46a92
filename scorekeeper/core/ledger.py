"""Double-entry bookkeeping for a card table.

Every change a deal makes is an entry that names its rule. Money moves between
accounts (the players and the pot) as ``Payment``s, so players plus pot always sum
to zero; protocol points move as ``ScoreChange``s; a player who sits down or stands up
is a ``SeatChange``. Balances are derived from entries.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from scorekeeper.core.messages import Message

# The pot's account. No player can be called "" (names are trimmed and non-empty),
# so the pot can never be mistaken for a player.
POT = ""


@dataclass(frozen=True, slots=True)
class Payment:
    """``minor`` (money in the currency's minor unit) moves from payer to payee."""

    deal: int
    payer: str
    payee: str
    minor: int
    reason: Message


@dataclass(frozen=True, slots=True)
class ScoreChange:
    """A player's protocol score (points, counters, Härdöpfel) moves by ``points``."""

    deal: int
    player: str
    points: int
    reason: Message


@dataclass(frozen=True, slots=True)
class SeatChange:
    """A player sat down or stood up: nothing moves, but the ledger says when and why."""

    deal: int
    player: str
    reason: Message


Entry = Payment | ScoreChange | SeatChange


def balances_of(entries: Iterable[Entry]) -> dict[str, int]:
    """Money per account, the pot included, in minor units."""
    balances: defaultdict[str, int] = defaultdict(int)
    for entry in entries:
        if isinstance(entry, Payment):
            balances[entry.payer] -= entry.minor
            balances[entry.payee] += entry.minor
    return dict(balances)
