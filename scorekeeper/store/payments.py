"""Money handed over, in a session or on a group's tab.

A payment in a session is a change of that session like a deal: written through its
``SessionChange`` (checked against the version the screen saw, then the version moves
on), so two phones paying the same transfer at once store it once. A payment on a tab
is written through the group's ``GroupChange`` the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, Engine, delete, insert, select
from sqlalchemy.orm import Session as Db

from scorekeeper.core.owed import Handover
from scorekeeper.store.database import reading
from scorekeeper.store.failures import storage_failures
from scorekeeper.store.models import PaymentRow, new_uid, now


@dataclass(frozen=True, slots=True)
class StoredPayment:
    """A payment as kept: its number (to take it back by) and when it was made."""

    id: int
    handover: Handover
    paid_at: datetime
    uid: str | None = None  # what a payment on a tab travels in a backup by (revision 0012)


def add_payment(connection: Connection, handover: Handover, *, session_id: int | None = None,
                group_id: int | None = None, paid_at: datetime | None = None,
                uid: str | None = None) -> None:
    """``paid_at`` and ``uid``: a payment a restore brings back (else now, and a new one)."""
    connection.execute(insert(PaymentRow).values(
        session_id=session_id, group_id=group_id, payer=handover.payer,
        payee=handover.payee, minor=handover.minor, paid_at=paid_at or now(),
        uid=uid or new_uid()))


def add_payments(connection: Connection, handovers: Sequence[Handover], *,
                 session_id: int) -> None:
    """A session file's payments, in one statement: one insert each took 0.25 ms."""
    if handovers:
        paid_at = now()
        connection.execute(insert(PaymentRow), [
            {"session_id": session_id, "group_id": None, "payer": given.payer,
             "payee": given.payee, "minor": given.minor, "paid_at": paid_at}
            for given in handovers])


def take_back(connection: Connection, payment_id: int, *, session_id: int | None = None,
              group_id: int | None = None) -> bool:
    """Forget a payment recorded by mistake; False if it is not there (any more)."""
    gone = connection.execute(delete(PaymentRow).where(
        PaymentRow.id == payment_id, PaymentRow.session_id == session_id,
        PaymentRow.group_id == group_id))
    return gone.rowcount == 1


def payments_of(connection: Connection, *, session_id: int | None = None,
                group_id: int | None = None) -> list[StoredPayment]:
    """A session's payments, or a tab's own, in the order they were made."""
    where = (PaymentRow.session_id == session_id if session_id is not None
             else PaymentRow.group_id == group_id)
    if session_id is None:
        where = where & PaymentRow.session_id.is_(None)  # type: ignore[union-attr]
    rows = connection.execute(
        select(PaymentRow.id, PaymentRow.payer, PaymentRow.payee, PaymentRow.minor,
               PaymentRow.paid_at, PaymentRow.uid).where(where).order_by(PaymentRow.id))
    return [StoredPayment(row.id, Handover(row.payer, row.payee, row.minor), row.paid_at,
                          row.uid) for row in rows]


def session_payments(engine: Engine, session_id: int) -> list[StoredPayment]:
    with storage_failures(engine), Db(reading(engine)) as db:
        return payments_of(db.connection(), session_id=session_id)


__all__ = ["StoredPayment", "add_payment", "add_payments", "payments_of", "session_payments",
           "take_back"]
