"""Count-up games (ramsen, Swiss Jass): +1 a trick, a Härdöpfel for none, first to 21 wins.

RULES.md, family 3. A player who passes gets neither point nor Härdöpfel.
"""

from __future__ import annotations

from dataclasses import replace

from scorekeeper.core.book import Book
from scorekeeper.core.checks import TRICKS, check_tricks, check_widow
from scorekeeper.core.deal import Deal
from scorekeeper.core.families.games import from_next_forehand, open_game, pay_out_pot, rank
from scorekeeper.core.ledger import Entry
from scorekeeper.core.messages import counts, msg
from scorekeeper.core.passing import check_passes
from scorekeeper.core.seating import Seating
from scorekeeper.core.state import State
from scorekeeper.core.table import Table


def play(table: Table, state: State, seats: Seating, deal: Deal) -> tuple[State, list[Entry]]:
    rules = table.rules
    book = Book(table, state)
    game = open_game(table, state, book)
    flights = dict(game.flights)
    if not deal.misdeal:
        check_passes(table, state, seats, deal)
        check_widow(rules, seats, deal)
        active = [p for p in seats.order if p not in deal.passed]
        # Everyone passed: the deal is thrown in and nobody scores (nobody is left to play).
        check_tricks(deal, active, total=TRICKS if active else 0)
        book.went_in(active, deal.tricks)
        for player in active:
            taken = deal.tricks_of(player)
            if taken:
                points = rules.trick_points * taken
                book.score(player, points,
                           msg(counts("ledger.points_tricks", "tricks"), paragraph="tricks",
                               player=player,
                               tricks=taken, points=points))
            else:
                book.score(player, rules.flight_points,
                           msg("ledger.hardopfel", paragraph="flight", player=player,
                               points=rules.flight_points))
                book.fly(player)
                flights[player] += 1
    scores = book.scores
    game = replace(game, scores={p: scores[p] for p in game.scores}, flights=flights)
    # In order of play (FORMAT.md); one who gave up the game cannot win it.
    reached = [p for p in state.everyone if p in seats.order and scores[p] >= rules.target]
    if reached:
        # Several at the target in one deal: the highest score, then fewer Härdöpfel (Decision).
        winners = rank(reached, scores, flights, lowest=False)
        if rules.money:
            pay_out_pot(book, from_next_forehand(state, seats, winners))
        game = replace(game, finished=True, winners=winners)
    return book.posted(state, games=state.games.with_game(game)), book.entries
