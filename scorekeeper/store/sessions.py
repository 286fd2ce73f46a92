"""Sessions in the database. Every change is one transaction, checked against the
session's version, so two devices can never both record deal N."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Engine, Row, Select, delete, func, select
from sqlalchemy.orm import Session as Db

from scorekeeper.core import (
    Deal,
    Entry,
    RuleError,
    Session,
    State,
    Step,
    Table,
    close,
    initial_state,
    leaders,
    msg,
    record,
    text,
)
from scorekeeper.store import statements as sql
from scorekeeper.store.conversions import deal_json, deal_of, entry_of, table_of
from scorekeeper.store.errors import ConflictError
from scorekeeper.store.failures import StorageError, StoreError, storage_failures
from scorekeeper.store.models import (
    DealRow,
    EntryRow,
    PlayerRow,
    SeatRow,
    SessionRow,
    StandingRow,
    now,
)
from scorekeeper.store.snapshot import dump_state, load_state

IN_PLAY, FINISHED = "in_play", "finished"
# Besides the newest deal's, the state after every 100th deal is kept, so the ledger's
# newest deals are replayed from at most 100 deals before them instead of from the start.
# Replaying 100 deals takes about 4 ms; keeping a state takes about 10 µs and 400 bytes,
# so a 10,000-deal import spends 1 ms more (of about a second) on its 100 states.
SNAPSHOT_EVERY = 100
name_key = text.name_key  # how the roster compares names (trimmed, NFC, case-folded)


@dataclass(frozen=True, slots=True)
class StoredSession:
    """A session as stored: its set-up and current state, without loading its deals."""

    id: int
    name: str
    status: str
    version: int
    table: Table
    state: State
    created_at: datetime
    updated_at: datetime

    @property
    def finished(self) -> bool:
        return self.status == FINISHED


@dataclass(frozen=True, slots=True)
class SessionSummary:
    """One line of the home screen's list."""

    id: int
    name: str
    variant: str
    players: tuple[str, ...]
    status: str
    deals: int
    updated_at: datetime
    leaders: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class _Opened:
    """A session as read inside a transaction (Core rows, no ORM objects to refresh)."""

    row: Row[Any]  # statements.SESSION's columns
    table: Table
    player_ids: dict[str, int]  # each seated name's roster row


class SessionStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @contextmanager
    def _transaction(self) -> Iterator[Db]:
        """One transaction: committed whole, or rolled back whole (a storage failure
        becomes a ``StorageError`` only after the rollback)."""
        with storage_failures(self.engine), Db(self.engine) as db, db.begin():
            yield db

    @contextmanager
    def _reading(self) -> Iterator[Db]:
        with storage_failures(self.engine), Db(self.engine) as db:
            yield db

    @contextmanager
    def _writing(self) -> Iterator[Connection]:
        """``_transaction`` on a bare Core connection: what a change to a session uses."""
        with storage_failures(self.engine), self.engine.begin() as connection:
            yield connection

    @contextmanager
    def _connected(self) -> Iterator[Connection]:
        with storage_failures(self.engine), self.engine.connect() as connection:
            yield connection

    # --- the roster ---------------------------------------------------------------

    def roster(self) -> list[str]:
        with self._reading() as db:
            return list(db.scalars(select(PlayerRow.name).order_by(PlayerRow.name)))

    def add_player(self, name: str) -> str:
        """Add a name to the roster (once, whatever its case); the name as kept."""
        with self._transaction() as db:
            return self._player(db, name).name

    def _player(self, db: Db, name: str) -> PlayerRow:
        """The roster's row for ``name``, added if new. Two devices (or two imports) adding
        the same new player at once both succeed: the insert yields to the row already
        there (ON CONFLICT DO NOTHING on the name's key), and both then read that row."""
        try:
            name = text.player_name(name)
        except RuleError as error:
            raise StoreError(error.message) from None
        key = text.name_key(name)
        insert_or_not = sql.upsert(db.get_bind().dialect.name)
        db.execute(insert_or_not(PlayerRow)
                   .values(name=name, name_key=key, created_at=now())
                   .on_conflict_do_nothing(index_elements=["name_key"]))
        return db.scalars(select(PlayerRow).where(PlayerRow.name_key == key)).one()

    # --- sessions -----------------------------------------------------------------

    def create(self, name: str, table: Table) -> StoredSession:
        with self._transaction() as db:
            row, _ = self._new_session(db, name, table)
            return self._stored(row, table, initial_state(table))

    def import_session(self, name: str, session: Session,
                       progress: Callable[[int], None] | None = None) -> StoredSession:
        """A whole session in one transaction: all of it is stored, or nothing."""
        with self._transaction() as db:
            row, player_ids = self._new_session(db, name, session.table)
            assert row.id is not None
            self._write_steps(db.connection(), row.id, session.steps, progress)
            self._write_standings(db.connection(), row.id, player_ids, session.table,
                                  session.state)
            row.deal_count = len(session.steps)
            row.leaders = json.dumps(leaders(session.table, session.state), ensure_ascii=False)
            return self._stored(row, session.table, session.state)

    def _new_session(self, db: Db, name: str, table: Table) -> tuple[SessionRow, dict[str, int]]:
        """The session's row, its seats and standings; with each seated name's player id."""
        try:
            name = text.session_name(name)
        except RuleError as error:
            raise StoreError(error.message) from None
        row = SessionRow(
            name=name or table.rules.variant,
            variant=table.rules.variant,
            options=json.dumps(dict(table.options)),
            first_dealer=table.first_dealer,
            currency=table.money.currency,
            unit=str(table.money.unit),
        )
        db.add(row)
        db.flush()
        assert row.id is not None
        player_ids = {}
        for seat, player_name in enumerate(table.players):
            player = self._player(db, player_name)
            assert player.id is not None
            player_ids[player_name] = player.id
            db.add(SeatRow(session_id=row.id, seat=seat, player_id=player.id, name=player_name))
            db.add(StandingRow(session_id=row.id, player_id=player.id))
        db.flush()
        return row, player_ids

    def get(self, session_id: int) -> StoredSession:
        """The session's set-up and current state: one row read, no replay."""
        with self._writing() as connection:  # a session from revision 0001 gets its states kept
            opened = self._open(connection, session_id, sql.SESSION)
            return self._stored(opened.row, opened.table,
                                self._current_state(connection, opened))

    def replayed(self, session_id: int) -> tuple[StoredSession, Session]:
        """The session with every deal replayed by the rules (for edits and exports)."""
        with self._connected() as connection:
            opened = self._open(connection, session_id, sql.SESSION)
            session = Session.replay(opened.table, self._deals(connection, session_id))
            return self._stored(opened.row, opened.table, session.state), session

    def deals(self, session_id: int) -> list[Deal]:
        with self._connected() as connection:
            return self._deals(connection, session_id)

    def entries(self, session_id: int, first: int = 0, last: int | None = None) -> list[Entry]:
        """Ledger entries of deals ``first``..``last`` (0 is the end-of-session rule)."""
        query = select(EntryRow).where(EntryRow.session_id == session_id,
                                       EntryRow.deal_number >= first)
        if last is not None:
            query = query.where(EntryRow.deal_number <= last)
        query = query.order_by(EntryRow.deal_number, EntryRow.position)
        with self._reading() as db:
            return [entry_of(row) for row in db.scalars(query)]

    def recent_steps(self, session_id: int, newest: int, deals: int,
                     version: int) -> tuple[Step, ...]:
        """The steps of the ``newest`` deals up to deal ``deals`` (the count the caller's
        ``version`` holds), oldest first: replayed from the nearest state kept before them,
        not from the start. A session stored before every SNAPSHOT_EVERY-th state was kept
        is replayed from further back once, and gets those states kept (at ``version``)."""
        first = max(deals - newest, 0)  # the replay starts from the state after this deal
        with self._writing() as connection:
            opened = self._open(connection, session_id, sql.SESSION)
            kept = connection.execute(
                select(DealRow.number, DealRow.state_after)
                .where(DealRow.session_id == session_id, DealRow.number <= first,
                       DealRow.state_after.is_not(None))
                .order_by(DealRow.number.desc()).limit(1)
            ).first()
            start, state = ((kept.number, load_state(kept.state_after)) if kept is not None
                            else (0, initial_state(opened.table)))
            records = connection.scalars(
                select(DealRow.record)
                .where(DealRow.session_id == session_id, DealRow.number > start,
                       DealRow.number <= deals)
                .order_by(DealRow.number)
            ).all()
            missing = first - start > SNAPSHOT_EVERY and opened.row.version == version
            steps = []
            for written in records:
                step = record(opened.table, state, deal_of(written))
                state = step.state
                if state.deals > first:
                    steps.append(step)
                elif missing and not state.deals % SNAPSHOT_EVERY:
                    self._keep_state(connection, session_id, state)
            return tuple(steps)

    def record(self, session_id: int, deal: Deal, version: int,
               drafted_on: str | None = None) -> tuple[StoredSession, Step]:
        """Check and store the next deal; refuses it whole (``RuleError``, ``ConflictError``).
        ``drafted_on``: the device whose draft this deal was, dropped in the same transaction.

        The tap on Save waits for this: one Core transaction of prebuilt statements (see
        ``statements``), the session row read with its newest state in one go."""
        with self._writing() as connection:
            opened = self._locked(connection, session_id, version, recording=True)
            step = record(opened.table, self._current_state(connection, opened), deal)
            self._write_steps(connection, session_id, [step])
            self._write_standings(connection, session_id, opened.player_ids, opened.table,
                                  step.state)
            if drafted_on is not None:
                connection.execute(sql.DROP_DRAFT, {"of_session": session_id,
                                                    "device": drafted_on})
            return self._bump(connection, opened, step.state), step

    def undo(self, session_id: int, version: int) -> StoredSession:
        return self._rewrite(session_id, version, lambda s: s.undo())

    def edit(self, session_id: int, index: int, deal: Deal, version: int) -> StoredSession:
        """Replace deal ``index`` (0-based); every later deal is checked and recomputed."""
        return self._rewrite(session_id, version, lambda s: s.edit(index, deal), index)

    def delete_deal(self, session_id: int, index: int, version: int) -> StoredSession:
        return self._rewrite(session_id, version, lambda s: s.delete(index), index)

    def finish(self, session_id: int, version: int) -> StoredSession:
        """End the session: the end-of-session pot rule is applied and written down."""
        with self._writing() as connection:
            opened = self._locked(connection, session_id, version)
            state = self._current_state(connection, opened)
            closing = close(opened.table, state)
            sql.insert_entries(connection, session_id, closing.entries)
            self._write_standings(connection, session_id, opened.player_ids, opened.table,
                                  state, closing.money)
            return self._bump(connection, opened, state, FINISHED)

    def remove(self, session_id: int) -> None:
        with self._transaction() as db:
            for model in (EntryRow, DealRow, StandingRow, SeatRow):
                db.execute(delete(model).where(model.session_id == session_id))
            db.execute(delete(SessionRow).where(SessionRow.id == session_id))

    def summaries(self, limit: int | None = None) -> list[SessionSummary]:
        """Sessions, latest first (the ``limit`` latest), with their players and leaders."""
        query = (select(SessionRow.id, SessionRow.name, SessionRow.variant, SessionRow.status,
                        SessionRow.deal_count, SessionRow.updated_at, SessionRow.leaders)
                 .order_by(SessionRow.updated_at.desc(), SessionRow.id.desc()).limit(limit))
        with self._reading() as db:
            rows = db.execute(query).all()
            seats: dict[int, list[str]] = {row.id: [] for row in rows}
            found = (select(SeatRow.session_id, SeatRow.name)
                     .where(SeatRow.session_id.in_(seats)).order_by(SeatRow.seat))
            for session_id, name in db.execute(found):
                seats[session_id].append(name)
        return [
            SessionSummary(row.id, row.name, row.variant, tuple(seats[row.id]), row.status,
                           row.deal_count, row.updated_at, tuple(json.loads(row.leaders)))
            for row in rows
        ]

    def versions(self, session_ids: Sequence[int]) -> dict[int, int]:
        """The version each session is at now: how other processes' changes are noticed."""
        if not session_ids:
            return {}
        query = select(SessionRow.id, SessionRow.version).where(SessionRow.id.in_(session_ids))
        with Db(self.engine) as db:
            return {row[0]: row[1] for row in db.execute(query)}

    def list_mark(self) -> tuple[int, datetime | None]:
        """Changes whenever a session is added, changed or removed (for the sessions list)."""
        query = select(func.count(), func.max(SessionRow.updated_at))
        with Db(self.engine) as db:
            count, latest = db.execute(query).one()
        return count, latest

    def count_sessions(self) -> int:
        with self._reading() as db:
            return db.scalar(select(func.count()).select_from(SessionRow)) or 0

    # --- inside a transaction -----------------------------------------------------

    def _open(self, connection: Connection, session_id: int, query: Select[Any]) -> _Opened:
        """The session row (``statements.SESSION`` or ``LOCKED_SESSION``) and its seats."""
        seats = connection.execute(query, {"session_id": session_id}).all()
        if not seats:
            raise StoreError(msg("store.no_session", session=session_id))
        table = table_of(seats[0], [seat.seated for seat in seats])
        return _Opened(seats[0], table, {seat.seated: seat.player_id for seat in seats})

    def _locked(self, connection: Connection, session_id: int, version: int,
                recording: bool = False, finished_too: bool = False) -> _Opened:
        """The session, its row locked for this transaction, at the version the caller saw
        (and still in play unless ``finished_too``)."""
        opened = self._open(connection, session_id, sql.LOCKED_SESSION)
        row = opened.row
        if row.version != version:
            key = "store.conflict_recorded" if recording else "store.conflict"
            raise ConflictError(msg(key, deal=row.deal_count))
        if row.status == FINISHED and not finished_too:
            raise StoreError(msg("store.finished", session=row.name))
        return opened

    def _bump(self, connection: Connection, opened: _Opened, state: State,
              status: str | None = None) -> StoredSession:
        """The next version of the session; the session as it now stands."""
        row = opened.row
        changes = {
            "session_id": row.id, "seen": row.version, "deal_count": state.deals,
            "status": status or row.status, "updated_at": now(),
            "leaders": json.dumps(leaders(opened.table, state), ensure_ascii=False),
        }
        if connection.dialect.update_returning:
            bumped = connection.execute(sql.BUMP_RETURNING, changes).first()
        elif connection.execute(sql.BUMP, changes).rowcount == 1:
            bumped = connection.execute(sql.VERSION, {"session_id": row.id}).first()
        else:
            bumped = None
        if bumped is None:
            raise ConflictError(msg("store.conflict_recorded", deal=state.deals))
        version, updated_at = bumped  # as stored (a database keeps the time its own way)
        return StoredSession(row.id, row.name, status or row.status, version, opened.table,
                             state, row.created_at, updated_at)

    def _deals(self, connection: Connection, session_id: int) -> list[Deal]:
        records = connection.scalars(sql.DEAL_RECORDS, {"session_id": session_id})
        return [deal_of(written) for written in records]

    def _current_state(self, connection: Connection, opened: _Opened) -> State:
        row = opened.row
        if not row.deal_count:
            return initial_state(opened.table)
        if row.state_after is not None:
            return load_state(row.state_after)
        # A session stored before revision 0002: replay it once and keep its state.
        state = Session.replay(opened.table, self._deals(connection, row.id)).state
        self._keep_state(connection, row.id, state)
        return state

    def _keep_state(self, connection: Connection, session_id: int, state: State) -> None:
        connection.execute(sql.KEEP_STATE, {"of_session": session_id, "of_number": state.deals,
                                            "state": dump_state(state)})

    def _write_steps(self, connection: Connection, session_id: int, steps: Sequence[Step],
                     progress: Callable[[int], None] | None = None) -> None:
        batch = 500
        last = steps[-1] if steps else None
        recorded_at = sql.driver_time(connection, now())  # one moment for the whole import
        params_json: dict[tuple[tuple[str, Any], ...], str] = {}
        for start in range(0, len(steps), batch):
            chunk = steps[start:start + batch]
            # The newest deal's state is kept, as the next deal starts from it; and every
            # SNAPSHOT_EVERY-th deal's, as the ledger's newest deals are replayed from it.
            sql.insert_deals(connection, [
                (session_id, step.state.deals, deal_json(step.deal),
                 dump_state(step.state) if step is last or not step.state.deals % SNAPSHOT_EVERY
                 else None, recorded_at)
                for step in chunk
            ])
            sql.insert_entries(connection, session_id,
                               (entry for step in chunk for entry in step.entries), params_json)
            if progress:
                progress(len(chunk))

    def _write_standings(self, connection: Connection, session_id: int,
                         player_ids: dict[str, int], table: Table, state: State,
                         money: dict[str, int] | None = None) -> None:
        """Each player's totals. The money is always what the player has won or lost if the
        session ends now (the end-of-session pot rule applied), the one figure the table,
        settle-up and the players screen all show."""
        money = money or close(table, state).money
        finished = [game for game in state.games if game.finished]
        connection.execute(sql.STANDING, [
            {"of_session": session_id, "of_player": player_ids[player],
             "deals_played": state.played[player], "tricks": state.tricks[player],
             "flights": state.flights[player], "minor": money[player],
             "games_won": sum(player in game.winners for game in finished)}
            for player in table.players
        ])

    def _rewrite(self, session_id: int, version: int, change: Callable[[Session], Session],
                 index: int | None = None) -> StoredSession:
        """Undo, edit or delete: replay, then rewrite the deals from the first one changed."""
        with self._writing() as connection:
            opened = self._locked(connection, session_id, version)
            before = Session.replay(opened.table, self._deals(connection, session_id))
            if not before.steps:
                raise StoreError(msg("store.no_deals"))
            after = change(before)
            first = len(after.steps) if index is None else index
            for rows_after in (sql.DEALS_AFTER, sql.ENTRIES_AFTER):
                connection.execute(rows_after, {"of_session": session_id, "first": first})
            self._write_steps(connection, session_id, after.steps[first:])
            if after.steps and first == len(after.steps):  # nothing rewritten: keep the state
                self._keep_state(connection, session_id, after.state)
            self._write_standings(connection, session_id, opened.player_ids, opened.table,
                                  after.state)
            return self._bump(connection, opened, after.state)

    @staticmethod
    def _stored(row: SessionRow | Row[Any], table: Table, state: State) -> StoredSession:
        assert row.id is not None
        return StoredSession(row.id, row.name, row.status, row.version, table, state,
                             row.created_at, row.updated_at)


__all__ = ["ConflictError", "SessionStore", "SessionSummary", "StorageError", "StoreError",
           "StoredSession", "name_key"]
