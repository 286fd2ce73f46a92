"""The deal assistant: whose deal, how to deal it, who speaks, who must play, what to remember.

Everything here is derived from the table and the state; the app shows it while the
cards are shuffled, and asks ``duties`` (core/passing.py) again as each player speaks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from scorekeeper.core.checks import TRICKS
from scorekeeper.core.messages import Message, msg
from scorekeeper.core.passing import Bidding, is_single_pot, must_play
from scorekeeper.core.presets import Family, Rules
from scorekeeper.core.seating import Seating, SeatWords, seat_words, seating
from scorekeeper.core.state import State
from scorekeeper.core.table import Table


@dataclass(frozen=True, slots=True)
class DealGuide:
    number: int  # the deal about to be dealt, 1-based
    game: int | None  # countdown / count-up: the game it belongs to
    seats: Seating
    sides: SeatWords  # the seats' words, the rows' and the assistant's alike
    pot: int  # units in the pot before the ante
    # The pot as the table sees it, the deal's own money in it: with the dealer's ante (pot
    # games), with the stakes a game's first deal books (games for stakes), or as it is.
    pot_in_play: int
    pot_holds: Literal["ante", "stakes"] | None
    single_pot: bool | None  # None where the variant has no single or double pot
    trick_share: int | None  # pot games: units a trick pays, the ante included
    must_play: dict[str, Message]  # who may not pass, whatever the others do
    widow_takers: tuple[str, ...]  # who may take the widow (the Blinde)
    general_rams: bool
    dealing: tuple[Message, ...]  # how to deal this variant, step by step
    reminders: tuple[Message, ...]
    session_over: bool  # mattmar: all games played


def guide(table: Table, state: State) -> DealGuide:
    rules = table.rules
    seats = seating(table, state)
    sides = seat_words(rules, seats)
    must = {
        player: reason
        for player in seats.order
        if (reason := _must_play_whatever_happens(table, state, seats, player)) is not None
    }
    pot_units = state.pot // table.money.minor_per_unit
    pot_game = rules.family is Family.POT
    share = None
    if pot_game:
        share = 1 if rules.trick_pays_one else (pot_units + rules.five_tricks) // TRICKS
    game_number = None
    if not pot_game:
        game_number = len(state.games) + 1 if state.between_games else len(state.games)
    in_play, holds = _pot_in_play(table, state, pot_units)
    return DealGuide(
        number=state.deals + 1,
        game=game_number,
        seats=seats,
        sides=sides,
        pot=pot_units,
        pot_in_play=in_play,
        pot_holds=holds,
        single_pot=is_single_pot(table, state) if pot_game and rules.single_pot else None,
        trick_share=share,
        must_play=must,
        widow_takers=_widow_takers(rules, seats),
        general_rams=rules.general_rams,
        dealing=_dealing(rules, seats, sides),
        reminders=_reminders(table, state, seats),
        session_over=(
            rules.games is not None and state.between_games and len(state.games) >= rules.games
        ),
    )


def _pot_in_play(table: Table, state: State, pot: int
                 ) -> tuple[int, Literal["ante", "stakes"] | None]:
    """The pot the next deal is played for: the dealer antes in every pot-game deal, and a
    game for stakes books every seated player's stake with its first deal (RULES.md)."""
    rules = table.rules
    if rules.family is Family.POT:
        return pot + rules.five_tricks, "ante"
    if (rules.money and rules.game_end != "last_in_loses" and state.between_games):
        return pot + len(state.seated), "stakes"
    return pot, None


def _must_play_whatever_happens(
    table: Table, state: State, seats: Seating, player: str
) -> Message | None:
    """A duty that holds whether everyone before went in or everyone passed; the duties
    of the RH and the dealer depend on the others and are asked live (``duties``)."""
    everyone_in = must_play(table, state, seats, player, Bidding(dict.fromkeys(seats.order, True)))
    nobody_in = must_play(table, state, seats, player, Bidding(dict.fromkeys(seats.order, False)))
    return everyone_in if everyone_in is not None and nobody_in is not None else None


def _widow_takers(rules: Rules, seats: Seating) -> tuple[str, ...]:
    if rules.widow == "none":
        return ()
    return (seats.forehand,) if rules.widow == "forehand" else seats.order


def _dealing(rules: Rules, seats: Seating, sides: SeatWords) -> tuple[Message, ...]:
    players = len(seats.order) + len(seats.sitting_out)
    steps = [msg("dealing.deck", cards=rules.deck_for(players))]
    if rules.turned_trump_to_dealer:
        steps.append(msg("dealing.turned_trump_to_dealer", dealer=seats.dealer))
    elif rules.widow != "none":
        steps.append(msg("dealing.widow_before_dealer", dealer=seats.dealer))
        steps.append(msg("dealing.turn_trump", dealer=seats.dealer))
    if rules.balli:
        steps.append(msg("dealing.balli", dealer=seats.dealer))
    if seats.dealer in seats.sitting_out:
        steps.append(msg("dealing.dealer_sits_out", dealer=seats.dealer))
    steps.append(sides.turn)
    return tuple(steps)


def _reminders(table: Table, state: State, seats: Seating) -> tuple[Message, ...]:
    rules = table.rules
    notes = [msg("remind.forehand_leads", player=seats.forehand)]
    if rules.family is Family.POT:
        if rules.single_pot and is_single_pot(table, state):
            notes.append(msg("remind.single_pot"))
        else:
            notes.append(msg("remind.double_pot", rh=seats.rh, dealer=seats.dealer,
                             units=rules.five_tricks))
    if rules.passing == "counters":
        notes.append(msg("remind.two_must_play", rh=seats.rh, dealer=seats.dealer))
    if rules.passing == "mattmar":
        notes.append(msg("remind.dealer_takes_all", dealer=seats.dealer))
    if rules.general_rams:
        notes.append(msg("remind.general_rams"))
    if rules.forced_trump_lead_on_one and not state.between_games:
        on_one = [p for p in seats.order if state.scores[p] == 1]
        if on_one:
            notes.append(msg("remind.forced_trump_lead", players=", ".join(on_one)))
    if rules.trump_ace_rule:
        notes.append(msg("remind.trump_ace"))
    if rules.money and rules.buy_down:
        notes.append(msg("remind.buy_down", cap=rules.cap or 0))
    if rules.second_trick_trump:
        notes.append(msg("remind.second_trick_trump"))
        notes.append(msg("remind.blinde_dealer_last", dealer=seats.dealer))
    if rules.fouls:
        notes.append(msg("remind.fouls", units=rules.foul_costs))
    return tuple(notes)
