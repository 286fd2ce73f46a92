"""Who is winning: the session's winners by each family's own measure."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.core.engine import Step
from scorekeeper.core.families.games import rank
from scorekeeper.core.ledger import POT, Payment
from scorekeeper.core.state import GameRecord, State
from scorekeeper.core.table import Table


def standing(table: Table, state: State) -> dict[str, int]:
    """Each player's score in the family's own measure: units won or paid in pot games,
    the protocol score (points, counters, Ramsen points) of the current game otherwise."""
    if table.rules.family_rules.in_units:
        per_unit = table.money.minor_per_unit
        return {p: state.balances[p] // per_unit for p in state.everyone}
    return {p: state.scores[p] for p in state.everyone}


def score_text(table: Table, score: int) -> str:
    """A score as the table writes it: in a pot game what a player is up or down in units,
    signed ("+3", "-28"); in a countdown or count-up game a count ("7")."""
    return f"{score:+d}" if table.rules.family_rules.in_units else str(score)


def games_won(table: Table, state: State) -> dict[str, int]:
    """How many finished games of the session each player has won."""
    finished = [game for game in state.games if game.finished]
    return {player: sum(player in game.winners for game in finished) for player in state.everyone}


def session_winners(table: Table, state: State) -> tuple[str, ...]:
    """mattmar: lowest sum of final scores over finished games, then fewer flights over the
    session, a remaining tie shared. counters and ramsen: the last finished game's winners.
    Pot games have no winners, only money."""
    finished = [game for game in state.games if game.finished]
    if not table.rules.family_rules.in_games or not finished:
        return ()
    if table.rules.ranked_over_games:
        # Only a player who played every finished game to its end can win the session.
        ranked = [p for p in state.everyone
                  if all(game.played_to_the_end(p) for game in finished)]
        if not ranked:
            return ()
        totals = {p: sum(game.scores[p] for game in finished) for p in ranked}
        return rank(ranked, totals, state.flights, lowest=True)
    return finished[-1].winners


def leaders(table: Table, state: State) -> tuple[str, ...]:
    """Who is ahead now, for a list of sessions: the session's winners once there are
    any; before that the best score of the game in play, or the most money won."""
    winners = session_winners(table, state)
    if winners:
        return winners
    players = state.everyone
    if table.rules.family_rules.in_units:
        best = max(state.balances[p] for p in players)
        return tuple(p for p in players if state.balances[p] == best) if best > 0 else ()
    if not state.deals:
        return ()
    players = tuple(p for p in players if p not in state.away)
    lowest = table.rules.family_rules.lowest_leads
    best = (min if lowest else max)(state.scores[p] for p in players)
    return tuple(p for p in players if state.scores[p] == best)


@dataclass(frozen=True, slots=True)
class GameEnd:
    """A game a deal brought to its end, and what each winner took from its pot."""

    game: GameRecord
    pot: dict[str, int]  # minor units from the game's pot, per winner (empty without money)


def games_ended(before: State, step: Step) -> tuple[GameEnd, ...]:
    """The games ``step`` ended, oldest first: one played to its end, and one a player's
    leave ended before the deal (the deal then begins the next game)."""
    after = step.state
    if not after.games or (len(after.games) == len(before.games) and not after.between_games):
        return ()
    already = len(before.games) - (0 if before.between_games else 1)
    ended = [game for game in tuple(after.games)[already:] if game.finished]
    taken: dict[str, int] = {}
    for entry in step.entries:
        if isinstance(entry, Payment) and entry.payer == POT:
            taken[entry.payee] = taken.get(entry.payee, 0) + entry.minor
    return tuple(GameEnd(game, {p: taken[p] for p in game.winners if p in taken})
                 for game in ended)
