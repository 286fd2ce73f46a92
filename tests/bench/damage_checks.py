"""The checks ``damage_bench`` measures against damage SQLite does not see: each says
whether it finds a damaged database (True) or not.

"cheap": what one stored figure says of another, without running a rule: each session's
deal count against its deals, its newest state against that count and against itself
(money moves between accounts: the balances sum to nought), its standings against its
result. "ledger": and the ledger's payments, added up per account, against the newest
state's balances. "shape": every row read in SQLite for the shape Scorekeeper writes
it in. "replay": every session replayed from its deals against its stored state and
ledger. "integrity": SQLite's full check, every index against its table.
"""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, create_engine

from scorekeeper.core import Session
from scorekeeper.store.sessions import SessionStore

_COUNTS = """
SELECT s.id, s.deal_count, count(d.number), coalesce(max(d.number), 0)
FROM sessions s LEFT JOIN deals d ON d.session_id = s.id GROUP BY s.id"""
_NEWEST = """
SELECT s.id, s.deal_count, s.result, d.state_after
FROM sessions s LEFT JOIN deals d ON d.session_id = s.id AND d.number = s.deal_count"""
_STANDINGS = "SELECT session_id, player_id, deals_played, tricks, flights, minor FROM standings"
_PAYMENTS = """
SELECT session_id, payer, payee, sum(minor) FROM entries
WHERE kind = 'payment' AND deal_number > 0 GROUP BY session_id, payer, payee"""


def broken_sessions(connection: Connection, *, ledger: bool = False) -> list[int]:
    """The sessions whose stored figures disagree with each other, in order of id."""
    broken: set[int] = set()
    for session_id, count, deals, last in connection.exec_driver_sql(_COUNTS):
        if not count == deals == last:
            broken.add(session_id)
    states: dict[int, dict[str, Any]] = {}
    results: dict[int, list[Any]] = {}
    for session_id, count, result, state_after in connection.exec_driver_sql(_NEWEST):
        try:
            if count:
                state = json.loads(state_after) if state_after is not None else None
                if state is not None:
                    if not _whole(state, count):
                        raise ValueError(session_id)
                    states[session_id] = state
            results[session_id] = json.loads(result) if result is not None else None
        except (ValueError, TypeError, AttributeError):
            broken.add(session_id)
    standings: dict[int, set[tuple[int, int, int]]] = defaultdict(set)
    for session_id, player, _played, _tricks, flights, minor in connection.exec_driver_sql(
            _STANDINGS):
        standings[session_id].add((player, minor, flights))
    for session_id, result in results.items():
        if result is None or session_id in broken:
            continue
        try:
            told = {(player, minor, flights) for player, _name, minor, flights in result}
        except (ValueError, TypeError):
            broken.add(session_id)
            continue
        if told != standings.get(session_id, set()):
            broken.add(session_id)
    if ledger:
        broken |= _unbalanced(connection, states)
    return sorted(broken)


def _whole(state: dict[str, Any], count: int) -> bool:
    balances = state["balances"]
    return (state["deals"] == count
            and all(type(minor) is int for minor in balances.values())
            and sum(balances.values()) == 0)


def _unbalanced(connection: Connection, states: dict[int, dict[str, Any]]) -> set[int]:
    """The sessions whose payments, added up per account, are not their newest balances."""
    moved: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for session_id, payer, payee, minor in connection.exec_driver_sql(_PAYMENTS):
        moved[session_id][payer or ""] -= minor
        moved[session_id][payee or ""] += minor
    return {session_id for session_id, state in states.items()
            if {k: v for k, v in moved.get(session_id, {}).items() if v}
            != {k: v for k, v in state["balances"].items() if v}}


def replayed_differs(path: Path) -> bool:
    """Each session replayed from its deals against its stored state and ledger."""
    store = SessionStore(create_engine(f"sqlite:///{path}"))
    try:
        for summary in store.summaries():
            stored = store.get(summary.id)
            session = Session.replay(stored.table, store.deals(summary.id))
            if stored.newest_state not in (None, session.state):
                return True
            if list(session.entries) != store.entries(summary.id, first=1):
                return True
        return False
    except Exception:  # a row that no longer reads as a deal: the check found it
        return True
    finally:
        store.engine.dispose()


def opening(path: Path, *, replayed: bool = False) -> str:
    """Each session opened as the app and the command line open it (session/damage.py's
    check at every open), and with ``replayed`` its deals replayed whole too (an export,
    the ledger): "refused" when one is refused in words (damaged, or the file), "traceback"
    when one fails otherwise (what a person must never see), else "opened"."""
    from scorekeeper.session.scorebook import Scorebook
    from scorekeeper.store.errors import StoreError

    store = SessionStore(create_engine(f"sqlite:///{path}"))
    book = Scorebook(store)
    try:
        for summary in store.summaries():
            opened = book.open(summary.id)
            if replayed:
                opened.history  # noqa: B018 (the whole replay is the check)
        return "opened"
    except StoreError:
        return "refused"
    except Exception:
        return "traceback"
    finally:
        store.engine.dispose()


def integrity(path: Path) -> bool:
    """SQLite's full check (every index against its table): True when it finds damage."""
    try:
        with sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True) as db:
            return db.execute("PRAGMA integrity_check").fetchone()[0] != "ok"
    except sqlite3.DatabaseError:
        return True


# Every row read in SQLite itself for the shape Scorekeeper writes it in: a kind, a
# reason key and JSON where it writes them, names of the session's seats. It reads the
# whole ledger, as the replay does, but in SQLite.
SHAPE = ("""SELECT count(*) FROM entries e WHERE e.kind NOT IN ('payment', 'score', 'seat')
            OR e.reason_key NOT GLOB 'ledger.[a-z]*' OR NOT json_valid(e.reason_params)
            OR (e.payer <> '' AND NOT EXISTS (SELECT 1 FROM seats s
                WHERE s.session_id = e.session_id AND s.name = e.payer))
            OR (e.payee <> '' AND NOT EXISTS (SELECT 1 FROM seats s
                WHERE s.session_id = e.session_id AND s.name = e.payee))""",
         """SELECT count(*) FROM deals WHERE NOT json_valid(record)
            OR (state_after IS NOT NULL AND NOT json_valid(state_after))""")


def shape(path: Path) -> bool:
    try:
        with sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True) as db:
            return any(db.execute(query).fetchone()[0] for query in SHAPE)
    except sqlite3.DatabaseError:
        return True


def check(path: Path, ledger: bool) -> bool:
    engine = create_engine(f"sqlite:///{path}")
    try:
        with engine.connect() as connection:
            return bool(broken_sessions(connection, ledger=ledger))
    except Exception:
        return True
    finally:
        engine.dispose()


