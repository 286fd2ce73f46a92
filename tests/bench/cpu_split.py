"""`python -m tests.bench.cpu_split bash tests/run.sh`: run a command and say where the
machine's CPU went while it ran, by kind of process (Chromium's renderer and GPU process,
the app's servers, the command line started by tests, the test workers, PostgreSQL...).

`time` cannot say it: Chromium's processes are not waited for by the test run, so their CPU
is in nobody's total. This samples /proc every 0.3 s instead; a process that lives less
than that may be missed, and whatever else runs on the machine is counted too."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

SAMPLE = 0.3  # seconds between two looks at /proc
TICKS = 100  # clock ticks a second, as /proc/PID/stat counts them on Linux
# (a word in the process's command line, the kind it is counted as), first match wins.
KINDS = (
    (b"--type=renderer", "Chromium renderer"),
    (b"--type=gpu-process", "Chromium GPU process (SwiftShader)"),
    (b"--type=utility", "Chromium utility"),
    (b"chromium", "Chromium browser and its zygotes"),
    (b"playwright", "Playwright's driver"),
    (b" serve", "the app's servers"),
    (b"-m scorekeeper", "the command line, started by tests"),
    (b"sys.stdin.readline", "pytest's workers (the tests themselves)"),
    (b"pytest", "pytest"),
    (b"postgres", "PostgreSQL"),
    (b"python", "other Python"),
)


def kind_of(pid: Path) -> str:
    command = (pid / "cmdline").read_bytes().replace(b"\0", b" ")
    found = next((kind for word, kind in KINDS if word in command), None)
    if found is None and not command:  # a Chromium child that cleared its command line
        found = f"[{(pid / 'comm').read_text().strip()}]"
    return found or command[:40].decode(errors="replace")


def look(seen: dict[tuple[str, str], tuple[str, int]]) -> None:
    for pid in Path("/proc").glob("[0-9]*"):
        try:
            fields = (pid / "stat").read_text().rsplit(")", 1)[1].split()
            ticks = int(fields[11]) + int(fields[12])  # this process's own, not its children's
            key = (pid.name, fields[19])  # (pid, start): pids recur
            # A process is counted as what it was first seen as: at its end it is a zombie
            # with no command line, which would count everyone's last ticks as "[python3]".
            kind = seen[key][0] if key in seen else kind_of(pid)
            seen[key] = (kind, ticks)
        except (OSError, IndexError):
            pass  # gone between the listing and the reading


def main() -> None:
    before: dict[tuple[str, str], tuple[str, int]] = {}
    look(before)
    seen: dict[tuple[str, str], tuple[str, int]] = {}
    started = time.monotonic()
    command = subprocess.Popen(sys.argv[1:])
    done = threading.Event()

    def sampling() -> None:
        while not done.is_set():
            look(seen)
            done.wait(SAMPLE)

    sampler = threading.Thread(target=sampling)
    sampler.start()
    status = command.wait()
    done.set()
    sampler.join()
    look(seen)
    seconds: Counter[str] = Counter()
    for key, (kind, ticks) in seen.items():
        seconds[kind] += (ticks - before.get(key, (kind, 0))[1]) / TICKS
    for kind, cpu in seconds.most_common():
        if cpu >= 0.5:
            print(f"{cpu:9.1f}  {kind}")
    print(f"{sum(seconds.values()):9.1f}  CPU-s in all, in {time.monotonic() - started:.0f} s")
    sys.exit(status)


if __name__ == "__main__":
    main()
