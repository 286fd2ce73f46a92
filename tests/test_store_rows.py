"""Rows the store writes through the driver's own executemany (an import, a recorded deal)
are stored exactly as the ORM stores them elsewhere."""

from __future__ import annotations

import re

from sqlalchemy import func, select
from sqlalchemy.orm import Session as Db

from scorekeeper.core import Deal
from scorekeeper.store.models import DealRow, SessionRow
from tests.conftest import worked_example

SQLITE_TIME = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}")  # as SQLAlchemy writes it


def test_a_deal_s_time_is_stored_as_every_other_time(book):
    stored = book.import_session("Evening", worked_example())
    book.record(stored.id, Deal(tricks=dict.fromkeys(stored.table.players[:1], 5)),
                 stored.version)
    with book.store.engine.connect() as connection:
        created = connection.scalar(select(SessionRow.created_at))
        times = connection.scalars(select(DealRow.recorded_at)).all()
        if book.store.engine.dialect.name == "sqlite":
            raw = connection.exec_driver_sql("SELECT recorded_at FROM deals").scalars().all()
            assert all(SQLITE_TIME.fullmatch(text) for text in raw), raw
    assert len(times) == 7
    assert all(abs((time - created).total_seconds()) < 60 for time in times)


def test_a_database_without_update_returning_reads_the_new_version_back(book, monkeypatch):
    """SQLite before 3.35 has no UPDATE ... RETURNING: the version is read back instead."""
    stored = book.import_session("Evening", worked_example())
    monkeypatch.setattr(book.store.engine.dialect, "update_returning", False)
    deal = Deal(tricks=dict.fromkeys(stored.table.players[:1], 5))
    recorded, _ = book.record(stored.id, deal, stored.version)
    assert recorded.version == stored.version + 1
    assert recorded.updated_at == book.open(stored.id).updated_at
    assert recorded.state.deals == 7


def test_a_long_import_has_room_in_sqlite_s_cache_and_gives_it_back(book):
    """An import of ROOMY_FROM deals or more writes with a roomy page cache (its pages
    would spill into the log and be written twice), and the connection has its own size
    again afterwards: the same deals and entries stored as a short import stores them."""
    from scorekeeper.store.row_writing import ROOMY_FROM
    from tests.bench.data import session_of

    session = session_of(ROOMY_FROM)
    stored = book.import_session("Long evening", session)
    with book.store.engine.connect() as connection:
        deals = connection.scalar(select(func.count()).select_from(DealRow))
        entries = connection.exec_driver_sql("SELECT count(*) FROM entries").scalar()
        if book.store.engine.dialect.name == "sqlite":
            assert connection.exec_driver_sql("PRAGMA cache_size").scalar() == -2000
    assert (stored.state.deals, deals) == (ROOMY_FROM, ROOMY_FROM)
    assert entries == sum(len(step.entries) for step in session.steps)
    assert book.open(stored.id).state == session.state


def test_an_import_stores_each_deal_and_entry_as_recording_them_one_by_one_would(book):
    """An import writes fifty rows a statement and encodes a repeated deal's record once:
    every row is still the one a deal recorded alone writes, in the same order. The
    deals repeat, the same tricks under different dealers too, and the entries run past
    fifty with a remainder, so both ways of writing are met."""
    from scorekeeper.store.conversions import deal_json, entry_of
    from scorekeeper.store.models import EntryRow
    from scorekeeper.store.row_writing import ROWS_AT_ONCE
    from tests.bench.data import session_of

    # Deals of every shape, then the same tricks at every dealer in turn.
    played = session_of(40)
    session = played.replay(played.table, [*played.deals, *[Deal(tricks={"Astrid": 5})] * 33])
    assert len([e for step in session.steps for e in step.entries]) % ROWS_AT_ONCE
    stored = book.import_session("Evening", session)
    with Db(book.store.engine) as db:
        records = db.scalars(select(DealRow.record).where(
            DealRow.session_id == stored.id).order_by(DealRow.number)).all()
        entries = [entry_of(row) for row in db.scalars(select(EntryRow).where(
            EntryRow.session_id == stored.id).order_by(EntryRow.id))]
    assert records == [deal_json(step.deal) for step in session.steps]
    assert len(set(records)) < len(records)  # the same record met again
    assert entries == [
        entry for step in session.steps for entry in step.entries]
