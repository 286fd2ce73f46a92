"""The session's standings as a table a person reads: best first, each player's place and
the figures it rests on, then the money. The result card, ``scorekeeper show`` and the
PDF print this one table (RULES.md, "Standings of a session, and who beats whom")."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.core import (
    Closing,
    Figure,
    State,
    Table,
    games_won,
    placed_first,
    score_text,
    session_standings,
    standing,
)
from scorekeeper.core.standings import MONEY
from scorekeeper.i18n import join, text
from scorekeeper.i18n.accounts import amount
from scorekeeper.i18n.evening_words import flights_heading
from scorekeeper.i18n.placings import (
    closing_line,
    figure_cell,
    game_line,
    heading,
    missed_line,
)


@dataclass(frozen=True, slots=True)
class StandingsTable:
    columns: tuple[str, ...]  # the place, the player, the figures, the money
    rows: tuple[tuple[str, ...], ...]  # best first
    losses: tuple[bool, ...]  # per row: the last column is a loss
    winners: tuple[str, ...]  # who heads it, named as the session's winners (or none)
    winners_line: str  # "Winners: Anne and Denis" (or ""), as the card, show and sheet say it
    notes: tuple[str, ...]  # the game not finished, who missed a finished game
    closing: tuple[str, ...]  # what the end of the session did to the pot, with amounts


def standings_table(table: Table, state: State, closing: Closing, language: str, *,
                    finished: bool, symbols: bool = True) -> StandingsTable:
    """The standings if the session ends now (``finished``: it did); ``symbols``: money
    written with its currency (a card, a sheet), else the number alone (a terminal)."""
    rules, money = table.rules, table.money
    standings = session_standings(table, state, closing)
    pot_game = not rules.family_rules.in_games
    for_money = bool(money.currency) and rules.for_money

    def t(key: str) -> str:
        return text(key, language)

    first = standings[0].figures if standings else ()
    columns = [t("standings.place"), t("cli.col_player")]
    if pot_game:  # units won or paid, then the money (or, without a currency, the units)
        columns += [t("cli.col_score"), flights_heading(rules, language), heading(first[0],
                                                                                  language)]
    else:
        columns += [heading(figure, language) for figure in first]
        if rules.ranked_over_games:
            columns.append(t("card.col_games_won"))
        if for_money:
            columns.append(t("cli.col_money"))
    scores = standing(table, state)
    won = games_won(table, state)
    rows, losses = [], []
    for placing in standings:
        player = placing.player
        cells = [str(placing.place), player]
        if pot_game:
            cells += [score_text(table, scores[player]), str(state.flights[player]),
                      figure_cell(placing.figure, money, language, symbol=symbols)]
        else:
            cells += [figure_cell(figure, money, language, symbol=symbols)
                      for figure in placing.figures]
            if rules.ranked_over_games:
                cells.append(str(won[player]))
            if for_money:
                cells.append(figure_cell(Figure(MONEY, closing.money[player]), money,
                                         language, symbol=symbols))
        rows.append(tuple(cells))
        losses.append((pot_game or for_money) and closing.money[player] < 0)
    notes = []
    game = state.games[-1] if state.games else None
    if game is not None and not game.finished:
        notes.append(game_line(game, finished, language))
    notes += [missed_line(placing, language) for placing in standings if placing.missed]
    ended = [closing_line(entry, money, language) for entry in closing.entries]
    if closing.pot_left:
        ended.append(text("sheet.pot_left", language,
                          amount=amount(closing.pot_left, money, language)))
    winners = placed_first(table, state, standings)
    said = text("cli.winners", language, winners=join(list(winners), language)) if winners else ""
    return StandingsTable(tuple(columns), tuple(rows), tuple(losses), winners, said,
                          tuple(notes), tuple(ended))


__all__ = ["StandingsTable", "standings_table"]
