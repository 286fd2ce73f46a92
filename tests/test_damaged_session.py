"""Damage SQLite cannot see, found by the rules (issue 66, finding 8; session/damage.py): a
session whose stored rows disagree with each other is refused as damaged when it is
opened, naming it and the way back, and nothing is written to it, nor by a page that
showed it before the damage (a deal, an undo, finishing it, a payment); the other
sessions open as ever.

Each damage changes the bytes of a row as a disk's would (``quick_check`` and
``integrity_check`` answer "ok" for every one of them: they check the pages, not what a row
holds), here with SQL on session 1, the worked example (RULES.md), beside session 2,
Saturday's Mattmar. Before, the command printed figures the deals never made, or ended in
a traceback.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from scorekeeper.core import Deal
from scorekeeper.i18n import text
from scorekeeper.store.errors import DamagedSessionError
from tests.bench.data import session_of
from tests.conftest import EXAMPLE_FILE, run_cli_here, store_files

MATTMAR_FILE = EXAMPLE_FILE.with_name("mattmar-saturday.json")
DAMAGED = text("store.session_damaged", session="1 (Friday at the cabin)")


def newest_state(db: sqlite3.Connection, change: Callable[[dict], None]) -> None:
    """The state kept after session 1's newest deal (6), changed by ``change``."""
    kept, = db.execute("SELECT state_after FROM deals WHERE session_id = 1 AND number = 6"
                       ).fetchone()
    state = json.loads(kept)
    change(state)
    db.execute("UPDATE deals SET state_after = ? WHERE session_id = 1 AND number = 6",
               (json.dumps(state),))


def more_tricks(state: dict) -> None:
    state["tricks"]["Astrid"] += 1  # 8 where the six deals gave her 7


def balances_swapped(state: dict) -> None:
    balances = state["balances"]  # still summing to nought
    balances["Astrid"], balances["Bengt"] = balances["Bengt"], balances["Astrid"]


DAMAGE = {
    # The ledger's money no longer sums to the stored balances: deal 1's ante of Astrid 2.50.
    "an entry's amount": lambda db: db.execute(
        "UPDATE entries SET minor = 350 WHERE session_id = 1 AND deal_number = 1 "
        "AND position = 0"),
    "an entry's kind": lambda db: db.execute(
        "UPDATE entries SET kind = 'paymenu' WHERE session_id = 1 AND deal_number = 1 "
        "AND position = 0"),
    "an entry's payer": lambda db: db.execute(
        "UPDATE entries SET payer = 'Bengt' WHERE session_id = 1 AND deal_number = 1 "
        "AND position = 0"),
    # A state the deals cannot lead to, its money as the ledger has it.
    "the newest state's tricks": lambda db: newest_state(db, more_tricks),
    "the newest state's balances": lambda db: newest_state(db, balances_swapped),
    # Deal 1 recorded with Bengt's and Cilla's tricks the other way round.
    "a deal's record": lambda db: db.execute(
        "UPDATE deals SET record = replace(record, '\"Bengt\":2,\"Cilla\":3', "
        "'\"Bengt\":3,\"Cilla\":2') WHERE session_id = 1 AND number = 1"),
    # A deal's row gone: six deals counted, five stored.
    "a deal's row": lambda db: db.execute(
        "DELETE FROM deals WHERE session_id = 1 AND number = 4"),
    # Rows that no longer read as Scorekeeper writes them (a traceback before).
    "the newest state cut short": lambda db: db.execute(
        "UPDATE deals SET state_after = substr(state_after, 1, 40) "
        "WHERE session_id = 1 AND number = 6"),
    "the table's options": lambda db: db.execute(
        "UPDATE sessions SET options = '{\"end_pot\": 7' WHERE id = 1"),
}


def rows(path: Path) -> list[str]:
    """Everything the file holds, row by row: what "nothing is written" is checked on."""
    with sqlite3.connect(path) as db:
        return list(db.iterdump())


@pytest.fixture
def two_evenings(tmp_path: Path) -> tuple[str, Path]:
    path = tmp_path / "scorekeeper.db"
    url = f"sqlite:///{path}"
    store_files(url, EXAMPLE_FILE, MATTMAR_FILE)
    return url, path


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_session_whose_rows_disagree_is_refused_and_the_others_open(two_evenings, damage):
    url, path = two_evenings
    shown = run_cli_here(url, "show", "2").stdout
    with sqlite3.connect(path) as db:
        DAMAGE[damage](db)
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    damaged = rows(path)
    for command in (["show", "1"], ["settle", "1"], ["export", "1", "--format", "csv"]):
        refused = run_cli_here(url, *command)
        assert (refused.returncode, refused.stderr.splitlines(), refused.stdout) == (
            1, [DAMAGED], "")
    assert run_cli_here(url, "show", "2").stdout == shown
    listed = run_cli_here(url, "sessions")  # the list still shows both
    assert (listed.returncode, len(listed.stdout.splitlines())) == (0, 2)
    assert "Friday at the cabin" in listed.stdout
    assert rows(path) == damaged


def test_a_deal_changed_before_the_newest_kept_state_is_found_by_the_whole_replay(tmp_path):
    """Opening replays the deals since the state kept before the newest (every hundredth
    deal's is kept): deal 10 of 250 is found when every deal is replayed, as an export, the
    ledger and the charts replay them."""
    path = tmp_path / "scorekeeper.db"
    url = f"sqlite:///{path}"
    from scorekeeper.session import choose_database, open_scorebook

    book = open_scorebook(choose_database(url))
    book.import_session("A long evening", session_of(250))
    book.store.engine.dispose()
    with sqlite3.connect(path) as db:
        record, = db.execute("SELECT record FROM deals WHERE number = 10").fetchone()
        deal = json.loads(record)
        tricks = deal["tricks"]
        taker = max(tricks, key=tricks.get)
        other = next(player for player in tricks if player != taker)
        tricks[taker], tricks[other] = tricks[taker] - 1, tricks[other] + 1
        db.execute("UPDATE deals SET record = ? WHERE number = 10", (json.dumps(deal),))
    damaged = rows(path)
    refused = run_cli_here(url, "export", "1", "--format", "json")
    assert (refused.returncode, refused.stderr.splitlines(), refused.stdout) == (
        1, [text("store.session_damaged", session="1 (A long evening)")], "")
    assert rows(path) == damaged


def test_a_groups_tab_with_a_damaged_evening_names_it_rather_than_failing(tmp_path):
    """The standings a finished evening keeps for its group's tab (revision 0011), cut
    short: the tab ended in a traceback (JSONDecodeError), and so did versus."""
    evening = tmp_path / "friday.json"
    document = json.loads(EXAMPLE_FILE.read_text(encoding="utf-8"))
    document.update(group="Friday group", finished=True)
    evening.write_text(json.dumps(document), encoding="utf-8")
    path = tmp_path / "scorekeeper.db"
    url = f"sqlite:///{path}"
    store_files(url, evening)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE sessions SET result = substr(result, 1, 30) WHERE id = 1")
    damaged = rows(path)
    for command in (["tab", "Friday group"], ["season", "Friday group"],
                    ["versus", "Astrid", "Bengt"]):
        refused = run_cli_here(url, *command)
        assert (refused.returncode, refused.stderr.splitlines(), refused.stdout) == (
            1, [DAMAGED], "")
    assert rows(path) == damaged


# What a page asks of a session, each at the version the page showed before the damage.
WRITES = {
    "a deal recorded": lambda book, seen: book.record(
        1, Deal(general="Astrid", tricks={"Astrid": 5}), seen),
    "the last deal undone": lambda book, seen: book.undo(1, seen),
    "the session finished": lambda book, seen: book.finish(1, seen),
    "a payment": lambda book, seen: book.pay(1, "Astrid", "Dag", 100, seen),
}


@pytest.mark.parametrize("write", WRITES)
@pytest.mark.parametrize("damage", DAMAGE)
def test_nothing_is_written_to_a_session_whose_rows_disagree(two_evenings, damage, write):
    """Issue 66, finding 8: a damaged session was written to; here each write a page
    asks, by a scorebook that reads the session for it (another server's, or this
    server's once started again), at the version the page showed."""
    from scorekeeper.app.state.said import refusal
    from scorekeeper.session import choose_database, open_scorebook

    url, path = two_evenings
    before = open_scorebook(choose_database(url))
    seen = before.open(1).version
    before.store.engine.dispose()
    with sqlite3.connect(path) as db:
        DAMAGE[damage](db)
    damaged = rows(path)
    book = open_scorebook(choose_database(url))
    try:
        with pytest.raises(DamagedSessionError) as refused:
            WRITES[write](book, seen)
    finally:
        book.store.engine.dispose()
    assert refusal(refused.value, "en", alone=False) == DAMAGED  # as the command line says it
    assert rows(path) == damaged
