"""Sessions in the database: read as stored, and changed through a ``SessionChange``.

Every change is one transaction, opened at the version the caller saw with the session's
row locked, or (a Save from the version a server holds, on PostgreSQL) one statement that
writes only while the session is at that version: either way two devices can never both
record deal N. The store persists and queries;
what a change writes (the steps, the standings, who leads) the session layer worked out
with the rules.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlalchemy import Engine, delete, func, select
from sqlalchemy.orm import Session as Db

from scorekeeper.core import Deal, Entry, RuleError, SessionPlacings, Table, text
from scorekeeper.store import roster
from scorekeeper.store import statements as sql
from scorekeeper.store.change import (
    KeptBefore,
    SessionChange,
    StoredSession,
    kept_before,
    locked,
    money_moved,
    opened,
    stored_session,
)
from scorekeeper.store.conversions import (
    as_written,
    deal_of,
    entry_of,
    listed_leaders,
    listed_placings,
)
from scorekeeper.store.database import reading, single_statement
from scorekeeper.store.errors import ConflictError
from scorekeeper.store.failures import StorageError, StoreError, storage_failures
from scorekeeper.store.models import (
    FINISHED,
    DealRow,
    DraftRow,
    EntryRow,
    GroupRow,
    PaymentRow,
    PlayerRow,
    SeatRow,
    SessionRow,
    StandingRow,
    new_uid,
)


@dataclass(frozen=True, slots=True)
class SessionSummary:
    """One line of the home screen's list."""

    id: int
    name: str
    variant: str
    players: tuple[str, ...]
    status: str
    deals: int
    updated_at: datetime
    leaders: tuple[str, ...]
    played_on: date | None = None  # the evening's date
    standings: SessionPlacings | None = None  # the places, best first, as kept

    @property
    def finished(self) -> bool:
        return self.status == FINISHED

    @property
    def day(self) -> date:
        """The evening's date, as every list shows it; a session stored without one (an
        older file) is dated by its last change."""
        return self.played_on or self.updated_at.date()


class SessionStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.reader = reading(engine)
        # A read of one statement is consistent by itself: on PostgreSQL it needs no
        # transaction around it, whose BEGIN and ROLLBACK were two of its four round trips
        # (a server reads a session each time another server changes one it shows).
        self.one_statement = single_statement(self.reader)
        self._saving_alone = single_statement(engine)  # held_change's statement (PostgreSQL)

    # --- the roster ---------------------------------------------------------------

    def roster(self) -> list[str]:
        return roster.roster(self.engine)

    def add_player(self, name: str) -> str:
        """Add a name to the roster (once, whatever its case); the name as kept."""
        return roster.add_player(self.engine, name)

    # --- reading: no write lock is ever taken ---------------------------------------

    def get(self, session_id: int) -> StoredSession:
        """The session's set-up and the state kept after its newest deal: one read."""
        with storage_failures(self.engine), self.one_statement.connect() as connection:
            row, table, seat_ids = opened(connection, session_id, sql.SESSION)
            return stored_session(row, table, seat_ids)

    def deals(self, session_id: int) -> list[Deal]:
        with storage_failures(self.engine), self.reader.connect() as connection:
            records = connection.scalars(sql.DEAL_RECORDS, {"session_id": session_id})
            with as_written(session_id):
                return [deal_of(written) for written in records]

    def entries(self, session_id: int, first: int = 0, last: int | None = None) -> list[Entry]:
        """Ledger entries of deals ``first``..``last`` (0 is the end-of-session rule)."""
        query = select(EntryRow).where(EntryRow.session_id == session_id,
                                       EntryRow.deal_number >= first)
        if last is not None:
            query = query.where(EntryRow.deal_number <= last)
        query = query.order_by(EntryRow.deal_number, EntryRow.position)
        with storage_failures(self.engine), Db(self.reader) as db:
            return [entry_of(row) for row in db.scalars(query)]

    def recorded_by(self, session_id: int, number: int) -> str | None:
        """The name of the device that recorded deal ``number``, if it gave one."""
        with storage_failures(self.engine), self.reader.connect() as connection:
            return connection.scalar(
                select(DealRow.recorded_by)
                .where(DealRow.session_id == session_id, DealRow.number == number))

    def deal(self, session_id: int, number: int) -> Deal | None:
        """Deal ``number`` as recorded (None if the session has no such deal)."""
        with storage_failures(self.engine), self.reader.connect() as connection:
            written = connection.scalar(
                select(DealRow.record)
                .where(DealRow.session_id == session_id, DealRow.number == number))
        with as_written(session_id):
            return deal_of(written) if written is not None else None

    def kept_before(self, session_id: int, first: int, last: int) -> KeptBefore:
        """The nearest state kept after a deal up to ``first``, and the deals after it up
        to ``last``: what replaying deals ``first + 1``..``last`` starts from."""
        with storage_failures(self.engine), self.reader.connect() as connection:
            return kept_before(connection, session_id, first, last)

    def money_moved(self, session_id: int) -> dict[str, int]:
        """What the session's ledger moved, added up per account (``change.money_moved``):
        one aggregate in SQL."""
        with storage_failures(self.engine), self.one_statement.connect() as connection:
            return money_moved(connection, session_id)

    def summaries(self, limit: int | None = None) -> list[SessionSummary]:
        """Sessions, latest first (the ``limit`` latest), with their players, leaders and
        standings."""
        query = (select(SessionRow.id, SessionRow.name, SessionRow.variant, SessionRow.status,
                        SessionRow.deal_count, SessionRow.updated_at, SessionRow.leaders,
                        SessionRow.played_on, SessionRow.result, SessionRow.places,
                        SessionRow.options, SessionRow.unit, SessionRow.currency)
                 .order_by(SessionRow.updated_at.desc(), SessionRow.id.desc()).limit(limit))
        with storage_failures(self.engine), Db(self.reader) as db:
            rows = db.execute(query).all()
            seats: dict[int, list[str]] = {row.id: [] for row in rows}
            found = (select(SeatRow.session_id, SeatRow.name)
                     .where(SeatRow.session_id.in_(seats)).order_by(SeatRow.seat))
            for session_id, name in db.execute(found):
                seats[session_id].append(name)
        return [
            SessionSummary(row.id, row.name, row.variant, tuple(seats[row.id]), row.status,
                           row.deal_count, row.updated_at, listed_leaders(row),
                           row.played_on, listed_placings(row))
            for row in rows
        ]

    def in_group_since(self, group: str, changed: datetime, played: date) -> list[int]:
        """The sessions of the group called ``group`` (any case) changed since ``changed``
        and played on ``played`` or later: those in play first, then the finished, each in
        the order stored."""
        query = (select(SessionRow.id).join(GroupRow, GroupRow.id == SessionRow.group_id)
                 .where(GroupRow.name_key == text.name_key(group),
                        SessionRow.updated_at >= changed, SessionRow.played_on >= played)
                 .order_by(SessionRow.status == FINISHED, SessionRow.id))
        with storage_failures(self.engine), Db(self.reader) as db:
            return list(db.scalars(query))

    def versions(self, session_ids: Sequence[int]) -> dict[int, int]:
        """The version each session is at now: how other processes' changes are noticed."""
        if not session_ids:
            return {}
        query = select(SessionRow.id, SessionRow.version).where(SessionRow.id.in_(session_ids))
        with self.one_statement.connect() as connection:
            return {row[0]: row[1] for row in connection.execute(query)}

    def marks(self) -> tuple[tuple[int, datetime | None], int]:
        """What changes whenever a session is added, changed or removed (for the sessions
        list), and whenever a player is added to the roster (players are never removed):
        one query, as a server asks at every notice it hears and hears every deal."""
        query = select(select(func.count()).select_from(SessionRow).scalar_subquery(),
                       select(func.max(SessionRow.updated_at)).scalar_subquery(),
                       select(func.count()).select_from(PlayerRow).scalar_subquery())
        with self.one_statement.connect() as connection:
            count, latest, players = connection.execute(query).one()
        return (count, latest), players or 0

    def count_sessions(self) -> int:
        with storage_failures(self.engine), Db(self.reader) as db:
            return db.scalar(select(func.count()).select_from(SessionRow)) or 0

    # --- changing -----------------------------------------------------------------

    def create(self, name: str, table: Table) -> StoredSession:
        """A new session with no deal yet, at version 0."""
        with self.new_session(name, table) as change:
            return change.stored

    @contextmanager
    def new_session(self, name: str, table: Table, played_on: date | None = None,
                    uid: str | None = None) -> Iterator[SessionChange]:
        """A new session (its row, seats and standings) as a change to write its deals
        into: all of it is stored when the block ends, or nothing."""
        with storage_failures(self.engine), Db(self.engine) as db, db.begin():
            yield start_session(db, name, table, played_on, uid)

    @contextmanager
    def change(self, session_id: int, version: int, *, recording: bool = False,
               finished_too: bool = False) -> Iterator[SessionChange]:
        """The session at ``version``, its row locked, to change in one transaction:
        refused (``ConflictError``) if someone changed it since, and (``StoreError``) if
        it is finished, unless ``finished_too`` (paying happens after the last deal)."""
        with storage_failures(self.engine), self.engine.begin() as connection:
            yield locked(connection, session_id, version, recording=recording,
                         finished_too=finished_too)

    @contextmanager
    def held_change(self, held: StoredSession) -> Iterator[SessionChange]:
        """A change of ``held``, the version a server holds, neither read nor locked first:
        it writes nothing unless the session is still at ``held``'s version and in play
        (``ConflictError`` or ``StoreError`` then, as ``change`` refuses). On PostgreSQL its
        writes are one statement, in autocommit; on SQLite a transaction whose first
        write moves the version on (reading the session's rows and newest state first
        was a tenth to a sixth of the store's CPU for a Save). Only for what ``held``'s
        seats already hold: a change that seats someone new opens ``change``."""
        alone = self.engine.dialect.name == "postgresql"
        with storage_failures(self.engine), (
                self._saving_alone.connect() if alone else self.engine.begin()) as connection:
            yield SessionChange(connection, held, held=True)

    def remove(self, session_id: int) -> None:
        with storage_failures(self.engine), Db(self.engine) as db, db.begin():
            for model in (EntryRow, DealRow, StandingRow, SeatRow, PaymentRow, DraftRow):
                db.execute(delete(model).where(model.session_id == session_id))
            db.execute(delete(SessionRow).where(SessionRow.id == session_id))


def session_values(name: str, table: Table, played_on: date | None, uid: str,
                   ) -> dict[str, Any]:
    """A new session's row (``SessionRow``'s columns) as its set-up gives it: its name
    checked (a session without one is called by its game), the evening's date (today
    unless given)."""
    try:
        name = text.session_name(name)
    except RuleError as error:
        raise StoreError(error.message) from None
    return {"name": name or table.rules.variant, "variant": table.rules.variant,
            "options": json.dumps(dict(table.options)), "first_dealer": table.first_dealer,
            "currency": table.money.currency, "unit": str(table.money.unit),
            "played_on": played_on or date.today(), "uid": uid}


def start_session(db: Db, name: str, table: Table, played_on: date | None = None,
                  uid: str | None = None) -> SessionChange:
    """A new session's row, seats and standings in ``db``'s transaction, as a change to
    write its deals into. ``uid``: the one its file brought (None: a new one); a copy of a
    session this database holds already gets a uid of its own, so that a uid names one
    session here (``scorekeeper import`` of an export into the database it came from)."""
    if uid is None or db.scalar(select(SessionRow.id).where(SessionRow.uid == uid)) is not None:
        uid = new_uid()
    row = SessionRow(**session_values(name, table, played_on, uid))
    db.add(row)
    db.flush()
    assert row.id is not None
    for seat, player_name in enumerate(table.players):
        player = roster.player_row(db, player_name)
        db.add(SeatRow(session_id=row.id, seat=seat, player_id=player.id, name=player_name))
        db.add(StandingRow(session_id=row.id, player_id=player.id))
    db.flush()
    return locked(db.connection(), row.id, row.version)


__all__ = ["ConflictError", "KeptBefore", "SessionChange", "SessionStore",
           "SessionSummary", "StorageError", "StoreError", "StoredSession", "start_session"]
