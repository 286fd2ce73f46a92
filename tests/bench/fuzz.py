"""`python -m tests.bench.fuzz --cases 20000`: the session-file fuzzer of the test suite
(tests/fuzzing.py), run longer, on SQLite or on any database URL (`--db`). Not part of the
test run. Prints every failing case and a summary; exits 1 if any case failed."""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from scorekeeper.store.database import connect
from tests.fuzzing import Tally, cases, check_case


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cases", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", help="database URL (default: a new SQLite file)")
    arguments = parser.parse_args()
    tally, failures = Tally(), 0
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="scorekeeper-fuzz-") as scratch:
        folder = Path(scratch)
        url = arguments.db or f"sqlite:///{folder / 'fuzz.db'}"
        engine = connect(url)
        try:
            for number, body in cases(arguments.seed, arguments.cases):
                try:
                    check_case(url, engine, folder, number, body, tally)
                except AssertionError as failure:
                    failures += 1
                    (folder.parent / f"scorekeeper-fuzz-case-{number}.json").write_bytes(body)
                    print(f"FAIL {failure}", flush=True)
                if (number + 1) % 1000 == 0:
                    print(f"{number + 1} cases, {time.monotonic() - started:.0f} s", flush=True)
        finally:
            engine.dispose()
    elapsed = time.monotonic() - started
    print(f"{arguments.cases} cases (seed {arguments.seed}) in {elapsed:.0f} s: "
          f"{tally.refused} refused, {tally.accepted} accepted, {failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
