"""Sessions in the database. Every change is one transaction, checked against the
session's version, so two devices can never both record deal N."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Engine, delete, func, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite
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
from scorekeeper.store.conversions import deal_json, deal_of, entry_of, entry_rows, table_of
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
        dialect = postgresql if db.get_bind().dialect.name == "postgresql" else sqlite
        db.execute(dialect.insert(PlayerRow)
                   .values(name=name, name_key=key, created_at=now())
                   .on_conflict_do_nothing(index_elements=["name_key"]))
        return db.scalars(select(PlayerRow).where(PlayerRow.name_key == key)).one()

    # --- sessions -----------------------------------------------------------------

    def create(self, name: str, table: Table) -> StoredSession:
        with self._transaction() as db:
            row = self._new_session(db, name, table)
            return self._stored(row, table, initial_state(table))

    def import_session(self, name: str, session: Session,
                       progress: Callable[[int], None] | None = None) -> StoredSession:
        """A whole session in one transaction: all of it is stored, or nothing."""
        with self._transaction() as db:
            row = self._new_session(db, name, session.table)
            assert row.id is not None
            self._write_steps(db, row.id, session.steps, progress)
            self._write_standings(db, row.id, session.table, session.state)
            row.deal_count = len(session.steps)
            row.leaders = json.dumps(leaders(session.table, session.state), ensure_ascii=False)
            return self._stored(row, session.table, session.state)

    def _new_session(self, db: Db, name: str, table: Table) -> SessionRow:
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
        for seat, player_name in enumerate(table.players):
            player = self._player(db, player_name)
            db.add(SeatRow(session_id=row.id, seat=seat, player_id=player.id, name=player_name))
            db.add(StandingRow(session_id=row.id, player_id=player.id))
        db.flush()
        return row

    def get(self, session_id: int) -> StoredSession:
        """The session's set-up and current state: one row read, no replay."""
        with self._transaction() as db:  # a session from revision 0001 gets its states kept
            row = self._row(db, session_id)
            table = self._table(db, row)
            return self._stored(row, table, self._current_state(db, row, table))

    def replayed(self, session_id: int) -> tuple[StoredSession, Session]:
        """The session with every deal replayed by the rules (for edits and exports)."""
        with self._reading() as db:
            row = self._row(db, session_id)
            table = self._table(db, row)
            session = Session.replay(table, self._deals(db, session_id))
            return self._stored(row, table, session.state), session

    def deals(self, session_id: int) -> list[Deal]:
        with self._reading() as db:
            return self._deals(db, session_id)

    def entries(self, session_id: int, first: int = 0, last: int | None = None) -> list[Entry]:
        """Ledger entries of deals ``first``..``last`` (0 is the end-of-session rule)."""
        query = select(EntryRow).where(EntryRow.session_id == session_id,
                                       EntryRow.deal_number >= first)
        if last is not None:
            query = query.where(EntryRow.deal_number <= last)
        query = query.order_by(EntryRow.deal_number, EntryRow.position)
        with self._reading() as db:
            return [entry_of(row) for row in db.scalars(query)]

    def record(self, session_id: int, deal: Deal, version: int) -> tuple[StoredSession, Step]:
        """Check and store the next deal; refuses it whole (``RuleError``, ``ConflictError``)."""
        with self._transaction() as db:
            row = self._locked(db, session_id, version, recording=True)
            table = self._table(db, row)
            step = record(table, self._current_state(db, row, table), deal)
            self._write_steps(db, session_id, [step])
            self._write_standings(db, session_id, table, step.state)
            self._bump(db, row, table, step.state)
            return self._stored(row, table, step.state), step

    def undo(self, session_id: int, version: int) -> StoredSession:
        return self._rewrite(session_id, version, lambda s: s.undo())

    def edit(self, session_id: int, index: int, deal: Deal, version: int) -> StoredSession:
        """Replace deal ``index`` (0-based); every later deal is checked and recomputed."""
        return self._rewrite(session_id, version, lambda s: s.edit(index, deal), index)

    def delete_deal(self, session_id: int, index: int, version: int) -> StoredSession:
        return self._rewrite(session_id, version, lambda s: s.delete(index), index)

    def finish(self, session_id: int, version: int) -> StoredSession:
        """End the session: the end-of-session pot rule is applied and written down."""
        with self._transaction() as db:
            row = self._locked(db, session_id, version)
            table = self._table(db, row)
            state = self._current_state(db, row, table)
            closing = close(table, state)
            if closing.entries:
                db.connection().execute(insert(EntryRow.__table__),
                                        entry_rows(session_id, closing.entries))
            self._write_standings(db, session_id, table, state, closing.money)
            row.status = FINISHED
            self._bump(db, row, table, state)
            return self._stored(row, table, state)

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

    def _row(self, db: Db, session_id: int) -> SessionRow:
        row = db.get(SessionRow, session_id)
        if row is None:
            raise StoreError(msg("store.no_session", session=session_id))
        return row

    def _locked(self, db: Db, session_id: int, version: int, recording: bool = False
                ) -> SessionRow:
        """The session row, locked for this transaction, at the version the caller saw."""
        row = db.scalars(
            select(SessionRow).where(SessionRow.id == session_id).with_for_update()
        ).first()
        if row is None:
            raise StoreError(msg("store.no_session", session=session_id))
        if row.version != version:
            key = "store.conflict_recorded" if recording else "store.conflict"
            raise ConflictError(msg(key, deal=row.deal_count))
        if row.status == FINISHED:
            raise StoreError(msg("store.finished", session=row.name))
        return row

    def _bump(self, db: Db, row: SessionRow, table: Table, state: State) -> None:
        # The WHERE on the old version is the last line of defence against a lost update.
        changed = db.execute(
            update(SessionRow)
            .where(SessionRow.id == row.id, SessionRow.version == row.version)
            .values(version=row.version + 1, deal_count=state.deals, status=row.status,
                    leaders=json.dumps(leaders(table, state), ensure_ascii=False),
                    updated_at=now())
        ).rowcount
        if changed != 1:
            raise ConflictError(msg("store.conflict_recorded", deal=state.deals))
        db.expire(row)
        db.refresh(row)

    def _table(self, db: Db, row: SessionRow) -> Table:
        names = db.scalars(
            select(SeatRow.name).where(SeatRow.session_id == row.id).order_by(SeatRow.seat)
        ).all()
        return table_of(row, list(names))

    def _deals(self, db: Db, session_id: int) -> list[Deal]:
        records = db.scalars(
            select(DealRow.record).where(DealRow.session_id == session_id)
            .order_by(DealRow.number)
        )
        return [deal_of(written) for written in records]

    def _current_state(self, db: Db, row: SessionRow, table: Table) -> State:
        if not row.deal_count:
            return initial_state(table)
        snapshot = db.scalars(
            select(DealRow.state_after)
            .where(DealRow.session_id == row.id, DealRow.number == row.deal_count)
        ).first()
        if snapshot is not None:
            return load_state(snapshot)
        # A session stored before revision 0002: replay it once and keep its state.
        assert row.id is not None
        state = Session.replay(table, self._deals(db, row.id)).state
        self._keep_state(db, row.id, state)
        return state

    def _keep_state(self, db: Db, session_id: int, state: State) -> None:
        db.execute(update(DealRow)
                   .where(DealRow.session_id == session_id, DealRow.number == state.deals)
                   .values(state_after=dump_state(state)))

    def _write_steps(self, db: Db, session_id: int, steps: Sequence[Step],
                     progress: Callable[[int], None] | None = None) -> None:
        batch = 500
        last = steps[-1] if steps else None
        for start in range(0, len(steps), batch):
            chunk = steps[start:start + batch]
            # Only the newest deal needs its state kept: the next deal starts from it.
            # Core inserts, not the ORM's bulk path: a 10,000-deal import is 60,000 rows.
            rows_of = db.connection()
            rows_of.execute(insert(DealRow.__table__), [
                {"session_id": session_id, "number": step.state.deals,
                 "record": deal_json(step.deal),
                 "state_after": dump_state(step.state) if step is last else None,
                 "recorded_at": now()}
                for step in chunk
            ])
            rows = entry_rows(session_id, (e for step in chunk for e in step.entries))
            if rows:
                rows_of.execute(insert(EntryRow.__table__), rows)
            if progress:
                progress(len(chunk))

    def _write_standings(self, db: Db, session_id: int, table: Table, state: State,
                         money: dict[str, int] | None = None) -> None:
        """Each player's totals. The money is always what the player has won or lost if the
        session ends now (the end-of-session pot rule applied), the one figure the table,
        settle-up and the players screen all show."""
        money = money or close(table, state).money
        won = {p: sum(p in game.winners for game in state.games if game.finished)
               for p in table.players}
        seats = dict(db.execute(
            select(SeatRow.name, SeatRow.player_id).where(SeatRow.session_id == session_id)
        ).all())
        for player in table.players:
            db.execute(
                update(StandingRow)
                .where(StandingRow.session_id == session_id,
                       StandingRow.player_id == seats[player])
                .values(deals_played=state.played[player], tricks=state.tricks[player],
                        flights=state.flights[player],
                        minor=money[player], games_won=won[player])
            )

    def _rewrite(self, session_id: int, version: int, change: Callable[[Session], Session],
                 index: int | None = None) -> StoredSession:
        """Undo, edit or delete: replay, then rewrite the deals from the first one changed."""
        with self._transaction() as db:
            row = self._locked(db, session_id, version)
            table = self._table(db, row)
            before = Session.replay(table, self._deals(db, session_id))
            if not before.steps:
                raise StoreError(msg("store.no_deals"))
            after = change(before)
            first = len(after.steps) if index is None else index
            db.execute(delete(DealRow).where(DealRow.session_id == session_id,
                                             DealRow.number > first))
            db.execute(delete(EntryRow).where(EntryRow.session_id == session_id,
                                              EntryRow.deal_number > first))
            self._write_steps(db, session_id, after.steps[first:])
            if after.steps and first == len(after.steps):  # nothing rewritten: keep the state
                self._keep_state(db, session_id, after.state)
            self._write_standings(db, session_id, table, after.state)
            self._bump(db, row, table, after.state)
            return self._stored(row, table, after.state)

    @staticmethod
    def _stored(row: SessionRow, table: Table, state: State) -> StoredSession:
        assert row.id is not None
        return StoredSession(row.id, row.name, row.status, row.version, table, state,
                             row.created_at, row.updated_at)


__all__ = ["ConflictError", "SessionStore", "SessionSummary", "StorageError", "StoreError",
           "StoredSession", "name_key"]
