"""Games within a session (countdown and count-up): opening, ranking, closing, the game's pot."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorekeeper.core.book import Book
from scorekeeper.core.errors import refuse
from scorekeeper.core.ledger import POT
from scorekeeper.core.messages import N_, counts, msg
from scorekeeper.core.seating import Seating
from scorekeeper.core.sharing import from_seat, share_out
from scorekeeper.core.state import GameRecord, State
from scorekeeper.core.table import Table


def open_game(table: Table, state: State, book: Book) -> GameRecord:
    """The game this deal belongs to; a new one resets the scores and collects the stakes."""
    if not state.between_games:
        assert state.game is not None
        return state.game
    rules = table.rules
    if rules.games is not None and len(state.games) >= rules.games:
        raise refuse(counts("deal.session_over", "games"), games=rules.games)
    number = len(state.games) + 1
    book.scores = dict.fromkeys(table.players, rules.start)
    book.pot_paid = {}
    if rules.money and rules.game_end != "last_in_loses":
        for player in table.players:
            book.stake(player, 1, msg("ledger.stake", player=player, game=number, units=1))
    return GameRecord(number, dict(book.scores), dict.fromkeys(table.players, 0))


def rank(
    players: Sequence[str], scores: Mapping[str, int], flights: Mapping[str, int], *, lowest: bool
) -> tuple[str, ...]:
    """The winners: best score, then fewer flights; a remaining tie is shared (Decision)."""

    def standing(player: str) -> tuple[int, int]:
        score = scores[player] if lowest else -scores[player]
        return score, flights[player]

    best = min(standing(p) for p in players)
    return tuple(p for p in players if standing(p) == best)


def next_forehand(table: Table, seats: Seating) -> str:
    """Forehand of the deal after a finished game, when everyone is seated again."""
    return table.after(seats.dealer, 2)


def pay_out_pot(table: Table, seats: Seating, book: Book, winners: Sequence[str]) -> None:
    """The winners take the game's pot; shared, the rest in minor units goes in order of play."""
    order = [p for p in from_seat(table.players, next_forehand(table, seats)) if p in winners]
    shares = share_out(book.balances[POT], order)
    for player in order:
        key = N_("ledger.pot_to_winner") if len(order) == 1 else N_("ledger.pot_shared")
        book.pay_minor(POT, player, shares[player], msg(key, player=player, winners=len(order)))
    book.pot_paid = {}


def last_in_pays(table: Table, book: Book, losers: Sequence[str]) -> None:
    """Counters, last in loses: each loser pays every other player one stake."""
    for loser in losers:
        for player in table.players:
            if player not in losers:
                book.pay(loser, player, 1, msg("ledger.last_in_pays", player=loser, to=player,
                                                units=1))

