"""`python -m tests.bench.fuzz --cases 20000 --rosters 600 --big 300`: the fuzzers of the
test suite (tests/fuzzing.py: mutated session files, then mutated roster files), run longer,
then files grown big (tests/fuzzing_big.py: many players, payments, joins, deals, names in a
deal, long names, deep nesting), each held to a time proportional to its size; on SQLite
or on any database URL (`--db`). Not part of the test run. Prints every failing case and a
summary with the slowest case and the most memory the run held; exits 1 if any case
failed or took longer than --seconds (a big case: than its budget)."""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from scorekeeper.store.database import connect
from tests.fuzzing import Tally, cases, check_case, check_roster_case, roster_seeds
from tests.fuzzing_big import big_cases, budget

Check = Callable[[str, Any, Path, int, bytes, Tally], None]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cases", type=int, default=20_000, help="mutated session files")
    parser.add_argument("--rosters", type=int, default=600, help="mutated roster files")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=10.0, help="the most one case may take")
    parser.add_argument("--big", type=int, default=0, help="files grown big")
    parser.add_argument("--db", help="database URL (default: a new SQLite file)")
    arguments = parser.parse_args()
    failures = 0
    with tempfile.TemporaryDirectory(prefix="scorekeeper-fuzz-") as scratch:
        folder = Path(scratch)
        url = arguments.db or f"sqlite:///{folder / 'fuzz.db'}"
        engine = connect(url)
        try:
            for what, check, made in (
                    ("session files", check_case, cases(arguments.seed, arguments.cases)),
                    ("rosters", check_roster_case,
                     cases(arguments.seed, arguments.rosters, roster_seeds()))):
                failures += run(what, check, made, url, engine, folder, arguments.seconds)
            failures += run_big(big_cases(arguments.seed, arguments.big), url, engine, folder)
        finally:
            engine.dispose()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    print(f"the most memory held at once, by the whole run: {peak} MB")
    sys.exit(1 if failures else 0)


def run(what: str, check: Check, made: Iterator[tuple[int, bytes]], url: str, engine: Any,
        folder: Path, seconds: float) -> int:
    tally, failures, slowest, count = Tally(), 0, (0.0, -1), 0
    started = time.monotonic()
    for number, body in made:
        count += 1
        began = time.monotonic()
        try:
            check(url, engine, folder, number, body, tally)
        except AssertionError as failure:
            failures += 1
            (folder.parent / f"scorekeeper-fuzz-{what[:6]}-{number}.json").write_bytes(body)
            print(f"FAIL {failure}", flush=True)
        took = time.monotonic() - began
        slowest = max(slowest, (took, number))
        if took > seconds:
            failures += 1
            print(f"SLOW {what} case {number}: {took:.1f} s", flush=True)
        if count % 1000 == 0:
            print(f"{count} {what}, {time.monotonic() - started:.0f} s", flush=True)
    print(f"{count} {what} in {time.monotonic() - started:.0f} s: {tally.refused} refused, "
          f"{tally.accepted} accepted, {failures} failed; slowest case {slowest[1]} "
          f"({slowest[0]:.2f} s)", flush=True)
    return failures


# What a big case's failure says first (tests/fuzzing.py), and how the summary counts it.
KINDS = {"over budget": "over their time budget", "traceback": "tracebacks",
         "database changed": "databases changed after a refusal"}


def run_big(made: Iterator[tuple[int, str, bytes]], url: str, engine: Any,
            folder: Path) -> int:
    tally, count, started = Tally(), 0, time.monotonic()
    failed = dict.fromkeys(KINDS, 0) | {"other": 0}
    tightest = (0.0, "")  # the largest share of its budget a case took
    for number, grown, body in made:
        count += 1
        began = time.monotonic()
        allowed = budget(body)
        try:
            check_case(url, engine, folder, number, body, tally, seconds=allowed)
        except AssertionError as failure:
            said = str(failure)
            failed[next((k for k in KINDS if said.startswith(k)), "other")] += 1
            (folder.parent / f"scorekeeper-fuzz-big-{number}.json").write_bytes(body)
            print(f"FAIL big case {number} ({grown}, {len(body)} bytes): {said[:300]}",
                  flush=True)
        took = time.monotonic() - began
        tightest = max(tightest, (took / allowed, f"case {number} ({grown}, {len(body)} "
                                                  f"bytes): {took:.2f} s of {allowed:.1f} s"))
        if count % 20 == 0:
            print(f"{count} big files, {time.monotonic() - started:.0f} s", flush=True)
    if count:
        print(f"{count} big files in {time.monotonic() - started:.0f} s: {tally.refused} "
              f"refused, {tally.accepted} accepted; "
              + ", ".join(f"{failed[k]} {said}" for k, said in KINDS.items())
              + f", {failed['other']} other failures; closest to its budget: {tightest[1]}",
              flush=True)
    return sum(failed.values())


if __name__ == "__main__":
    main()
