"""Who deals, who speaks first, who is the dealer's right hand (RH), who sits out; and the
words for those seats in the way this game's turn goes."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from scorekeeper.core.messages import N_, Message, msg
from scorekeeper.core.presets import Rules, Turn
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


@dataclass(frozen=True, slots=True)
class TurnWords:
    """The message keys for the seats in one direction of play: the sources put the player
    after the dealer (forehand) on the dealer's left when the turn goes left, on the
    dealer's right when it goes right, and the player just before the dealer opposite."""

    last_tag: str  # a row's tag for the player just before the dealer
    last_line: str  # the assistant's sentence of where that player sits
    turn_line: str  # the way the turn goes, and where the forehand sits
    order_rule: str  # the rules at hand: the order of play
    order_hint: str  # setting up: the order to list the players in


TURN_WORDS: Mapping[Turn, TurnWords] = {
    # The Rams games (medsols; "the player at the dealer's left"): the player before the
    # dealer sits on the dealer's right, RULES.md's right-hand player (RH).
    "left": TurnWords(N_("ui.rh"), N_("ui.rh_is"), N_("dealing.turn_left"), N_("rule.order"),
                      N_("ui.order_hint")),
    # Jass ("Der rechts vom Spielgeber sitzende Spieler beginnt"): the forehand sits on the
    # dealer's right, so the player before the dealer sits on the dealer's left.
    "right": TurnWords(N_("ui.dealer_left"), N_("ui.last_before_dealer_left"),
                       N_("dealing.turn_right"), N_("rule.order_right"),
                       N_("ui.order_hint_right")),
}


@dataclass(frozen=True, slots=True)
class SeatWords:
    """What the table is told of its seats for one deal: each row's tags and the
    assistant's lines, from one place so that they name the same side."""

    tags: Mapping[str, tuple[Message, ...]]  # per player: dealer, forehand, the one before
    last_before_dealer: Message  # "Jonas … sits on the dealer's left"
    turn: Message  # "The turn goes to the right (counterclockwise): Ida, on Hans's right, begins"


def seat_words(rules: Rules, seats: Seating) -> SeatWords:
    """The seat words of this deal, in the way ``rules`` turn (their source's)."""
    words = TURN_WORDS[rules.turn]
    tags: dict[str, list[Message]] = {}
    for player, key in ((seats.dealer, N_("ui.dealer_role")), (seats.forehand, N_("ui.forehand")),
                        (seats.rh, words.last_tag)):
        tags.setdefault(player, []).append(msg(key))
    return SeatWords(
        tags={player: tuple(said) for player, said in tags.items()},
        last_before_dealer=msg(words.last_line, player=seats.rh),
        turn=msg(words.turn_line, dealer=seats.dealer, forehand=seats.forehand))
