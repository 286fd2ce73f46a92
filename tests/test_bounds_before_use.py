"""What a person types or names is bounded before it is used (issue 66, finding 7): each
of these ended in a traceback, a MemoryError or a command that never ends.

Each command runs as its own process, as a person runs it, with at most 1 GiB of memory
(what a command that reads without bound met first, here instead of the machine) and a
time limit (what a command that waits for ever met).
"""

from __future__ import annotations

import os
import resource
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.formats.bounds import LARGEST_BACKUP
from scorekeeper.i18n import text
from tests.conftest import EXAMPLE_FILE, REPO, store_files

HUGE = "100000000000000000000"  # past what SQLite's INTEGER holds (OverflowError)
MEMORY = 1 << 30


def run(*args: str | bytes, env: dict[str, str] | None = None, timeout: float = 60,
        ) -> subprocess.CompletedProcess[str]:
    """``python -m scorekeeper ARGS`` with at most ``MEMORY`` bytes of memory."""
    def bounded() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))

    clean = {k: v for k, v in os.environ.items() if k not in ("SCOREKEEPER_DB", "SCOREKEEPER_LANG")}
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], capture_output=True,
                          text=True, encoding="utf-8", errors="replace", cwd=REPO,
                          env={**clean, **(env or {})}, preexec_fn=bounded, timeout=timeout)


def one_line(result: subprocess.CompletedProcess[str], status: int, line: str) -> None:
    assert (result.returncode, result.stderr.splitlines(), result.stdout) == (status, [line], "")


@pytest.fixture
def url(tmp_path: Path) -> str:
    found = f"sqlite:///{tmp_path / 'scorekeeper.db'}"
    store_files(found, EXAMPLE_FILE)
    return found


@pytest.mark.parametrize("command", ["show", "settle", "export"])
def test_a_session_number_no_session_can_have_is_refused_in_words(url, command):
    one_line(run("--db", url, "--lang", "sv", command, HUGE), 2,
             text("cli.not_a_session", "sv", number=HUGE, most=2**31 - 1))


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
@pytest.mark.parametrize("command", [["import"], ["replay"], ["restore"], ["players", "--import"]])
def test_a_device_given_as_a_file_is_refused_before_it_is_read(url, command, device):
    one_line(run("--db", url, "--lang", "de", *command, device), 2,
             text("cli.cannot_read", "de", file=device, reason=text("cli.is_a_device", "de")))


def test_a_backup_larger_than_any_scorebook_is_refused_before_it_is_read(url, tmp_path):
    """500 MB of a backup's opening and then nothing: read and parsed, it took 7.8 GB."""
    backup = tmp_path / "everything.json"
    with backup.open("wb") as out:
        out.write(b'{"format": "scorekeeper-backup/1", "sessions": [{}')
        out.truncate(500 * 1024 * 1024)  # sparse: no disk is filled for it
    one_line(run("--db", url, "restore", str(backup)), 2,
             text("cli.cannot_read", file=str(backup),
                  reason=text("cli.larger_than", most=LARGEST_BACKUP // (1024 * 1024))))


def test_a_database_address_that_is_not_text_is_refused_in_words(tmp_path):
    """A byte that is no UTF-8 reaches Python as a lone surrogate (UnicodeEncodeError)."""
    address = os.fsencode(f"sqlite:///{tmp_path}/") + b"\xff.db"
    one_line(run(b"--db", address, "sessions"), 1, text("store.address_not_text"))
    environment = {"SCOREKEEPER_DB": os.fsdecode(address)}
    for command in ("sessions", "where"):
        one_line(run(command, env=environment), 1, text("store.address_not_text"))
    assert list(tmp_path.iterdir()) == []


def test_a_pipe_as_the_database_is_refused_without_waiting(tmp_path):
    pipe = tmp_path / "scorekeeper.db"
    os.mkfifo(pipe)
    one_line(run("--db", f"sqlite:///{pipe}", "sessions", timeout=30), 1,
             text("store.not_a_file", file=str(pipe)))
    assert stat.S_ISFIFO(pipe.lstat().st_mode)
    assert sorted(tmp_path.iterdir()) == [pipe]


@pytest.mark.parametrize("command", ["serve", "app"])
def test_a_port_past_65535_is_refused_rather_than_served_on_another(url, command):
    one_line(run("--db", url, command, "--port", "99999", timeout=30), 2,
             text("cli.no_such_port", port=99999, first=1, last=65535))
