"""What the table asks of a session, one function per request.

Each opens the session in the store at the version the screen was drawn from (a unit of
work, one transaction), asks the rules what follows, and writes it back; a refusal by
the rules (``RuleError``) or a stale version (``ConflictError``) writes nothing. The
store computes nothing; the rules store nothing: this is where the two meet.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import date

from scorekeeper.core import (
    Closing,
    Deal,
    Placing,
    Session,
    State,
    Step,
    Table,
    close,
    initial_state,
    leaders,
    msg,
    record,
    session_standings,
)
from scorekeeper.core.owed import Handover, handover
from scorekeeper.core.tab import may_join
from scorekeeper.core.text import group_name
from scorekeeper.core.wins import wins
from scorekeeper.session import records_keeping
from scorekeeper.session.damage import refuse_if_damaged
from scorekeeper.store.change import SessionChange, StoredSession
from scorekeeper.store.errors import StoreError
from scorekeeper.store.models import FINISHED
from scorekeeper.store.sessions import SessionStore


def opened(store: SessionStore, session_id: int) -> StoredSession:
    """The session as stored, with the state its deals reached (``StoreError`` if none)."""
    return with_state(store, store.get(session_id))


def with_state(store: SessionStore, stored: StoredSession) -> StoredSession:
    """``stored`` with its state: the kept one, the table's start before the first deal,
    or (for a session whose state was never kept) its deals replayed."""
    if stored.newest_state is not None:
        return stored
    if not stored.deals:
        return replace(stored, newest_state=initial_state(stored.table))
    return replace(stored, newest_state=history(store, stored.id, stored.table,
                                                 stored.deals).state)


def history(store: SessionStore, session_id: int, table: Table, deals: int) -> Session:
    """The session's first ``deals`` deals (the count of the version shown), replayed by
    the rules."""
    return Session.replay(table, store.deals(session_id)[:deals])


def recent_steps(store: SessionStore, session_id: int, table: Table, deals: int,
                 newest: int) -> tuple[Step, ...]:
    """The steps of the ``newest`` of the session's first ``deals`` deals (the count of
    the version the caller shows), oldest first: replayed from the nearest state kept
    before them (at most SNAPSHOT_EVERY deals back), not from the start."""
    first = max(deals - newest, 0)  # the replay starts from the state after this deal
    kept = store.kept_before(session_id, first, deals)
    state = kept.state or initial_state(table)
    steps = []
    for deal in kept.deals:
        step = record(table, state, deal)
        state = step.state
        if state.deals > first:
            steps.append(step)
    return tuple(steps)


def create(store: SessionStore, name: str, table: Table, group: str | None = None,
           ) -> StoredSession:
    """A new session, counting in ``group``'s tab if one is named (made if new)."""
    with store.new_session(name, table) as change:
        if group is not None:
            _join(change, group)
        return with_state(store, change.stored)


def import_session(store: SessionStore, name: str, session: Session,
                   progress: Callable[[int], None] | None = None, *,
                   payments: Sequence[Handover] = (), group: str | None = None,
                   played_on: date | None = None, finished: bool = False,
                   uid: str | None = None) -> StoredSession:
    """A session replayed whole from its file, with what the file says of its evening
    (FORMAT.md) and its uid (kept, unless a session here has it: then the copy gets its
    own): all of it is stored, or nothing. A finished session gets its
    end-of-session entries as if it had been finished here."""
    with store.new_session(name, session.table, played_on, uid) as change:
        return write_imported(change, session, progress, payments=payments, group=group,
                              finished=finished)


def write_imported(change: SessionChange, session: Session,
                   progress: Callable[[int], None] | None = None, *,
                   payments: Sequence[Handover] = (), group: str | None = None,
                   finished: bool = False) -> StoredSession:
    """A session replayed whole from its file, written into the new session ``change``
    (an import's own transaction, or a restore's, which writes many)."""
    if group is not None:
        _join(change, group)
    change.append(session.steps, progress)
    change.pay_all(payments)
    if finished:
        change.add_entries(close(session.table, session.state).entries)
    return _saved(change, session.state, FINISHED if finished else None)


def record_deal(store: SessionStore, session_id: int, deal: Deal, version: int,
                drafted_on: str | None = None, by: str | None = None,
                checked: Step | None = None, held: StoredSession | None = None,
                ) -> tuple[StoredSession, Step]:
    """Check and store the next deal; ``drafted_on``: the device whose kept draft it was,
    dropped in the same transaction; ``by``: the name the recording device gave;
    ``checked``: the step the rules already gave for ``deal`` at ``version`` (the table's
    check as it drew Save), not worked out again: the change is refused unless the
    session is still at ``version``, so that step is still this deal's; ``held``: the
    session at ``version`` as the caller holds it. The tap on Save waits for this: the
    rules (once) and, from a held version, the writes alone (``SessionStore.
    held_change``); otherwise one read of the session with its newest state first."""
    if held is not None and (held.id, held.version) == (session_id, version) and (
            held.newest_state is not None and not held.finished):
        state = held.newest_state
        step = _step(deal, checked, held.table, lambda: state)
        if {name for name, _ in held.seat_ids} == set(step.state.everyone):
            with store.held_change(held) as change:
                return _recorded(change, step, drafted_on, by), step
        checked = step  # someone sits down with this deal: their seat is read and written
    with _changing(store, session_id, version, recording=True) as change:
        step = _step(deal, checked, change.table, lambda: _state(change))
        return _recorded(change, step, drafted_on, by), step


def _step(deal: Deal, checked: Step | None, table: Table, state: Callable[[], State]) -> Step:
    """What the rules make of ``deal`` from ``state()``: ``checked``, if it is that step
    (the state is then not even worked out)."""
    if checked is not None and _step_of(checked, deal):
        return checked
    return record(table, state(), deal)


def _recorded(change: SessionChange, step: Step, drafted_on: str | None,
              by: str | None) -> StoredSession:
    change.record(step, by=by)
    if drafted_on is not None:
        change.drop_draft(drafted_on)
    return _saved(change, step.state)


def _step_of(step: Step, deal: Deal) -> bool:
    """Is ``step`` what the rules made of ``deal``? (They name the dealer it left out.)"""
    return deal.dealer in (None, step.deal.dealer) and step.deal == replace(
        deal, dealer=step.deal.dealer)


def undo(store: SessionStore, session_id: int, version: int) -> StoredSession:
    return _rewrite(store, session_id, version, lambda s: s.undo())


def edit(store: SessionStore, session_id: int, index: int, deal: Deal,
         version: int) -> StoredSession:
    """Replace deal ``index`` (0-based); every later deal is checked and recomputed."""
    return _rewrite(store, session_id, version, lambda s: s.edit(index, deal), index)


def delete(store: SessionStore, session_id: int, index: int, version: int) -> StoredSession:
    return _rewrite(store, session_id, version, lambda s: s.delete(index), index)


def finish(store: SessionStore, session_id: int, version: int) -> StoredSession:
    """End the session: the end-of-session pot rule is applied and written down."""
    with _changing(store, session_id, version) as change:
        state = _state(change)
        closing = close(change.table, state)
        change.add_entries(closing.entries)
        return _saved(change, state, FINISHED)


def pay(store: SessionStore, session_id: int, payer: str, payee: str, minor: int,
        version: int) -> StoredSession:
    """``payer`` handed ``payee`` ``minor`` for this session (a transfer of the settle-up
    paid whole or in part, someone settling before going home, any amount): refused when
    someone changed the session since ``version`` (``ConflictError``), so two phones
    paying the same transfer at once store it once. A finished session can be paid:
    paying is what happens after the last deal."""
    with _changing(store, session_id, version, finished_too=True) as change:
        state = _state(change)
        change.pay(handover(payer, payee, minor, state.everyone))
        return _saved(change, state, None)


def take_back_payment(store: SessionStore, session_id: int, payment_id: int,
                      version: int) -> StoredSession:
    """Forget a payment recorded by mistake (the money did not change hands)."""
    with _changing(store, session_id, version, finished_too=True) as change:
        change.take_back(payment_id)
        return _saved(change, _state(change), None)


def move_to_group(store: SessionStore, session_id: int, group: str | None,
                  version: int) -> StoredSession:
    """Count the session in another group's tab, or in none (``group`` None)."""
    with _changing(store, session_id, version, finished_too=True) as change:
        change.leave_group()
        if group is not None:
            _join(change, group)
        return _saved(change, _state(change), None)


def _join(change: SessionChange, name: str) -> None:
    """The session joins the group ``name`` (made if new), if its tab can take it."""
    group = change.group_named(group_name(name))
    may_join(change.table, group.currency, bool(group.sessions))
    change.place_in(group)


def _rewrite(store: SessionStore, session_id: int, version: int,
             change_deals: Callable[[Session], Session], index: int | None = None,
             ) -> StoredSession:
    """Undo, edit or delete: replay, then rewrite the deals from the first one changed."""
    with _changing(store, session_id, version) as change:
        before = Session.replay(change.table, change.deals())
        if not before.steps:
            raise StoreError(msg("store.no_deals"))
        after = change_deals(before)
        first = len(after.steps) if index is None else index
        change.cut_after(first)
        change.append(after.steps[first:])
        if after.steps and first == len(after.steps):  # nothing rewritten: keep the state
            change.keep_state(after.state)
        return _saved(change, after.state)


@contextmanager
def _changing(store: SessionStore, session_id: int, version: int, *, recording: bool = False,
              finished_too: bool = False) -> Iterator[SessionChange]:
    """``store.change``, refused (``DamagedSessionError``, nothing written) when what is
    stored of the session disagrees with itself, as opening it is: the page may have shown
    it before the damage."""
    with store.change(session_id, version, recording=recording,
                      finished_too=finished_too) as change:
        refuse_if_damaged(change, change.stored)  # read in the change's own transaction
        yield change


def _state(change: SessionChange) -> State:
    """The state the session being changed is at."""
    stored = change.stored
    if stored.newest_state is not None:
        return stored.newest_state
    if not stored.deals:
        return initial_state(change.table)
    return Session.replay(change.table, change.deals()).state


def _saved(change: SessionChange, state: State, status: str | None = None) -> StoredSession:
    """The standings after ``state`` and who leads, then the next version."""
    money, won, placings, leading = standing(change.table, state)
    change.set_standings(state, money, won, placings)
    was = records_keeping.before_saving(change, status)
    saved = change.save(state, leading, status)
    if was is not None:  # finished, or finishing: its group's records kept with it
        records_keeping.fold_in(change, was)
    return saved


def standing(table: Table, state: State, closing: Closing | None = None) -> tuple[
        Mapping[str, int], Mapping[str, int], Sequence[Placing], list[str]]:
    """What is stored of a session at ``state``: each player's money as if the session
    ended now (``closing``, worked out if not given: the one figure every screen shows),
    what each won, the session's standings (each player's place), and who leads."""
    closing = closing or close(table, state)
    return (closing.money, wins(table, state), session_standings(table, state, closing),
            list(leaders(table, state, closing)))
