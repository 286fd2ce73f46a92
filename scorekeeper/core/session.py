"""A session: a table and its deals, with every state along the way.

Recording appends one step; undo drops the last; editing or deleting a past deal
replays from there, so everything after it is recomputed by the same rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from scorekeeper.core.deal import Deal
from scorekeeper.core.engine import Step, record
from scorekeeper.core.ledger import Entry
from scorekeeper.core.state import State, initial_state
from scorekeeper.core.table import Table


@dataclass(frozen=True, slots=True)
class Session:
    table: Table
    steps: tuple[Step, ...] = ()

    @classmethod
    def replay(cls, table: Table, deals: Iterable[Deal]) -> Session:
        return cls(table)._replay_from(0, deals)

    @property
    def start(self) -> State:
        return initial_state(self.table)

    @property
    def state(self) -> State:
        return self.steps[-1].state if self.steps else self.start

    @property
    def deals(self) -> tuple[Deal, ...]:
        return tuple(step.deal for step in self.steps)

    @property
    def entries(self) -> Iterator[Entry]:
        for step in self.steps:
            yield from step.entries

    def state_before(self, index: int) -> State:
        """The state before deal ``index`` (0-based)."""
        return self.steps[index - 1].state if index else self.start

    def record(self, deal: Deal) -> Session:
        return Session(self.table, (*self.steps, record(self.table, self.state, deal)))

    def undo(self) -> Session:
        return Session(self.table, self.steps[:-1])

    def edit(self, index: int, deal: Deal) -> Session:
        """Deal ``index`` (0-based) replaced; every later deal is checked and recomputed again."""
        return self._truncate(index)._replay_from(index, [deal, *self._later(index)])

    def delete(self, index: int) -> Session:
        return self._truncate(index)._replay_from(index, self._later(index))

    def _later(self, index: int) -> list[Deal]:
        # The rotation is derived, so later deals take the dealers it now gives.
        return [replace(step.deal, dealer=None) for step in self.steps[index + 1 :]]

    def _truncate(self, index: int) -> Session:
        if not 0 <= index < len(self.steps):
            raise IndexError(f"no deal {index + 1} in this session")
        return Session(self.table, self.steps[:index])

    def _replay_from(self, index: int, deals: Iterable[Deal]) -> Session:
        steps = list(self.steps[:index])
        state = steps[-1].state if steps else self.start
        for deal in deals:
            step = record(self.table, state, deal)
            steps.append(step)
            state = step.state
        return Session(self.table, tuple(steps))
