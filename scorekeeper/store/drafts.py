"""The half-entered deal, kept in the database so that it outlives the app.

A phone sends the app to the background and may kill it there; a server may be stopped
mid-deal. What was tapped so far is written here on every change and offered again
when the session is opened. A tap's write does not wait for the disk (``unsynced``): it
outlives the app killed, and a power cut costs the last few taps, never a deal. One
draft per session and device (``device`` is any stable name the app gives itself): two
devices entering the same deal keep their own.

A draft is not a change of the session: it touches no deal, entry or standing, so it
is written without the session's version check and does not move the version on
(another device's page has nothing to reload because of it). Recording deal 7 here or
elsewhere leaves a draft in place; the app drops its own once it has saved it.
"""

from __future__ import annotations

from sqlalchemy import Engine, select
from sqlalchemy.exc import IntegrityError

from scorekeeper.core import Deal, RuleError, msg
from scorekeeper.store.conversions import deal_json, deal_of
from scorekeeper.store.database import reading, unsynced
from scorekeeper.store.failures import StoreError, storage_failures
from scorekeeper.store.models import DraftRow, now
from scorekeeper.store.statements import DROP_DRAFT, upsert


def keep_draft(engine: Engine, session_id: int, device: str, deal: Deal) -> None:
    """Keep ``deal`` as the session's draft on ``device``, replacing the one kept before.
    Refuses a session that does not exist (``StoreError``)."""
    row = {"session_id": session_id, "device": device, "record": deal_json(deal),
           "updated_at": now()}
    kept = upsert(engine.dialect.name)(DraftRow).values(**row)
    kept = kept.on_conflict_do_update(
        index_elements=["session_id", "device"],
        set_={"record": kept.excluded.record, "updated_at": kept.excluded.updated_at})
    with storage_failures(engine), unsynced(engine) as connection:
        try:
            connection.execute(kept)
        except IntegrityError:  # the session's foreign key: no such session (any more)
            raise StoreError(msg("store.no_session", session=session_id)) from None


def draft_of(engine: Engine, session_id: int, device: str) -> Deal | None:
    """The session's draft on ``device``, or None. A draft that no longer reads as a deal
    (written by hand, say) is no draft: the form simply starts empty."""
    query = select(DraftRow.record).where(DraftRow.session_id == session_id,
                                          DraftRow.device == device)
    with storage_failures(engine), reading(engine).connect() as connection:
        record = connection.scalars(query).first()
    if record is None:
        return None
    try:
        return deal_of(record)
    except (RuleError, ValueError):
        return None


def drop_draft(engine: Engine, session_id: int, device: str) -> None:
    """Forget the session's draft on ``device`` (saved, or emptied); nothing if there is none."""
    with storage_failures(engine), unsynced(engine) as connection:
        connection.execute(DROP_DRAFT, {"of_session": session_id, "device": device})


__all__ = ["draft_of", "drop_draft", "keep_draft"]
