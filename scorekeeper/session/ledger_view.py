"""The ledger and the charts of a session: what each deal did and where everyone stood
after it, and each player's score over the deals. Pure functions over its replayed deals."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.core import Entry, Message, Session, Step, Table, events, standing


@dataclass(frozen=True, slots=True)
class LedgerDeal:
    """One deal in the ledger: what happened, what it posted, where everyone stood after."""

    number: int
    dealer: str
    events: tuple[Message, ...]
    entries: tuple[Entry, ...]
    standing: dict[str, int]  # each player's score after the deal (pot games: units)
    pot: int  # units in the pot after the deal
    seated: tuple[str, ...] = ()  # who sat at the table for the deal, in order of play


@dataclass(frozen=True, slots=True)
class ChartLine:
    """A player's score over the deals; countdown and count-up games start a new segment
    at every game, so no line runs across the boundary between two games."""

    player: str
    segments: tuple[tuple[tuple[int, int], ...], ...]  # (deal number, score) points


def ledger_deal(table: Table, step: Step) -> LedgerDeal:
    """One deal as the ledger shows it."""
    return LedgerDeal(step.state.deals, step.deal.dealer or "", events(step.deal),
                      step.entries, standing(table, step.state),
                      step.state.pot // table.money.minor_per_unit, step.state.seated)


def chart_lines(table: Table, everyone: Sequence[str], ledger: Sequence[LedgerDeal],
                history: Session) -> tuple[ChartLine, ...]:
    """Each player's score over the deals of ``ledger`` (every deal of ``history``)."""
    start = table.rules.start  # a chart begins where every score does
    return tuple(ChartLine(player, _line(table, player, start, ledger, history))
                 for player in everyone)


def _line(table: Table, player: str, start: int, ledger: Sequence[LedgerDeal],
          history: Session) -> tuple[tuple[tuple[int, int], ...], ...]:
    """A player's segments: one per game, and a gap (not a zero) while they were away."""
    segments: list[tuple[tuple[int, int], ...]] = []
    segment = [(0, start)] if player in table.players else []
    games = 0
    for row in ledger:
        step_games = len(history.steps[row.number - 1].state.games)
        new_game, games = bool(games) and step_games != games, step_games
        if player not in row.seated:
            if segment:
                segments.append(tuple(segment))
            segment = []
            continue
        if new_game and segment:
            # A new game starts afresh from the start score, from the deal before it.
            segments.append(tuple(segment))
            segment = [(row.number - 1, start)]
        # One who sits down (or comes back) has no figure before the deal they sit down
        # for: their line begins there, as the ledger's row does.
        segment.append((row.number, row.standing[player]))
    if segment:
        segments.append(tuple(segment))
    return tuple(segments)
