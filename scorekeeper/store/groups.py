"""Groups: many evenings, one currency, one running tab.

A group is found by its name whatever its case. What its tab is worked out from is read
here (each finished session's result and payments, and the tab's own payments); the
session layer works the tab out with the rules. A payment on the tab is a change of the
group, made at the version the caller saw, like a deal in a session.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import Connection, Engine, func, insert, select, update

from scorekeeper.core import SessionPlacings, msg
from scorekeeper.core.owed import Handover
from scorekeeper.core.tab import SessionResult
from scorekeeper.core.text import name_key
from scorekeeper.store.conversions import as_written, listed_placings
from scorekeeper.store.database import reading
from scorekeeper.store.errors import ConflictError, StoreError
from scorekeeper.store.failures import storage_failures
from scorekeeper.store.models import (
    FINISHED,
    GroupRow,
    PaymentRow,
    PlayerRow,
    SessionRow,
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

    def has(self, name: str) -> bool:
        """Whether a group is called ``name`` (any case)."""
        return self.id_of(name) is not None

    def id_of(self, name: str) -> int | None:
        """The id of the group called ``name`` (any case), if there is one."""
        query = select(GroupRow.id).where(GroupRow.name_key == name_key(name))
        with storage_failures(self.engine), self.reader.connect() as connection:
            return connection.scalar(query)

    def record(self, name: str) -> GroupRecord:
        """The group called ``name`` (any case), with its finished sessions' results."""
        with storage_failures(self.engine), self.reader.connect() as connection:
            group = _group(connection, name)
            if group is None:
                raise StoreError(msg("store.no_group", group=name))
            results, evenings = _sessions(connection, group.id)
            return GroupRecord(group, tuple(results),
                               tuple(payments_of(connection, group_id=group.id)),
                               tuple(evenings))

    def placings(self, session_ids: Sequence[int]) -> dict[int, SessionPlacings]:
        """The places each of the sessions keeps (a group's list of evenings shows them),
        read apart from ``record``: its tab over a club's 5,000 evenings would decode
        them all to show a screenful."""
        query = (select(SessionRow.id, SessionRow.result, SessionRow.places, SessionRow.variant,
                        SessionRow.options, SessionRow.unit, SessionRow.currency)
                 .where(SessionRow.id.in_(session_ids)))
        with storage_failures(self.engine), self.reader.connect() as connection:
            return {row.id: placed for row in connection.execute(query)
                    if (placed := listed_placings(row)) is not None}  # a damaged one: none

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


def finished_results(connection: Connection, group_id: int) -> list[SessionResult]:
    """The results of the group's finished sessions, in the order stored: whom its tab
    holds (a restore checks the payments it brings against them)."""
    return _sessions(connection, group_id)[0]


def _sessions(connection: Connection, group_id: int,
              ) -> tuple[list[SessionResult], list[tuple[int, str, str, bool]]]:
    """The group's finished sessions' results, and every session (id, name, date,
    finished): one row per session with its standings kept whole (revision 0011), the
    roster's names, and the payments made in them, read three times in all. A query per
    session took 8.7 s over a club's 5,000 evenings."""
    # Every session has its date since revision 0007: no fallback to when it was stored.
    rows = connection.execute(
        select(SessionRow.id, SessionRow.name, SessionRow.played_on, SessionRow.status,
               SessionRow.result)
        .where(SessionRow.group_id == group_id).order_by(SessionRow.id)).all()
    evenings = [(id_, name, day.isoformat(), status == FINISHED)
                for id_, name, day, status, _ in rows]
    finished = [(id_, name, day, result) for id_, name, day, status, result in rows
                if status == FINISHED]
    try:  # one JSON document for them all: decoding 5,000 small ones took twice as long
        standings = json.loads(f"[{','.join(result for *_, result in finished)}]")
    except (ValueError, TypeError):  # one is damaged: each read alone, to name it
        standings = []
        for id_, name, _, result in finished:
            with as_written(id_, name):
                standings.append(json.loads(result))
    handed = _handed_in(connection, group_id)
    kept: dict[int, str] = dict(connection.execute(select(PlayerRow.id, PlayerRow.name)).all())
    results = []
    for (id_, name, day, _), seated in zip(finished, standings, strict=True):
        with as_written(id_, name):
            results.append(_result(day, seated, kept, handed.get(id_, ())))
    return results, evenings


def _handed_in(connection: Connection, group_id: int) -> dict[int, list[Handover]]:
    """The payments made in the group's finished sessions, by session, in order made."""
    handed: dict[int, list[Handover]] = {}
    for paid in connection.execute(
            select(PaymentRow.session_id, PaymentRow.payer, PaymentRow.payee, PaymentRow.minor)
            .join(SessionRow, SessionRow.id == PaymentRow.session_id)
            .where(SessionRow.group_id == group_id, SessionRow.status == FINISHED)
            .order_by(PaymentRow.id)):
        handed.setdefault(paid.session_id, []).append(
            Handover(paid.payer, paid.payee, paid.minor))
    return handed


def _result(played_on: date, standings: list[list[Any]], kept: dict[int, str],
            handed: Sequence[Handover]) -> SessionResult:
    """A finished session's result from its standings as kept: [roster id, name as
    seated, minor, flights] each, in order of the seats."""
    named, money, flights = {}, {}, {}
    for of_player, seated, minor, flown in standings:
        # One person, one line on the tab: the roster's spelling of the name.
        name = named[seated] = kept[of_player]
        money[name], flights[name] = minor, flown
    paid = tuple(Handover(named.get(given.payer, given.payer),
                          named.get(given.payee, given.payee), given.minor)
                 for given in handed) if handed else ()
    return SessionResult(played_on, tuple(money), money, flights, paid)


__all__ = ["GroupChange", "GroupRecord", "GroupStore", "StoredGroup", "finished_results",
           "group_for_session", "place"]
