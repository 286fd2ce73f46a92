"""Bounded work for any file (issue: "a file that can take the app down"): a session of
50,000 deals replays and imports in memory that grows with its deals, not with their
square, in every family. Before the games of a session were shared between its states, a
Ramsen file of 50,000 short games took 3.75 GB to replay, and every hundredth state kept
in the database held every game before it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

DEALS = 50_000
MEMORY = 500 * 1024  # KiB: the most a replay or import of DEALS deals may hold at once
# Every state kept for the ledger's pages holds the game in play, not every game before it.
DATABASE = 60 * 1024 * 1024
# Three hands dealt in turn among four players, each a legal deal of every family here.
HANDS = ({"Ann": 2, "Bo": 2, "Cid": 1}, {"Ann": 1, "Bo": 3, "Cid": 1},
         {"Bo": 1, "Cid": 2, "Dag": 2})
# One family each: english (pot), counters (countdown), ramsen (count-up, a game every
# few deals: the case that grew with the square).
VARIANTS = ("english", "counters", "ramsen")
MEASURED = """import resource, runpy, sys
sys.argv = ["scorekeeper", *sys.argv[1:]]
try:
    runpy.run_module("scorekeeper", run_name="__main__")
except SystemExit as done:
    code = done.code
print("maxrss", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)
sys.exit(code)
"""


def long_session(folder: Path, variant: str) -> Path:
    document = {
        "format": "scorekeeper/1", "name": f"A long {variant} night", "variant": variant,
        "options": {"money": True} if variant != "english" else {},
        "players": ["Ann", "Bo", "Cid", "Dag"], "first_dealer": "Ann",
        "money": {"currency": "SEK", "unit": "1"},
        "deals": [{"tricks": HANDS[number % 3]} for number in range(DEALS)],
    }
    path = folder / f"{variant}.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def measured(*args: str) -> tuple[subprocess.CompletedProcess[str], int]:
    """``scorekeeper *args``, and the most memory (KiB) it held at once."""
    done = subprocess.run([sys.executable, "-c", MEASURED, *args], capture_output=True,
                          text=True, check=False)
    peak = next(int(line.split()[1]) for line in done.stderr.splitlines()
                if line.startswith("maxrss"))
    return done, peak


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_session_of_50000_deals_replays_in_bounded_memory(variant, tmp_path):
    replayed, peak = measured("replay", str(long_session(tmp_path, variant)), "--json")
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout)["deals"] == DEALS
    assert peak <= MEMORY, f"{variant}: {peak // 1024} MB"


def test_a_ramsen_session_of_50000_deals_imports_in_bounded_memory_and_room(tmp_path):
    database = tmp_path / "club.db"
    imported, peak = measured("--db", f"sqlite:///{database}", "import",
                              str(long_session(tmp_path, "ramsen")))
    assert imported.returncode == 0, imported.stderr
    assert peak <= MEMORY, f"{peak // 1024} MB"
    assert database.stat().st_size <= DATABASE, f"{database.stat().st_size // 2**20} MB"
    session_file = tmp_path / "ramsen.json"
    shown, replayed = (
        subprocess.run([sys.executable, "-m", "scorekeeper", *args], capture_output=True,
                       text=True, check=False)
        for args in (("--db", f"sqlite:///{database}", "show", "1"),
                     ("replay", str(session_file))))
    # The stored session's newest state says what a replay of its file says.
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout == replayed.stdout
