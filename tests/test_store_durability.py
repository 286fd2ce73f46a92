"""A deal once shown as recorded survives the app being killed (README: SQLite in WAL mode,
every deal one transaction, flushed to disk).

A child process records deals into a SQLite file as fast as it can and prints the number
of every deal once ``record`` has returned (committed). The test kills it with SIGKILL in
the middle of that loop, three times over, and then checks the file.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap

from sqlalchemy import select
from sqlalchemy.orm import Session as Db

from scorekeeper.core import POT, balances_of, make_money, make_table
from scorekeeper.session.scorebook import Scorebook
from scorekeeper.store.database import connect
from scorekeeper.store.models import DealRow
from scorekeeper.store.sessions import SessionStore
from tests.conftest import REPO, replayed

# english, three players. A single pot (empty before the ante): everyone plays, forehand 3
# tricks, RH 2, the dealer flies and pays 5 into the pot. The next deal is then a double
# pot: forehand passes, RH and dealer (who must join the one player in) take 4 and 1,
# which empties the pot again. Every deal is legal, for ever.
CHILD = textwrap.dedent("""
    import sys
    from scorekeeper.core import Deal, seating
    from scorekeeper.store.database import connect
    from scorekeeper.session.scorebook import Scorebook
    from scorekeeper.store.sessions import SessionStore

    book = Scorebook(SessionStore(connect(sys.argv[1])))
    stored = book.open(int(sys.argv[2]))
    while True:
        forehand, rh, dealer = seating(stored.table, stored.state).order
        if stored.state.pot == 0:
            deal = Deal(tricks={forehand: 3, rh: 2, dealer: 0})
        else:
            deal = Deal(passed=(forehand,), tricks={rh: 4, dealer: 1})
        stored, _ = book.record(stored.id, deal, stored.version)
        print(stored.state.deals, flush=True)
""")

KILLS = (12, 20, 30)  # deals to see committed in each run before the kill


def run_and_kill(url: str, session_id: int, after: int) -> list[int]:
    """Start the child, read ``after`` committed deal numbers, SIGKILL it; every number it
    printed before it died."""
    child = subprocess.Popen([sys.executable, "-c", CHILD, url, str(session_id)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             cwd=REPO)
    printed: list[int] = []
    try:
        assert child.stdout is not None
        while len(printed) < after:
            line = child.stdout.readline()
            if not line:
                raise AssertionError(f"the child stopped by itself: {child.stderr.read()}")  # type: ignore[union-attr]
            printed.append(int(line))
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
        # Read the rest through the same reader readline() used: communicate() would read
        # the pipe beneath it and miss the lines readline() had already buffered.
        rest = child.stdout.read()
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == -signal.SIGKILL
    printed += [int(line) for line in rest.split()]
    return printed


def test_committed_deals_survive_the_app_being_killed(tmp_path):
    path = tmp_path / "t.db"
    url = f"sqlite:///{path}"
    engine = connect(url)
    table = make_table("english", ["Åsa", "Bengt", "Cilla"], None, {}, make_money("0.50"))
    session_id = SessionStore(engine).create("Killed", table).id
    engine.dispose()

    committed: list[int] = []
    for after in KILLS:
        committed += run_and_kill(url, session_id, after)
        assert committed == list(range(1, len(committed) + 1))

        engine = connect(url)
        try:
            book = Scorebook(SessionStore(engine))
            stored = book.open(session_id)
            with Db(engine) as db:
                numbers = db.scalars(select(DealRow.number).where(
                    DealRow.session_id == session_id).order_by(DealRow.number)).all()
            # every deal printed as committed is there, and nothing else is half there
            assert set(committed) <= set(numbers)
            assert numbers == list(range(1, stored.state.deals + 1))
            assert stored.state.deals in (committed[-1], committed[-1] + 1)
            # the ledger balances: players plus pot sum to zero, and the entries add up
            # to the state the store kept
            assert sum(stored.state.balances.values()) == 0
            derived = balances_of(book.store.entries(session_id))
            assert {a: derived.get(a, 0) for a in (*table.players, POT)} == dict(
                stored.state.balances)
            again, _ = replayed(book, session_id)
            assert again.state == stored.state
            committed = list(range(1, stored.state.deals + 1))
        finally:
            engine.dispose()

        with sqlite3.connect(path) as check:
            assert check.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            assert check.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert len(committed) >= sum(KILLS)
