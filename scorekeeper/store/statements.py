"""The statements a change to a session runs, built once.

Recording a deal is the store's hot path (the tap on Save): built here once with
``bindparam``s, a statement is never constructed again per call and SQLAlchemy's compiled
cache finds it every time, so a deal costs a few statements on one Core connection
instead of the ORM's per-object bookkeeping. The rows a change writes go to the driver
itself (``row_writing``)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from sqlalchemy import Connection, Select, Table, bindparam, case, delete, func, select, update

from scorekeeper.store.models import (
    ENTRY_KINDS,
    FINISHED,
    DraftRow,
    GroupRow,
    SeatRow,
    SessionRow,
    StandingRow,
)
from scorekeeper.store.notices import TELL_DEAL, deal_told
from scorekeeper.store.row_writing import (
    DEAL_COLUMNS,
    ENTRY_COLUMNS,
    deals,
    entries,
    insert_deals,
    json_insert,
    records,
)

sessions: Table = SessionRow.__table__  # type: ignore[attr-defined]
seats: Table = SeatRow.__table__  # type: ignore[attr-defined]
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
# What a session's ledger moved between each payer and payee over its deals (deal 0 is the
# end-of-session rule, which its newest state does not hold), and how many of its entries
# are of a kind the store never writes (counted, not grouped by: a little cheaper).
MONEY_MOVED = (select(entries.c.payer, entries.c.payee, func.sum(entries.c.minor),
                      func.sum(case((entries.c.kind.not_in(sorted(ENTRY_KINDS)), 1), else_=0)))
               .where(entries.c.session_id == bindparam("session_id"),
                      entries.c.deal_number > 0)
               .group_by(entries.c.payer, entries.c.payee))
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
# The same from a version a server holds, never read: a finished session moves on no more.
BUMP_IN_PLAY = BUMP.where(sessions.c.status != FINISHED)
BUMP_IN_PLAY_RETURNING = BUMP_IN_PLAY.returning(sessions.c.version, sessions.c.updated_at)
# A device's draft of a session: dropped when emptied, and with the deal it became (in
# that deal's transaction, so a kill between the two never offers it again).
DROP_DRAFT = delete(drafts).where(drafts.c.session_id == bindparam("of_session"),
                                  drafts.c.device == bindparam("device"))
VERSION = (select(sessions.c.version, sessions.c.updated_at)
           .where(sessions.c.id == bindparam("session_id")))
# Where a session stands, when a save from the version a server held wrote nothing.
STANDING_NOW = (select(sessions.c.name, sessions.c.status, sessions.c.version,
                       sessions.c.deal_count)
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
    _set_totals(connection, changes["session_id"], totals)
    return _moved_on(connection, changes, in_play_only=False)


def _set_totals(connection: Connection, session_id: int,
                totals: Sequence[tuple[int, int, int, int, int, int]]) -> None:
    if totals:
        connection.execute(STANDING, [
            {"of_session": session_id, "of_player": row[0],
             **dict(zip(_STANDING_COLUMNS[1:], row[1:], strict=True))} for row in totals])


def _moved_on(connection: Connection, changes: dict[str, Any], *,
              in_play_only: bool) -> tuple[Any, ...] | None:
    """The version moved on (``BUMP``, or ``BUMP_IN_PLAY``): the new version and its time
    as stored, or None if the session was changed since ``seen`` (or finished)."""
    if connection.dialect.update_returning:
        returning = BUMP_IN_PLAY_RETURNING if in_play_only else BUMP_RETURNING
        bumped = connection.execute(returning, changes).first()
    elif connection.execute(BUMP_IN_PLAY if in_play_only else BUMP, changes).rowcount == 1:
        bumped = connection.execute(VERSION, {"session_id": changes["session_id"]}).first()
    else:
        bumped = None
    return tuple(bumped) if bumped is not None else None


_BUMPED = ("deal_count", "status", "updated_at", "leaders")
# written together (``SessionChange.set_standings``)
_STANDINGS_KEPT = ("result", "places", "feats")


def _bumped_with_totals(connection: Connection, changes: dict[str, Any],
                        totals: Sequence[tuple[int, int, int, int, int, int]],
                        dealt: Dealt | None) -> tuple[Any, ...] | None:
    columns = _BUMPED + (_STANDINGS_KEPT if "result" in changes else ())
    given = records(("session_id", *_STANDING_COLUMNS),
                     ((changes["session_id"], *row) for row in totals))
    rows = ([] if dealt is None else
            [records(DEAL_COLUMNS, dealt[0]), records(ENTRY_COLUMNS, dealt[1])])
    return _first_row(connection, _bump_with_totals(columns, dealt is not None), [
        *rows, given, *(changes[name] for name in columns), changes["session_id"],
        changes["seen"]])


def _first_row(connection: Connection, statement: str, params: list[Any],
               ) -> tuple[Any, ...] | None:
    """``statement``'s first row, run on the driver's own cursor (PostgreSQL)."""
    cursor = connection.connection.cursor()
    try:
        cursor.execute(statement, params)
        return cursor.fetchone()
    finally:
        cursor.close()


@cache
def _bump_with_totals(columns: tuple[str, ...], with_deal: bool) -> str:
    values = ", ".join(f"{name} = %s" for name in columns)
    # The deal's rows are written whatever the guard finds: a changed session is refused
    # (``ConflictError``), and its transaction rolled back with them.
    deal = (f"dealt AS ({json_insert(deals, DEAL_COLUMNS)}), "
            f"entered AS ({json_insert(entries, ENTRY_COLUMNS)}), " if with_deal else "")
    return (f"WITH {deal}totals AS ({_standings_given()}) "
            f"UPDATE sessions SET version = version + 1, {values} "
            f"WHERE id = %s AND version = %s RETURNING version, updated_at")


def bump_held(connection: Connection, changes: dict[str, Any],
              totals: Sequence[tuple[int, int, int, int, int, int]], dealt: Dealt,
              draft_dropped: str | None) -> tuple[Any, ...] | None:
    """``bump`` with the deal it records (and the recording device's draft dropped), from
    the version a server holds: nothing is written unless the session is still at
    ``seen`` and in play. On PostgreSQL, in autocommit, one statement: one round trip,
    where BEGIN, the locked read, the write and COMMIT were four, each a wake-up of a
    backend and of the server's thread. On SQLite, in the change's transaction, the
    version's guard goes first: a refusal has written nothing, and the transaction is
    rolled back. None: nothing was written."""
    if connection.dialect.name != "postgresql":
        return _moved_on_first(connection, changes, totals, dealt, draft_dropped)
    columns = _BUMPED + (_STANDINGS_KEPT if "result" in changes else ())
    given = records(("session_id", *_STANDING_COLUMNS),
                    ((changes["session_id"], *row) for row in totals))
    dropped = [] if draft_dropped is None else [changes["session_id"], draft_dropped]
    told = deal_told(changes["session_id"], dealt[0][0][DEAL_COLUMNS.index("record")]
                     ) if len(dealt[0]) == 1 else None
    bumped = _first_row(connection, _bump_held(columns, draft_dropped is not None,
                                               told is not None), [
        *(changes[name] for name in columns), changes["session_id"], changes["seen"],
        FINISHED, records(DEAL_COLUMNS, dealt[0]), records(ENTRY_COLUMNS, dealt[1]),
        given, *dropped, *(told or ())])
    return None if bumped is None else bumped[:2]


def _moved_on_first(connection: Connection, changes: dict[str, Any],
                    totals: Sequence[tuple[int, int, int, int, int, int]], dealt: Dealt,
                    draft_dropped: str | None) -> tuple[Any, ...] | None:
    bumped = _moved_on(connection, changes, in_play_only=True)
    if bumped is None:
        return None
    insert_deals(connection, *dealt)
    _set_totals(connection, changes["session_id"], totals)
    if draft_dropped is not None:
        connection.execute(DROP_DRAFT, {"of_session": changes["session_id"],
                                        "device": draft_dropped})
    return bumped


@cache
def _bump_held(columns: tuple[str, ...], drops_draft: bool, tells_deal: bool) -> str:
    values = ", ".join(f"{name} = %s" for name in columns)
    # Every write but the version's reads the version's RETURNING: a session changed
    # since (its row re-read under the lock the UPDATE waits for) or finished bumps
    # nothing, and so nothing else is written. (All of a WITH's parts see one snapshot,
    # but only the version's guard decides; the rest only follow it.)
    guarded = "EXISTS (SELECT FROM bumped)"
    dropped = (f", dropped AS (DELETE FROM drafts WHERE session_id = %s AND device = %s "
               f"AND {guarded})" if drops_draft else "")
    return (f"WITH bumped AS (UPDATE sessions SET version = version + 1, {values} "
            f"WHERE id = %s AND version = %s AND status <> %s "
            f"RETURNING version, updated_at), "
            f"dealt AS ({json_insert(deals, DEAL_COLUMNS)} WHERE {guarded}), "
            f"entered AS ({json_insert(entries, ENTRY_COLUMNS)} WHERE {guarded}), "
            f"totals AS ({_standings_given()} AND {guarded}){dropped} "
            f"SELECT version, updated_at{TELL_DEAL if tells_deal else ''} FROM bumped")


@cache
def _standings_given() -> str:
    totals = ", ".join(f"{name} = given.{name}" for name in _STANDING_COLUMNS[1:])
    return (f"UPDATE standings SET {totals} "
            f"FROM json_populate_recordset(NULL::standings, %s::json) AS given "
            f"WHERE standings.session_id = given.session_id "
            f"AND standings.player_id = given.player_id")


def upsert(dialect_name: str) -> Any:
    """This database's INSERT that takes ON CONFLICT. PostgreSQL's dialect package is
    imported only on PostgreSQL: it weighs 2 MB that an app on SQLite never needs."""
    if dialect_name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    else:
        from sqlalchemy.dialects.sqlite import insert
    return insert


