"""Two devices record into one session at once (README, "A club database"): the second
to record the same deal is told "someone else recorded deal N: reload", and nothing is
written twice or lost. Two scorebooks on two engines, two threads, one barrier
(tests/racing.py)."""

from __future__ import annotations

from functools import partial

from sqlalchemy import func, select
from sqlalchemy.orm import Session as Db

from scorekeeper.core import Deal, make_money, make_table, seating
from scorekeeper.i18n import render
from scorekeeper.session.scorebook import Scorebook
from scorekeeper.store.database import connect
from scorekeeper.store.models import DealRow
from scorekeeper.store.sessions import ConflictError, SessionStore
from tests.racing import at_once, two_processes

ROUNDS = 8


def next_deal(stored) -> Deal:  # type: ignore[no-untyped-def]
    """A legal next deal of a three-player english session (see test_store_durability)."""
    forehand, rh, dealer = seating(stored.table, stored.state).order
    if stored.state.pot == 0:
        return Deal(tricks={forehand: 3, rh: 2, dealer: 0})
    return Deal(passed=(forehand,), tricks={rh: 4, dealer: 1})


def test_two_devices_recording_the_same_deal_one_wins_the_other_is_told_to_reload(db_url):
    engines = [connect(db_url), connect(db_url)]
    try:
        devices = [Scorebook(SessionStore(engine)) for engine in engines]
        table = make_table("english", ["Åsa", "Bengt", "Cilla"], None, {}, make_money("0.50"))
        session_id = devices[0].create("Club night", table).id

        for number in range(1, ROUNDS + 1):
            seen = [device.open(session_id) for device in devices]
            assert seen[0].version == seen[1].version
            assert seen[0].state.deals == number - 1
            results = at_once(*(partial(device.record, session_id, next_deal(stored),
                                        stored.version)
                                for device, stored in zip(devices, seen, strict=True)))
            errors = [r for r in results if isinstance(r, Exception)]
            assert len(errors) == 1, f"round {number}: {results}"
            (loser,) = errors
            assert isinstance(loser, ConflictError), repr(loser)
            assert loser.message.key == "store.conflict_recorded"
            assert render(loser.message) == f"someone else recorded deal {number}: reload"
            (winner,) = [r for r in results if not isinstance(r, Exception)]
            assert winner[0].state.deals == number  # type: ignore[index]

        with Db(engines[0]) as db:
            numbers = db.scalars(select(DealRow.number).where(DealRow.session_id == session_id)
                                 .order_by(DealRow.number)).all()
            total = db.scalar(select(func.count()).select_from(DealRow))
        assert numbers == list(range(1, ROUNDS + 1))
        assert total == ROUNDS
        final = devices[1].open(session_id)
        assert final.state.deals == ROUNDS
        assert final.version == ROUNDS
        assert sum(final.state.balances.values()) == 0
        assert final.history.state == final.state
    finally:
        for engine in engines:
            engine.dispose()


PROCESS_ROUNDS = 50


def record_each_round(barrier, told, db_url: str, session_id: int) -> None:  # type: ignore[no-untyped-def]
    """One device of its own process: every round, read the session when the other does,
    then record its next deal at the version it read; tell what the store answered."""
    device = Scorebook(SessionStore(connect(db_url)))
    try:
        for number in range(1, PROCESS_ROUNDS + 1):
            barrier.wait()  # the round before is over on both
            stored = device.open(session_id)
            barrier.wait()  # both read the same version
            try:
                device.record(session_id, next_deal(stored), stored.version)
                told.put((number, "recorded"))
            except ConflictError as refused:
                told.put((number, refused.message.key))
    finally:
        told.put(None)


def test_two_processes_racing_the_same_deal_store_it_once_and_refuse_the_other(db_url):
    """Two servers on one database (on SQLite, one file) save the same deal 50 times at
    the same moment: 50 deals stored, 50 refusals, never a deal stored twice."""
    engine = connect(db_url)
    try:
        table = make_table("english", ["Åsa", "Bengt", "Cilla"], None, {}, make_money("0.50"))
        session_id = Scorebook(SessionStore(engine)).create("Club night", table).id
        told = two_processes(record_each_round, db_url, session_id)
        for number in range(1, PROCESS_ROUNDS + 1):
            answers = sorted(answer for told_number, answer in told if told_number == number)
            assert answers == ["recorded", "store.conflict_recorded"], f"round {number}"
        with Db(engine) as db:
            numbers = db.scalars(select(DealRow.number).where(DealRow.session_id == session_id)
                                 .order_by(DealRow.number)).all()
        assert numbers == list(range(1, PROCESS_ROUNDS + 1))
    finally:
        engine.dispose()
