"""Games within a session (countdown and count-up): opening, ranking, closing, the game's pot."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorekeeper.core.book import Book
from scorekeeper.core.errors import refuse
from scorekeeper.core.ledger import POT
from scorekeeper.core.messages import N_, counts, msg
from scorekeeper.core.seating import Seating, after_seat
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
        raise refuse(counts("deal.session_over", "games"), paragraph="session_games",
                     games=rules.games)
    number = len(state.games) + 1
    players = state.seated
    # Everyone seated starts again; one who is away keeps the score of their last game.
    book.scores.update(dict.fromkeys(players, rules.start))
    book.pot_paid = {}
    if rules.money and rules.game_end != "last_in_loses":
        for player in players:
            book.stake(player, 1, msg("ledger.stake", paragraph="stake", player=player,
                                      game=number, units=1))
    return GameRecord(number, dict.fromkeys(players, rules.start), dict.fromkeys(players, 0))


def rank(
    players: Sequence[str], scores: Mapping[str, int], flights: Mapping[str, int], *, lowest: bool
) -> tuple[str, ...]:
    """The winners: best score, then fewer flights; a remaining tie is shared (Decision)."""

    def standing(player: str) -> tuple[int, int]:
        score = scores[player] if lowest else -scores[player]
        return score, flights[player]

    best = min(standing(p) for p in players)
    return tuple(p for p in players if standing(p) == best)


def from_next_forehand(state: State, seats: Seating, players: Sequence[str]) -> list[str]:
    """``players`` in order of play from the forehand of the deal after a finished game,
    when everyone seated plays again."""
    seated = state.seated
    forehand = after_seat(state.ring, seats.dealer, seated, 2)
    return [p for p in from_seat(seated, forehand) if p in players]


def pay_out_pot(book: Book, order: Sequence[str]) -> None:
    """The winners take the game's pot; shared, the rest in minor units goes to them one at
    a time in ``order``."""
    shares = share_out(book.balances[POT], order)
    for player in order:
        key, paragraph = ((N_("ledger.pot_to_winner"), "stake") if len(order) == 1
                          else (N_("ledger.pot_shared"), "game_tie"))
        book.pay_minor(POT, player, shares[player],
                       msg(key, paragraph=paragraph, player=player, winners=len(order)))
    book.pot_paid = {}


def last_in_pays(book: Book, losers: Sequence[str], players: Sequence[str]) -> None:
    """Counters, last in loses: each loser pays every other player of the game one stake."""
    for loser in losers:
        for player in players:
            if player not in losers:
                book.pay(loser, player, 1, msg("ledger.last_in_pays", paragraph="stake",
                                               player=loser, to=player,
                                                units=1))

