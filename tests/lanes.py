"""How pytest-xdist hands out the tests (tests/conftest.py installs it): the browser tests one
at a time to at most two workers at once, the lanes, and everything else to the others.

Two browsers drawing beside the quick tests keep both cores busy; four at once starved each
other on two cores (stop 32: CI twice as long, pages that answered no click within 20 s).
xdist's own "load" gave the browser tests out in two fixed runs of about seventy, one per
lane, at the start: the lanes ended 134 s apart, and the run's last minute was one lane
alone, mostly waiting. Handed out one at a time, a lane that is done early takes the next
browser test, and the lanes end within one test of each other. Once the quick tests are all
given out, a third worker takes browser tests too: nothing else is left to keep the cores busy.

The long tests that are not browser tests (pip building and installing packages, sessions of
50,000 deals) go first to the other workers, so that none is left running alone at the end.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

import pytest
from xdist.scheduler import LoadScheduling
from xdist.workermanage import WorkerController

BROWSER = ("tests/e2e/",)
LONG = ("tests/test_packaging.py", "tests/test_long_sessions.py")
LANES, LANES_AT_THE_END = 2, 3
QUICK_CHUNK = 8  # quick tests sent at once: fewer round trips between controller and worker


class BrowserLanes(LoadScheduling):
    def __init__(self, config: pytest.Config, log: object | None = None) -> None:
        super().__init__(config, log)  # type: ignore[arg-type]
        self.browser: deque[int] = deque()
        self.others: deque[int] = deque()  # the long ones first, then the quick ones

    def schedule(self) -> None:
        assert self.collection_is_completed
        if self.collection is None:
            if not self._check_nodes_have_same_collection():
                self.log("**Different tests collected, aborting run**")
                return
            self.collection = next(iter(self.node2collection.values()))
            self._queue(range(len(self.collection)))
        for node in self.nodes:
            self.check_schedule(node)

    def _queue(self, indices: Sequence[int] | range) -> None:
        kinds: dict[str, list[int]] = {"browser": [], "long": [], "quick": []}
        for index in indices:
            kinds[self._kind(index)].append(index)
        self.browser.extend(kinds["browser"])
        self.others.extendleft(reversed(kinds["long"]))
        self.others.extend(kinds["quick"])
        self.pending[:] = [*self.browser, *self.others]

    def _kind(self, index: int) -> str:
        assert self.collection is not None
        name = self.collection[index]
        return "browser" if name.startswith(BROWSER) else \
            "long" if name.startswith(LONG) else "quick"

    def _is_lane(self, node: WorkerController) -> bool:
        return any(self._kind(index) == "browser" for index in self.node2pending[node])

    def check_schedule(self, node: WorkerController, duration: float = 0) -> None:
        if node.shutting_down:
            return
        held = self.node2pending[node]
        # A worker runs a test once it holds the next one too (pytest tears fixtures down
        # knowing what comes next), so each is kept holding two.
        while len(held) < 2:
            lanes = sum(self._is_lane(other) for other in self.nodes)
            allowed = LANES if self.others else LANES_AT_THE_END
            if self.browser and (self._is_lane(node) or lanes < allowed):
                self._send(node, [self.browser.popleft()])
            elif self.others:
                count = 1 if self._kind(self.others[0]) == "long" else QUICK_CHUNK - len(held)
                self._send(node, [self.others.popleft()
                                  for _ in range(min(count, len(self.others)))])
            else:  # nothing it may take: it runs what it holds, and stops
                node.shutdown()
                return

    def _send(self, node: WorkerController, indices: list[int]) -> None:
        self.pending[:] = [*self.browser, *self.others]
        self.node2pending[node].extend(indices)
        node.send_runtest_some(indices)

    def mark_test_pending(self, item: str) -> None:
        assert self.collection is not None
        self._queue([self.collection.index(item)])
        for node in self.nodes:
            self.check_schedule(node)

    def remove_node(self, node: WorkerController) -> str | None:
        """A worker that crashed: the tests it still held go back to be handed out."""
        held = self.node2pending.pop(node)
        if not held:
            return None
        assert self.collection is not None
        crashed = self.collection[held.pop(0)]
        self._queue(held)
        for other in self.nodes:
            self.check_schedule(other)
        return crashed
