"""Groups: many evenings, one currency, one running tab.

A group is found by its name whatever its case. What its tab is worked out from is read
here (each finished session's result and payments, and the tab's own payments); the
session layer works the tab out with the rules. A payment on the tab is a change of the
group, made at the version the caller saw, like a deal in a session.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from sqlalchemy import Connection, Engine, func, insert, select, update

from scorekeeper.core import msg
from scorekeeper.core.owed import Handover
from scorekeeper.core.tab import SessionResult
from scorekeeper.core.text import name_key
from scorekeeper.store.database import reading
from scorekeeper.store.errors import ConflictError, StoreError
from scorekeeper.store.failures import storage_failures
from scorekeeper.store.models import (
    FINISHED,
    GroupRow,
    PlayerRow,
    SeatRow,
    SessionRow,
    StandingRow,
    now,
)
from scorekeeper.store.payments import StoredPayment, add_payment, payments_of, take_back


@dataclass(frozen=True, slots=True)
class StoredGroup:
    id: int
    name: str
    currency: str | None
    version: int
    sessions: int  # sessions stored in the group, finished or not


@dataclass(frozen=True, slots=True)
class GroupRecord:
    """What a group's tab and season table are worked out from."""

    group: StoredGroup
    results: tuple[SessionResult, ...]  # its finished sessions, in the order stored
    own: tuple[StoredPayment, ...]  # the payments made on the tab itself
    evenings: tuple[tuple[int, str, str, bool], ...]  # every session: id, name, date, finished


def _group(connection: Connection, name: str, *, lock: bool = False) -> StoredGroup | None:
    query = select(GroupRow.id, GroupRow.name, GroupRow.currency, GroupRow.version).where(
        GroupRow.name_key == name_key(name))
    if lock:
        query = query.with_for_update()
    row = connection.execute(query).first()
    if row is None:
        return None
    count = connection.scalar(select(func.count()).select_from(SessionRow).where(
        SessionRow.group_id == row.id)) or 0
    return StoredGroup(row.id, row.name, row.currency, row.version, count)


def group_for_session(connection: Connection, name: str) -> StoredGroup:
    """The group called ``name``, made if there is none, its row locked: a session is
    about to be stored in it."""
    found = _group(connection, name, lock=True)
    if found is not None:
        return found
    connection.execute(insert(GroupRow).values(name=name, name_key=name_key(name),
                                               currency=None, version=0, created_at=now()))
    made = _group(connection, name, lock=True)
    assert made is not None
    return made


def place(connection: Connection, session_id: int, group: StoredGroup,
          currency: str | None) -> None:
    """The session counts in ``group`` from now on; the group's first session fixes its
    currency."""
    connection.execute(update(SessionRow).where(SessionRow.id == session_id)
                       .values(group_id=group.id))
    if not group.sessions:
        connection.execute(update(GroupRow).where(GroupRow.id == group.id)
                           .values(currency=currency))
    _bump(connection, group)


def _bump(connection: Connection, group: StoredGroup) -> None:
    moved = connection.execute(update(GroupRow).where(
        GroupRow.id == group.id, GroupRow.version == group.version).values(
        version=group.version + 1))
    if moved.rowcount != 1:
        raise ConflictError(msg("store.group_changed", group=group.name))


class GroupStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.reader = reading(engine)

    def names(self) -> list[str]:
        """Every group's name, in alphabetical order."""
        with storage_failures(self.engine), self.reader.connect() as connection:
            return sorted(connection.scalars(select(GroupRow.name)), key=name_key)

    def record(self, name: str) -> GroupRecord:
        """The group called ``name`` (any case), with its finished sessions' results."""
        with storage_failures(self.engine), self.reader.connect() as connection:
            group = _group(connection, name)
            if group is None:
                raise StoreError(msg("store.no_group", group=name))
            return GroupRecord(group, tuple(_results(connection, group.id)),
                               tuple(payments_of(connection, group_id=group.id)),
                               tuple(_evenings(connection, group.id)))

    @contextmanager
    def change(self, name: str, version: int) -> Iterator[GroupChange]:
        """The group at ``version``, its row locked, to change in one transaction."""
        with storage_failures(self.engine), self.engine.begin() as connection:
            group = _group(connection, name, lock=True)
            if group is None:
                raise StoreError(msg("store.no_group", group=name))
            if group.version != version:
                raise ConflictError(msg("store.group_changed", group=group.name))
            yield GroupChange(connection, group)


class GroupChange:
    def __init__(self, connection: Connection, group: StoredGroup) -> None:
        self.connection = connection
        self.group = group

    def pay(self, handover: Handover) -> None:
        add_payment(self.connection, handover, group_id=self.group.id)
        _bump(self.connection, self.group)

    def take_back(self, payment_id: int) -> None:
        if not take_back(self.connection, payment_id, group_id=self.group.id):
            raise StoreError(msg("store.no_payment"))
        _bump(self.connection, self.group)


def _results(connection: Connection, group_id: int) -> Iterator[SessionResult]:
    sessions = connection.execute(
        select(SessionRow.id, SessionRow.played_on, SessionRow.created_at)
        .where(SessionRow.group_id == group_id, SessionRow.status == FINISHED)
        .order_by(SessionRow.id)).all()
    for session in sessions:
        seated = connection.execute(
            select(SeatRow.name, PlayerRow.name.label("kept"), StandingRow.minor,
                   StandingRow.flights)
            .join(PlayerRow, PlayerRow.id == SeatRow.player_id)
            .join(StandingRow, (StandingRow.session_id == SeatRow.session_id)
                  & (StandingRow.player_id == SeatRow.player_id))
            .where(SeatRow.session_id == session.id).order_by(SeatRow.seat)).all()
        # One person, one line on the tab: the roster's spelling of the name.
        kept = {row.name: row.kept for row in seated}
        handed = tuple(Handover(kept.get(p.handover.payer, p.handover.payer),
                                kept.get(p.handover.payee, p.handover.payee), p.handover.minor)
                       for p in payments_of(connection, session_id=session.id))
        yield SessionResult(session.played_on or session.created_at.date(),
                            tuple(row.kept for row in seated),
                            {row.kept: row.minor for row in seated},
                            {row.kept: row.flights for row in seated}, handed)


def _evenings(connection: Connection, group_id: int) -> Iterator[tuple[int, str, str, bool]]:
    rows = connection.execute(
        select(SessionRow.id, SessionRow.name, SessionRow.played_on, SessionRow.created_at,
               SessionRow.status)
        .where(SessionRow.group_id == group_id).order_by(SessionRow.id)).all()
    for row in rows:
        day = row.played_on or row.created_at.date()
        yield row.id, row.name, day.isoformat(), row.status == FINISHED


__all__ = ["GroupChange", "GroupRecord", "GroupStore", "StoredGroup", "group_for_session",
           "place"]
