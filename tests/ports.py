"""Ports for the servers the tests start: each pytest-xdist worker has a range of its own,
below the range the kernel hands out for outgoing connections, so two workers never pick
the same port and no connection the machine makes takes one from under a test."""

from __future__ import annotations

import itertools
import os
import socket

# SCOREKEEPER_TEST_PORTS moves the ranges, so that a second run on one machine (a smaller
# one beside a whole run, while working) does not start its servers on the first's ports.
FIRST, PER_WORKER = int(os.environ.get("SCOREKEEPER_TEST_PORTS", "20000")), 600
# 0 for the run's controller (it starts the shared PostgreSQL server) or a run without
# workers; 1, 2, ... for xdist's workers gw0, gw1, ...
WORKER = (int(os.environ["PYTEST_XDIST_WORKER"].removeprefix("gw")) + 1
          if "PYTEST_XDIST_WORKER" in os.environ else 0)
_NEXT = itertools.count(FIRST + WORKER * PER_WORKER)


def free_port() -> int:
    """The next port of this worker's range that nothing listens on (a port still held by
    a server an earlier test stopped is passed over)."""
    for port in _NEXT:
        if port >= FIRST + (WORKER + 1) * PER_WORKER:
            break
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"worker {WORKER} has used up its {PER_WORKER} ports")
