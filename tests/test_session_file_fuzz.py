"""Mutated session files through the command line (tests/fuzzing.py): every one is refused
whole (exit 2, one line, the database unchanged) or accepted and then shown, settled and
exported in every format. A fixed seed: the same cases every run. The longer run:
`python -m tests.bench.fuzz --cases 20000`."""

from __future__ import annotations

from collections import Counter

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from tests.fuzzing import Tally, cases, check_case

SEED = 20261121
CASES = 300


@pytest.mark.parametrize(("number", "body"), list(cases(SEED, CASES)),
                         ids=[f"case-{n}" for n in range(CASES)])
def test_a_mutated_session_file_is_refused_whole_or_handled_whole(fuzz_database, number, body):
    url, engine, folder = fuzz_database
    check_case(url, engine, folder, number, body, Tally())


def test_the_mutations_reach_both_outcomes(tmp_path):
    # A fuzzer that only ever makes broken JSON, or only ever valid files, would test one
    # path. Counted here, from the same cases, by the command that decides: `replay`.
    outcomes = Counter()
    for number, body in cases(SEED, CASES):
        path = tmp_path / f"case-{number}.json"
        path.write_bytes(body)
        outcomes[CliRunner().invoke(main, ["replay", str(path)]).exit_code] += 1
    assert outcomes[2] > CASES // 10  # refused
    assert outcomes[0] > CASES // 30  # accepted
