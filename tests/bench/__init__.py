"""Benchmarks: `bash tests/bench/run.sh` measures them all and rewrites BENCHMARKS.md.

Not part of the test suite (no file here is named test_*). Every figure is the median of
several runs; every comparison is measured side by side, alternating, in one run.
"""

import signal
import sys


def stopped_cleanly_by_sigterm() -> None:
    """A benchmark run from the command line: SIGTERM (``kill``, ``timeout``) unwinds it as
    Ctrl-C does, so the PostgreSQL servers and browsers it started are stopped on the way
    out. Killed outright, its PostgreSQL kept running under /tmp, holding its port."""
    signal.signal(signal.SIGTERM, lambda signum, _frame: sys.exit(128 + signum))
