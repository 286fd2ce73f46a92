"""Issue 48: a Save on PostgreSQL tells its deal in its own notice ("12:7:<µs>:<record>",
beside the trigger's "12:7"), and a server holding the version before works the new one
out by the rules, without reading the session: in a club's night that read was about
1.1 CPU-ms of each deal's 4.6. What it works out is what the store holds; whatever it
cannot (another version held, an undo, a notice that does not hold a deal) is read as
before."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import psycopg
import pytest

from scorekeeper.core import Deal, seating
from scorekeeper.session import Scorebook
from scorekeeper.session.open_session import OpenSession
from scorekeeper.store.conversions import deal_of
from scorekeeper.store.database import connect
from scorekeeper.store.notices import (
    DEAL_NOTICE_ROOM,
    deal_notice,
    deal_told,
    session_channel,
)
from scorekeeper.store.sessions import SessionStore
from tests.listening import TOLD_WITHIN, Server, listening
from tests.test_ledger_pages import SPREADS, english_table

on_postgres = pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)


@pytest.fixture
def servers(db_url: str) -> Iterator[tuple[Server, Server]]:
    here, there = Server(db_url), Server(db_url)
    yield here, there
    here.close()
    there.close()


def next_deal(book: Scorebook, session_id: int) -> Deal:
    session = book.latest(session_id)
    assert session is not None
    order = seating(session.table, session.state).order
    spread = SPREADS[session.state.deals % len(SPREADS)]
    return Deal(tricks=dict(zip(order, spread, strict=True)))


def as_stored(url: str, session_id: int) -> tuple[object, ...]:
    """The session as a server that never heard of it reads it."""
    engine = connect(url)
    try:
        return shown(Scorebook(SessionStore(engine)).open(session_id))
    finally:
        engine.dispose()


def shown(session: OpenSession) -> tuple[object, ...]:
    return (session.version, session.state, session.updated_at, session.name,
            session.finished, session.table, session.group, session.played_on, session.uid)


def started(here: Server, there: Server) -> int:
    """A session made on ``there`` and open ``here``, once ``here`` hears its deals."""
    session = there.book.create("Friday", english_table())
    there.open(session.id)
    here.open(session.id)
    stored, _ = there.book.record(session.id, next_deal(there.book, session.id), 0)
    here.hears(session.id, stored.version)
    return session.id


@on_postgres
def test_a_deal_saved_on_another_server_is_worked_out_here_without_a_read(
        db_url: str, servers: tuple[Server, Server]):
    here, there = servers
    session_id = started(here, there)
    here.book.open(session_id)
    reads = here.store.reads
    for _ in range(12):
        latest = there.book.latest(session_id)
        assert latest is not None
        stored, _ = there.book.record(session_id, next_deal(there.book, session_id),
                                      latest.version)
        here.hears(session_id, stored.version)
        assert shown(here.book.open(session_id)) == shown(stored)
    assert here.store.reads == reads  # twelve deals heard and shown, not one read
    assert shown(here.book.open(session_id)) == as_stored(db_url, session_id)
    assert here.book.open(session_id).state.deals == 13


@on_postgres
def test_a_deal_heard_here_can_be_followed_by_a_save_from_here(
        db_url: str, servers: tuple[Server, Server]):
    here, there = servers
    session_id = started(here, there)
    heard = here.book.open(session_id)
    saved, _ = here.book.record(session_id, next_deal(here.book, session_id), heard.version)
    there.hears(session_id, saved.version)
    assert shown(there.book.open(session_id)) == as_stored(db_url, session_id)
    assert saved.state.deals == 2


@on_postgres
def test_an_undo_on_another_server_is_read(db_url: str, servers: tuple[Server, Server]):
    here, there = servers
    session_id = started(here, there)
    reads = here.store.reads
    undone = there.book.undo(session_id, 1)
    here.hears(session_id, undone.version)
    assert shown(here.book.open(session_id)) == as_stored(db_url, session_id)
    assert here.book.open(session_id).state.deals == 0
    assert here.store.reads == reads + 1


@on_postgres
def test_a_notice_that_holds_no_deal_is_read_as_ever(db_url: str,
                                                     servers: tuple[Server, Server]):
    here, there = servers
    session_id = started(here, there)
    with psycopg.connect(connect(db_url).url.set(drivername="postgresql").render_as_string(
            hide_password=False), autocommit=True) as anyone:
        anyone.execute("SELECT pg_notify(%s, %s)",
                       [session_channel(session_id), f"{session_id}:2:0:{{not json"])
    here.until(lambda: here.book.latest(session_id) is None, "the notice was never heard")
    reads = here.store.reads
    assert shown(here.book.open(session_id)) == as_stored(db_url, session_id)
    assert here.store.reads == reads + 1  # told of version 2, holding 1: it reads
    latest = there.book.open(session_id)  # there was told the same, and reads too
    stored, _ = there.book.record(session_id, next_deal(there.book, session_id),
                                  latest.version)
    here.hears(session_id, stored.version)
    assert shown(here.book.open(session_id)) == shown(stored)


@on_postgres
def test_a_save_tells_its_deal_then_its_version(db_url: str):
    engine = connect(db_url)
    book = Scorebook(SessionStore(engine))
    session = book.create("Friday", english_table())
    try:
        with listening(engine, channels=frozenset({session_channel(session.id)})) as told:
            stored, step = book.record(session.id, next_deal(book, session.id), 0)
            dealt = deal_notice(told.get(timeout=TOLD_WITHIN))
            assert dealt is not None
            assert (dealt.session_id, dealt.version) == (session.id, stored.version)
            assert dealt.updated_at == stored.updated_at
            assert deal_of(dealt.record) == step.deal
            assert told.get(timeout=TOLD_WITHIN) == f"{session.id}:{stored.version}"
    finally:
        engine.dispose()


@pytest.mark.parametrize("payload", [
    "12:7", "12", "group", "", "12:7:1764450000000000:", "x:7:0:{}", "12:x:0:{}",
    "12:7:-5:{}", "12:7:1e9:{}", "12:7:99999999999999999999999999:{}",
])
def test_a_notice_that_is_not_a_saves_is_no_deal(payload: str):
    assert deal_notice(payload) is None


def test_a_saves_notice_is_read_to_the_microsecond():
    told = deal_notice('12:7:1764450000123456:{"tricks": {"Astrid": 5}}')
    assert told is not None
    assert (told.session_id, told.version) == (12, 7)
    assert told.updated_at == datetime(2025, 11, 29, 21, 0, 0, 123456, tzinfo=UTC)
    assert told.record == '{"tricks": {"Astrid": 5}}'


def test_a_deal_a_notice_would_not_hold_is_told_by_its_version_alone():
    assert deal_told(12, "x" * DEAL_NOTICE_ROOM) == ("scorekeeper_s12", "12",
                                                     "x" * DEAL_NOTICE_ROOM)
    assert deal_told(12, "x" * (DEAL_NOTICE_ROOM + 1)) is None
    assert deal_told(12, "å" * (DEAL_NOTICE_ROOM // 2 + 1)) is None  # bytes, not letters
