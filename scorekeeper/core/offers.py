"""What the table may still choose once a deal's outcome is known.

RULES.md decision: the buy-down belongs to the deal in which the player flew, so it is
offered at that moment, to the players that deal sends to the cap, and not later.
"""

from __future__ import annotations

from dataclasses import replace

from scorekeeper.core.deal import Deal
from scorekeeper.core.engine import record
from scorekeeper.core.errors import RuleError
from scorekeeper.core.fields import deal_fields
from scorekeeper.core.state import State
from scorekeeper.core.table import Table


def may_buy_down(table: Table, state: State, deal: Deal) -> tuple[str, ...]:
    """The players this deal sends flying up to the cap, who may buy down (in order of play);
    none when the variant has no buy-down or the deal breaks a rule."""
    rules = table.rules
    if not deal_fields(rules).buy_down or deal.misdeal or deal.interrupted:
        return ()
    try:
        step = record(table, state, replace(deal, buy_down=()))
    except RuleError:
        return ()
    players = step.state.seated
    active = set(step.deal.tricks) | {p for p in players if p not in deal.passed}
    return tuple(
        player for player in players
        if player in active and not step.deal.tricks_of(player)
        and step.state.flights[player] > state.flights.get(player, 0)
        and step.state.scores[player] == rules.cap
    )
