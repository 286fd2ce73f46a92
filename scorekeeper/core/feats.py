"""What a player did in a session worth remembering beyond the standings: General Rams
declared and won or lost, and the most they took from the pot in one deal. Folded into
the state deal by deal (as flights and tricks are), so that a session keeps them without
its deals being read again."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from scorekeeper.core.checks import check_general_tricks
from scorekeeper.core.deal import Deal
from scorekeeper.core.ledger import POT, Entry, Payment
from scorekeeper.core.state import State


def taken_from_pot(entries: Iterable[Entry]) -> dict[str, int]:
    """What each player took from the pot (minor units) by ``entries`` (one deal's)."""
    taken: dict[str, int] = {}
    for entry in entries:
        if isinstance(entry, Payment) and entry.payer == POT and entry.payee != POT:
            taken[entry.payee] = taken.get(entry.payee, 0) + entry.minor
    return taken


def feats_after(state: State, deal: Deal, entries: Iterable[Entry]) -> dict[str, Mapping[str, int]]:
    """What ``deal`` (already checked, which posted ``entries``; ``state`` is after it)
    changes of the feats, for ``State.evolve``: its General Rams counted for its declarer,
    its takes from the pot against each player's most in one deal. Most deals change none."""
    changes: dict[str, Mapping[str, int]] = {}
    declarer = deal.general
    if declarer is not None:
        field = "generals_won" if check_general_tricks(deal, declarer) else "generals_lost"
        counted = getattr(state, field)
        changes[field] = {**counted, declarer: counted.get(declarer, 0) + 1}
    most = state.most_taken
    bigger = {p: minor for p, minor in taken_from_pot(entries).items() if minor > most.get(p, 0)}
    if bigger:
        changes["most_taken"] = {**most, **bigger}
    return changes


__all__ = ["feats_after", "taken_from_pot"]
