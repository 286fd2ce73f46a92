"""``scorekeeper replay --json``: a session recomputed, in the shape FORMAT.md fixes."""

from __future__ import annotations

from decimal import Decimal

from scorekeeper.core.closing import close
from scorekeeper.core.ledger import POT
from scorekeeper.core.presets import Family
from scorekeeper.core.session import Session
from scorekeeper.core.standings import session_winners

POT_NAME = "pot"  # how the pot is named in a transfer (only when it is carried over)


def units(minor: int, per_unit: int) -> int | float:
    """Whole units as an int. A pot shared by tied winners is split in minor units
    (RULES.md), which can leave a fraction of a unit: shown as a decimal number."""
    whole, rest = divmod(minor, per_unit)
    return whole if not rest else float(Decimal(minor) / Decimal(per_unit))


def replay_report(session: Session) -> dict[str, object]:
    table, state = session.table, session.state
    money, per_unit = table.money, table.money.minor_per_unit
    closing = close(table, state)
    pot_game = table.rules.family is Family.POT
    players = []
    for player in table.players:
        balance = units(state.balances[player], per_unit)
        players.append({
            "name": player,
            "units": balance,
            "score": balance if pot_game else state.scores[player],
            "flights": state.flights[player],
            "money": money.format(closing.money[player]),
        })
    games = [
        {
            "number": game.number,
            "finished": game.finished,
            "winners": list(game.winners),
            "scores": dict(game.scores),
            "flights": dict(game.flights),
            **({"losers": list(game.losers)} if game.losers else {}),
        }
        for game in state.games
    ]
    return {
        "variant": table.rules.variant,
        "deals": state.deals,
        "pot": units(state.pot, per_unit),
        "players": players,
        "games": games,
        "winners": list(session_winners(table, state)),
        "transfers": [
            {
                "from": POT_NAME if t.payer == POT else t.payer,
                "to": POT_NAME if t.payee == POT else t.payee,
                "amount": money.format(t.minor),
            }
            for t in closing.transfers
        ],
    }
