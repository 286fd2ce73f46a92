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

from scorekeeper.core.closing import close
from scorekeeper.core.deal import Deal, Join
from scorekeeper.core.errors import RuleError
from scorekeeper.core.owed import Handover, paid
from scorekeeper.core.seat_changes import seat_changes
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
    changes = Deal(leaves=(*also_leaving, leaver), joins=tuple(joining))
    try:
        after, _, _ = seat_changes(table, state, changes)
    except RuleError:
        return None
    money = close(table, after).money
    return money[leaver] + paid(money, handovers)[leaver]


__all__ = ["owed_on_leaving"]
