"""Who deals, who speaks first, who is the dealer's right hand (RH), who sits out."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from scorekeeper.core.state import State
from scorekeeper.core.table import Table


@dataclass(frozen=True, slots=True)
class Seating:
    dealer: str
    order: tuple[str, ...]  # players in the deal, in speaking order: forehand first
    sitting_out: tuple[str, ...]  # the dealer of six (english), players out of the game

    @property
    def forehand(self) -> str:
        return self.order[0]

    @property
    def dealer_plays(self) -> bool:
        return self.order[-1] == self.dealer

    @property
    def rh(self) -> str:
        """The dealer's right-hand player: the last to speak before the dealer."""
        return self.order[-2] if self.dealer_plays else self.order[-1]

    def before(self, player: str) -> tuple[str, ...]:
        return self.order[: self.order.index(player)]


def in_game(state: State) -> tuple[str, ...]:
    """Seated players in the current game, in order of play; a new game seats everyone."""
    seated = state.seated
    if state.between_games or not state.out:
        return seated
    return tuple(p for p in seated if p not in state.out)


def seating(table: Table, state: State) -> Seating:
    playing = in_game(state)
    dealer = state.dealer
    seat = playing.index(dealer)
    order = playing[seat + 1 :] + playing[: seat + 1]
    sitting_out = tuple(p for p in state.seated if p not in playing)
    if table.rules.dealer_sits_out(len(playing)):
        order = order[:-1]
        sitting_out = (dealer, *sitting_out)
    return Seating(dealer, order, sitting_out)


def after_seat(ring: Sequence[str], seat_of: str, playing: Collection[str], steps: int = 1) -> str:
    """The ``steps``-th player of ``playing`` after the seat of ``seat_of`` in order of play.

    The seat counts, not whether anyone sits in it: after a player who left, the deal
    passes to whoever sat after them (RULES.md, "Players who come and go")."""
    seat = ring.index(seat_of)
    found = 0
    for step in range(1, len(ring) + 1):
        candidate = ring[(seat + step) % len(ring)]
        if candidate in playing:
            found += 1
            if found == steps:
                return candidate
    raise ValueError("nobody is playing")


def dealer_after(table: Table, state: State, last_dealer: str | None) -> str:
    """Who deals next at the table as ``state`` seats it: the deal passes on in order of
    play from ``last_dealer``'s seat, skipping players out of the game or away; before the
    first deal (None), the first dealer (or whoever sits after them, if they left)."""
    playing = in_game(state)
    if last_dealer is None:
        first = table.first_dealer
        return first if first in playing else after_seat(state.ring, first, playing)
    return after_seat(state.ring, last_dealer, playing)
