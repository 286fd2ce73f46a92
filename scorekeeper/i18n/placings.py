"""The session's standings said in a language: a place, the figure it rests on (in a
table's cell, or as a phrase in a line of a list), a line of a session's places, and what
the end of the session did to the pot, each line with its amount. Shared by the result
card, ``show``, the PDF, the home screen and a group's evenings."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.core import Figure, GameRecord, Money, Payment, Placing, Table, counts, score_text
from scorekeeper.core.messages import N_
from scorekeeper.core.standings import GAMES_LOST, GAMES_WON, MONEY, POINTS, UNITS
from scorekeeper.i18n import number, text
from scorekeeper.i18n.accounts import amount

# A figure said in a line ("20 points"), where a table's heading does not say what it counts.
_PHRASES = {
    POINTS: counts("standings.said_points", "count"),
    GAMES_WON: counts("standings.said_games_won", "count"),
    GAMES_LOST: counts("standings.said_games_lost", "count"),
}

# What the end of the session did, said with its amount, by the ledger entry's reason.
_CLOSING_LINES = {
    "ledger.end_pot_split": N_("closing.split"),
    "ledger.end_pot_refund": N_("closing.refund"),
    "ledger.end_pot_given_up": N_("closing.given_up"),
}

NOTHING = "–"  # a figure not had (Ramsen: no finished game played)
NO_BREAK = "\u00a0"


def heading(figure: Figure, language: str) -> str:
    """The column a figure stands in: "Points", "Won", "Last game"."""
    return text(figure.key, language)


def figure_cell(figure: Figure, money: Money, language: str, *, symbol: bool = True) -> str:
    """A figure in its column: money as the language writes an amount, signed (without
    ``symbol``: the number alone, where the column says the currency); units signed; a
    count as it is."""
    if figure.value is None:
        return NOTHING
    if figure.key == MONEY:
        if symbol:
            return amount(figure.value, money, language, sign=True)
        return number(money.to_decimal(figure.value), language)
    if figure.key == UNITS:
        units = money.units(figure.value)
        return ("+" if units > 0 else "") + number(units, language)
    return number(figure.value, language)


def place_figure(table: Table, placing: Placing, score: int, language: str) -> str:
    """The big figure beside a finished night's place: a game of games' own (points, games
    won), not the score of a last game begun and left; elsewhere the score."""
    if table.rules.family_rules.in_games:
        return figure_cell(placing.figure, table.money, language)
    return score_text(table, score)


def figure_phrase(figure: Figure, money: Money, language: str) -> str:
    """A figure said in a line: "+10.00 kr", "+39", "20 points", "2 games won"."""
    phrase = _PHRASES.get(figure.key)
    if phrase is None or figure.value is None:
        return figure_cell(figure, money, language)
    return text(phrase, language, count=figure.value)


def places_line(standings: Sequence[Placing], money: Money, language: str) -> str:
    """A session's places in one line, best first: "1. Dag +10.00 kr · 2. Cilla +9.50 kr";
    a line that wraps breaks between places, never inside one."""
    return " · ".join(text("standings.place_line", language, place=placing.place,
                           player=placing.player,
                           figure=figure_phrase(placing.figure, money, language)
                           ).replace(" ", NO_BREAK)
                      for placing in standings)


def missed_line(placing: Placing, language: str) -> str:
    """Why a Mattmar player who missed a finished game is placed after the others."""
    return text(counts("standings.missed", "games"), language, player=placing.player,
                games=placing.missed)


def game_line(game: GameRecord, finished: bool, language: str) -> str:
    """The game not finished, with its scores: in play, or (the session finished) left
    unfinished, counting for nothing (RULES.md)."""
    scores = ", ".join(f"{player} {score}" for player, score in game.scores.items())
    key = N_("standings.game_unfinished") if finished else N_("standings.game_in_play")
    return text(key, language, number=game.number, scores=scores)


def closing_line(entry: Payment, money: Money, language: str) -> str:
    """What the end of the session gave a player, with its amount: "Anne gets 1.00 back
    from the pot of the unfinished game"."""
    key = _CLOSING_LINES.get(entry.reason.key, N_("closing.split"))
    return text(key, language, player=entry.payee,
                amount=amount(entry.minor, money, language))


__all__ = ["NOTHING", "closing_line", "figure_cell", "figure_phrase", "game_line", "heading",
           "missed_line", "places_line"]
