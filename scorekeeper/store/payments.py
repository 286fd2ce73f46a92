"""Payment details in the roster, and which of a session's transfers are paid.

Details belong to the player, not to a session: they are kept in the roster and
read when a settle-up is shown. A "paid" tick belongs to the session and is a change
like any other: checked against the version the screen saw, then the version moves on,
so two phones ticking at once cannot silently overwrite each other.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from sqlalchemy import Engine, delete, insert, select
from sqlalchemy.orm import Session as Db

from scorekeeper.core import close, msg
from scorekeeper.store.models import PaidTransferRow, PlayerRow, now
from scorekeeper.store.sessions import SessionStore, StoredSession, StoreError
from scorekeeper.store.sessions import name_key as key_of

if TYPE_CHECKING:  # the payments package loads the QR-bill libraries (about 0.2 s):
    # reading a session's paid ticks, as the ledger does, needs none of it
    from scorekeeper.payments.details import PaymentDetails

DETAIL_FIELDS = ("swish", "iban", "holder", "qr_iban", "postcode", "town", "country")

PaidTransfer = tuple[str, str, int]  # payer, payee, amount in minor units


def set_payment_details(engine: Engine, name: str, details: PaymentDetails) -> str:
    """Keep ``details`` (already checked by ``payment_details``) for ``name``, adding the
    name to the roster if it is new; the name as kept. Empty details clear them."""
    store = SessionStore(engine)
    with store._transaction() as db:
        player = store._player(db, name)
        _keep(player, details)
        return player.name


def import_roster(engine: Engine, roster: Mapping[str, PaymentDetails]) -> list[str]:
    """A roster file's players (already checked by ``load_roster``) in one transaction:
    all of them are kept, or none. A player listed without details is added, and details
    kept here for them stay. The names as kept."""
    store = SessionStore(engine)
    with store._transaction() as db:
        kept = []
        for name, details in roster.items():
            player = store._player(db, name)
            if not details.empty:
                _keep(player, details)
            kept.append(player.name)
        return kept


def _keep(player: PlayerRow, details: PaymentDetails) -> None:
    for field in DETAIL_FIELDS:
        setattr(player, field, getattr(details, field))


def payment_details(engine: Engine, names: Iterable[str]) -> dict[str, PaymentDetails]:
    """The details of each of ``names`` found in the roster (any case), keyed as asked."""
    from scorekeeper.payments.details import PaymentDetails

    asked = {key_of(name): name for name in names}
    if not asked:
        return {}
    with Db(engine) as db:
        rows = db.scalars(select(PlayerRow).where(PlayerRow.name_key.in_(asked)))
        return {asked[row.name_key]: PaymentDetails(**{f: getattr(row, f) for f in DETAIL_FIELDS})
                for row in rows}


def set_paid(engine: Engine, session_id: int, payer: str, payee: str, minor: int, paid: bool,
             version: int) -> StoredSession:
    """Tick (or untick) a transfer of the session's settle-up as paid.

    Refused when someone changed the session since ``version`` (``ConflictError``) or
    when the settle-up has no such transfer (``StoreError``). A finished session can be
    ticked: paying is what happens after the last deal. Returns the session at its new
    version.
    """
    store = SessionStore(engine)
    with store._writing() as connection:
        # Unlike a deal, a tick is allowed on a finished session.
        opened = store._locked(connection, session_id, version, finished_too=True)
        state = store._current_state(connection, opened)
        transfers = {(t.payer, t.payee, t.minor) for t in close(opened.table, state).transfers}
        if (payer, payee, minor) not in transfers:
            raise StoreError(msg("store.no_such_transfer", payer=payer, payee=payee))
        where = (PaidTransferRow.session_id == session_id, PaidTransferRow.payer == payer,
                 PaidTransferRow.payee == payee, PaidTransferRow.minor == minor)
        ticked = connection.scalars(select(PaidTransferRow.minor).where(*where)).first()
        if paid and ticked is None:
            connection.execute(insert(PaidTransferRow).values(
                session_id=session_id, payer=payer, payee=payee, minor=minor, paid_at=now()))
        elif not paid and ticked is not None:
            connection.execute(delete(PaidTransferRow).where(*where))
        return store._bump(connection, opened, state)


def paid_transfers(engine: Engine, session_id: int) -> set[PaidTransfer]:
    """The transfers ticked paid in a session, as (payer, payee, minor)."""
    query = select(PaidTransferRow.payer, PaidTransferRow.payee, PaidTransferRow.minor).where(
        PaidTransferRow.session_id == session_id)
    with Db(engine) as db:
        return {(payer, payee, minor) for payer, payee, minor in db.execute(query)}


__all__ = ["PaidTransfer", "paid_transfers", "payment_details", "set_paid",
           "set_payment_details"]
