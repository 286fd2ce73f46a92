"""What a deal did, in the table's words: its events, and each player's change.

The ledger, the table screen, the Save button's summary and the score sheet all say it
this way, in message keys any language renders.
"""

from __future__ import annotations

from collections.abc import Iterable

from scorekeeper.core.deal import Deal
from scorekeeper.core.ledger import POT, Entry, Payment, ScoreChange
from scorekeeper.core.messages import Message, msg
from scorekeeper.core.table import Table


def events(deal: Deal) -> tuple[Message, ...]:
    """A deal in a few words: ``Cilla passed · Dag 1, Astrid 4, Bengt 0``."""
    said = [msg("protocol.left", player=player) for player in deal.leaves]
    said.extend(msg("protocol.joined", player=join.name, after=join.after)
                for join in deal.joins)
    if deal.misdeal:
        return (*said, msg("protocol.misdeal"))
    if deal.passed:
        said.append(msg("protocol.passed", players=", ".join(deal.passed)))
    if deal.widow:
        said.append(msg("protocol.widow", player=deal.widow))
    if deal.general:
        said.append(msg("protocol.general", player=deal.general))
    if deal.conceded:
        said.append(msg("protocol.conceded"))
    if deal.tricks:
        tricks = ", ".join(f"{p} {n}" for p, n in deal.tricks.items())
        said.append(msg("protocol.tricks", tricks=tricks))
    if deal.fouls:
        said.append(msg("protocol.fouls", players=", ".join(deal.fouls)))
    if deal.forfeit_to:
        said.append(msg("protocol.forfeit_to", player=deal.forfeit_to))
    if deal.buy_down:
        said.append(msg("protocol.buy_down", players=", ".join(deal.buy_down)))
    if deal.interrupted:
        said.append(msg("protocol.interrupted"))
    return tuple(said)


def changes(table: Table, entries: Iterable[Entry]) -> dict[str, tuple[int, int]]:
    """What some entries did to each player: (minor units of money, protocol points), for
    the players at the start and anyone the entries name (a joiner)."""
    moved = {player: [0, 0] for player in table.players}
    for entry in entries:
        if isinstance(entry, Payment):
            for account, minor in ((entry.payer, -entry.minor), (entry.payee, entry.minor)):
                if account != POT:
                    moved.setdefault(account, [0, 0])[0] += minor
        elif isinstance(entry, ScoreChange):
            moved.setdefault(entry.player, [0, 0])[1] += entry.points
        else:
            moved.setdefault(entry.player, [0, 0])
    return {player: (minor, points) for player, (minor, points) in moved.items()}
