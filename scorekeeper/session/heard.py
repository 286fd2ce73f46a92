"""A deal another server recorded, worked out here from its notice: the rules applied to
the version this server holds, instead of a read of the session (issue 48: in a club's
night the read was about 1.1 CPU-ms of each deal's 4.6, app and PostgreSQL together)."""

from __future__ import annotations

from dataclasses import replace

from scorekeeper.core import Step, record
from scorekeeper.store.change import StoredSession
from scorekeeper.store.conversions import deal_of
from scorekeeper.store.notices import DealNotice


def heard_deal(held: StoredSession, notice: DealNotice) -> tuple[StoredSession, Step] | None:
    """The session as the Save that sent ``notice`` stored it, worked out from ``held``
    (the version just before), with the step its deal made; None where only a read can
    tell: another version held, a finished session, a deal that seats someone new (their
    roster rows are the store's), or a notice that does not hold a deal the rules take
    (anyone allowed on the channel can send anything)."""
    if held.version != notice.version - 1 or held.finished or held.newest_state is None:
        return None
    try:
        deal = deal_of(notice.record)
        step = record(held.table, held.newest_state, deal)
    except Exception:  # whatever it holds: the store is asked instead
        return None
    if step.deal != deal or {name for name, _ in held.seat_ids} != set(step.state.everyone):
        return None
    return replace(held, version=notice.version, deals=step.state.deals,
                   newest_state=step.state, updated_at=notice.updated_at), step
