"""The games of a countdown or count-up session as they are kept on paper: each game's
final scores and flights, the sum of the finals so far, and who won. Shared by the
protocol screen and the PDF score sheet."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.core import GameRecord, State, Table


@dataclass(frozen=True, slots=True)
class GameRow:
    game: GameRecord
    running: dict[str, int]  # each player's finals added up over the finished games so far


def games_protocol(table: Table, state: State) -> tuple[GameRow, ...]:
    """One row per game begun; pot games have none."""
    if not table.rules.family_rules.in_games:
        return ()
    running = dict.fromkeys(state.everyone, 0)
    rows = []
    for game in state.games:
        if game.finished:
            # A player who sat a game out adds nothing for it (and cannot win the session).
            running = {p: running[p] + game.scores.get(p, 0) for p in state.everyone}
        rows.append(GameRow(game, dict(running)))
    return tuple(rows)
