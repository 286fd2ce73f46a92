"""A club's backup restored (issue 66): on the command line, 100,000 evenings, and 1,000,000
payments on a tab, each ``scorekeeper restore`` into an empty SQLite database as a process
of its own; in the app, a 16 MB backup (23,000 evenings) picked in Chromium at 390x844,
timed from the tap on "Restore from a backup" to the dialog saying what it would add.

Each evening is the worked example (tests/examples/friday-at-the-cabin.json: six deals,
English Rams), four of a club's ten players at the table, finished, in one of a hundred
groups, with a uid: about 740 bytes in a backup, as a club's 21,000 evenings made 17 MB.
The payments go between the ten players of one group's 100 evenings.

``python -m tests.bench.restore_bench`` runs it alone and prints the rows."""

from __future__ import annotations

import json
import random
import statistics
import tempfile
import uuid
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.bench.backup_bench import _command
from tests.bench.ledger_bench import timed_open
from tests.bench.rows import Row
from tests.conftest import EXAMPLE_FILE, EXAMPLE_NAMES
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, Ui, start_server, stop_server

CLUB = ["Astrid", "Bengt", "Cilla", "Dag", "Erik", "Frida", "Gustav", "Hanna", "Ivar", "Jonna"]
GROUPS = 100
EVENINGS, PAYMENTS = 100_000, 1_000_000
MOST_SECONDS = 120.0
APP_EVENINGS, APP_MOST_SECONDS, APP_SAMPLES = 23_000, 5.0, 3  # 16 MB, as issue 66 asks


def evenings(count: int, groups: int, seed: int = 1) -> Iterator[dict[str, object]]:
    """``count`` finished evenings of the worked example, each with four of the club."""
    draw = random.Random(seed)
    example = EXAMPLE_FILE.read_text(encoding="utf-8")
    for seat, name in enumerate(EXAMPLE_NAMES):
        example = example.replace(f'"{name}"', f'"@{seat}@"')
    for number in range(count):
        held = example
        for seat, name in enumerate(draw.sample(CLUB, 4)):
            held = held.replace(f"@{seat}@", name)
        evening = json.loads(held)
        evening.update(uid=str(uuid.UUID(int=draw.getrandbits(128), version=4)),
                       name=f"Evening {number + 1}", group=f"Table {number % groups + 1}",
                       finished=True,
                       played_on=(date(2016, 1, 1) + timedelta(days=number // groups))
                       .isoformat())
        yield evening


def club_backup(path: Path, count: int, payments: int = 0, groups: int = GROUPS) -> Path:
    """A backup of ``count`` evenings in ``groups`` groups, and ``payments`` on the first
    group's tab, written a line at a time as ``scorekeeper backup`` writes it."""
    draw = random.Random(2)
    tabs = [{"name": f"Table {number + 1}", "currency": "SEK", "payments": []}
            for number in range(groups)]
    tabs[0]["payments"] = [
        {"uid": str(uuid.UUID(int=draw.getrandbits(128), version=4)),
         **dict(zip(("from", "to"), draw.sample(CLUB, 2), strict=True)),
         "amount": f"{cents // 100}.{cents % 100:02d}",
         "on": "2026-11-20"} for cents in (draw.randrange(1, 10_000) for _ in range(payments))]
    with path.open("w", encoding="utf-8") as out:
        out.write('{"format": "scorekeeper-backup/1", "made": "2026-11-28T21:15:00Z", '
                  '"players": [],\n "groups": [')
        out.write(",\n  ".join(json.dumps(tab, ensure_ascii=False) for tab in tabs))
        out.write('],\n "sessions": [\n  ')
        out.write(",\n  ".join(json.dumps(evening, ensure_ascii=False)
                               for evening in evenings(count, groups)))
        out.write("]}\n")
    return path


def restored_by_the_command(folder: Path, name: str, backup: Path) -> tuple[float, float]:
    """Seconds and peak MB of ``scorekeeper restore`` into an empty database."""
    return _command(f"sqlite:///{folder / f'{name}.db'}", "restore", str(backup))


def on_the_command_line(folder: Path) -> list[Row]:
    sessions = club_backup(folder / "evenings.json", EVENINGS)
    payments = club_backup(folder / "payments.json", 100, PAYMENTS, groups=1)
    rows = []
    for what, workload, backup in [
            ("restore a club's years on the command line",
             f"{EVENINGS:,} evenings of 6 deals, 4 of 10 players each, in {GROUPS} groups",
             sessions),
            ("restore a club's payments on a tab on the command line",
             f"{PAYMENTS:,} payments on one group's tab, its 100 evenings with them",
             payments)]:
        seconds, peak = restored_by_the_command(folder, backup.stem, backup)
        size = backup.stat().st_size / 1024 / 1024
        rows.append(Row(what, f"{workload} ({size:.0f} MB of backup): `scorekeeper restore` "
                              "into an empty SQLite database, a process of its own",
                        f"≤ {MOST_SECONDS:.0f} s", f"{seconds:.1f} s, peak memory {peak:.0f} MB",
                        seconds <= MOST_SECONDS))
    return rows


def in_the_app(folder: Path) -> list[Row]:
    """The tap on Restore to the dialog saying what the backup adds, in turns on one
    server (nothing is written: the dialog is cancelled each time)."""
    backup = club_backup(folder / "club-backup.json", APP_EVENINGS)
    size = backup.stat().st_size / 1024 / 1024
    server = start_server(folder / "app")
    seconds = []
    try:
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 390, "height": 844})
            page.set_default_timeout(120_000)
            ui = Ui(page, server.url)
            ui.open("/settings")
            for _ in range(APP_SAMPLES):
                # The file chosen as the picker opens, while the clock runs in the page.
                page.once("filechooser", lambda chooser: chooser.set_files(str(backup)))
                seconds.append(timed_open(page, "Restore from a backup",
                                          f"It adds {APP_EVENINGS} sessions") / 1000)
                ui.tap("Cancel")
            browser.close()
    finally:
        stop_server(server)
    median = statistics.median(seconds)
    return [Row("restore a club's backup in the app, to what it would add",
                f"{APP_EVENINGS:,} evenings ({size:.0f} MB of backup) picked in Chromium at "
                "390x844 on an empty SQLite scorebook: from the tap on Restore, through the "
                "upload, to the dialog saying what it adds (median of "
                f"{APP_SAMPLES})", f"≤ {APP_MOST_SECONDS:.0f} s",
                f"{median:.1f} s (" + ", ".join(f"{s:.1f}" for s in seconds) + ")",
                median <= APP_MOST_SECONDS)]


if __name__ == "__main__":
    import sys

    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as scratch:
        chosen = sys.argv[1:] or ["cli", "app"]
        rows = ([*on_the_command_line(Path(scratch))] if "cli" in chosen else []) + (
            in_the_app(Path(scratch)) if "app" in chosen else [])
        for row in rows:
            print(f"{'ok  ' if row.met else 'MISS'} {row.what} [{row.workload}]: "
                  f"{row.measured} (target {row.target})")
