"""A full disk is not damage: every command on it says the disk is full, and the database
opens with all its data once space is freed (store/failures.py, store/claim.py).

The disk is a 1 MiB tmpfs mounted in a mount namespace of the test's own (a user
namespace too when not run as root), so nothing outside the test sees it. The scenario
runs inside that namespace (``python -m tests.test_full_disk FOLDER``) and hands back
what each command said. Each command runs in that one process, as a new process would
run it: it opens the database afresh and closes it at its end (``run_cli_here``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from scorekeeper.i18n import text
from tests.conftest import EXAMPLE_FILE, REPO, run_cli_here, store_files

MATTMAR_FILE = EXAMPLE_FILE.with_name("mattmar-saturday.json")


def fill(path: Path) -> None:
    """Write zeros into ``path`` until the disk says it is full."""
    block = bytes(4096)
    with path.open("wb", buffering=0) as out:
        try:
            while True:
                out.write(block)
        except OSError:
            pass


def said(result: subprocess.CompletedProcess[str]) -> list[object]:
    return [result.returncode, result.stderr.splitlines(), result.stdout.splitlines()]


def scenario(folder: Path) -> dict[str, object]:
    url = f"sqlite:///{folder / 'scorekeeper.db'}"
    store_files(url, EXAMPLE_FILE)
    before = run_cli_here(url, "sessions")
    fill(folder / "filler")
    first = run_cli_here(url, "import", str(MATTMAR_FILE))
    left = sorted(p.name for p in folder.iterdir())
    later = [said(run_cli_here(url, *command))
             for command in (["sessions"], ["show", "1"], ["import", str(MATTMAR_FILE)])]
    (folder / "filler").unlink()
    freed = run_cli_here(url, "sessions")
    return {"before": said(before), "first": said(first), "left": left, "later": later,
            "freed": said(freed)}


def on_a_small_disk(folder: Path, module: str = "tests.test_full_disk", *args: str,
                    ) -> dict[str, object]:
    """What ``python -m module FOLDER ARGS`` prints (JSON), run in a namespace of its own
    where FOLDER is a 1 MiB tmpfs."""
    folder.mkdir()
    mount = 'mount -t tmpfs -o size=1m,mode=0700 tmpfs "$0" && exec "$@"'
    namespace = ["unshare", "--mount"] if os.geteuid() == 0 else [
        "unshare", "--user", "--map-root-user", "--mount"]
    env = {k: v for k, v in os.environ.items() if k not in ("SCOREKEEPER_DB", "SCOREKEEPER_LANG")}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    result = subprocess.run(
        [*namespace, "sh", "-c", mount, str(folder), sys.executable, "-m", module, str(folder),
         *args], capture_output=True, text=True, cwd=REPO, env=env, timeout=300)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_a_full_disk_is_said_by_every_command_and_the_data_comes_back_with_space(tmp_path):
    """The first command left an empty -wal and a 3-byte -shm (SQLite could not grow its
    index), and every later command read those as "damaged: restore it from a backup"."""
    place = str(tmp_path / "disk" / "scorekeeper.db")
    full = text("store.disk_full", file=place)
    found = on_a_small_disk(tmp_path / "disk")
    status, errors, listing = found["first"]
    assert (status, [e for e in errors if e != text("cli.importing")], listing) == (1, [full], [])
    assert found["left"] == ["filler", "scorekeeper.db", "scorekeeper.db-shm",
                             "scorekeeper.db-wal"]  # what the issue found, still there
    assert found["later"] == [[1, [full], []]] * 3
    assert found["freed"] == found["before"]
    assert "Friday at the cabin" in found["before"][2][0]


if __name__ == "__main__":
    print(json.dumps(scenario(Path(sys.argv[1]))))
