"""A Save on a club's PostgreSQL is four round trips: BEGIN, the session's row read and
locked, one statement writing the deal, its entries, the players' totals and the next
version, and COMMIT (there were eight: a ping, BEGIN, six statements, COMMIT)."""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest

from scorekeeper.core import Deal, make_money, make_table
from scorekeeper.session.scorebook import Scorebook
from scorekeeper.store.database import connect
from scorekeeper.store.errors import ConflictError
from scorekeeper.store.sessions import SessionStore


@pytest.fixture
def book(db_url: str) -> Iterator[Scorebook]:
    opened = Scorebook(SessionStore(connect(db_url)))
    yield opened
    opened.store.engine.dispose()


def table():  # type: ignore[no-untyped-def]
    return make_table("english", ["Astrid", "Bengt", "Cilla"], money=make_money("0.50", "SEK"))


def statements_sent(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    sent: list[str] = []
    execute = psycopg.Cursor.execute

    def counted(cursor, query, *args, **kwargs):  # type: ignore[no-untyped-def]
        sent.append(str(query).split(None, 1)[0])
        return execute(cursor, query, *args, **kwargs)

    monkeypatch.setattr(psycopg.Cursor, "execute", counted)
    return sent


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_a_save_on_postgresql_is_one_read_and_one_write(book, monkeypatch):  # type: ignore[no-untyped-def]
    session = book.create("Friday", table())
    sent = statements_sent(monkeypatch)
    saved, _ = book.record(session.id, Deal(tricks={"Astrid": 2, "Bengt": 2, "Cilla": 1}),
                           session.version)
    assert sent == ["SELECT", "WITH"]  # psycopg's BEGIN and COMMIT go beside these
    monkeypatch.undo()
    again = book.open(session.id)
    assert (again.version, again.state.deals) == (saved.version, 1)
    assert again.state == saved.state


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_a_save_on_a_version_another_server_changed_writes_nothing(book):  # type: ignore[no-untyped-def]
    session = book.create("Friday", table())
    deal = Deal(tricks={"Astrid": 2, "Bengt": 2, "Cilla": 1})
    book.record(session.id, deal, session.version)
    with pytest.raises(ConflictError):
        book.record(session.id, deal, session.version)
    assert book.open(session.id).state.deals == 1
