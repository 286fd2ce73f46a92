"""Who sat when (RULES.md, "Players who come and go"): the deals each player sat at the
table for, where that was not every deal of the session: "Erik from deal 4", "Dag until
deal 6". The result card, the ledger and the score sheet say so; a gap, not a zero."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.core.engine import Step


def sittings(steps: Sequence[Step]) -> dict[str, tuple[tuple[int, int], ...]]:
    """Per player who missed a deal, in order of first sitting down: the runs of deals
    they sat for, as (first, last) deal numbers. Everyone at every deal: empty."""
    runs: dict[str, list[list[int]]] = {}
    for number, step in enumerate(steps, start=1):
        for player in step.state.seated:
            their = runs.setdefault(player, [])
            if their and their[-1][1] == number - 1:
                their[-1][1] = number
            else:
                their.append([number, number])
    whole = [[1, len(steps)]]
    return {player: tuple((first, last) for first, last in their)
            for player, their in runs.items() if their != whole}


__all__ = ["sittings"]
