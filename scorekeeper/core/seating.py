"""Who deals, who speaks first, who is the dealer's right hand (RH), who sits out."""

from __future__ import annotations

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


def in_game(table: Table, state: State) -> tuple[str, ...]:
    """Players in the current game, in order of play; a new game seats everyone again."""
    if state.between_games:
        return table.players
    return tuple(p for p in table.players if p not in state.out)


def seating(table: Table, state: State) -> Seating:
    playing = in_game(table, state)
    dealer = state.dealer
    seat = playing.index(dealer)
    order = playing[seat + 1 :] + playing[: seat + 1]
    sitting_out = tuple(p for p in table.players if p not in playing)
    if table.rules.dealer_sits_out(len(playing)):
        order = order[:-1]
        sitting_out = (dealer, *sitting_out)
    return Seating(dealer, order, sitting_out)


def next_dealer(table: Table, dealer: str, playing: tuple[str, ...]) -> str:
    """The deal passes on in order of play, skipping players out of the game."""
    candidate = table.after(dealer)
    while candidate not in playing:
        candidate = table.after(candidate)
    return candidate
