"""The end of a session: what happens to the pot, what everyone has won, who pays whom.

RULES.md decisions: a pot game's pot is split equally, the rest one unit at a time
from the forehand of the next deal (or carried over, shown as "pot left"); an
unfinished countdown or count-up game's pot goes back to those who paid it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from scorekeeper.core.ledger import POT, Payment
from scorekeeper.core.messages import msg
from scorekeeper.core.owed import owed_transfers
from scorekeeper.core.seating import seating
from scorekeeper.core.settle import Transfer
from scorekeeper.core.sharing import from_seat, share_out
from scorekeeper.core.state import State
from scorekeeper.core.table import Table

END_OF_SESSION = 0  # the deal number the end-of-session entries carry


@dataclass(frozen=True)
class Closing:
    entries: tuple[Payment, ...]  # the end-of-session pot rule at work
    money: dict[str, int]  # each player's result in minor units
    pot_left: int  # minor units carried over (end_pot "carry")

    @cached_property
    def transfers(self) -> tuple[Transfer, ...]:
        """The plan before any payment: the one definition every screen and file settles
        by. Worked out when asked: a Save closes the session for its standings alone."""
        return tuple(owed_transfers(self.money, (), self.pot_left))


def close(table: Table, state: State) -> Closing:
    """What the session comes to if it ends now (nothing is changed by asking)."""
    rule = table.rules.end_pot
    pot = state.pot
    entries: list[Payment] = []
    if pot and rule == "split":
        order = from_seat(state.seated, seating(table, state).forehand)
        per_unit = table.money.minor_per_unit
        units = share_out(pot // per_unit, order)
        rest = share_out(pot % per_unit, order)  # a part of a unit: only if a house rule made one
        for player in order:
            share = units[player] * per_unit + rest[player]
            if share:
                entries.append(Payment(END_OF_SESSION, POT, player, share,
                                       msg("ledger.end_pot_split", paragraph="end_pot",
                                           player=player,
                                           units=units[player])))
    elif pot and rule == "refund":
        entries.extend(_refund(table, state))
    money = {p: state.balances[p] for p in state.everyone}
    for entry in entries:
        money[entry.payee] += entry.minor
    pot_left = pot - sum(entry.minor for entry in entries)
    return Closing(tuple(entries), money, pot_left)


def _refund(table: Table, state: State) -> list[Payment]:
    """An unfinished game's pot goes back to those who paid it; the stakes of a player who
    gave the game up are shared by the others, the rest from the forehand of the next deal."""
    entries = []
    for player in state.everyone:
        paid = state.pot_paid.get(player, 0)
        if paid:
            entries.append(Payment(END_OF_SESSION, POT, player, paid,
                                   msg("ledger.end_pot_refund", paragraph="end_pot",
                                       player=player)))
    given_up = state.pot - sum(entry.minor for entry in entries)
    if given_up:
        game = state.games[-1]
        players = [p for p in state.seated if game.played_to_the_end(p)]
        order = from_seat(players, seating(table, state).forehand)
        for player, share in share_out(given_up, order).items():
            if share:
                entries.append(Payment(END_OF_SESSION, POT, player, share,
                                       msg("ledger.end_pot_given_up", paragraph="leave",
                                           player=player)))
    return entries
