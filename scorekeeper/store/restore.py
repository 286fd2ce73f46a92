"""A restore's unit of work: what a backup brings, looked up and added in one transaction.

The session layer decides (with the rules) what is new, what is already here and equal,
and what conflicts; this looks things up and writes what it is told. All of it is
committed when the ``with`` block ends, or none of it. Opened for a look only
(``writing=False``), it takes no write lock and writes nothing: what a restore would add
is said before it is added.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from itertools import chain
from typing import Any, NamedTuple

from sqlalchemy import Engine, func, insert, select, update
from sqlalchemy.orm import Session as Db

from scorekeeper.core import Entry, Placing, State, Step, Table
from scorekeeper.core.owed import Handover
from scorekeeper.core.tab import everyone
from scorekeeper.core.text import name_key
from scorekeeper.store import groups, roster
from scorekeeper.store import row_writing as rows
from scorekeeper.store.change import (
    deal_rows,
    kept_feats,
    kept_places,
    result_json,
    standing_totals,
)
from scorekeeper.store.claim import APPLICATION_ID
from scorekeeper.store.database import reading
from scorekeeper.store.failures import storage_failures
from scorekeeper.store.groups import finished_results
from scorekeeper.store.models import (
    DETAIL_COLUMNS,
    FINISHED,
    IN_PLAY,
    GroupRow,
    PaymentRow,
    PlayerRow,
    SeatRow,
    SessionRow,
    StandingRow,
    new_uid,
    now,
)
from scorekeeper.store.roster import Details
from scorekeeper.store.sessions import session_values
from scorekeeper.store.whole import KeptSession, kept_session

# A payment on a tab comes back at noon (UTC) of the day it was made: a backup keeps the
# day, and noon is that day in every time zone a card table sits in.
NOON = time(12, tzinfo=UTC)
LOOKED_UP = 1000  # uids looked up in one query (SQLite takes 32,766 parameters at most)
# Two restores at once on PostgreSQL take turns (each READ COMMITTED, the second would
# count as new what the first is adding): the lock's key, one more than the schema's.
RESTORE_LOCK = APPLICATION_ID + 1


@dataclass(frozen=True, slots=True)
class NewSession:
    """A session a restore adds, all of it worked out by the rules: its set-up, its steps
    (each deal with its entries and the state after it), the money handed over, and what
    is stored of where it ended (``session.changes.standing``)."""

    name: str
    table: Table
    played_on: date | None
    group: str | None
    steps: Sequence[Step]
    payments: Sequence[Handover]
    closing: Sequence[Entry]  # a finished session's end-of-session entries
    state: State  # after its last deal
    money: Mapping[str, int]
    won: Mapping[str, int]
    placings: Sequence[Placing]
    leaders: Sequence[str]
    finished: bool


class SessionRows(NamedTuple):
    """A new session's rows as a restore writes them (``Restoring.add_sessions``), worked
    out from what the rules made of it alone (``session_rows``): all but what only the
    database gives (its id, its uid, its players' and its group's rows, the moment it is
    written). Plain values, so that another process may work them out."""

    session: tuple[Any, ...]  # SESSION_COLUMNS from name to leaders, less uid and version
    group: str | None
    seated: tuple[str, ...]  # who sat at the table, then who joined it
    joined_from: int  # the first seat of one who joined
    result: tuple[tuple[str, int, int], ...]  # each seated one's name, minor and flights
    places: str
    feats: str
    standings: list[tuple[Any, ...]]  # STANDING_COLUMNS, the player by name
    payments: tuple[tuple[str, str, int], ...]  # payer, payee, minor
    deals: list[tuple[int, str, str | None]]  # number, record, state_after
    entries: list[tuple[Any, ...]]  # ENTRY_COLUMNS, less the session's id


def session_rows(new: NewSession, params: dict[tuple[tuple[str, Any], ...], str],
                 records: dict[tuple[object, ...], str]) -> SessionRows:
    """The rows of a session a restore adds, as an import writes them (``SessionChange``'s,
    row for row); ``params`` and ``records`` remember the reasons and deals encoded."""
    seated = list(new.table.players)
    seated += [player for player in new.state.everyone if player not in seated]
    by_name = {player: player for player in seated}
    state = new.state
    values = session_values(new.name, new.table, new.played_on, "")
    last = new.steps[-1] if new.steps else None
    return SessionRows(
        (values["name"], values["variant"], values["options"], values["first_dealer"],
         values["currency"], values["unit"], values["played_on"].isoformat(),
         FINISHED if new.finished else IN_PLAY, state.deals,
         json.dumps(list(new.leaders), ensure_ascii=False)),
        new.group, tuple(seated), len(new.table.players),
        tuple((player, new.money[player], state.flights[player]) for player in seated),
        kept_places(by_name, state, new.placings), kept_feats(by_name, state),
        standing_totals(by_name, state, new.money, new.won),  # type: ignore[arg-type]
        tuple((given.payer, given.payee, given.minor) for given in new.payments),
        [(number, record, after) for _, number, record, after, _, _ in
         deal_rows(0, new.steps, last, None, None, records)],
        [row[1:] for row in chain(
            rows.entry_tuples(0, (entry for step in new.steps for entry in step.entries),
                              params),
            rows.entry_tuples(0, new.closing, params))])  # each numbered from its first


_tables = {row.__tablename__: row.__table__  # type: ignore[attr-defined]
           for row in (SessionRow, SeatRow, StandingRow, PaymentRow)}
SESSION_COLUMNS = ("id", "name", "variant", "options", "first_dealer", "currency", "unit",
                   "played_on", "uid", "status", "version", "deal_count", "leaders",
                   "created_at", "updated_at", "group_id", "result", "places", "feats")
SEAT_COLUMNS = ("session_id", "seat", "player_id", "name", "joined")
STANDING_COLUMNS = ("session_id", "player_id", "deals_played", "tricks", "flights", "minor",
                    "games_won")
PAYMENT_COLUMNS = ("session_id", "group_id", "payer", "payee", "minor", "paid_at", "uid")
COLUMNS = {"sessions": SESSION_COLUMNS, "seats": SEAT_COLUMNS, "standings": STANDING_COLUMNS,
           "payments": PAYMENT_COLUMNS}


@dataclass(frozen=True, slots=True)
class HereGroup:
    """A group as this database has it."""

    name: str
    currency: str | None
    sessions: int


@dataclass(frozen=True, slots=True)
class HerePayment:
    """A payment on a tab as this database has it, found by its uid."""

    group: str  # the group's name key
    handover: Handover


class Restoring:
    def __init__(self, db: Db) -> None:
        self.db = db
        self.connection = db.connection()
        self._players: dict[str, int] | None = None  # the roster: each name's key, its row
        self._ids_by_name: dict[str, int] = {}  # each name as a session spells it, its row
        self._groups: dict[str, tuple[int, int]] = {}  # a group's row, its sessions before
        # How many sessions each group has been given, and the first one's currency, until
        # placed_all: the counts alone, so that a written session's steps are let go.
        self._placing: dict[int, tuple[int, str | None]] = {}
        # Each reason's parameters and each plain deal's record as JSON, encoded once for
        # the whole restore: a club's evenings repeat the same antes, shares and deals.
        self._params: dict[tuple[tuple[str, Any], ...], str] = {}
        self._records: dict[tuple[object, ...], str] = {}

    # --- the roster ---

    def details_of(self, name: str) -> Details | None:
        """The player's details (every column, None where not given), or None if there
        is no such player."""
        row = self.connection.execute(
            select(*(getattr(PlayerRow, c) for c in DETAIL_COLUMNS))
            .where(PlayerRow.name_key == name_key(name))).first()
        return None if row is None else dict(zip(DETAIL_COLUMNS, row, strict=True))

    def keep_player(self, name: str, details: Details) -> None:
        """The player (added if new) with ``details``, already checked."""
        player = roster.player_row(self.db, name)
        for column in DETAIL_COLUMNS:
            setattr(player, column, details.get(column))
        self.db.flush()
        if self._players is not None:
            self._players[player.name_key] = int(player.id)  # type: ignore[arg-type]

    def player_count(self) -> int:
        return self.connection.scalar(select(func.count()).select_from(PlayerRow)) or 0

    # --- groups and their tabs ---

    def group(self, name: str) -> HereGroup | None:
        row = self.connection.execute(
            select(GroupRow.id, GroupRow.name, GroupRow.currency)
            .where(GroupRow.name_key == name_key(name))).first()
        if row is None:
            return None
        count = self.connection.scalar(select(func.count()).select_from(SessionRow)
                                       .where(SessionRow.group_id == row.id)) or 0
        return HereGroup(row.name, row.currency, count)

    def add_group(self, name: str, currency: str | None) -> None:
        self.connection.execute(insert(GroupRow).values(
            name=name, name_key=name_key(name), currency=currency, version=0,
            created_at=now()))

    def set_currency(self, name: str, currency: str | None) -> None:
        """The currency of a group that has no session yet."""
        self.connection.execute(update(GroupRow).where(GroupRow.name_key == name_key(name))
                                .values(currency=currency, version=GroupRow.version + 1))

    def payments(self, uids: Sequence[str]) -> dict[str, HerePayment | None]:
        """Of ``uids``, those a payment here has: one on a tab (its group and what was
        handed over), or one of a session (None: a file that reuses its uid)."""
        rows = self.connection.execute(
            select(PaymentRow.uid, PaymentRow.session_id, GroupRow.name_key, PaymentRow.payer,
                   PaymentRow.payee, PaymentRow.minor)
            .outerjoin(GroupRow, GroupRow.id == PaymentRow.group_id)
            .where(PaymentRow.uid.in_(uids)))  # type: ignore[union-attr]
        return {row.uid: None if row.session_id is not None else HerePayment(
            row.name_key, Handover(row.payer, row.payee, row.minor)) for row in rows}

    def tab_players(self, group: str) -> list[str]:
        """Everyone on the group's tab here: the players of its finished sessions, as the
        tab reads them (the roster's spelling)."""
        group_id = self.connection.scalar(select(GroupRow.id)
                                          .where(GroupRow.name_key == name_key(group)))
        return [] if group_id is None else everyone(finished_results(self.connection,
                                                                     group_id))

    def add_tab_payments(self, group: str,
                         payments: Sequence[tuple[str, Handover, date]]) -> None:
        """Payments on the group's tab (checked), each its uid, what was handed over and
        the day: in one statement, the group's version moved on once."""
        group_id = self.connection.scalar(select(GroupRow.id)
                                          .where(GroupRow.name_key == name_key(group)))
        rows.insert_many(self.connection, _tables["payments"], PAYMENT_COLUMNS, [
            (None, group_id, given.payer, given.payee, given.minor,
             rows.driver_time(self.connection, datetime.combine(on, NOON)), uid)
            for uid, given, on in payments])
        self.connection.execute(update(GroupRow).where(GroupRow.id == group_id)
                                .values(version=GroupRow.version + 1))

    # --- sessions ---

    def sessions_here(self, uids: Sequence[str]) -> set[str]:
        """Of ``uids`` (at most ``LOOKED_UP``), those a session here has."""
        return set(self.connection.scalars(select(SessionRow.uid)
                                           .where(SessionRow.uid.in_(uids))))  # type: ignore[union-attr]

    def session(self, uid: str) -> KeptSession | None:
        """The session stored here under ``uid``, as its file would have it."""
        found = self.connection.scalar(select(SessionRow.id).where(SessionRow.uid == uid))
        return None if found is None else kept_session(self.connection, found)

    def knows(self, player: str) -> bool:
        """Whether the roster here has ``player`` (read once, kept as the restore adds)."""
        return name_key(player) in self._roster()

    def rows_of(self, new: NewSession) -> SessionRows:
        """``session_rows``, with the reasons and deals this restore has encoded."""
        return session_rows(new, self._params, self._records)

    def add_sessions(self, batch: Sequence[tuple[str, SessionRows]]) -> None:
        """New sessions, each its uid and rows (``session_rows``), a table's rows for all
        of them in one statement each: an import's thirty statements a session took ten
        minutes for a club's 100,000 evenings."""
        if not batch:
            return
        connection = self.connection
        moment = rows.driver_time(connection, now())
        session_ids = self._new_session_ids(len(batch))
        sessions: list[tuple[Any, ...]] = []
        seats: list[tuple[Any, ...]] = []
        standings: list[tuple[Any, ...]] = []
        payments: list[tuple[Any, ...]] = []
        dealt: list[tuple[Any, ...]] = []
        entries: list[tuple[Any, ...]] = []
        known = self._ids_by_name
        for session_id, (uid, new) in zip(session_ids, batch, strict=True):
            player_ids = {player: known.get(player) or self._player_id(player)
                          for player in new.seated}
            group_id = None
            if new.group is not None:
                group_id = self._group_id(new.group)
                given, currency = self._placing.get(group_id, (0, new.session[4]))
                self._placing[group_id] = (given + 1, currency)
            name, variant, options, dealer, currency, unit, played_on, status, deal_count, \
                leaders = new.session
            sessions.append((
                session_id, name, variant, options, dealer, currency, unit, played_on, uid,
                status, 1, deal_count, leaders, moment, moment, group_id,
                result_json((player_ids[player], player, minor, flights)
                            for player, minor, flights in new.result),
                new.places, new.feats))
            seats += [(session_id, seat, player_ids[player], player, seat >= new.joined_from)
                      for seat, player in enumerate(new.seated)]
            standings += [(session_id, player_ids[player], *totals)
                          for player, *totals in new.standings]
            payments += [(session_id, None, payer, payee, minor, moment, new_uid())
                         for payer, payee, minor in new.payments]
            dealt += [(session_id, number, record, after, moment, None)
                      for number, record, after in new.deals]
            entries += [(session_id, *entry) for entry in new.entries]
        for name, written in (("sessions", sessions), ("seats", seats),
                              ("standings", standings), ("payments", payments)):
            rows.insert_many(connection, _tables[name], COLUMNS[name], written)
        rows.insert_deals(connection, dealt, entries)

    def placed_all(self) -> None:
        """The groups count the sessions ``add_sessions`` gave them, one statement a group
        for the whole restore (one a group for every 200 sessions was a tenth of its time)."""
        for group_id, (given, currency) in self._placing.items():
            self._placed(group_id, given, currency)
        self._placing.clear()

    def _new_session_ids(self, count: int) -> list[int]:
        """The ids the next ``count`` sessions get: PostgreSQL's sequence gives them (other
        servers may be adding sessions); on SQLite this transaction holds the only writer."""
        if self.connection.dialect.name == "postgresql":
            return list(self.connection.exec_driver_sql(
                "SELECT nextval(pg_get_serial_sequence('sessions', 'id')) "
                f"FROM generate_series(1, {int(count)})").scalars())
        first = (self.connection.scalar(select(func.max(SessionRow.id))) or 0) + 1
        return list(range(first, first + count))

    def _roster(self) -> dict[str, int]:
        if self._players is None:
            self._players = dict(self.connection.execute(
                select(PlayerRow.name_key, PlayerRow.id)).all())
        return self._players

    def _player_id(self, player: str) -> int:
        known = self._roster()
        key = name_key(player)
        if key not in known:
            known[key] = roster.roster_id(self.connection, player)
        self._ids_by_name[player] = known[key]
        return known[key]

    def _group_id(self, name: str) -> int:
        """The group's row (made if new, locked as an import's session locks it), and
        how many sessions it held before this restore."""
        key = name_key(name)
        if key not in self._groups:
            group = groups.group_for_session(self.connection, name)
            self._groups[key] = (group.id, group.sessions)
        return self._groups[key][0]

    def _placed(self, group_id: int, given: int, currency: str | None) -> None:
        """``given`` sessions now count in the group: the first ever fixes its currency
        (``currency``, the first one's, as ``groups.place`` does), and its version moves on
        once for each."""
        key = next(k for k, (id_, _) in self._groups.items() if id_ == group_id)
        before = self._groups[key][1]
        changes: dict[str, Any] = {"version": GroupRow.version + given}
        if not before:
            changes["currency"] = currency
        self.connection.execute(update(GroupRow).where(GroupRow.id == group_id)
                                .values(**changes))
        self._groups[key] = (group_id, before + given)


@contextmanager
def restoring(engine: Engine, *, writing: bool) -> Iterator[Restoring]:
    """One transaction over ``engine``: committed when the block ends if ``writing``,
    else only read and let go (what a restore would add)."""
    with storage_failures(engine), Db(engine if writing else reading(engine)) as db:
        if writing:
            with db.begin():
                if engine.dialect.name == "postgresql":
                    db.connection().exec_driver_sql(
                        f"SELECT pg_advisory_xact_lock({RESTORE_LOCK})")
                yield Restoring(db)
            return
        try:
            yield Restoring(db)
        finally:
            db.rollback()


__all__ = ["LOOKED_UP", "HereGroup", "HerePayment", "NewSession", "Restoring", "SessionRows",
           "restoring", "session_rows"]
