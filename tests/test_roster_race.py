"""Two imports adding the same new player at once both succeed (store/roster.py:
insert, yielding to the row already there, then read it), on SQLite and PostgreSQL: one
player in the roster, seated in both sessions. Two scorebooks on two engines, two
threads, one barrier, many tries."""

from __future__ import annotations

from functools import partial

from sqlalchemy import func, select
from sqlalchemy.orm import Session as Db

from scorekeeper.session.scorebook import Scorebook
from scorekeeper.store.database import connect
from scorekeeper.store.models import PlayerRow, SeatRow
from scorekeeper.store.sessions import SessionStore
from tests.conftest import worked_example
from tests.racing import at_once

ROUNDS = 12


def test_two_imports_adding_the_same_new_players_at_once_both_succeed(db_url):
    engines = [connect(db_url), connect(db_url)]
    try:
        devices = [Scorebook(SessionStore(engine)) for engine in engines]
        for round_number in range(ROUNDS):
            # Four players no import has seen yet, the same four on both devices.
            names = tuple(f"{name} {round_number}" for name in ("Åsa", "Bengt", "Cilla", "Dag"))
            session = worked_example(names)  # type: ignore[arg-type]
            night = f"Night {round_number}"
            results = at_once(*(partial(device.import_session, night, session)
                                for device in devices))
            errors = [r for r in results if isinstance(r, Exception)]
            assert errors == [], f"round {round_number}: {errors!r}"

            with Db(engines[0]) as db:
                kept = db.scalars(select(PlayerRow.name)
                                  .where(PlayerRow.name.in_(names))).all()
                seated = db.scalar(select(func.count()).select_from(SeatRow)
                                   .join(PlayerRow, SeatRow.player_id == PlayerRow.id)
                                   .where(PlayerRow.name.in_(names)))
            assert sorted(kept) == sorted(names)  # once each in the roster...
            assert seated == 2 * len(names)  # ...and seated in both sessions
        assert devices[1].count_sessions() == 2 * ROUNDS
    finally:
        for engine in engines:
            engine.dispose()


def test_the_roster_knows_a_name_whatever_its_case_or_normalisation(book):
    assert book.add_player(" A\u030asa ") == "\u00c5sa"  # kept composed and trimmed
    assert book.add_player("\u00c5SA") == "\u00c5sa"
    assert book.roster() == ["\u00c5sa"]
