"""The rows a change writes, many at once: a deal's, its ledger entries', straight to the
driver's own cursor, as tuples in statements of ``ROWS_AT_ONCE`` rows (SQLite) or as one
JSON text whatever their count (PostgreSQL); each deal's record and each reason encoded
once per write. An import writes 60,000 rows for a 10,000-deal session; a Save, six."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from functools import cache
from itertools import chain
from typing import Any

from sqlalchemy import Connection, Table

from scorekeeper.core import Deal, Payment, ScoreChange
from scorekeeper.core.deal import deal_key
from scorekeeper.core.ledger import Entry
from scorekeeper.store.conversions import deal_json, to_json
from scorekeeper.store.models import PAYMENT, SCORE, SEAT, DealRow, EntryRow

deals: Table = DealRow.__table__  # type: ignore[attr-defined]
entries: Table = EntryRow.__table__  # type: ignore[attr-defined]

DEAL_COLUMNS = ("session_id", "number", "record", "state_after", "recorded_at",
                 "recorded_by")
ENTRY_COLUMNS = ("session_id", "deal_number", "position", "kind", "payer", "payee", "minor",
                  "player", "points", "reason_key", "reason_params")


# Rows a statement of a long write inserts at once. SQLite steps, resets and binds a
# statement per row of an executemany: the 60,000 rows of a 10,000-deal import took 92
# CPU-ms one a statement, 66 fifty a statement (550 values, far under either database's
# limit on a statement's parameters), flattening included. Fewer rows than that (a
# recorded deal's entries) go in one statement too: PostgreSQL executes one INSERT for a
# Save's five entries instead of five.
ROWS_AT_ONCE = 50


def insert_many(connection: Connection, table: Table, columns: Sequence[str],
                rows: Sequence[tuple[Any, ...]]) -> None:
    """Rows as tuples straight to the driver's own cursor (SQLAlchemy's executemany copies
    and checks each row again: a sixth of an import's time). The values must already be
    what the driver takes (see ``driver_time``); the driver's errors are storage failures
    like any other (``failures.storage_error`` knows them)."""
    if not rows:
        return
    cursor = connection.connection.cursor()
    try:
        if connection.dialect.name == "postgresql":
            cursor.execute(json_insert(table, columns), [records(columns, rows)])
        else:
            _insert_rows(cursor, table, columns, rows)
    finally:
        cursor.close()


def _insert_rows(cursor: Any, table: Table, columns: Sequence[str],
                 rows: Sequence[tuple[Any, ...]]) -> None:
    """SQLite: ``ROWS_AT_ONCE`` rows a statement while that many are left, the rest in one."""
    row = f"({', '.join(['?'] * len(columns))})"
    into = f"INSERT INTO {table.name} ({', '.join(columns)}) VALUES "
    at_once = len(rows) - len(rows) % ROWS_AT_ONCE
    if at_once:
        flat = chain.from_iterable
        cursor.executemany(into + ", ".join([row] * ROWS_AT_ONCE),
                           [tuple(flat(rows[start:start + ROWS_AT_ONCE]))
                            for start in range(0, at_once, ROWS_AT_ONCE)])
    if at_once < len(rows):  # the rest in one statement: a recorded deal's 5 entries
        rest = rows[at_once:]
        cursor.execute(into + ", ".join([row] * len(rest)), tuple(chain.from_iterable(rest)))


@cache
def json_insert(table: Table, columns: tuple[str, ...]) -> str:
    """PostgreSQL: any number of rows in one statement, given as one JSON text (an array
    of records). Its text is the same whatever the count, so psycopg parses it once and
    prepares it on the server after a few Saves: a Save's five entries as 55 values were
    parsed again at every Save (over psycopg's cache limit of 50 values, a fifth of its
    CPU in Python), and as an array a column, psycopg escaped every text with a regular
    expression (a third). Encoding the rows as JSON is the C encoder's: 27 µs of CPU for
    five entries, against 80 as values and 75 as arrays."""
    listed = ", ".join(columns)
    return (f"INSERT INTO {table.name} ({listed}) SELECT {listed} "
            f"FROM json_populate_recordset(NULL::{table.name}, %s::json)")


def _moment(value: object) -> str:
    """A time in a JSON record: ISO 8601 with its zone, as PostgreSQL reads it."""
    if isinstance(value, datetime):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} is not JSON")


_record_json = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"),
                                default=_moment).encode


def records(columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """Rows as the JSON array of records ``json_populate_recordset`` reads."""
    return _record_json([dict(zip(columns, row, strict=True)) for row in rows])


def insert_deals(connection: Connection, rows: Sequence[tuple[Any, ...]],
                 entry_rows: Sequence[tuple[Any, ...]] = ()) -> None:
    """Deals as (session_id, number, record, state_after, recorded_at, recorded_by) each,
    with their entries (``entry_tuples``): on PostgreSQL in one statement, one round trip
    of a Save where there were two."""
    if connection.dialect.name != "postgresql" or not rows or not entry_rows:
        insert_many(connection, deals, DEAL_COLUMNS, rows)
        insert_many(connection, entries, ENTRY_COLUMNS, entry_rows)
        return
    cursor = connection.connection.cursor()
    try:
        cursor.execute(_deals_with_entries(), [records(DEAL_COLUMNS, rows),
                                               records(ENTRY_COLUMNS, entry_rows)])
    finally:
        cursor.close()


@cache
def _deals_with_entries() -> str:
    return (f"WITH dealt AS ({json_insert(deals, DEAL_COLUMNS)}) "
            f"{json_insert(entries, ENTRY_COLUMNS)}")


def insert_entries(connection: Connection, session_id: int, entries_: Iterable[Entry],
                   params_json: dict[tuple[tuple[str, Any], ...], str] | None = None) -> None:
    """The entries; ``params_json`` remembers reasons already encoded (across batches)."""
    insert_many(connection, entries, ENTRY_COLUMNS,
                entry_tuples(session_id, entries_, {} if params_json is None else params_json))


def driver_time(connection: Connection, moment: datetime) -> object:
    """A timestamp as SQLAlchemy would hand it to this driver (SQLite gets its text
    form, without the zone, exactly as the ORM writes it)."""
    dialect = connection.dialect
    process = deals.c.recorded_at.type.dialect_impl(dialect).bind_processor(dialect)
    return process(moment) if process else moment


def entry_tuples(session_id: int, entries_: Iterable[Entry],
                 params_json: dict[tuple[tuple[str, Any], ...], str]) -> list[tuple[Any, ...]]:
    """Rows in ``ENTRY_COLUMNS`` order, numbered in order within each deal."""
    rows: list[tuple[Any, ...]] = []
    add = rows.append  # 50,000 entries in a 10,000-deal import: the loop is kept lean
    position = 0
    last_deal = None
    for entry in entries_:
        deal = entry.deal
        position = position + 1 if deal == last_deal else 0
        last_deal = deal
        reason = entry.reason
        params = _params_json(reason.params, params_json)
        if isinstance(entry, Payment):
            add((session_id, deal, position, PAYMENT, entry.payer, entry.payee,
                 entry.minor, None, 0, reason.key, params))
        elif isinstance(entry, ScoreChange):
            add((session_id, deal, position, SCORE, None, None, 0, entry.player,
                 entry.points, reason.key, params))
        else:
            add((session_id, deal, position, SEAT, None, None, 0, entry.player, 0,
                 reason.key, params))
    return rows


def deal_record_json(deal: Deal, seen: dict[tuple[object, ...], str]) -> str:
    """A deal's record as JSON (``conversions.deal_json``). A table of four deals the same
    few hundred deals over and over, and a club's evenings the same again: each is encoded
    once per write (a fifth of storing an import's deals), at most ``KEPT`` remembered.
    A trick count is an int, never a bool, once the rules have passed the deal."""
    key = deal_key(deal)
    found = seen.get(key)
    if found is None:
        found = _remembered(seen, key, deal_json(deal))
    return found


def _params_json(params: dict[str, Any], seen: dict[tuple[tuple[str, Any], ...], str]) -> str:
    """A reason's parameters as JSON. A session repeats a few dozen reasons thousands of
    times (the same ante, the same share), so each is encoded once. Only texts and whole
    numbers are remembered: 1 and True are equal keys but different JSON."""
    if not _PLAIN.issuperset(map(type, params.values())):
        return to_json(params)
    key = tuple(params.items())
    found = seen.get(key)
    if found is None:
        found = _remembered(seen, key, to_json(params))
    return found


# What one write remembers of what it encoded: a restore's is the whole backup's, and a
# backup of nothing but different deals must not keep them all.
KEPT = 50_000


def _remembered(seen: dict[Any, str], key: object, encoded: str) -> str:
    if len(seen) >= KEPT:
        seen.clear()
    seen[key] = encoded
    return encoded


_PLAIN = frozenset({str, int})


# A SQLite connection keeps 2 MB of pages by default. An import's one transaction writes
# about 1 kB a deal: beyond 2 MB its pages spill into the write-ahead log before the
# commit and, changed again by the next rows, are written there again (a 10,000-deal
# import wrote its 60,000 rows in 247 ms, against 144 ms with room for them all). So a
# long write gets room for 64 MB while it lasts, taken only as pages are used, and the
# connection has its own size again after it.
ROOMY_CACHE_KB = 65_536
ROOMY_FROM = 1_000  # deals: below this the default holds them


@contextmanager
def roomy_cache(connection: Connection, deal_count: int) -> Iterator[None]:
    """Room in SQLite's page cache for a write of ``deal_count`` deals, while it lasts."""
    if deal_count < ROOMY_FROM or connection.dialect.name != "sqlite":
        yield
        return
    before = connection.exec_driver_sql("PRAGMA cache_size").scalar()
    connection.exec_driver_sql(f"PRAGMA cache_size = -{ROOMY_CACHE_KB}")
    try:
        yield
    finally:
        connection.exec_driver_sql(f"PRAGMA cache_size = {int(before or -2000)}")
