"""Issue 28: on PostgreSQL a change is told to every listening server by the database, in
the transaction that makes it (revision 0010): told when it is committed, with the
session it changed, and never when it is rolled back. SQLite is watched instead."""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator

import pytest
from sqlalchemy import Engine

from scorekeeper.core import make_money, make_table
from scorekeeper.store.database import connect
from scorekeeper.store.notices import listen, notifies
from scorekeeper.store.sessions import SessionStore

TOLD_WITHIN = 20  # seconds: a notice that has not come by then never will


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    opened = connect(db_url)
    yield opened
    opened.dispose()


@pytest.fixture
def told(engine: Engine) -> Iterator[queue.Queue[str]]:
    """What a listening server hears, once it is listening."""
    heard: queue.Queue[str] = queue.Queue()
    stop, listening = threading.Event(), threading.Event()
    listener = threading.Thread(target=listen, args=(engine, heard.put, stop, listening),
                                daemon=True)
    listener.start()
    assert listening.wait(timeout=TOLD_WITHIN)
    yield heard
    stop.set()
    listener.join(timeout=TOLD_WITHIN)


def table():  # type: ignore[no-untyped-def]
    return make_table("english", ["Astrid", "Bengt", "Cilla"], money=make_money("0.50", "SEK"))


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_a_committed_change_is_told_with_the_session_it_changed(engine, told):  # type: ignore[no-untyped-def]
    stored = SessionStore(engine).create("Friday", table())
    assert told.get(timeout=TOLD_WITHIN) == str(stored.id)


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_a_change_rolled_back_is_told_to_nobody(engine, told):  # type: ignore[no-untyped-def]
    store = SessionStore(engine)
    with pytest.raises(RuntimeError), store.new_session("Friday", table()):
        raise RuntimeError("the disk is full")  # the change fails half-way
    kept = store.create("Saturday", table())  # the next change is the next notice
    assert told.get(timeout=TOLD_WITHIN) == str(kept.id)
    assert told.empty()


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_sqlite_tells_nothing_and_is_watched(engine):  # type: ignore[no-untyped-def]
    assert not notifies(engine)
