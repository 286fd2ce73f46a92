"""Which of a session's transfers are ticked paid.

A tick belongs to the session and is a change like any other: written through the
session's ``SessionChange`` (checked against the version the screen saw, then the version
moves on), so two phones ticking at once cannot silently overwrite each other.
"""

from __future__ import annotations

from sqlalchemy import Engine, delete, insert, select
from sqlalchemy.orm import Session as Db

from scorekeeper.core import PaidTransfer
from scorekeeper.store.change import SessionChange
from scorekeeper.store.database import reading
from scorekeeper.store.failures import storage_failures
from scorekeeper.store.models import PaidTransferRow, now


def set_paid(change: SessionChange, transfer: PaidTransfer, paid: bool) -> None:
    """Tick (or untick) ``transfer`` in the session being changed."""
    payer, payee, minor = transfer
    where = (PaidTransferRow.session_id == change.session_id, PaidTransferRow.payer == payer,
             PaidTransferRow.payee == payee, PaidTransferRow.minor == minor)
    ticked = change.connection.scalars(select(PaidTransferRow.minor).where(*where)).first()
    if paid and ticked is None:
        change.connection.execute(insert(PaidTransferRow).values(
            session_id=change.session_id, payer=payer, payee=payee, minor=minor,
            paid_at=now()))
    elif not paid and ticked is not None:
        change.connection.execute(delete(PaidTransferRow).where(*where))


def paid_transfers(engine: Engine, session_id: int) -> set[PaidTransfer]:
    """The transfers ticked paid in a session, as (payer, payee, minor)."""
    query = select(PaidTransferRow.payer, PaidTransferRow.payee, PaidTransferRow.minor).where(
        PaidTransferRow.session_id == session_id)
    with storage_failures(engine), Db(reading(engine)) as db:
        return {(payer, payee, minor) for payer, payee, minor in db.execute(query)}


__all__ = ["paid_transfers", "set_paid"]
