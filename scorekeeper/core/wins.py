"""What a player's lifetime statistics count as won in a session, in each family's own
terms: the games won where a session is played in games (Mattmar, counters, Ramsen), and
in a pot game, which has no games, the General Rams declared and won (a Swedish table
reads "ramsar vunna" of an English Rams evening as that)."""

from __future__ import annotations

from scorekeeper.core.standings import games_won
from scorekeeper.core.state import State
from scorekeeper.core.table import Table


def wins(table: Table, state: State) -> dict[str, int]:
    """Each player's wins of the session: its games won, or its General Rams won."""
    if table.rules.family_rules.in_games:
        return games_won(table, state)
    return {player: state.generals_won.get(player, 0) for player in state.everyone}
