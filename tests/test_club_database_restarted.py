"""A club's database server restarted under its app servers: the connections their pools
hold were closed by it, and each is replaced at its next use, not handed out to fail (a
look at its socket, no query: a Save's round trip was a ping)."""

from __future__ import annotations

from sqlalchemy import event

from scorekeeper.core import make_money, make_table
from scorekeeper.store.database import connect
from scorekeeper.store.sessions import SessionStore
from tests.postgres import postgres_cluster


def table():  # type: ignore[no-untyped-def]
    return make_table("english", ["Astrid", "Bengt", "Cilla"], money=make_money("0.50", "SEK"))


def test_a_connection_the_restarted_database_closed_is_replaced_at_its_next_use():
    with postgres_cluster() as cluster:  # its own: restarting it disturbs no other test
        store = SessionStore(connect(cluster.url))
        try:
            made = store.create("Friday", table())
            store.get(made.id)  # the pool now holds a connection the restart will close
            cluster.restart()
            assert store.get(made.id).version == made.version
        finally:
            store.engine.dispose()


def test_a_live_pooled_connection_is_used_again_as_it_is():
    with postgres_cluster() as cluster:
        store = SessionStore(connect(cluster.url))
        try:
            made = store.create("Friday", table())
            opened: list[object] = []
            event.listen(store.engine, "connect", lambda *_: opened.append(1))
            for _ in range(20):
                store.get(made.id)
            assert opened == []  # no connection taken for closed, none made again
        finally:
            store.engine.dispose()
