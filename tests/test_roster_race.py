"""Two imports adding the same new player at once both succeed (store/sessions.py's roster:
insert, yielding to the row already there, then read it), on SQLite and PostgreSQL: one
player in the roster, seated in both sessions. Two SessionStores on two engines, two
threads, one barrier, many tries."""

from __future__ import annotations

import threading

from sqlalchemy import func, select
from sqlalchemy.orm import Session as Db

from scorekeeper.store.database import connect
from scorekeeper.store.models import PlayerRow, SeatRow
from scorekeeper.store.sessions import SessionStore
from tests.conftest import worked_example

TRIES = 12


def test_two_imports_adding_the_same_new_players_at_once_both_succeed(db_url):
    engines = [connect(db_url), connect(db_url)]
    try:
        devices = [SessionStore(engine) for engine in engines]
        for attempt in range(TRIES):
            # Four players no import has seen yet, the same four on both devices.
            names = (f"Åsa {attempt}", f"Bengt {attempt}", f"Cilla {attempt}", f"Dag {attempt}")
            session = worked_example(names)
            barrier = threading.Barrier(2, timeout=30)
            results: list[object] = [None, None]

            def race(i: int, results: list = results, session=session,  # type: ignore[no-untyped-def,type-arg]
                     barrier=barrier, name=f"Night {attempt}") -> None:
                barrier.wait()
                try:
                    results[i] = devices[i].import_session(name, session)
                except Exception as error:
                    results[i] = error

            threads = [threading.Thread(target=race, args=(i,)) for i in range(2)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=60)
            errors = [r for r in results if isinstance(r, Exception)]
            assert errors == [], f"try {attempt}: {errors!r}"

            with Db(engines[0]) as db:
                kept = db.scalars(select(PlayerRow.name)
                                  .where(PlayerRow.name.in_(names))).all()
                seated = db.scalar(select(func.count()).select_from(SeatRow)
                                   .join(PlayerRow, SeatRow.player_id == PlayerRow.id)
                                   .where(PlayerRow.name.in_(names)))
            assert sorted(kept) == sorted(names)  # once each in the roster...
            assert seated == 2 * len(names)  # ...and seated in both sessions
        assert devices[1].count_sessions() == 2 * TRIES
    finally:
        for engine in engines:
            engine.dispose()


def test_the_roster_knows_a_name_whatever_its_case_or_normalisation(store):
    assert store.add_player(" A\u030asa ") == "\u00c5sa"  # kept composed and trimmed
    assert store.add_player("\u00c5SA") == "\u00c5sa"
    assert store.roster() == ["\u00c5sa"]
