"""A Save from the version the server holds writes without reading the session first: the
deal, its entries, the players' totals, the recording device's draft and the next
version, written only if the session is still at that version and in play. On a club's
PostgreSQL it is one statement in autocommit (it was four round trips: BEGIN, the
session's row read and locked, the write, COMMIT); on SQLite a transaction whose first
statement moves the version on. A server that does not hold that version, or a deal that
seats someone new, takes the locked way, as before."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import psycopg
import pytest
from sqlalchemy import event, text

from scorekeeper.core import Deal, Join, make_money, make_table
from scorekeeper.session.scorebook import Scorebook
from scorekeeper.store.database import connect
from scorekeeper.store.errors import ConflictError, StoreError
from scorekeeper.store.sessions import SessionStore

DEAL = Deal(tricks={"Astrid": 2, "Bengt": 2, "Cilla": 1})
ANOTHER = Deal(tricks={"Astrid": 1, "Bengt": 3, "Cilla": 1})


def opened_book(url: str) -> Scorebook:
    return Scorebook(SessionStore(connect(url)))


@pytest.fixture
def book(db_url: str) -> Iterator[Scorebook]:
    opened = opened_book(db_url)
    yield opened
    opened.store.engine.dispose()


@pytest.fixture
def other_server(db_url: str) -> Iterator[Scorebook]:
    """A second server's scorebook on the same database."""
    opened = opened_book(db_url)
    yield opened
    opened.store.engine.dispose()


def table():  # type: ignore[no-untyped-def]
    return make_table("english", ["Astrid", "Bengt", "Cilla"], money=make_money("0.50", "SEK"))


def statements_sent(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bool]]:
    """Each statement's first word, and whether its connection was in autocommit (psycopg
    sends no BEGIN and no COMMIT around it then)."""
    sent: list[tuple[str, bool]] = []
    execute = psycopg.Cursor.execute

    def counted(cursor, query, *args, **kwargs):  # type: ignore[no-untyped-def]
        sent.append((str(query).split(None, 1)[0], cursor.connection.autocommit))
        return execute(cursor, query, *args, **kwargs)

    monkeypatch.setattr(psycopg.Cursor, "execute", counted)
    return sent


def rows_of(book: Scorebook, session_id: int) -> dict[str, object]:
    """What the database holds of the session: its deals, entries, totals and drafts."""
    with book.store.engine.connect() as connection:
        def count(table: str) -> object:
            return connection.execute(text(f"SELECT count(*) FROM {table} WHERE session_id = "
                                           f":s"), {"s": session_id}).scalar()
        minor = connection.execute(text(
            "SELECT seats.name, standings.minor FROM standings JOIN seats ON "
            "seats.session_id = standings.session_id AND seats.player_id = standings.player_id "
            "WHERE standings.session_id = :s ORDER BY seats.name"), {"s": session_id}).all()
        return {"deals": count("deals"), "entries": count("entries"),
                "drafts": count("drafts"), "minor": [tuple(row) for row in minor]}


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_a_save_from_the_version_held_is_one_statement_in_autocommit(book, other_server,  # type: ignore[no-untyped-def]
                                                                    monkeypatch):
    session = book.create("Friday", table())
    sent = statements_sent(monkeypatch)
    saved, _ = book.record(session.id, DEAL, session.version)
    assert sent == [("WITH", True)]
    monkeypatch.undo()
    read = other_server.open(session.id)  # as another server reads it
    assert (read.version, read.state.deals) == (saved.version, 1)
    assert read.state == saved.state
    assert read.closing.money == saved.closing.money


def test_the_held_save_drops_the_recording_devices_draft_with_the_deal(book):  # type: ignore[no-untyped-def]
    session = book.create("Friday", table())
    book.keep_draft(session.id, DEAL, "phone")
    book.keep_draft(session.id, ANOTHER, "tablet")
    book.record(session.id, DEAL, session.version, drafted_on="phone")
    assert book.draft(session.id, "phone") is None
    assert book.draft(session.id, "tablet") == ANOTHER


def test_a_save_on_a_version_another_server_changed_writes_nothing(book, other_server):  # type: ignore[no-untyped-def]
    session = book.create("Friday", table())
    other_server.open(session.id)  # both servers hold version 0
    book.keep_draft(session.id, ANOTHER, "tablet")
    book.record(session.id, DEAL, session.version)
    after_one = rows_of(book, session.id)
    with pytest.raises(ConflictError):
        other_server.record(session.id, ANOTHER, session.version, drafted_on="tablet")
    assert rows_of(book, session.id) == after_one  # no deal, entry or total; the draft kept
    assert after_one["deals"] == 1
    assert after_one["drafts"] == 1
    assert other_server.open(session.id).state.deals == 1


def test_a_save_on_a_session_finished_on_another_server_is_refused(book, other_server):  # type: ignore[no-untyped-def]
    session = book.create("Friday", table())
    held = other_server.record(session.id, DEAL, session.version)[0]  # both hold it
    book.open(session.id)
    book.finish(session.id, held.version)
    before = rows_of(book, session.id)
    # The finished session's version is newer than the one held: refused as changed.
    with pytest.raises(ConflictError):
        other_server.record(session.id, ANOTHER, held.version)
    assert rows_of(book, session.id) == before


def test_a_finished_session_held_at_its_version_records_nothing(book):  # type: ignore[no-untyped-def]
    session = book.create("Friday", table())
    saved, _ = book.record(session.id, DEAL, session.version)
    finished = book.finish(session.id, saved.version)
    before = rows_of(book, session.id)
    with pytest.raises(StoreError):
        book.record(session.id, ANOTHER, finished.version)
    assert rows_of(book, session.id) == before


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_a_deal_that_seats_a_joiner_takes_the_locked_way_and_seats_them(book, monkeypatch):  # type: ignore[no-untyped-def]
    session = book.create("Friday", table())
    saved, _ = book.record(session.id, DEAL, session.version)
    sent = statements_sent(monkeypatch)
    joined = Deal(tricks={"Astrid": 2, "Bengt": 1, "Cilla": 1, "Dag": 1},
                  joins=(Join("Dag", "Cilla"),))
    after, _ = book.record(session.id, joined, saved.version)
    assert [word for word, _ in sent][:1] == ["SELECT"]  # the row read and locked
    assert not any(autocommit for _, autocommit in sent)
    monkeypatch.undo()
    assert "Dag" in after.state.everyone
    assert [name for name, _ in rows_of(book, session.id)["minor"]] == [  # type: ignore[union-attr]
        "Astrid", "Bengt", "Cilla", "Dag"]
    # The next deal, Dag seated in the version held, is one statement again.
    sent = statements_sent(monkeypatch)
    book.record(session.id, Deal(tricks={"Astrid": 1, "Bengt": 2, "Cilla": 1, "Dag": 1}),
                after.version)
    assert sent == [("WITH", True)]


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_on_sqlite_a_save_from_the_version_held_moves_the_version_on_first(db_url):  # type: ignore[no-untyped-def]
    book = opened_book(db_url)
    session = book.create("Friday", table())
    book.store.engine.dispose()  # the next connections are made traced
    sent: list[str] = []

    @event.listens_for(book.store.engine, "connect")
    def _traced(dbapi_connection, _record):  # type: ignore[no-untyped-def]
        dbapi_connection.set_trace_callback(sent.append)

    saved, _ = book.record(session.id, DEAL, session.version, drafted_on="phone")
    book.store.engine.dispose()
    words = [statement.split(None, 1)[0].upper() for statement in sent]
    assert sent[0] == "BEGIN IMMEDIATE"
    assert words[-1] == "COMMIT"
    assert sent[1].startswith("UPDATE sessions SET")  # the version's guard goes first
    assert "SELECT" not in words  # nothing read: the server holds the version
    assert (saved.version, saved.state.deals) == (session.version + 1, 1)


def saved_at_once(servers: list[tuple[Scorebook, Deal]], session_id: int, version: int,
                  ) -> list[ConflictError]:
    """Each server records its deal from ``version`` at the same moment; the refusals."""
    together = threading.Barrier(len(servers))
    refused: list[ConflictError] = []

    def save(server: Scorebook, deal: Deal) -> None:
        together.wait()
        try:
            server.record(session_id, deal, version)
        except ConflictError as error:
            refused.append(error)

    racing = [threading.Thread(target=save, args=pair) for pair in servers]
    for thread in racing:
        thread.start()
    for thread in racing:
        thread.join()
    return refused


def test_two_servers_saving_from_one_version_at_once_store_one_deal(book, other_server):  # type: ignore[no-untyped-def]
    session = book.create("Friday", table())
    for _ in range(20):
        held = book.open(session.id)
        other_server.open(session.id)
        refused = saved_at_once([(book, DEAL), (other_server, ANOTHER)], session.id,
                                held.version)
        assert len(refused) == 1  # one saved, the other told the session changed
    stored = rows_of(book, session.id)
    assert stored["deals"] == 20
    assert stored["entries"] == sum(len(step.entries) for step in
                                    book.open(session.id).history.steps)
