"""``scorekeeper replay --json``: a session recomputed, in the shape FORMAT.md fixes."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.core.closing import close
from scorekeeper.core.ledger import POT
from scorekeeper.core.owed import Handover, owed_transfers, paid
from scorekeeper.core.session import Session
from scorekeeper.core.standings import session_winners
from scorekeeper.core.state import State
from scorekeeper.core.table import Money, Table

POT_NAME = "pot"  # how the pot is named in a transfer (only when it is carried over)


def units(minor: int, money: Money) -> int | float:
    """Whole units as an int; the fraction of a unit a shared pot can leave as a JSON
    number (FORMAT.md)."""
    counted = money.units(minor)
    return counted if isinstance(counted, int) else float(counted)


def replay_report(session: Session, payments: Sequence[Handover] = ()) -> dict[str, object]:
    """The session's result; ``payments``: the money handed over so far, which changes
    what is still owed (``paid``, ``transfers``) and never the result itself."""
    return result_at(session.table, session.state, payments)


def result_at(table: Table, state: State, payments: Sequence[Handover] = ()) -> dict[str, object]:
    """The result of a session at ``state``: a stored session's newest state is enough, no
    deal is replayed."""
    money = table.money
    closing = close(table, state)
    net_paid = paid(state.everyone, payments)
    in_units = table.rules.family_rules.in_units
    players = []
    for player in state.everyone:
        balance = units(state.balances[player], money)
        players.append({
            "name": player,
            "seated": player not in state.away,
            "units": balance,
            "score": balance if in_units else state.scores[player],
            "flights": state.flights[player],
            "money": money.format(closing.money[player]),
            "paid": money.format(net_paid[player]),
        })
    games = [
        {
            "number": game.number,
            "finished": game.finished,
            "winners": list(game.winners),
            "scores": dict(game.scores),
            "flights": dict(game.flights),
            **({"losers": list(game.losers)} if game.losers else {}),
            **({"gave_up": list(game.gave_up)} if game.gave_up else {}),
        }
        for game in state.games
    ]
    return {
        "variant": table.rules.variant,
        "deals": state.deals,
        "pot": units(state.pot, money),
        "players": players,
        "games": games,
        "winners": list(session_winners(table, state)),
        "transfers": [
            {
                "from": POT_NAME if t.payer == POT else t.payer,
                "to": POT_NAME if t.payee == POT else t.payee,
                "amount": money.format(t.minor),
            }
            for t in owed_transfers(closing.money, payments, closing.pot_left)
        ],
    }
