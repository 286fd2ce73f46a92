"""Mutated roster files through `players --import` (tests/fuzzing.py): every one is refused
whole (exit 2, one line, the roster unchanged) or its players and payment details are
kept, and the roster's own export imports again to no change. A fixed seed: the same cases
every run. The longer run: `python -m tests.bench.fuzz --rosters 600`."""

from __future__ import annotations

from collections import Counter

import pytest

from scorekeeper.core import RuleError
from scorekeeper.formats.roster_file import load_roster
from tests.fuzzing import Tally, cases, check_roster_case, roster_seeds

SEED = 20261126
CASES = 120


@pytest.mark.parametrize(("number", "body"), list(cases(SEED, CASES, roster_seeds())),
                         ids=[f"case-{n}" for n in range(CASES)])
def test_a_mutated_roster_is_refused_whole_or_kept_whole(fuzz_database, number, body):
    url, engine, folder = fuzz_database
    check_roster_case(url, engine, folder, number, body, Tally())


def test_the_roster_mutations_reach_both_outcomes():
    # A fuzzer that only ever broke the JSON would test one path. Counted by what decides.
    outcomes: Counter[bool] = Counter()
    for _, body in cases(SEED, CASES, roster_seeds()):
        try:
            load_roster(body)
            outcomes[True] += 1
        except RuleError:
            outcomes[False] += 1
    assert outcomes[False] > CASES // 10  # refused
    assert outcomes[True] > CASES // 30  # kept
