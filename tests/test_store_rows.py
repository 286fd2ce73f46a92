"""Rows the store writes through the driver's own executemany (an import, a recorded deal)
are stored exactly as the ORM stores them elsewhere."""

from __future__ import annotations

import re

from sqlalchemy import select

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
