"""Where everyone stands as a deal is dealt: the score each row shows, and the money if
the session ended there with the share of the pot it holds. The table's rows show it for
the next deal, a correction's rows for the state before the deal corrected."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.core import Closing, State, Table, close, standing


@dataclass(frozen=True, slots=True)
class Figures:
    scores: dict[str, int]
    money: dict[str, int]  # empty where the session is not played for money
    pot_shares: dict[str, int]  # what each money figure holds of the pot


def scores_as_dealt(table: Table, state: State) -> dict[str, int]:
    """Each player's score as the deal after ``state`` starts: between two games of a
    countdown or count-up session, everyone is back on the start score (the finished
    game's finals are in its protocol)."""
    rules = table.rules
    if rules.family_rules.in_games and state.games and state.between_games:
        return {**standing(table, state), **dict.fromkeys(state.seated, rules.start)}
    return standing(table, state)


def pot_shares(closing: Closing) -> dict[str, int]:
    """What each player's money figure holds of the pot (if the session ended now)."""
    shares: dict[str, int] = {}
    for entry in closing.entries:
        shares[entry.payee] = shares.get(entry.payee, 0) + entry.minor
    return shares


def figures_at(table: Table, state: State, for_money: bool) -> Figures:
    """The figures as the deal after ``state`` is dealt (a deal being corrected)."""
    closing = close(table, state)
    return Figures(scores_as_dealt(table, state), closing.money if for_money else {},
                   pot_shares(closing))
