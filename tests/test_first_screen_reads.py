"""Issue 67: the app's start reads nothing its first screen does not show. ``PRAGMA
quick_check`` of a club's million entries took 0.6 to 0.9 s of every start; the app now
checks on opening only the tables the lists of sessions and groups are read from, and the
rest of the file before anything else is read from it or written into it (in the
background once the first screen is up, or by the first statement that needs it). A file
found damaged then is refused as before, in one sentence, byte for byte as it was."""

from __future__ import annotations

import hashlib
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.app.model import AppModel
from scorekeeper.app.screen_list import SCREENS
from scorekeeper.i18n import sentence, text
from scorekeeper.session import Scorebook, StoreError, open_scorebook
from scorekeeper.session.where import DatabaseChoice
from scorekeeper.settings import Settings
from scorekeeper.store import wholeness
from tests.conftest import EXAMPLE_FILE, run_cli_here


def stored(path: Path) -> Path:
    """RULES.md's worked example (session 1) in a database file of its own."""
    result = run_cli_here(f"sqlite:///{path}", "import", str(EXAMPLE_FILE))
    assert result.returncode == 0, result.stderr
    return path


def ledger_damaged(path: Path) -> None:
    """Ten bytes of the ledger's first page turned over: the sessions, their seats and the
    groups are as they were."""
    with sqlite3.connect(path) as connection:
        root = connection.execute("SELECT rootpage FROM sqlite_master WHERE name = 'entries'"
                                  ).fetchone()[0]
        size = connection.execute("PRAGMA page_size").fetchone()[0]
    connection.close()
    damaged = bytearray(path.read_bytes())
    at = (root - 1) * size
    for offset in range(at, at + 10):
        damaged[offset] ^= 0xFF
    path.write_bytes(bytes(damaged))


def opened_for_the_first_screen(path: Path) -> Scorebook:
    return open_scorebook(DatabaseChoice(f"sqlite:///{path}", "flag"), first_screen=True)


@pytest.fixture
def book(tmp_path: Path) -> Iterator[Scorebook]:
    opened = opened_for_the_first_screen(stored(tmp_path / "club.db"))
    yield opened
    opened.store.engine.dispose()


def checked_whole(book: Scorebook) -> bool:
    return wholeness._CHECKS[book.store.engine].done


def test_the_first_screen_is_read_before_the_whole_file_is_checked(book: Scorebook):
    assert [s.name for s in book.summaries(10)] == ["Friday at the cabin"]
    assert (book.count_sessions(), book.group_names()) == (1, [])
    assert not checked_whole(book)
    assert book.open(1).state.deals == 6  # the deals: the whole file checked first
    assert checked_whole(book)


def test_the_rest_is_checked_in_the_background_once_the_first_screen_is_shown(
        book: Scorebook):
    book.summaries(10)
    book.first_screen_shown()
    thread = next(t for t in threading.enumerate() if t.name == "whole-check")
    thread.join(timeout=20)
    assert checked_whole(book)


def test_a_command_checks_the_whole_file_before_it_reads_anything(tmp_path: Path):
    path = stored(tmp_path / "club.db")
    ledger_damaged(path)
    result = run_cli_here(f"sqlite:///{path}", "sessions")  # the lists alone
    assert result.returncode == 1
    assert result.stderr.splitlines() == [text("store.damaged", file=str(path))]


def test_a_file_damaged_past_the_first_screen_shows_it_and_refuses_the_rest_untouched(
        tmp_path: Path):
    path = stored(tmp_path / "club.db")
    ledger_damaged(path)
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    book = opened_for_the_first_screen(path)
    app = AppModel(book, Settings(language="en"), screens=SCREENS)
    app.show("/")
    assert [s.name for s in app.home.sessions] == ["Friday at the cabin"]
    app.show("/session/1")  # the session's deals and ledger: refused, in words
    assert app.table.session is None
    # A screen says it as a sentence, begun with a capital; the command line as a line.
    assert app.said.problem == sentence(text("store.damaged", file=str(path)), "store.damaged")
    with pytest.raises(StoreError):
        book.create("Saturday", book.open(1).table)
    assert [s.name for s in book.summaries(10)] == ["Friday at the cabin"]  # found whole
    book.store.engine.dispose()
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.db"]
