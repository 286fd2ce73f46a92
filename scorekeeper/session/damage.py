"""Damage SQLite cannot see, found by the rules: a session whose stored rows disagree with
each other is refused as damaged when it is opened (``DamagedSessionError``: it names the
session and the way back, the last backup), and nothing is written to it: a change
opened on it is refused alike, since a page may have shown it before the damage; the
other sessions open as ever.

A session is stored as its deals (the record) and what the rules made of them: the state
after its newest deal and after every hundredth (``SNAPSHOT_EVERY``), and the ledger's
entries. What an open checks costs the same whatever the session's length, but for one
aggregate in SQL: its newest state is what the deals since the state kept before it lead
to (at most a hundred deals replayed), and the money its ledger moved, added up per
account, is that state's balances. A whole replay (an export, the charts, the whole
ledger) checks every deal: it must lead to the newest state too.
"""

from __future__ import annotations

from dataclasses import fields

from scorekeeper.core import RuleError, Session, State, initial_state, record
from scorekeeper.store.change import SessionChange, StoredSession
from scorekeeper.store.errors import DamagedSessionError
from scorekeeper.store.sessions import SessionStore
from scorekeeper.store.snapshot import HELD_BY_EVERY_KEPT_STATE

_EVERY_FIGURE = tuple(f.name for f in fields(State) if f.name != "games")
# What a replay from a kept state can be held to (a state kept before a figure was kept
# lacks it: store/snapshot.py).
_KEPT_FIGURES = tuple(name for name in _EVERY_FIGURE if name in HELD_BY_EVERY_KEPT_STATE)


def refuse_if_damaged(store: SessionStore | SessionChange, stored: StoredSession) -> None:
    """``DamagedSessionError`` unless ``stored``'s newest state, the deals since the state
    kept before it and its ledger's money agree (read from ``store``, or in the
    transaction of a change about to write to it)."""
    state = stored.newest_state
    if state is None:  # no deal yet, or a state never kept: replayed whole when opened
        return
    if state.deals != stored.deals or sum(state.balances.values()):
        raise DamagedSessionError(stored.id, stored.name)
    kept = store.kept_before(stored.id, stored.deals - 1, stored.deals)
    if kept.number + len(kept.deals) != stored.deals:  # a deal's row is missing
        raise DamagedSessionError(stored.id, stored.name)
    replayed = kept.state or initial_state(stored.table)
    try:
        for deal in kept.deals:
            replayed = record(stored.table, replayed, deal).state
    except RuleError:  # a stored deal the rules refuse: its row was changed
        raise DamagedSessionError(stored.id, stored.name) from None
    if not same_state(replayed, state, _KEPT_FIGURES if kept.state else _EVERY_FIGURE):
        raise DamagedSessionError(stored.id, stored.name)
    if store.money_moved(stored.id) != {account: minor for account, minor
                                         in state.balances.items() if minor}:
        raise DamagedSessionError(stored.id, stored.name)


def replayed_whole(session: Session, state: State, session_id: int, name: str) -> Session:
    """``session``, every deal replayed, if it leads to the stored ``state``."""
    if not same_state(session.state, state):
        raise DamagedSessionError(session_id, name)
    return session


def same_state(replayed: State, stored: State,
               figures: tuple[str, ...] = _EVERY_FIGURE) -> bool:
    """Is ``replayed`` the stored state, in ``figures`` and its games? A state replayed from
    one kept to replay from holds only the games played since (``Games.kept``): those are
    compared, and the count."""
    if any(getattr(replayed, figure) != getattr(stored, figure) for figure in figures):
        return False
    games = replayed.games.kept()
    return len(replayed.games) == len(stored.games) and (
        not games or games == stored.games.kept()[-len(games):])
