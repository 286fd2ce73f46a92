"""One change of one session: the unit of work the session layer writes through.

The store opens the session at the version the caller saw, with its row locked for the
transaction, and hands this over; the session layer asks the rules what follows and
writes the result here; ``save`` moves the version on. All of it is committed when the
``with`` block ends, or none of it. (A Save from the version a server holds is opened
without a read: its writes wait for ``save``, one statement guarded by that version.)
The store works out nothing itself: every state, entry, standing and leader written
here was computed by the caller.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime
from typing import Any

from sqlalchemy import Connection, Row, Select, insert, select, update

from scorekeeper.core import N_, Deal, Entry, Placing, State, Step, Table, counts, msg
from scorekeeper.core.owed import Handover
from scorekeeper.store import groups, payments, roster
from scorekeeper.store import row_writing as rows
from scorekeeper.store import statements as sql
from scorekeeper.store.conversions import as_written, deal_of, table_of
from scorekeeper.store.errors import ConflictError, StoreError
from scorekeeper.store.models import FINISHED, DealRow, SeatRow, SessionRow, StandingRow, now
from scorekeeper.store.numbers import may_be_id
from scorekeeper.store.snapshot import dump_state, load_state

# Besides the newest deal's, the state after every 100th deal is kept, so the ledger's
# newest deals are replayed from at most 100 deals before them instead of from the start.
# Replaying 100 deals takes about 4 ms; keeping a state takes about 10 µs and 400 bytes,
# so a 10,000-deal import spends 1 ms more (of about a second) on its 100 states.
SNAPSHOT_EVERY = 100


@dataclass(frozen=True, slots=True)
class StoredSession:
    """A session as stored: its set-up and the state kept after its newest deal, without
    loading its deals. ``newest_state`` is None before the first deal (the rules give the
    state a table starts from) and for a session whose state was never kept."""

    id: int
    name: str
    status: str
    version: int
    deals: int
    table: Table
    newest_state: State | None
    created_at: datetime
    updated_at: datetime
    group: str | None = None  # the group whose tab it counts in
    played_on: date | None = None  # the evening's date
    uid: str | None = None  # what identifies it wherever it goes (revision 0012)
    # Everyone seated at this version, with their roster row: what a Save from the version
    # a server holds writes the players' totals by (``SessionChange.held``).
    seat_ids: tuple[tuple[str, int], ...] = ()

    @property
    def finished(self) -> bool:
        return self.status == FINISHED


@dataclass(frozen=True, slots=True)
class KeptBefore:
    """Where a replay of the deals after ``number`` starts: the state kept after deal
    ``number`` (None: the table's start, deal 0), and the deals after it."""

    number: int
    state: State | None
    deals: tuple[Deal, ...]


def kept_before(connection: Connection, session_id: int, first: int, last: int) -> KeptBefore:
    """The nearest state kept after a deal up to ``first``, and the deals after it up to
    ``last``: what replaying deals ``first + 1``..``last`` starts from."""
    kept = connection.execute(
        select(DealRow.number, DealRow.state_after)
        .where(DealRow.session_id == session_id, DealRow.number <= first,
               DealRow.state_after.is_not(None))
        .order_by(DealRow.number.desc()).limit(1)
    ).first()
    records = connection.scalars(
        select(DealRow.record)
        .where(DealRow.session_id == session_id,
               DealRow.number > (kept.number if kept is not None else 0),
               DealRow.number <= last)
        .order_by(DealRow.number)
    ).all()
    with as_written(session_id):
        start, state = ((kept.number, load_state(kept.state_after)) if kept is not None
                        else (0, None))
        return KeptBefore(start, state, tuple(deal_of(written) for written in records))


def money_moved(connection: Connection, session_id: int) -> dict[str, int]:
    """What the session's ledger moved, added up per account (the pot under ""), over its
    deals (not the end-of-session rule's entries, deal 0): one aggregate in SQL. Money a
    score or a seat carries, and every entry of a kind the store never writes, count under
    "?", which no account is: damage for the session layer to find."""
    moved: dict[str, int] = {}
    for payer, payee, minor, strange in connection.execute(
            sql.MONEY_MOVED, {"session_id": session_id}):
        if strange:
            moved["?"] = moved.get("?", 0) + strange
        if payer is None or payee is None:  # a score or a seat moves no money
            moved["?"] = moved.get("?", 0) + minor
            continue
        moved[payer] = moved.get(payer, 0) - minor
        moved[payee] = moved.get(payee, 0) + minor
    return {account: minor for account, minor in moved.items() if minor}


class SessionChange:
    def __init__(self, connection: Connection, stored: StoredSession, *,
                 held: bool = False) -> None:
        """``held``: ``stored`` is the version a server holds, not read and locked for
        this change; its writes wait for ``save``, which makes them one statement that
        writes nothing unless the session is still at that version (``statements.
        bump_held``; PostgreSQL, in autocommit)."""
        self.connection = connection
        self.table = stored.table
        self._stored = stored
        self._held = held
        self._player_ids = dict(stored.seat_ids)  # the roster row of everyone who sat
        self._group: str | None = stored.group
        self._result: str | None = None  # the standings as JSON, once they are set
        self._places: str | None = None  # and the places in them
        self._feats: str | None = None  # and everyone's feats
        self._totals: list[tuple[int, int, int, int, int, int]] = []  # a player's each
        self._dealt: sql.Dealt | None = None  # a deal's rows and its entries', ``record``'s
        self._draft_dropped: str | None = None  # the device whose draft a held save drops

    @property
    def session_id(self) -> int:
        return self._stored.id

    @property
    def stored(self) -> StoredSession:
        """The session as it stood when the change was opened (in the group it is in now)."""
        return replace(self._stored, group=self._group)

    def kept_before(self, session_id: int, first: int, last: int) -> KeptBefore:
        """``SessionStore.kept_before``, read in this change's transaction."""
        return kept_before(self.connection, session_id, first, last)

    def money_moved(self, session_id: int) -> dict[str, int]:
        """``SessionStore.money_moved``, read in this change's transaction."""
        return money_moved(self.connection, session_id)

    def deals(self) -> list[Deal]:
        records = self.connection.scalars(sql.DEAL_RECORDS, {"session_id": self.session_id})
        with as_written(self.session_id, self._stored.name):
            return [deal_of(written) for written in records]

    def append(self, steps: Sequence[Step], progress: Callable[[int], None] | None = None,
               by: str | None = None) -> None:
        """The deals after the newest one, with their entries; the newest deal's state is
        kept (the next deal starts from it), and every SNAPSHOT_EVERY-th deal's (the
        ledger's newest deals are replayed from it). ``by``: the device recording them,
        when it gave a name."""
        with rows.roomy_cache(self.connection, len(steps)):
            self._append(steps, progress, by)

    def record(self, step: Step, by: str | None = None) -> None:
        """The next deal (``append`` of one step), written with the next version by
        ``save``: on PostgreSQL in the one statement that moves the version on (a Save
        from a held version is that statement alone; otherwise BEGIN, the locked read,
        that write and COMMIT)."""
        recorded_at = rows.driver_time(self.connection, now())
        self._dealt = (self._deal_rows([step], step, recorded_at, by, {}),
                       rows.entry_tuples(self.session_id, step.entries, {}))

    def _append(self, steps: Sequence[Step], progress: Callable[[int], None] | None,
                by: str | None) -> None:
        batch = 500
        last = steps[-1] if steps else None
        recorded_at = rows.driver_time(self.connection, now())  # one moment for an import
        params_json: dict[tuple[tuple[str, Any], ...], str] = {}
        records: dict[tuple[object, ...], str] = {}
        for start in range(0, len(steps), batch):
            chunk = steps[start:start + batch]
            rows.insert_deals(self.connection, self._deal_rows(chunk, last, recorded_at, by,
                                                              records),
                             rows.entry_tuples(self.session_id,
                                              (entry for step in chunk for entry in step.entries),
                                              params_json))
            if progress:
                progress(len(chunk))

    def _deal_rows(self, steps: Sequence[Step], last: Step | None, recorded_at: object,
                   by: str | None, records: dict[tuple[object, ...], str],
                   ) -> list[tuple[Any, ...]]:
        return deal_rows(self.session_id, steps, last, recorded_at, by, records)

    def cut_after(self, deal_number: int) -> None:
        """Forget every deal after ``deal_number``, with its entries."""
        for rows_after in (sql.DEALS_AFTER, sql.ENTRIES_AFTER):
            self.connection.execute(rows_after, {"of_session": self.session_id,
                                                 "first": deal_number})

    def keep_state(self, state: State) -> None:
        """Keep ``state`` as the state after its deal (already stored)."""
        self.connection.execute(sql.KEEP_STATE, {"of_session": self.session_id,
                                                 "of_number": state.deals,
                                                 "state": dump_state(state)})

    def add_entries(self, entries: Iterable[Entry]) -> None:
        rows.insert_entries(self.connection, self.session_id, entries)

    def set_standings(self, state: State, money: Mapping[str, int],
                      won: Mapping[str, int], standings: Sequence[Placing]) -> None:
        """Each player's totals after ``state``: ``money`` the player has won or lost if
        the session ends now (the one figure the table, settle-up and the players screen
        all show), the games ``won``, and their place in the session's ``standings``."""
        self._seat_joiners(state.everyone)
        # Written with the next version (``save``), in one statement where it can be.
        self._totals = standing_totals(self._player_ids, state, money, won)
        self._result = kept_result(self._player_ids, state, money)
        self._places = kept_places(self._player_ids, state, standings)
        self._feats = kept_feats(self._player_ids, state)

    def _seat_joiners(self, everyone: Sequence[str]) -> None:
        """A seat (and a roster row, and a standing) for everyone who joined, as the deals
        now have it: an edited deal can seat a joiner first, or no longer seat one."""
        of_session = self.session_id
        for player in [p for p in self._player_ids if p not in everyone]:
            of_player = self._player_ids.pop(player)
            for gone in (sql.JOINER_SEAT, sql.JOINER_STANDING):
                self.connection.execute(gone, {"of_session": of_session, "of_player": of_player})
        for player in everyone:
            if player not in self._player_ids:
                of_player = roster.roster_id(self.connection, player)
                seat = self.connection.scalar(sql.NEXT_SEAT, {"of_session": of_session})
                self.connection.execute(insert(SeatRow), {
                    "session_id": of_session, "seat": seat, "player_id": of_player,
                    "name": player, "joined": True})
                self.connection.execute(insert(StandingRow), {
                    "session_id": of_session, "player_id": of_player})
                self._player_ids[player] = of_player

    def pay(self, handover: Handover) -> None:
        payments.add_payment(self.connection, handover, session_id=self.session_id)

    def pay_all(self, handovers: Sequence[Handover]) -> None:
        payments.add_payments(self.connection, handovers, session_id=self.session_id)

    def take_back(self, payment_id: int) -> None:
        if not payments.take_back(self.connection, payment_id, session_id=self.session_id):
            raise StoreError(msg("store.no_payment"))

    def group_named(self, name: str) -> groups.StoredGroup:
        """The group called ``name`` (made if new), locked: the session is joining it."""
        return groups.group_for_session(self.connection, name)

    def place_in(self, group: groups.StoredGroup) -> None:
        groups.place(self.connection, self.session_id, group, self.table.money.currency)
        self._group = group.name

    def leave_group(self) -> None:
        self.connection.execute(update(SessionRow).where(SessionRow.id == self.session_id)
                                .values(group_id=None))
        self._group = None

    def drop_draft(self, device: str) -> None:
        """The device's kept draft goes with the deal it became (a kill between the two
        never offers it again)."""
        if self._held:  # in the statement that saves: nothing is written before it
            self._draft_dropped = device
            return
        self.connection.execute(sql.DROP_DRAFT, {"of_session": self.session_id,
                                                 "device": device})

    def save(self, state: State, leaders: Sequence[str],
             status: str | None = None) -> StoredSession:
        """The next version of the session, now at ``state`` and led by ``leaders``; the
        session as it now stands."""
        was = self._stored
        changes = {
            "session_id": was.id, "seen": was.version, "deal_count": state.deals,
            "status": status or was.status, "updated_at": now(),
            "leaders": json.dumps(list(leaders), ensure_ascii=False),
        }
        if self._result is not None:
            changes["result"] = self._result
            changes["places"] = self._places
            changes["feats"] = self._feats
        if self._held:
            bumped = sql.bump_held(self.connection, changes, self._totals, self._dealt,
                                   self._draft_dropped)
            if bumped is None:
                raise refusal(self.connection, was.id, was.version)
        else:
            bumped = sql.bump(self.connection, changes, self._totals, self._dealt)
        self._dealt = None
        if bumped is None:
            raise ConflictError(msg("store.conflict_recorded", deal=state.deals))
        version, updated_at = bumped  # as stored (a database keeps the time its own way)
        return StoredSession(was.id, was.name, status or was.status, version, state.deals,
                             self.table, state, was.created_at, updated_at,
                             self._group, was.played_on, was.uid,
                             tuple(self._player_ids.items()))


def deal_rows(session_id: int, steps: Sequence[Step], last: Step | None, recorded_at: object,
              by: str | None, records: dict[tuple[object, ...], str],
              ) -> list[tuple[Any, ...]]:
    """The deals' rows (``row_writing.DEAL_COLUMNS``): the newest deal's state kept
    (``last``), and every SNAPSHOT_EVERY-th's."""
    return [
        (session_id, step.state.deals, rows.deal_record_json(step.deal, records),
         dump_state(step.state) if step is last
         else dump_state(step.state, every_game=False)
         if not step.state.deals % SNAPSHOT_EVERY else None, recorded_at, by)
        for step in steps
    ]


def standing_totals(player_ids: Mapping[str, int], state: State, money: Mapping[str, int],
                    won: Mapping[str, int]) -> list[tuple[int, int, int, int, int, int]]:
    """Each player's totals after ``state`` as (player_id, deals_played, tricks, flights,
    minor, games_won): ``player_ids`` everyone seated, with their roster rows."""
    return [(player_ids[player], state.played[player], state.tricks[player],
             state.flights[player], money[player], won[player]) for player in state.everyone]


def kept_result(player_ids: Mapping[str, int], state: State, money: Mapping[str, int]) -> str:
    """The standings as the session row keeps them (``SessionRow.result``), in order of the
    seats (who joined later, after the table they joined): [roster id, name as seated,
    minor, flights] each."""
    return result_json((of_player, player, money[player], state.flights[player])
                       for player, of_player in player_ids.items())


def result_json(standings: Iterable[tuple[int, str, int, int]]) -> str:
    """``kept_result`` from its rows: a restore's other processes hand on each player's
    name, minor and flights, and the roster's rows are this process's."""
    return _unescaped([list(row) for row in standings])


# ``json.dumps(..., ensure_ascii=False)``, its encoder made once (dumps makes one a call
# for any argument but the defaults: a fifth of a restore's 10,000 results).
_unescaped = json.JSONEncoder(ensure_ascii=False).encode


def kept_places(player_ids: Mapping[str, int], state: State,
                standings: Sequence[Placing]) -> str:
    """Each player's place as the session row keeps it (``SessionRow.places``), in the
    order of ``kept_result``: [place, deals played, the figure the place rests on first,
    finished games missed] each."""
    placed = {placing.player: placing for placing in standings}
    return json.dumps([[placed[player].place, state.played[player],
                        placed[player].figure.value, placed[player].missed]
                       for player in player_ids])


def kept_feats(player_ids: Mapping[str, int], state: State) -> str:
    """Each player's feats as the session row keeps them (``SessionRow.feats``), in the
    order of ``kept_result``: [General Rams won, lost, the most taken from the pot in one
    deal] each."""
    return json.dumps([[state.generals_won.get(player, 0), state.generals_lost.get(player, 0),
                        state.most_taken.get(player, 0)] for player in player_ids])


def opened(connection: Connection, session_id: int, query: Select[Any],
           ) -> tuple[Row[Any], Table, dict[str, int]]:
    """The session row (``statements.SESSION`` or ``LOCKED_SESSION``), its table, and the
    roster row of each seated name."""
    seats = sql.session_rows(connection, query, session_id) if may_be_id(session_id) else ()
    if not seats:
        raise StoreError(msg("store.no_session", session=session_id))
    with as_written(session_id, seats[0].name):
        table = table_of(seats[0], [seat.seated for seat in seats if not seat.joined])
    return seats[0], table, {seat.seated: seat.player_id for seat in seats}


def locked(connection: Connection, session_id: int, version: int, *, recording: bool = False,
           finished_too: bool = False) -> SessionChange:
    """The session, its row locked for this transaction, at the version the caller saw
    (and still in play unless ``finished_too``)."""
    row, table, player_ids = opened(connection, session_id, sql.LOCKED_SESSION)
    if row.version != version:
        key = N_("store.conflict_recorded") if recording else counts("store.conflict", "deal")
        raise ConflictError(msg(key, deal=row.deal_count))
    if row.status == FINISHED and not finished_too:
        raise StoreError(msg("store.finished", session=row.name))
    return SessionChange(connection, stored_session(row, table, player_ids))


def refusal(connection: Connection, session_id: int, seen: int) -> StoreError:
    """Why a save from held version ``seen`` wrote nothing, as ``locked`` would have
    refused it: the session changed since (or is gone), or it is finished."""
    row = connection.execute(sql.STANDING_NOW, {"session_id": session_id}).first()
    if row is None:
        return StoreError(msg("store.no_session", session=session_id))
    if row.version != seen or row.status != FINISHED:
        return ConflictError(msg("store.conflict_recorded", deal=row.deal_count))
    return StoreError(msg("store.finished", session=row.name))


def stored_session(row: Row[Any], table: Table,
                   seat_ids: Mapping[str, int] | None = None) -> StoredSession:
    """A session row read with ``statements.SESSION``'s columns, as stored (``seat_ids``:
    everyone seated, with their roster rows, as the same read found them)."""
    with as_written(row.id, row.name):
        newest = load_state(row.state_after) if row.deal_count and row.state_after else None
    return StoredSession(row.id, row.name, row.status, row.version, row.deal_count, table,
                         newest, row.created_at, row.updated_at, row.group_name,
                         row.played_on or row.created_at.date(), row.uid,
                         tuple((seat_ids or {}).items()))
