"""Everything in one file, at a club's size: a 1,000-session scorebook (200 deals each) backed
up with ``scorekeeper backup`` and restored with ``scorekeeper restore`` into an empty SQLite
database, each command a process of its own as a person runs it, timed from start to exit,
its peak memory (the process's maximum resident set) read from the kernel when it exits.

``python -m tests.bench.backup_bench`` runs it alone and prints the row."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scorekeeper.session.scorebook import Scorebook
from scorekeeper.store.database import connect
from scorekeeper.store.sessions import SessionStore
from tests.bench.data import club
from tests.bench.rows import Row

SESSIONS, DEALS = 1000, 200
MOST_SECONDS, MOST_MB = 60.0, 500.0
REPO = Path(__file__).resolve().parents[2]


# The command as ``python -m scorekeeper`` runs it, saying at exit the most memory it held
# (VmHWM: this process's own high-water mark; the kernel's ru_maxrss of a child starts from
# its parent's at the fork, and the parent built the club), and the most one of the
# processes it started held (a restore's readers, forked once the backup is read).
COMMAND = """
import atexit, resource, sys

def peak():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                sys.stderr.write("PEAK_KB " + line.split()[1] + "\\n")
    # The most any process it started held (a restore's readers: ru_maxrss, in kB).
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    sys.stderr.write("CHILDREN_PEAK_KB " + str(children) + "\\n")

atexit.register(peak)
from scorekeeper.cli import main
main(sys.argv[1:], prog_name="scorekeeper")
"""


def _command(url: str, *args: str) -> tuple[float, float]:
    """Seconds from start to exit, and peak memory in MB, of ``scorekeeper --db URL ARGS``."""
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", COMMAND, "--db", url, *args], cwd=REPO,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          check=False)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise RuntimeError(f"scorekeeper {' '.join(args)} exited {done.returncode}: "
                           f"{done.stderr[-400:]}")
    peak = next(line for line in done.stderr.splitlines() if line.startswith("PEAK_KB"))
    return seconds, int(peak.split()[1]) / 1024


def backup_and_restore(folder: Path) -> list[Row]:
    source = f"sqlite:///{folder / 'whole-club.db'}"
    target = f"sqlite:///{folder / 'restored.db'}"
    engine = connect(source)
    built = time.perf_counter()
    club(Scorebook(SessionStore(engine)), sessions=SESSIONS, deals_each=DEALS)
    built = time.perf_counter() - built
    engine.dispose()
    backup = folder / "everything.json"
    backup_s, backup_mb = _command(source, "backup", "-o", str(backup))
    restore_s, restore_mb = _command(target, "restore", str(backup))
    size_mb = backup.stat().st_size / 1024 / 1024
    met = (backup_s + restore_s <= MOST_SECONDS and max(backup_mb, restore_mb) <= MOST_MB)
    return [Row(
        "back up a whole scorebook, and restore it",
        f"{SESSIONS:,} sessions × {DEALS} deals (built in {built:.0f} s), SQLite: "
        f"`scorekeeper backup -o`, then `scorekeeper restore` into an empty database, each a "
        f"process of its own ({size_mb:.0f} MB of backup)",
        f"≤ {MOST_SECONDS:.0f} s for both, peak memory ≤ {MOST_MB:.0f} MB each",
        f"{backup_s + restore_s:.1f} s (backup {backup_s:.1f} s, restore {restore_s:.1f} s); "
        f"peak memory {backup_mb:.0f} MB backing up, {restore_mb:.0f} MB restoring",
        met)]


if __name__ == "__main__":
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as scratch:
        for row in backup_and_restore(Path(scratch)):
            print(f"{'ok  ' if row.met else 'MISS'} {row.what} [{row.workload}]: "
                  f"{row.measured} (target {row.target})")
