"""Issue 28: on PostgreSQL a change is told to every listening server by the database, in
the transaction that makes it (revision 0010): told when it is committed, with the
session it changed and (revision 0014) the version it made, and never when it is rolled
back. SQLite is watched instead."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine

from scorekeeper.core import initial_state, make_money, make_table
from scorekeeper.store.database import connect, migrate
from scorekeeper.store.notices import (
    CHANNEL,
    channels,
    listen,
    notifies,
    session_channel,
    session_notice,
)
from scorekeeper.store.sessions import SessionStore
from tests.listening import TOLD_WITHIN, listening
from tests.postgres import postgres_cluster
from tests.test_migrations import downgrade


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    opened = connect(db_url)
    yield opened
    opened.dispose()


@pytest.fixture
def told(engine: Engine) -> Iterator[queue.Queue[str]]:
    """What a listening server hears of sessions and groups, once it is listening (a
    session's new players are heard as the roster's news too: see the roster's test)."""
    with listening(engine, roster=False) as heard:
        yield heard


def table():  # type: ignore[no-untyped-def]
    return make_table("english", ["Astrid", "Bengt", "Cilla"], money=make_money("0.50", "SEK"))


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_a_committed_change_is_told_with_the_session_it_changed_and_its_version(engine, told):  # type: ignore[no-untyped-def]
    store = SessionStore(engine)
    stored = store.create("Friday", table())
    assert told.get(timeout=TOLD_WITHIN) == f"{stored.id}:0"
    with store.change(stored.id, stored.version) as change:
        change.save(initial_state(change.table), [])
    assert told.get(timeout=TOLD_WITHIN) == f"{stored.id}:1"
    assert session_notice(f"{stored.id}:1") == (stored.id, 1)


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_a_session_removed_is_told_by_its_id_alone(engine, told):  # type: ignore[no-untyped-def]
    store = SessionStore(engine)
    stored = store.create("Friday", table())
    assert told.get(timeout=TOLD_WITHIN) == f"{stored.id}:0"
    store.remove(stored.id)  # no version left to hold: every server asks the store
    assert told.get(timeout=TOLD_WITHIN) == str(stored.id)
    assert session_notice(str(stored.id)) == (stored.id, None)


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_a_change_rolled_back_is_told_to_nobody(engine, told):  # type: ignore[no-untyped-def]
    store = SessionStore(engine)
    with pytest.raises(RuntimeError), store.new_session("Friday", table()):
        raise RuntimeError("the disk is full")  # the change fails half-way
    kept = store.create("Saturday", table())  # the next change is the next notice
    assert told.get(timeout=TOLD_WITHIN) == f"{kept.id}:{kept.version}"
    assert told.empty()


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_sqlite_tells_nothing_and_is_watched(engine):  # type: ignore[no-untyped-def]
    assert not notifies(engine)


def test_a_server_knows_when_the_database_server_goes_and_when_it_is_back():
    with postgres_cluster() as cluster:  # its own: stopping it disturbs no other test
        engine = connect(cluster.url)
        reach: queue.Queue[bool] = queue.Queue()
        heard: queue.Queue[str] = queue.Queue()
        stop, listening = threading.Event(), threading.Event()
        listener = threading.Thread(target=listen, args=(engine, lambda told, _: heard.put(told),
                                                         stop, listening),
                                    kwargs={"on_reach": reach.put}, daemon=True)
        listener.start()
        try:
            assert listening.wait(timeout=TOLD_WITHIN)
            assert heard.get(timeout=TOLD_WITHIN) == ""  # what changed before it listened
            assert reach.empty()  # there from the start: nothing to say
            cluster.stop()
            assert reach.get(timeout=TOLD_WITHIN) is False
            cluster.start()
            assert reach.get(timeout=TOLD_WITHIN) is True
            # What changed while no one listened is looked for once it is back.
            assert heard.get(timeout=TOLD_WITHIN) == ""
            assert reach.empty()  # said once each way, not at every try
        finally:
            stop.set()
            listener.join(timeout=TOLD_WITHIN)
            engine.dispose()


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_a_player_added_to_the_roster_is_told_as_the_rosters_news(engine):  # type: ignore[no-untyped-def]
    with listening(engine) as heard:
        SessionStore(engine).add_player("Erik")
        assert heard.get(timeout=TOLD_WITHIN) == "roster"


def timeslices(thread: threading.Thread) -> int:
    """How many times the kernel has run ``thread`` so far (each wake-up is one)."""
    return int(Path(f"/proc/self/task/{thread.native_id}/schedstat").read_text().split()[2])


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_a_server_hearing_nothing_wakes_once_a_second(engine):  # type: ignore[no-untyped-def]
    # psycopg's own wait for notices woke ten times a second: most of an idle club's CPU.
    stop, listening = threading.Event(), threading.Event()
    listener = threading.Thread(target=listen, args=(engine, lambda *_: None, stop, listening),
                                daemon=True)
    listener.start()
    try:
        assert listening.wait(timeout=TOLD_WITHIN)
        time.sleep(0.5)  # the first look at what changed before it listened is done
        before = timeslices(listener)
        time.sleep(3)
        assert timeslices(listener) - before <= 6  # was 30 and more
    finally:
        stop.set()
        listener.join(timeout=TOLD_WITHIN)


def test_a_server_listens_to_the_channels_of_what_its_pages_show():
    assert channels([12], [3], lists=False, roster=True) == {
        "scorekeeper_s12", "scorekeeper_g3", "scorekeeper_roster"}
    # A list of sessions hears every change, the groups' and the roster's too, on one
    # channel; a session's own still carries its Save's deal.
    assert channels([12], [3], lists=True, roster=True) == {"scorekeeper_s12", CHANNEL}
    assert channels([], [], lists=False, roster=False) == frozenset()


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_a_club_database_upgraded_to_revision_0018_tells_a_change_on_its_sessions_channel(
        engine):  # type: ignore[no-untyped-def]
    store = SessionStore(engine)
    stored = store.create("Friday", table())
    downgrade(engine, "0017")
    with listening(engine, roster=False,
                   channels=frozenset({CHANNEL, session_channel(stored.id)})) as told:
        with store.change(stored.id, stored.version) as change:
            change.save(initial_state(change.table), [])
        assert told.get(timeout=TOLD_WITHIN) == f"{stored.id}:1"  # on one channel
        migrate(engine)
        with store.change(stored.id, 1) as change:
            change.save(initial_state(change.table), [])
        # On the session's channel too: the same words.
        assert [told.get(timeout=TOLD_WITHIN) for _ in range(2)] == [f"{stored.id}:2"] * 2
        assert told.empty()
