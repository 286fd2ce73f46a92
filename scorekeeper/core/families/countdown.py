"""Countdown games (mattmar, counters): a protocol score counted down to 0.

RULES.md, family 2. Scores are points (mattmar) or counters (counters); the pot
exists only when the table plays for stakes.
"""

from __future__ import annotations

from dataclasses import replace

from scorekeeper.core.book import Book
from scorekeeper.core.checks import TRICKS, check_general_tricks, check_tricks, check_widow
from scorekeeper.core.deal import Deal
from scorekeeper.core.errors import refuse
from scorekeeper.core.families.games import (
    from_next_forehand,
    last_in_pays,
    open_game,
    pay_out_pot,
    rank,
)
from scorekeeper.core.ledger import Entry
from scorekeeper.core.messages import N_, counts, msg
from scorekeeper.core.passing import check_passes, unplayed_tricks
from scorekeeper.core.presets import Rules
from scorekeeper.core.seating import Seating
from scorekeeper.core.state import GameRecord, State
from scorekeeper.core.table import Table

# mattmar: a player who flew up to the cap may buy down this far for one stake
BUY_DOWN_POINTS = 2


def play(table: Table, state: State, seats: Seating, deal: Deal) -> tuple[State, list[Entry]]:
    rules = table.rules
    book = Book(table, state)
    game = open_game(table, state, book)
    flights = dict(game.flights)
    at_start = dict(book.scores)
    if not deal.misdeal:
        check_passes(table, state, seats, deal)
        check_widow(rules, seats, deal)
        active = [p for p in seats.order if p not in deal.passed]
        if rules.passing == "mattmar" and active == [seats.dealer]:
            _dealer_takes_all(rules, book, seats.dealer, deal)
        elif deal.general is not None:
            check_tricks(deal, active, total=None)
            _general_rams(rules, book, seats, deal.general, deal)
            book.went_in(active, deal.tricks)
        else:
            check_tricks(deal, active, total=None if deal.interrupted else TRICKS)
            _tricks(rules, book, active, deal, flights)
            _check_ramina(rules, book, active, deal)
            book.went_in(active, deal.tricks)
        _buy_down(rules, book, deal, flights, at_start, active)
    # A misdeal is not a deal played: a duty to knock waits for the next real one.
    must_play = state.must_play if deal.misdeal else frozenset(
        p for p in deal.passed if rules.passing == "mattmar" and at_start[p] == 2
    )
    game, out = _game_end(table, state, seats, book, replace(game, flights=flights))
    next_state = book.posted(
        state,
        games=state.games.with_game(game),
        must_play=frozenset() if game.finished else must_play,
        out=out,
    )
    return next_state, book.entries


def _dealer_takes_all(rules: Rules, book: Book, dealer: str, deal: Deal) -> None:
    """mattmar: everyone before the dealer passed, so the dealer takes five tricks unplayed.
    With ramina the game stops as the dealer reaches 0, so no trick takes them below it."""
    if deal.tricks and dict(deal.tricks) != {dealer: TRICKS}:
        raise refuse("deal.dealer_takes_all", paragraph="dealer_takes_all", player=dealer)
    taken = unplayed_tricks(rules, book.scores[dealer])
    book.score(dealer, -taken, msg("ledger.dealer_takes_all", paragraph="dealer_takes_all",
                                   player=dealer, points=-taken))
    book.went_in([dealer], {dealer: taken})


def _take_tricks(
    rules: Rules, book: Book, player: str, taken: int,
    key: str = counts("ledger.tricks", "tricks"), paragraph: str = "tricks",
) -> None:
    points = rules.trick_points * taken
    if rules.floor is not None and book.scores[player] + points < rules.floor:
        # counters: you cannot hand in counters you do not have (a General Rams won stays
        # the general's paragraph, which says so)
        points, key = rules.floor - book.scores[player], key + "_floor"
        paragraph = "floor" if paragraph == "tricks" else paragraph
    book.score(player, points,
               msg(key, paragraph=paragraph, player=player, tricks=taken, points=points))


def _raise(rules: Rules, book: Book, player: str, points: int, key: str,
           paragraph: str) -> None:
    """Points up (a flight, a lost General Rams), never above the cap (mattmar: 10); a
    capped entry says the rule's figure (``raised``) and what the cap left of it."""
    raised = points
    capped = rules.cap is not None and book.scores[player] + points > rules.cap
    if capped:
        assert rules.cap is not None
        points = max(0, rules.cap - book.scores[player])
    cap = rules.cap if rules.cap is not None else 0
    book.score(player, points, msg(key + ("_capped" if capped else ""), paragraph=paragraph,
                                   player=player, points=points, raised=raised, cap=cap))


def _tricks(
    rules: Rules, book: Book, active: list[str], deal: Deal, flights: dict[str, int]
) -> None:
    for player in active:
        taken = deal.tricks_of(player)
        if taken:
            _take_tricks(rules, book, player, taken)
        elif not deal.interrupted:  # an interrupted deal has no flights
            _raise(rules, book, player, rules.flight_points, N_("ledger.flight_points"), "flight")
            book.fly(player)
            flights[player] += 1
            if rules.money and rules.flight_stake:
                book.stake(player, 1, msg(counts("ledger.flight_stake", "units"),
                                          paragraph="stake", player=player, units=1))


def _general_rams(rules: Rules, book: Book, seats: Seating, declarer: str, deal: Deal) -> None:
    """counters: won, the declarer -5 and everyone else +5; lost, the declarer +5 and
    the others -1 per trick they took; no flights either way."""
    others = [p for p in seats.order if p != declarer]
    if check_general_tricks(deal, declarer):
        _take_tricks(rules, book, declarer, TRICKS, N_("ledger.general_won_points"),
                     "general_won")
        for player in others:
            _raise(rules, book, player, rules.flight_points, N_("ledger.general_others_plus"),
                   "general_won")
    else:
        _raise(rules, book, declarer, rules.flight_points, N_("ledger.general_lost_points"),
               "general_lost")
        for player in others:
            if deal.tricks_of(player):
                _take_tricks(rules, book, player, deal.tricks_of(player))


def _check_ramina(rules: Rules, book: Book, active: list[str], deal: Deal) -> None:
    """Ramina: play stops the moment someone reaches 0, so nobody passes below it."""
    if not rules.ramina:
        return
    below = [p for p in active if book.scores[p] < 0]
    if below:
        raise refuse("deal.ramina_below_zero", paragraph="ramina", player=below[0])
    if deal.interrupted:
        if sum(deal.tricks.values()) == TRICKS:
            raise refuse("deal.interrupted_all_played", paragraph="ramina")
        if sum(1 for p in active if book.scores[p] == 0) != 1:
            raise refuse("deal.interrupted_needs_zero", paragraph="ramina")


def _buy_down(
    rules: Rules, book: Book, deal: Deal, flights: dict[str, int], at_start: dict[str, int],
    active: list[str],
) -> None:
    for player in deal.buy_down:
        flew = player in active and not deal.tricks_of(player) and not deal.interrupted
        if not flew or book.scores[player] != rules.cap:
            raise refuse("deal.buy_down_not_at_cap", paragraph="buy_down", player=player,
                         cap=rules.cap or 0)
        book.score(player, -BUY_DOWN_POINTS,
                   msg("ledger.buy_down", paragraph="buy_down", player=player,
                       points=-BUY_DOWN_POINTS,
                       score=book.scores[player] - BUY_DOWN_POINTS))
        book.stake(player, 1, msg(counts("ledger.buy_down_stake", "units"), paragraph="buy_down",
                                  player=player, units=1))


def _game_end(
    table: Table, state: State, seats: Seating, book: Book, game: GameRecord
) -> tuple[GameRecord, frozenset[str]]:
    """The game after this deal, finished or not, and who is out of it."""
    rules = table.rules
    playing = seats.order
    scores = book.scores
    game = replace(game, scores={p: scores[p] for p in game.scores})
    # Winners and losers are listed in order of play (FORMAT.md), whoever spoke first.
    in_order = [p for p in state.everyone if p in game.scores]
    if rules.game_end == "last_in_loses":
        gone = frozenset(p for p in playing if scores[p] <= 0)
        out = (state.out if not state.between_games else frozenset()) | gone
        left = tuple(p for p in in_order if p not in out)
        if len(left) > 1:
            return game, out
        # The last one in loses; if the last players go out together, they share the loss.
        losers = left or tuple(p for p in in_order if p in gone)
        winners = tuple(p for p in in_order if p not in losers)
        if rules.money:
            last_in_pays(book, losers, in_order)
        return replace(game, finished=True, winners=winners, losers=losers), frozenset()
    if not any(scores[p] <= 0 for p in playing):
        return game, frozenset()
    winners = rank([p for p in in_order if p in playing], scores, game.flights, lowest=True)
    if rules.money:
        pay_out_pot(book, from_next_forehand(state, seats, winners))
    return replace(game, finished=True, winners=winners), frozenset()
