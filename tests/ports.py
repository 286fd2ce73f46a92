"""Ports for the servers the tests start: each pytest-xdist worker has a range of its own,
below the range the kernel hands out for outgoing connections, so two workers never pick
the same port and no connection the machine makes takes one from under a test."""

from __future__ import annotations

import itertools
import os
import socket
from pathlib import Path

# SCOREKEEPER_TEST_PORTS moves the ranges, so that a second run on one machine (a smaller
# one beside a whole run, while working) does not start its servers on the first's ports.
FIRST, PER_WORKER = int(os.environ.get("SCOREKEEPER_TEST_PORTS", "20000")), 600
# 0 for the run's controller (it starts the shared PostgreSQL server) or a run without
# workers; 1, 2, ... for xdist's workers gw0, gw1, ...
WORKER = (int(os.environ["PYTEST_XDIST_WORKER"].removeprefix("gw")) + 1
          if "PYTEST_XDIST_WORKER" in os.environ else 0)
_NEXT = itertools.count(FIRST + WORKER * PER_WORKER)


def _outgoing_ports() -> range:
    """The ports the kernel hands out for outgoing connections (Linux's default if it
    does not say)."""
    try:
        low, high = Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()
    except (OSError, ValueError):
        return range(32768, 61000)
    return range(int(low), int(high) + 1)


# A range among the outgoing ports is taken from under the tests: connecting to a port of
# it that nothing listens on yet can connect to itself (the kernel picks that very port to
# connect from) and hold it, and the server then cannot listen there (seen with a base of
# 45000: "address already in use", the page refused). Refused at once, in words.
_OUTGOING = _outgoing_ports()
_OWN = range(FIRST + WORKER * PER_WORKER, FIRST + (WORKER + 1) * PER_WORKER)
if _OWN.start < _OUTGOING.stop and _OUTGOING.start < _OWN.stop:
    raise RuntimeError(
        f"SCOREKEEPER_TEST_PORTS={FIRST} puts worker {WORKER}'s servers ({_OWN.start}-"
        f"{_OWN.stop - 1}) among the ports this machine uses for outgoing connections "
        f"({_OUTGOING.start}-{_OUTGOING.stop - 1}): choose a lower base")


def free_port() -> int:
    """The next port of this worker's range that nothing listens on (a port still held by
    a server an earlier test stopped is passed over)."""
    for port in _NEXT:
        if port >= _OWN.stop:
            break
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"worker {WORKER} has used up its {PER_WORKER} ports")
