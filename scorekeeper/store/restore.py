"""A restore's unit of work: what a backup brings, looked up and added in one transaction.

The session layer decides (with the rules) what is new, what is already here and equal,
and what conflicts; this looks things up and writes what it is told. All of it is
committed when the ``with`` block ends, or none of it. Opened for a look only
(``writing=False``), it takes no write lock and writes nothing: what a restore would add
is said before it is added.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime, time

from sqlalchemy import Engine, func, insert, select, update
from sqlalchemy.orm import Session as Db

from scorekeeper.core import Table
from scorekeeper.core.owed import Handover
from scorekeeper.core.text import name_key
from scorekeeper.store import roster
from scorekeeper.store.change import SessionChange
from scorekeeper.store.database import reading
from scorekeeper.store.failures import storage_failures
from scorekeeper.store.models import (
    DETAIL_COLUMNS,
    GroupRow,
    PaymentRow,
    PlayerRow,
    SessionRow,
    now,
)
from scorekeeper.store.payments import add_payment
from scorekeeper.store.roster import Details
from scorekeeper.store.sessions import start_session
from scorekeeper.store.whole import KeptSession, kept_session

# A payment on a tab comes back at noon (UTC) of the day it was made: a backup keeps the
# day, and noon is that day in every time zone a card table sits in.
NOON = time(12, tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class HereGroup:
    """A group as this database has it."""

    name: str
    currency: str | None
    sessions: int


@dataclass(frozen=True, slots=True)
class HerePayment:
    """A payment on a tab as this database has it, found by its uid."""

    group: str  # the group's name key
    handover: Handover


class Restoring:
    def __init__(self, db: Db) -> None:
        self.db = db
        self.connection = db.connection()

    # --- the roster ---

    def details_of(self, name: str) -> Details | None:
        """The player's details (every column, None where not given), or None if there
        is no such player."""
        row = self.connection.execute(
            select(*(getattr(PlayerRow, c) for c in DETAIL_COLUMNS))
            .where(PlayerRow.name_key == name_key(name))).first()
        return None if row is None else dict(zip(DETAIL_COLUMNS, row, strict=True))

    def keep_player(self, name: str, details: Details) -> None:
        """The player (added if new) with ``details``, already checked."""
        player = roster.player_row(self.db, name)
        for column in DETAIL_COLUMNS:
            setattr(player, column, details.get(column))
        self.db.flush()

    def player_count(self) -> int:
        return self.connection.scalar(select(func.count()).select_from(PlayerRow)) or 0

    # --- groups and their tabs ---

    def group(self, name: str) -> HereGroup | None:
        row = self.connection.execute(
            select(GroupRow.id, GroupRow.name, GroupRow.currency)
            .where(GroupRow.name_key == name_key(name))).first()
        if row is None:
            return None
        count = self.connection.scalar(select(func.count()).select_from(SessionRow)
                                       .where(SessionRow.group_id == row.id)) or 0
        return HereGroup(row.name, row.currency, count)

    def add_group(self, name: str, currency: str | None) -> None:
        self.connection.execute(insert(GroupRow).values(
            name=name, name_key=name_key(name), currency=currency, version=0,
            created_at=now()))

    def set_currency(self, name: str, currency: str | None) -> None:
        """The currency of a group that has no session yet."""
        self.connection.execute(update(GroupRow).where(GroupRow.name_key == name_key(name))
                                .values(currency=currency, version=GroupRow.version + 1))

    def tab_payment(self, uid: str) -> HerePayment | None:
        row = self.connection.execute(
            select(GroupRow.name_key, PaymentRow.payer, PaymentRow.payee, PaymentRow.minor)
            .join(GroupRow, GroupRow.id == PaymentRow.group_id)
            .where(PaymentRow.uid == uid, PaymentRow.session_id.is_(None))).first()
        return None if row is None else HerePayment(row[0], Handover(row[1], row[2], row[3]))

    def uid_taken(self, uid: str) -> bool:
        """A payment of a session here has the uid (a file that reuses one)."""
        found = select(PaymentRow.id).where(PaymentRow.uid == uid)
        return self.connection.execute(found).first() is not None

    def add_tab_payment(self, group: str, uid: str, handover: Handover, on: date) -> None:
        group_id = self.connection.scalar(select(GroupRow.id)
                                          .where(GroupRow.name_key == name_key(group)))
        add_payment(self.connection, handover, group_id=group_id,
                    paid_at=datetime.combine(on, NOON), uid=uid)
        self.connection.execute(update(GroupRow).where(GroupRow.id == group_id)
                                .values(version=GroupRow.version + 1))

    # --- sessions ---

    def session(self, uid: str) -> KeptSession | None:
        """The session stored here under ``uid``, as its file would have it."""
        found = self.connection.scalar(select(SessionRow.id).where(SessionRow.uid == uid))
        return None if found is None else kept_session(self.connection, found)

    def new_session(self, name: str, table: Table, played_on: date | None,
                    uid: str | None) -> SessionChange:
        """A new session to write the deals of into (in this transaction)."""
        # The rows of the sessions written before are flushed and done with: held in the
        # ORM's identity map, each look-up of a player went through all of them.
        self.db.expunge_all()
        return start_session(self.db, name, table, played_on, uid)


@contextmanager
def restoring(engine: Engine, *, writing: bool) -> Iterator[Restoring]:
    """One transaction over ``engine``: committed when the block ends if ``writing``,
    else only read and let go (what a restore would add)."""
    with storage_failures(engine), Db(engine if writing else reading(engine)) as db:
        if writing:
            with db.begin():
                yield Restoring(db)
            return
        try:
            yield Restoring(db)
        finally:
            db.rollback()


__all__ = ["HereGroup", "HerePayment", "Restoring", "restoring"]
