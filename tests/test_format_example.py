"""FORMAT.md: the example session file and the `scorekeeper replay` contract."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).parent / "examples" / "friday-at-the-cabin.json"


def replay(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", "replay", *args],
        capture_output=True, text=True, check=False,
    )


def test_replay_json_of_the_example_file():
    result = replay(str(EXAMPLE), "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["variant"] == "english"
    assert report["deals"] == 6
    assert report["pot"] == 5
    assert report["players"][0] == {
        "name": "Astrid", "seated": True, "units": -28, "score": -28, "flights": 1,
        "money": "-13.50", "paid": "0.00",
    }
    assert [(p["name"], p["units"], p["flights"], p["money"]) for p in report["players"]] == [
        ("Astrid", -28, 1, "-13.50"),
        ("Bengt", -13, 1, "-6.00"),
        ("Cilla", 18, 0, "9.50"),
        ("Dag", 18, 1, "10.00"),
    ]
    assert report["games"] == []
    assert report["winners"] == []
    assert report["transfers"][0] == {"from": "Astrid", "to": "Dag", "amount": "10.00"}
    assert len(report["transfers"]) == 3


def test_replay_without_json_prints_a_readable_table():
    result = replay(str(EXAMPLE))
    assert result.returncode == 0
    assert "Astrid" in result.stdout
    assert "-13.50" in result.stdout
    assert "Astrid → Dag  10.00" in result.stdout


def test_a_file_that_breaks_a_rule_exits_2_with_one_line_naming_deal_and_rule(tmp_path):
    document = json.loads(EXAMPLE.read_text())
    # Dag's General Rams in deal 3 empties the pot, so deal 4 is a single pot.
    document["deals"][3] = {"pass": ["Cilla"], "tricks": {"Astrid": 2, "Bengt": 3}}
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(document))
    result = replay(str(broken), "--json")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        "deal 4: single pot - everyone must play, but Cilla passed"
    ]


def test_a_file_that_is_not_json_exits_2(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    result = replay(str(broken), "--json")
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
