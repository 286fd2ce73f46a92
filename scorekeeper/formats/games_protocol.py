"""The games of a countdown or count-up session as they are kept on paper: each game's
final scores and flights, the sum of the finals so far, and who won. Shared by the
protocol screen and the PDF score sheet."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.core import Family, GameRecord, State, Table


@dataclass(frozen=True, slots=True)
class GameRow:
    game: GameRecord
    running: dict[str, int]  # each player's finals added up over the finished games so far


def games_protocol(table: Table, state: State) -> tuple[GameRow, ...]:
    """One row per game begun; pot games have none."""
    if table.rules.family is Family.POT:
        return ()
    running = dict.fromkeys(table.players, 0)
    rows = []
    for game in state.games:
        if game.finished:
            running = {p: running[p] + game.scores[p] for p in table.players}
        rows.append(GameRow(game, dict(running)))
    return tuple(rows)
