"""Drawing the first dealer with a shuffled virtual deck, card by card, for all to see.

english: cards are dealt face up one at a time, in order of play, until a jack
turns up; its receiver deals. Elsewhere: a high-card draw, ties drawing again.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.core.presets import Rules

SUITS = ("♠", "♥", "♦", "♣")
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")  # high to low


@dataclass(frozen=True, slots=True)
class Card:
    rank: str
    suit: str

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}"

    @property
    def height(self) -> int:
        return len(RANKS) - RANKS.index(self.rank)


def deck(size: int) -> list[Card]:
    """A 52-card pack, or the 32-card piquet pack (A down to 7)."""
    ranks = RANKS if size == 52 else RANKS[:8]
    return [Card(rank, suit) for suit in SUITS for rank in ranks]


@dataclass(frozen=True, slots=True)
class Draw:
    turns: tuple[tuple[str, Card], ...]  # who was shown which card, in order
    dealer: str


def draw_first_dealer(rules: Rules, players: Sequence[str], rng: random.Random) -> Draw:
    cards = deck(rules.deck_for(len(players)))
    rng.shuffle(cards)
    turns: list[tuple[str, Card]] = []
    if rules.first_dealer_by_jack:
        for seat, card in enumerate(cards):
            player = players[seat % len(players)]
            turns.append((player, card))
            if card.rank == "J":
                return Draw(tuple(turns), player)
    contenders = list(players)
    while True:
        shown = [(player, cards.pop()) for player in contenders]
        turns.extend(shown)
        best = max(card.height for _, card in shown)
        contenders = [player for player, card in shown if card.height == best]
        if len(contenders) == 1 or len(cards) < len(contenders):
            return Draw(tuple(turns), contenders[0])
