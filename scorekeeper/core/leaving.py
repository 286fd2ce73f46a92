"""What a player who leaves now owes (RULES.md, "Players who come and go").

Leaving is not the end of the session for the one who goes: in a pot game the leaver
keeps their net units and gives up any claim on the pot, and in a countdown or count-up
game a leave during a game gives it up (the stakes stay in its pot; with ``last_in_loses``
the leaver pays every other player of the game a stake). So what they owe is not their
money "if the session ended now", which the rows show and which counts their share of
the pot: it is their money once the leave is made, with what they have paid so far.
``leaving`` works it out with its parts, for the leave panel, settle-up and ``show``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from scorekeeper.core.closing import Closing, close
from scorekeeper.core.deal import Deal, Join
from scorekeeper.core.errors import RuleError
from scorekeeper.core.owed import Handover, owed_transfers, paid, still_owed
from scorekeeper.core.seat_changes import seat_changes
from scorekeeper.core.session import Session
from scorekeeper.core.settle import Transfer
from scorekeeper.core.state import State
from scorekeeper.core.table import Table

# What leaving gives up of the money the table shows: a pot game's share of the pot, a
# game's stakes left in its pot, or (last in loses) the game itself, a stake to each other.
GivenUp = Literal["pot", "stakes", "game_lost"]


@dataclass(frozen=True, slots=True)
class Leaving:
    """What ``leaver`` owes on leaving, in minor units, and what it is made of: the money
    the table shows for them now (were the session to end with them seated), less what
    leaving gives up of it, plus what they have paid (less what they received)."""

    leaver: str
    at_table: int  # their money if the session ended now, seated: the row's figure
    given_up: int  # what leaving takes off it: their share of the pot, their stakes
    paid: int  # paid out so far, less received
    gives_up: GivenUp
    game: int | None = None  # the game given up (countdown and count-up games)

    @property
    def seated(self) -> int:
        """Their money from the deals they sat in, without the pot: what they keep."""
        return self.at_table - self.given_up

    @property
    def owed(self) -> int:
        """Still to come to them (+), or still to pay (-), once they have gone."""
        return self.seated + self.paid


def leaving(table: Table, state: State, leaver: str, handovers: Iterable[Handover] = (), *,
            also_leaving: Sequence[str] = (), joining: Sequence[Join] = ()) -> Leaving | None:
    """What ``leaver`` owes if they leave before the next deal (dealt from ``state``),
    after every payment made. ``also_leaving`` and ``joining`` are the other changes
    waiting for that deal (the leaves come first, in order, then the joins). None when the
    table cannot let them go so (the refusal says why when the leave is asked for)."""
    after = closing_after(table, state, (*also_leaving, leaver), joining)
    if after is None:
        return None
    now = close(table, state).money[leaver]
    rules = table.rules
    game = state.games[-1] if state.games and not state.games[-1].finished else None
    gives_up: GivenUp = ("game_lost" if rules.game_end == "last_in_loses"
                         else rules.family_rules.leaver_gives_up)
    return Leaving(leaver, now, now - after.money[leaver], paid(after.money, handovers)[leaver],
                   gives_up, None if game is None else game.number)


@dataclass(frozen=True, slots=True)
class Going:
    """Settling up while leaves wait with the next deal: the session's end once the
    leavers have gone, each leaver with what they owe and the transfers that settle it,
    and the others' transfers. Each debt is one transfer: a leaver's is not listed again
    as it would be were they to stay (their share of the pot in it)."""

    closing: Closing
    owed: dict[str, int]  # still to come (+) or to pay (-), payments counted
    leavers: tuple[tuple[Leaving, tuple[Transfer, ...]], ...]
    others: tuple[Transfer, ...]


def going(table: Table, state: State, handovers: Iterable[Handover], leaves: Sequence[str],
          joins: Sequence[Join] = ()) -> Going | None:
    """The settle-up of the table once ``leaves`` (and ``joins``) are made; None when the
    table cannot change so, or nobody is leaving."""
    handed = tuple(handovers)
    after = closing_after(table, state, leaves, joins) if leaves else None
    if after is None:
        return None
    plan = owed_transfers(after.money, handed, after.pot_left)
    leavers, listed = [], set()
    for leaver in leaves:
        left = leaving(table, state, leaver, handed, joining=joins,
                       also_leaving=[p for p in leaves if p != leaver])
        theirs = tuple(t for t in plan if leaver in (t.payer, t.payee) and t not in listed)
        listed.update(theirs)
        if left is not None:
            leavers.append((left, theirs))
    return Going(after, still_owed(after.money, handed), tuple(leavers),
                 tuple(t for t in plan if t not in listed))


def who_left(history: Session, handovers: Iterable[Handover] = ()
             ) -> list[tuple[int, Leaving]]:
    """Everyone away at the end of ``history``, with the deal (1-based) their last leave
    came with and what they owed leaving then, every payment made by now counted: what
    ``show`` says of them, the figure the leave panel gave."""
    handed = tuple(handovers)
    away = history.state.away
    found: dict[str, tuple[int, Leaving]] = {}
    for index, deal in enumerate(history.deals):
        for leaver in deal.leaves:
            if leaver not in away:
                continue
            left = leaving(history.table, history.state_before(index), leaver, handed,
                           also_leaving=[p for p in deal.leaves if p != leaver],
                           joining=deal.joins)
            if left is not None:
                found[leaver] = (index + 1, left)
    return [found[player] for player in history.state.everyone if player in found]


def plan_on_leaving(table: Table, state: State, leaver: str,
                    handovers: Iterable[Handover] = (), *,
                    also_leaving: Sequence[str] = (),
                    joining: Sequence[Join] = ()) -> list[Transfer] | None:
    """The plan of payments (``owed_transfers``) as it stands once ``leaver`` has gone:
    what a settle-up opened for someone about to leave offers, so that paying his
    transfers in full sends him home owing nothing. None as for ``leaving``."""
    closing = closing_after(table, state, (*also_leaving, leaver), joining)
    if closing is None:
        return None
    return owed_transfers(closing.money, handovers, closing.pot_left)


def closing_after(table: Table, state: State, leaves: Sequence[str],
                  joins: Sequence[Join] = ()) -> Closing | None:
    """The session's end, were it to come right after ``leaves`` and ``joins`` (the
    changes waiting for the next deal); None when the table cannot change so."""
    try:
        after, _, _ = seat_changes(table, state, Deal(leaves=tuple(leaves), joins=tuple(joins)))
    except RuleError:
        return None
    return close(table, after)


__all__ = ["GivenUp", "Going", "Leaving", "closing_after", "going", "leaving", "plan_on_leaving",
           "who_left"]
