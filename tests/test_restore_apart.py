"""A restore's sessions read on other processes (issue 66, ``session.backup_apart``): the
command line hands a large backup's sessions to a process a core, which read, replay and
make rows of them while the restore checks and writes. What is written, what is refused
and in which words, and what is counted are the same as when the restore reads them all
itself; a reader that dies leaves the rest to the restore.

The backup is tests/test_backup.py's scorebook (a session of every variant, the Friday
group with its payments and its unfinished evening, an evening Erik joined late and Dag
left early: 13 sessions), with two copies of one evening that carry no uid (two sessions,
each known by its content). Every size is made small: a backup of any size is read apart
(``APART_FROM``), three sessions to a chunk, so that a restore hands out six chunks and
has four of them out at once.
"""

from __future__ import annotations

import json
import os
import signal

import pytest

from scorekeeper.core import RuleError
from scorekeeper.i18n import describe
from scorekeeper.session import backup, backup_apart
from scorekeeper.session.backup import Counts, backup_bytes, restore
from tests.conftest import EXAMPLE_FILE, _fresh_database, run_cli_here, url_of
from tests.test_backup import MADE, copied, fingerprint, made, rows_of, scorebook

filled, empty = copied("filled"), copied("empty")
__all__ = ["made"]  # the module's two databases, made once (tests/test_backup.py)


@pytest.fixture(autouse=True)
def small(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(backup_apart, "APART_FROM", 0)
    monkeypatch.setattr(backup, "CHUNK", 3)


@pytest.fixture
def read_here(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The numbers of the sessions the restore read in its own process."""
    numbers: list[int] = []
    reading = backup.Restore._read

    def counted(self, number, document):  # type: ignore[no-untyped-def]
        numbers.append(number)
        return reading(self, number, document)

    monkeypatch.setattr(backup.Restore, "_read", counted)
    return numbers


def with_two_without_uid(book) -> bytes:  # type: ignore[no-untyped-def]
    """The scorebook's backup, and the worked example twice without a uid."""
    document = json.loads(backup_bytes(book.store, MADE))
    plain = json.loads(EXAMPLE_FILE.read_text(encoding="utf-8"))
    document["sessions"] += [dict(plain, name="Hand-made"), dict(plain, name="Hand-made")]
    return json.dumps(document, ensure_ascii=False).encode("utf-8")


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_restore_read_apart_writes_every_row_a_restore_read_here_writes(
        filled, tmp_path, request, backend, read_here):
    given = with_two_without_uid(filled)
    with _fresh_database(request, tmp_path / "apart", backend) as apart_url, \
            _fresh_database(request, tmp_path / "here", backend) as here_url, \
            scorebook(apart_url) as apart, scorebook(here_url) as here:
        # The 13 sessions and the two hand-made ones; the nine players, the Friday group,
        # Bengt's 3.00 on its tab.
        assert restore(apart.store, given, "en", processes=2) == Counts(15, 9, 1, 1)
        assert read_here == []  # every session read by another process
        assert restore(here.store, given, "en") == Counts(15, 9, 1, 1)
        assert read_here == list(range(1, 16))
        assert rows_of(apart) == rows_of(here)


def test_a_backup_restored_again_read_apart_changes_nothing(filled, empty, read_here):
    """Each session is here: compared with the one here, read again in this process."""
    given = with_two_without_uid(filled)
    restore(empty.store, given, "en", processes=2)
    before = fingerprint(empty)
    assert restore(empty.store, given, "en", processes=2) == Counts()
    assert fingerprint(empty) == before
    assert read_here == list(range(1, 16))  # the second restore's, to compare


def refusal(book, given: bytes, processes: int) -> str:  # type: ignore[no-untyped-def]
    before = fingerprint(book)
    with pytest.raises(RuleError) as refused:
        restore(book.store, given, "en", processes=processes)
    assert fingerprint(book) == before
    return describe(refused.value)


@pytest.mark.parametrize(("damage", "said", "here"), [
    # Deal 4 of session 3 (English Rams, six deals where everyone plays): nine of 5 tricks.
    (lambda sessions: sessions[2]["deals"][3].update(tricks={"Astrid": 9}),
     "session 3 of the backup (Six deals of english): deal 4: ", [3]),
    # Session 11, the Friday group's second evening, in euros where its tab is in kronor.
    (lambda sessions: sessions[10]["money"].update(currency="EUR"),
     "session 11 of the backup (Friday at the cabin): ", []),
    # Session 11 in euros, and session 13 refused by the rules: the first is said, though
    # the next chunk (13) was read apart by then.
    (lambda sessions: (sessions[10]["money"].update(currency="EUR"),
                       sessions[12]["deals"][3].update(tricks={"Astrid": 9})),
     "session 11 of the backup (Friday at the cabin): ", []),
    # Session 11 in euros, and session 12 of its chunk (10 to 12) refused by the rules: a
    # chunk is read before its sessions are checked against the groups, so the second.
    (lambda sessions: (sessions[10]["money"].update(currency="EUR"),
                       sessions[11]["deals"][3].update(tricks={"Astrid": 9})),
     "session 12 of the backup (Unfinished): deal 4: ", [12]),
])
def test_a_session_refused_read_apart_is_refused_in_the_same_words_and_nothing_written(
        filled, empty, damage, said, here, read_here):
    document = json.loads(backup_bytes(filled.store, MADE))
    damage(document["sessions"])
    given = json.dumps(document, ensure_ascii=False).encode("utf-8")
    apart = refusal(empty, given, processes=2)
    assert read_here == here  # only the session the rules refuse was read again here
    assert apart == refusal(empty, given, processes=1)
    assert apart.startswith(said)


def test_a_reader_that_dies_leaves_the_rest_to_the_restore(
        filled, empty, tmp_path, monkeypatch, read_here):
    """A reader killed (as the kernel kills a process when memory runs out) at its first
    chunk: the restore reads every session itself, and writes what it writes read apart."""
    given = with_two_without_uid(filled)
    with scorebook(f"sqlite:///{tmp_path / 'apart.db'}") as apart:
        assert restore(apart.store, given, "en", processes=2) == Counts(15, 9, 1, 1)
        written = rows_of(apart)
    read_here.clear()

    def killed(documents: list[object]) -> list[object]:
        os.kill(os.getpid(), signal.SIGKILL)
        return []

    # Handed to the reader by its name, as the one it stands for.
    killed.__module__, killed.__qualname__ = backup_apart.__name__, "read_apart"
    monkeypatch.setattr(backup_apart, "read_apart", killed)
    assert restore(empty.store, given, "en", processes=2) == Counts(15, 9, 1, 1)
    assert read_here == list(range(1, 16))
    assert rows_of(empty) == written


def test_a_backup_of_fewer_sessions_than_apart_from_is_read_here(
        filled, empty, monkeypatch, read_here):
    monkeypatch.setattr(backup_apart, "APART_FROM", 16)
    assert restore(empty.store, with_two_without_uid(filled), "en", processes=2).sessions == 15
    assert read_here == list(range(1, 16))


def test_the_restore_command_reads_on_a_process_a_core(filled, empty, tmp_path, monkeypatch,
                                                      read_here):
    """A machine of two cores (the command line asks ``cores``): two readers apart."""
    monkeypatch.setattr(backup_apart, "cores", lambda: 2)
    given = tmp_path / "everything.json"
    given.write_bytes(with_two_without_uid(filled))
    said = run_cli_here(url_of(empty.store.engine), "restore", str(given))
    assert said.returncode == 0, said.stderr
    assert said.stdout == (f"Restored from {given}: added 15 sessions, 9 players, 1 group "
                           "and 1 payment on a tab.\n")
    assert read_here == []
