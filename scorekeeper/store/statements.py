"""The statements a change to a session runs, built once.

Recording a deal is the store's hot path (the tap on Save): built here once with
``bindparam``s, a statement is never constructed again per call and SQLAlchemy's compiled
cache finds it every time, so a deal costs a few statements on one Core connection
instead of the ORM's per-object bookkeeping. The many rows of an import go through the
driver's own ``executemany`` as prebuilt tuples, not through SQLAlchemy's per-row
parameter processing (60,000 ledger entries for a 10,000-deal session)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from functools import cache
from itertools import chain
from typing import Any

from sqlalchemy import Connection, Select, Table, bindparam, delete, func, select, update

from scorekeeper.core import Deal, Payment, ScoreChange
from scorekeeper.core.deal import dealt_plainly
from scorekeeper.core.ledger import Entry
from scorekeeper.store.conversions import deal_json, to_json
from scorekeeper.store.models import (
    DealRow,
    DraftRow,
    EntryRow,
    GroupRow,
    SeatRow,
    SessionRow,
    StandingRow,
)

sessions: Table = SessionRow.__table__  # type: ignore[attr-defined]
seats: Table = SeatRow.__table__  # type: ignore[attr-defined]
deals: Table = DealRow.__table__  # type: ignore[attr-defined]
entries: Table = EntryRow.__table__  # type: ignore[attr-defined]
standings: Table = StandingRow.__table__  # type: ignore[attr-defined]
drafts: Table = DraftRow.__table__  # type: ignore[attr-defined]
groups: Table = GroupRow.__table__  # type: ignore[attr-defined]

# The session row with the state kept after its newest deal, and its seats in order of
# play (one row per seat): one round trip where three were made.
_NEWEST_STATE = (select(deals.c.state_after)
                 .where(deals.c.session_id == sessions.c.id,
                        deals.c.number == sessions.c.deal_count)
                 .scalar_subquery().label("state_after"))
SESSION = (select(sessions.c.id, sessions.c.name, sessions.c.status, sessions.c.version,
                  sessions.c.deal_count, sessions.c.variant, sessions.c.options,
                  sessions.c.first_dealer, sessions.c.currency, sessions.c.unit,
                  sessions.c.created_at, sessions.c.updated_at, _NEWEST_STATE,
                  sessions.c.played_on, sessions.c.uid, groups.c.name.label("group_name"),
                  seats.c.name.label("seated"), seats.c.player_id, seats.c.joined)
           .join(seats, seats.c.session_id == sessions.c.id)
           .outerjoin(groups, groups.c.id == sessions.c.group_id)
           .where(sessions.c.id == bindparam("session_id"))
           .order_by(seats.c.seat))
# The same, with the session's row locked until the transaction ends (PostgreSQL;
# SQLite's BEGIN IMMEDIATE already holds the whole database).
LOCKED_SESSION = SESSION.with_for_update(of=sessions)
DEAL_RECORDS = (select(deals.c.record).where(deals.c.session_id == bindparam("session_id"))
                .order_by(deals.c.number))
KEEP_STATE = (update(deals)
              .where(deals.c.session_id == bindparam("of_session"),
                     deals.c.number == bindparam("of_number"))
              .values(state_after=bindparam("state")))
DEALS_AFTER = delete(deals).where(deals.c.session_id == bindparam("of_session"),
                                  deals.c.number > bindparam("first"))
ENTRIES_AFTER = delete(entries).where(entries.c.session_id == bindparam("of_session"),
                                      entries.c.deal_number > bindparam("first"))
# One executemany for every player's totals (the SET columns come from the parameters).
STANDING = update(standings).where(standings.c.session_id == bindparam("of_session"),
                                   standings.c.player_id == bindparam("of_player"))
# A joiner's seat and standing, gone when an edited deal no longer seats them; where the
# next joiner sits in the seats table (in order of joining, after the table at the start).
JOINER_SEAT = delete(seats).where(seats.c.session_id == bindparam("of_session"),
                                  seats.c.player_id == bindparam("of_player"), seats.c.joined)
JOINER_STANDING = delete(standings).where(standings.c.session_id == bindparam("of_session"),
                                          standings.c.player_id == bindparam("of_player"))
NEXT_SEAT = (select(func.coalesce(func.max(seats.c.seat), -1) + 1)
             .where(seats.c.session_id == bindparam("of_session")))
# The WHERE on the old version is the last line of defence against a lost update.
BUMP = (update(sessions)
        .where(sessions.c.id == bindparam("session_id"),
               sessions.c.version == bindparam("seen"))
        .values(version=sessions.c.version + 1))
# The new version and time as stored, in the same statement where the database can
# (PostgreSQL, SQLite from 3.35); else read back with VERSION.
BUMP_RETURNING = BUMP.returning(sessions.c.version, sessions.c.updated_at)
# A device's draft of a session: dropped when emptied, and with the deal it became (in
# that deal's transaction, so a kill between the two never offers it again).
DROP_DRAFT = delete(drafts).where(drafts.c.session_id == bindparam("of_session"),
                                  drafts.c.device == bindparam("device"))
VERSION = (select(sessions.c.version, sessions.c.updated_at)
           .where(sessions.c.id == bindparam("session_id")))


def session_rows(connection: Connection, query: Select[Any], session_id: int,
                 ) -> Sequence[Any]:
    """``SESSION``'s rows (or ``LOCKED_SESSION``'s), each column an attribute. On
    PostgreSQL straight from the driver's cursor, the statement compiled once: every Save
    reads its session's rows, and every server reads a session another server changed
    while it shows it, and SQLAlchemy's execution and result around the driver's were
    half of such a read's CPU (its columns described again at every read)."""
    if connection.dialect.name != "postgresql":
        return connection.execute(query, {"session_id": session_id}).all()
    from psycopg.rows import namedtuple_row  # the PostgreSQL driver: only a club loads it

    cursor = connection.connection.cursor(row_factory=namedtuple_row)
    try:
        cursor.execute(_compiled(query), {"session_id": session_id})
        return cursor.fetchall()
    finally:
        cursor.close()


@cache
def _compiled(query: Select[Any]) -> str:
    return str(query.compile(dialect=postgresql_dialect()))


_DEAL_COLUMNS = ("session_id", "number", "record", "state_after", "recorded_at",
                 "recorded_by")
_ENTRY_COLUMNS = ("session_id", "deal_number", "position", "kind", "payer", "payee", "minor",
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
            cursor.execute(_json_insert(table, columns), [_records(columns, rows)])
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
def _json_insert(table: Table, columns: tuple[str, ...]) -> str:
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


def _records(columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """Rows as the JSON array of records ``json_populate_recordset`` reads."""
    return _record_json([dict(zip(columns, row, strict=True)) for row in rows])


@cache
def postgresql_dialect() -> Any:
    from sqlalchemy.dialects.postgresql import psycopg

    return psycopg.dialect()


_STANDING_COLUMNS = ("player_id", "deals_played", "tricks", "flights", "minor", "games_won")


# A deal's rows (``insert_deals``'s: the deal's, and its entries') written with the version.
Dealt = tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]


def bump(connection: Connection, changes: dict[str, Any],
         totals: Sequence[tuple[int, int, int, int, int, int]],
         dealt: Dealt | None = None) -> tuple[Any, ...] | None:
    """The session's next version (``BUMP``'s ``changes``) and each player's totals after
    it, as (player_id, deals_played, tricks, flights, minor, games_won): the new version
    and its time as stored, or None if the session was changed since ``seen``. On
    PostgreSQL one statement, with the deal it records if ``dealt`` (a Save's writes were
    four statements in four round trips, and one a player)."""
    if connection.dialect.name == "postgresql":
        return _bumped_with_totals(connection, changes, totals, dealt)
    if dealt is not None:
        insert_deals(connection, *dealt)
    if totals:
        connection.execute(STANDING, [
            {"of_session": changes["session_id"], "of_player": row[0],
             **dict(zip(_STANDING_COLUMNS[1:], row[1:], strict=True))} for row in totals])
    if connection.dialect.update_returning:
        bumped = connection.execute(BUMP_RETURNING, changes).first()
    elif connection.execute(BUMP, changes).rowcount == 1:
        bumped = connection.execute(VERSION, {"session_id": changes["session_id"]}).first()
    else:
        bumped = None
    return tuple(bumped) if bumped is not None else None


_BUMPED = ("deal_count", "status", "updated_at", "leaders")


def _bumped_with_totals(connection: Connection, changes: dict[str, Any],
                        totals: Sequence[tuple[int, int, int, int, int, int]],
                        dealt: Dealt | None) -> tuple[Any, ...] | None:
    columns = _BUMPED + (("result",) if "result" in changes else ())
    given = _records(("session_id", *_STANDING_COLUMNS),
                     ((changes["session_id"], *row) for row in totals))
    rows = ([] if dealt is None else
            [_records(_DEAL_COLUMNS, dealt[0]), _records(_ENTRY_COLUMNS, dealt[1])])
    cursor = connection.connection.cursor()
    try:
        cursor.execute(_bump_with_totals(columns, dealt is not None), [
            *rows, given, *(changes[name] for name in columns), changes["session_id"],
            changes["seen"]])
        return cursor.fetchone()
    finally:
        cursor.close()


@cache
def _bump_with_totals(columns: tuple[str, ...], with_deal: bool) -> str:
    values = ", ".join(f"{name} = %s" for name in columns)
    # The deal's rows are written whatever the guard finds: a changed session is refused
    # (``ConflictError``), and its transaction rolled back with them.
    deal = (f"dealt AS ({_json_insert(deals, _DEAL_COLUMNS)}), "
            f"entered AS ({_json_insert(entries, _ENTRY_COLUMNS)}), " if with_deal else "")
    return (f"WITH {deal}totals AS ({_standings_given()}) "
            f"UPDATE sessions SET version = version + 1, {values} "
            f"WHERE id = %s AND version = %s RETURNING version, updated_at")


@cache
def _standings_given() -> str:
    totals = ", ".join(f"{name} = given.{name}" for name in _STANDING_COLUMNS[1:])
    return (f"UPDATE standings SET {totals} "
            f"FROM json_populate_recordset(NULL::standings, %s::json) AS given "
            f"WHERE standings.session_id = given.session_id "
            f"AND standings.player_id = given.player_id")


def insert_deals(connection: Connection, rows: Sequence[tuple[Any, ...]],
                 entry_rows: Sequence[tuple[Any, ...]] = ()) -> None:
    """Deals as (session_id, number, record, state_after, recorded_at, recorded_by) each,
    with their entries (``entry_tuples``): on PostgreSQL in one statement, one round trip
    of a Save where there were two."""
    if connection.dialect.name != "postgresql" or not rows or not entry_rows:
        insert_many(connection, deals, _DEAL_COLUMNS, rows)
        insert_many(connection, entries, _ENTRY_COLUMNS, entry_rows)
        return
    cursor = connection.connection.cursor()
    try:
        cursor.execute(_deals_with_entries(), [_records(_DEAL_COLUMNS, rows),
                                               _records(_ENTRY_COLUMNS, entry_rows)])
    finally:
        cursor.close()


@cache
def _deals_with_entries() -> str:
    return (f"WITH dealt AS ({_json_insert(deals, _DEAL_COLUMNS)}) "
            f"{_json_insert(entries, _ENTRY_COLUMNS)}")


def insert_entries(connection: Connection, session_id: int, entries_: Iterable[Entry],
                   params_json: dict[tuple[tuple[str, Any], ...], str] | None = None) -> None:
    """The entries; ``params_json`` remembers reasons already encoded (across batches)."""
    insert_many(connection, entries, _ENTRY_COLUMNS,
                entry_tuples(session_id, entries_, {} if params_json is None else params_json))


def driver_time(connection: Connection, moment: datetime) -> object:
    """A timestamp as SQLAlchemy would hand it to this driver (SQLite gets its text
    form, without the zone, exactly as the ORM writes it)."""
    dialect = connection.dialect
    process = deals.c.recorded_at.type.dialect_impl(dialect).bind_processor(dialect)
    return process(moment) if process else moment


def entry_tuples(session_id: int, entries_: Iterable[Entry],
                 params_json: dict[tuple[tuple[str, Any], ...], str]) -> list[tuple[Any, ...]]:
    """Rows in ``_ENTRY_COLUMNS`` order, numbered in order within each deal."""
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
            add((session_id, deal, position, "payment", entry.payer, entry.payee,
                 entry.minor, None, 0, reason.key, params))
        elif isinstance(entry, ScoreChange):
            add((session_id, deal, position, "score", None, None, 0, entry.player,
                 entry.points, reason.key, params))
        else:
            add((session_id, deal, position, "seat", None, None, 0, entry.player, 0,
                 reason.key, params))
    return rows


def deal_record_json(deal: Deal, seen: dict[tuple[object, ...], str]) -> str:
    """A deal's record as JSON (``conversions.deal_json``). Most deals of a session are a
    dealer and the tricks alone, and a table of four deals the same few hundred of them
    over and over: each is encoded once per write (a fifth of storing an import's deals).
    A trick count is an int, never a bool, once the rules have passed the deal."""
    if not dealt_plainly(deal):
        return deal_json(deal)
    key = (deal.dealer, *deal.tricks.items())
    found = seen.get(key)
    if found is None:
        found = seen[key] = deal_json(deal)
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
        found = seen[key] = to_json(params)
    return found


_PLAIN = frozenset({str, int})


def upsert(dialect_name: str) -> Any:
    """This database's INSERT that takes ON CONFLICT. PostgreSQL's dialect package is
    imported only on PostgreSQL: it weighs 2 MB that an app on SQLite never needs."""
    if dialect_name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    else:
        from sqlalchemy.dialects.sqlite import insert
    return insert


# A SQLite connection keeps 2 MB of pages by default. An import's one transaction writes
# about 1 kB a deal: beyond 2 MB its pages spill into the write-ahead log before the
# commit and, changed again by the next rows, are written there again (a 10,000-deal
# import wrote its 60,000 rows in 247 ms, against 144 ms with room for them all). So a
# long write gets room for 64 MB while it lasts, taken only as pages are used, and the
# connection has its own size again after it.
ROOMY_CACHE_KB = 65_536
ROOMY_FROM = 1_000  # deals: below this the default holds them


@contextmanager
def roomy_cache(connection: Connection, deals: int) -> Iterator[None]:
    """Room in SQLite's page cache for a write of ``deals`` deals, while it is written."""
    if deals < ROOMY_FROM or connection.dialect.name != "sqlite":
        yield
        return
    before = connection.exec_driver_sql("PRAGMA cache_size").scalar()
    connection.exec_driver_sql(f"PRAGMA cache_size = -{ROOMY_CACHE_KB}")
    try:
        yield
    finally:
        connection.exec_driver_sql(f"PRAGMA cache_size = {int(before or -2000)}")
