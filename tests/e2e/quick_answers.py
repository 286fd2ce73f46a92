"""``scorekeeper`` whose join screen answers a tenth as slowly after wrong codes:
``python -m tests.e2e.quick_answers ARGS`` runs the command line with ARGS.

Every answer after a wrong code waits longer (app/lan.py: 0.5 s more per wrong code, up to
3 s), as tests/test_lan_room.py checks. The browser test of the lock gives ten wrong codes
and the right one twice: 24.5 s of those waits, most of its run, on the run's longest
path. Here each wait is a tenth as long; the tries, the lock and the words are the app's."""

from __future__ import annotations

import sys

import scorekeeper.app.lan as lan
from scorekeeper.cli import main

lan.SLOWER_BY, lan.SLOWEST = lan.SLOWER_BY / 10, lan.SLOWEST / 10

if __name__ == "__main__":
    main(sys.argv[1:], prog_name="scorekeeper")
