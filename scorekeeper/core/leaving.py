"""What a player who leaves now owes (RULES.md, "Players who come and go").

Leaving is not the end of the session for the one who goes: in a pot game the leaver
keeps their net units and gives up any claim on the pot, and in a countdown or count-up
game a leave during a game gives it up (the stakes stay in its pot; with ``last_in_loses``
the leaver pays every other player of the game a stake). So what they owe is not their
money "if the session ended now", which counts their share of the pot: it is their money
once the leave is made, with what they have paid so far.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scorekeeper.core.closing import Closing, close
from scorekeeper.core.deal import Deal, Join
from scorekeeper.core.errors import RuleError
from scorekeeper.core.owed import Handover, owed_transfers, paid
from scorekeeper.core.seat_changes import seat_changes
from scorekeeper.core.settle import Transfer
from scorekeeper.core.state import State
from scorekeeper.core.table import Table


def owed_on_leaving(table: Table, state: State, leaver: str,
                    handovers: Iterable[Handover] = (), *,
                    also_leaving: Sequence[str] = (),
                    joining: Sequence[Join] = ()) -> int | None:
    """What ``leaver`` still has to come (+) or still has to pay (-), in minor units, if
    they leave before the next deal (dealt from ``state``), after every payment made.

    ``also_leaving`` and ``joining`` are the other changes waiting for that deal (the
    leaves come first, in order, then the joins). None when the table cannot let them go
    so (the refusal says why when the leave is asked for)."""
    closing = _closing_after(table, state, leaver, also_leaving, joining)
    if closing is None:
        return None
    return closing.money[leaver] + paid(closing.money, handovers)[leaver]


def plan_on_leaving(table: Table, state: State, leaver: str,
                    handovers: Iterable[Handover] = (), *,
                    also_leaving: Sequence[str] = (),
                    joining: Sequence[Join] = ()) -> list[Transfer] | None:
    """The plan of payments (``owed_transfers``) as it stands once ``leaver`` has gone:
    what a settle-up opened for someone about to leave offers, so that paying his
    transfers in full sends him home owing nothing. None as for ``owed_on_leaving``."""
    closing = _closing_after(table, state, leaver, also_leaving, joining)
    if closing is None:
        return None
    return owed_transfers(closing.money, handovers, closing.pot_left)


def _closing_after(table: Table, state: State, leaver: str, also_leaving: Sequence[str],
                   joining: Sequence[Join]) -> Closing | None:
    """The session's end, were it to come right after the leave."""
    changes = Deal(leaves=(*also_leaving, leaver), joins=tuple(joining))
    try:
        after, _, _ = seat_changes(table, state, changes)
    except RuleError:
        return None
    return close(table, after)


__all__ = ["owed_on_leaving", "plan_on_leaving"]
