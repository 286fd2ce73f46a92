"""Every file a command writes is written whole or not at all (user_files.py), as a person
meets it: the exports, the result card, the PDF, the ledger CSV, the tab's exports, the
roster and the backup.

- On a disk that fills up, each says in one line that the disk under the file is full,
  naming both, and leaves the file as it was (a cut file, an emptied one, "the disk under
  …/scorekeeper.db is full" or "cannot write ?" before). The disk is a 1 MiB tmpfs in a
  mount namespace of the test's own (as tests/test_full_disk.py mounts it), the database
  outside it; the scenario runs inside (``python -m tests.test_whole_files FOLDER DB``).
- A link, a pipe (FIFO) or a device at the name is refused in words, and left as it was
  (the link was turned into a file, the pipe's reader got nothing and the exit status was
  0, and as root a device node became a file holding the scorebook).
- A kill during a backup leaves nothing behind once the next backup is written (the
  hidden ``.backup-*`` files stayed, full of payment details).
- The roster with its payment details is its owner's alone, as the backup is (0644).
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.i18n import text
from tests.conftest import EXAMPLE_FILE, REPO, run_cli_here, store_files
from tests.test_full_disk import fill, on_a_small_disk

GROUP = "Friday group"
# Each command that writes a file, with the name it writes into the folder given.
WRITERS = {
    "json": ["export", "1", "--format", "json", "-o"],
    "csv": ["export", "1", "--format", "csv", "-o"],
    "pdf": ["export", "1", "--format", "pdf", "-o"],
    "png": ["export", "1", "--format", "png", "-o"],
    "tab.csv": ["export-tab", GROUP, "--format", "csv", "-o"],
    "tab.png": ["export-tab", GROUP, "--format", "png", "-o"],
    "ledger.csv": ["export-ledger", "-o"],
    "roster.json": ["players", "--export"],
    "backup.json": ["backup", "-o"],
}


def friday_evening(folder: Path) -> Path:
    """The example file as a finished evening of the Friday group (the tab has a card)."""
    document = json.loads(EXAMPLE_FILE.read_text(encoding="utf-8"))
    document.update(group=GROUP, finished=True)
    path = folder / "friday.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


def listing(folder: Path) -> list[str]:
    return sorted(entry.name for entry in folder.iterdir())


def said(result: subprocess.CompletedProcess[str]) -> list[object]:
    return [result.returncode, result.stderr.splitlines()]


def scenario(disk: Path, url: str) -> dict[str, object]:
    """Each command writes its file; the disk fills; each writes the same file again and a
    new one; the space is freed and each writes again."""
    first = {name: said(run_cli_here(url, *args, str(disk / name)))
             for name, args in WRITERS.items()}
    before = {name: (disk / name).read_bytes() for name in WRITERS}
    fill(disk / "filler")
    full = {name: said(run_cli_here(url, *args, str(disk / name)))
            for name, args in WRITERS.items()}
    new = {name: said(run_cli_here(url, *args, str(disk / f"new-{name}")))
           for name, args in WRITERS.items()}
    kept = [name for name in WRITERS if (disk / name).read_bytes() == before[name]]
    left = listing(disk)
    (disk / "filler").unlink()
    freed = {name: said(run_cli_here(url, *args, str(disk / f"new-{name}")))[0]
             for name, args in WRITERS.items()}
    return {"first": first, "full": full, "new": new, "kept": kept, "left": left,
            "freed": freed}


def test_a_full_disk_leaves_every_file_as_it_was_and_names_the_file_and_its_disk(tmp_path):
    url = f"sqlite:///{tmp_path / 'scorekeeper.db'}"  # beside the small disk, not on it
    store_files(url, friday_evening(tmp_path))
    disk = tmp_path / "disk"
    found = on_a_small_disk(disk, "tests.test_whole_files", url)
    assert [status for status, _ in found["first"].values()] == [0] * len(WRITERS)
    full_under = text("cli.disk_full_under", disk=str(disk))
    assert found["full"] == {name: [1, [text("cli.cannot_write", file=str(disk / name),
                                             reason=full_under)]] for name in WRITERS}
    assert found["new"] == {name: [1, [text("cli.cannot_write", file=str(disk / f"new-{name}"),
                                            reason=full_under)]] for name in WRITERS}
    assert found["kept"] == list(WRITERS)
    assert found["left"] == sorted([*WRITERS, "filler"])  # no new name, no temporary file
    assert found["freed"] == dict.fromkeys(WRITERS, 0)


@pytest.fixture
def scorebook_url(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'scorekeeper.db'}"
    store_files(url, friday_evening(tmp_path))
    return url


@pytest.mark.parametrize("name", ["json", "backup.json", "roster.json", "png"])
def test_a_link_at_the_name_is_refused_and_left_a_link(scorebook_url, tmp_path, name):
    target = tmp_path / "kept.txt"
    target.write_text("kept")
    link = tmp_path / "out"
    link.symlink_to(target)
    result = run_cli_here(scorebook_url, *WRITERS[name], str(link))
    assert said(result) == [2, [text("cli.cannot_write", file=str(link),
                                     reason=text("cli.is_a_link"))]]
    assert link.is_symlink()
    assert target.read_text() == "kept"


@pytest.mark.parametrize("name", ["json", "backup.json"])
def test_a_pipe_at_the_name_is_refused_without_waiting_for_a_reader(scorebook_url, tmp_path,
                                                                    name):
    pipe = tmp_path / "out"
    os.mkfifo(pipe)
    # A reader that never blocks the test: what the command sends it is there to read.
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)
    try:
        result = run_cli_here(scorebook_url, *WRITERS[name], str(pipe))
        sent = os.read(reader, 1 << 20)
    finally:
        os.close(reader)
    assert said(result) == [2, [text("cli.cannot_write", file=str(pipe),
                                     reason=text("cli.is_a_pipe"))]]
    assert (sent, stat.S_ISFIFO(pipe.lstat().st_mode)) == (b"", True)



@pytest.mark.parametrize("name", ["backup.json", "json"])
def test_a_device_at_the_name_is_refused_and_left_a_device(scorebook_url, tmp_path, name):
    """Issue 66, finding 2c: a command's output onto a device node (as root, /dev/full was
    turned into a regular file holding the scorebook)."""
    # A node of the test's own, the same device as /dev/full, which is never touched.
    node = tmp_path / "out"
    os.mknod(node, stat.S_IFCHR | 0o600, os.makedev(1, 7))
    result = run_cli_here(scorebook_url, *WRITERS[name], str(node))
    assert said(result) == [2, [text("cli.cannot_write", file=str(node),
                                     reason=text("cli.is_a_device"))]]
    assert (stat.S_ISCHR(node.lstat().st_mode), node.lstat().st_rdev) == (True,
                                                                           os.makedev(1, 7))


# The backup, killed by SIGKILL while it writes: the process sends it to itself after its
# first bytes are out, so the kill lands mid-write every time.
KILLED_WHILE_WRITING = """
import os, signal, sys
import scorekeeper.session.backup as backup
from scorekeeper.cli import main

def write_backup(store, out, made):
    out.write(b'{"format": "scorekeeper-backup/1",' + b' ' * 100_000)
    out.flush()
    os.kill(os.getpid(), signal.SIGKILL)

backup.write_backup = write_backup
main(sys.argv[1:])
"""


def test_a_backup_killed_while_it_writes_leaves_nothing_once_the_next_is_written(
        scorebook_url, tmp_path):
    folder = tmp_path / "backups"
    folder.mkdir()
    out = folder / "everything.json"
    env = {k: v for k, v in os.environ.items() if k not in ("SCOREKEEPER_DB", "SCOREKEEPER_LANG")}
    for _ in range(2):
        killed = subprocess.run([sys.executable, "-c", KILLED_WHILE_WRITING, "--db",
                                 scorebook_url, "backup", "-o", str(out)],
                                capture_output=True, cwd=REPO, env=env, timeout=120)
        assert killed.returncode == -9
    assert listing(folder) != []  # what the kills left, while nothing has cleared it
    result = run_cli_here(scorebook_url, "backup", "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert listing(folder) == ["everything.json"]
    assert json.loads(out.read_text(encoding="utf-8"))["format"] == "scorekeeper-backup/1"


def test_the_roster_with_its_payment_details_is_its_owners_alone(scorebook_url, tmp_path):
    out = tmp_path / "roster.json"
    previous = os.umask(0o022)
    try:
        assert run_cli_here(scorebook_url, "players", "--export", str(out)).returncode == 0
    finally:
        os.umask(previous)
    assert stat.S_IMODE(out.stat().st_mode) == 0o600


def test_a_backup_to_standard_output_is_asked_for_as_a_dash(scorebook_url, tmp_path):
    result = subprocess.run([sys.executable, "-m", "scorekeeper", "--db", scorebook_url,
                             "backup", "-o", "-"], capture_output=True, text=True,
                            cwd=tmp_path, timeout=120,
                            env={**os.environ, "PYTHONPATH": str(REPO)})
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["sessions"][0]["name"] == "Friday at the cabin"
    assert "-" not in listing(tmp_path)


if __name__ == "__main__":
    print(json.dumps(scenario(Path(sys.argv[1]), sys.argv[2])))
