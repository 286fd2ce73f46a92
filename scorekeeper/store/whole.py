"""The whole scorebook as stored, read in one snapshot: what a backup writes, and what a
restore compares a session it meets again with.

One read transaction for all of it (on PostgreSQL at REPEATABLE READ), so a deal recorded
on another device while a backup is written is in it whole or not at all. Sessions are
read one at a time, as the writer asks for them: a club's thousand sessions are never in
memory at once.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date

from sqlalchemy import Connection, Engine, select

from scorekeeper.core import Deal, Table
from scorekeeper.core.owed import Handover
from scorekeeper.store import statements as sql
from scorekeeper.store.change import opened
from scorekeeper.store.conversions import as_written, deal_of
from scorekeeper.store.database import reading
from scorekeeper.store.failures import storage_failures
from scorekeeper.store.models import DETAIL_COLUMNS, FINISHED, GroupRow, PlayerRow, SessionRow
from scorekeeper.store.payments import StoredPayment, payments_of
from scorekeeper.store.roster import Details


@dataclass(frozen=True, slots=True)
class KeptSession:
    """A session as its session file has it: set-up, deals as recorded, payments, group,
    date, whether it is finished, and its uid."""

    uid: str
    name: str
    table: Table
    deals: tuple[Deal, ...]
    payments: tuple[Handover, ...]
    group: str | None
    played_on: date
    finished: bool


@dataclass(frozen=True, slots=True)
class KeptGroup:
    name: str
    currency: str | None
    payments: tuple[StoredPayment, ...]  # those made on the tab itself, in order made


class Whole:
    def __init__(self, connection: Connection) -> None:
        self.connection = connection

    def players(self) -> list[tuple[str, Details]]:
        """The roster in its order (by name), each player with their details."""
        rows = self.connection.execute(
            select(PlayerRow.name, *(getattr(PlayerRow, c) for c in DETAIL_COLUMNS))
            .order_by(PlayerRow.name))
        return [(row[0], dict(zip(DETAIL_COLUMNS, row[1:], strict=True))) for row in rows]

    def groups(self) -> list[KeptGroup]:
        """Every group in the order made, with the payments made on its tab."""
        rows = self.connection.execute(
            select(GroupRow.id, GroupRow.name, GroupRow.currency).order_by(GroupRow.id)).all()
        return [KeptGroup(row.name, row.currency,
                          tuple(payments_of(self.connection, group_id=row.id)))
                for row in rows]

    def sessions(self) -> Iterator[KeptSession]:
        """Every session in the order stored, read as it is asked for."""
        ids = self.connection.scalars(select(SessionRow.id).order_by(SessionRow.id)).all()
        for session_id in ids:
            yield kept_session(self.connection, session_id)


@contextmanager
def whole(engine: Engine) -> Iterator[Whole]:
    """The scorebook in one snapshot, for the block's length."""
    with storage_failures(engine), reading(engine).connect() as connection:
        if connection.dialect.name == "postgresql":
            connection = connection.execution_options(isolation_level="REPEATABLE READ")
        with connection.begin():
            yield Whole(connection)


def kept_session(connection: Connection, session_id: int) -> KeptSession:
    row, table, _ = opened(connection, session_id, sql.SESSION)
    records = connection.scalars(sql.DEAL_RECORDS, {"session_id": session_id})
    paid = payments_of(connection, session_id=session_id)
    with as_written(session_id, row.name):
        kept = tuple(deal_of(r) for r in records)
    return KeptSession(row.uid, row.name, table, kept,
                       tuple(payment.handover for payment in paid), row.group_name,
                       row.played_on or row.created_at.date(), row.status == FINISHED)


__all__ = ["KeptGroup", "KeptSession", "Whole", "kept_session", "whole"]
