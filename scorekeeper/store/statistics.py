"""Lifetime statistics of a player, per game, added up from the stored standings; and
the finished sessions players shared, with their places, for who beats whom."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import ColumnElement, Connection, Engine, Row, Select, func, select
from sqlalchemy.orm import Session as Db

from scorekeeper.core.head_to_head import SessionPlaces
from scorekeeper.core.presets import PRESETS
from scorekeeper.core.records import Evening, Feats
from scorekeeper.core.text import name_key
from scorekeeper.store.conversions import NOT_AS_WRITTEN, as_written
from scorekeeper.store.database import reading
from scorekeeper.store.failures import storage_failures
from scorekeeper.store.models import (
    FINISHED,
    GroupRow,
    PlayerRow,
    SeatRow,
    SessionRow,
    StandingRow,
)

# What a session's standing counts as won (``core.wins``), by what it is in each family.
GAMES, GENERAL_RAMS = "games", "general_rams"


@dataclass(slots=True)
class Lifetime:
    """One player's record in one variant (or, with ``variant="*"``, in all of them)."""

    variant: str
    sessions: int = 0
    deals_played: int = 0
    tricks: int = 0
    flights: int = 0
    # Wins by what they are: games won (Mattmar, counters, Ramsen), General Rams won (pot
    # games, which have no games); only what the variants played count.
    won: dict[str, int] = field(default_factory=dict)
    money: dict[str, int] = field(default_factory=dict)  # minor units by currency ("" none)

    def add(self, other: Lifetime) -> None:
        self.sessions += other.sessions
        self.deals_played += other.deals_played
        self.tricks += other.tricks
        self.flights += other.flights
        for kind, count in other.won.items():
            self.won[kind] = self.won.get(kind, 0) + count
        for currency, minor in other.money.items():
            self.money[currency] = self.money.get(currency, 0) + minor


def lifetimes(engine: Engine, player: str | None = None) -> dict[str, list[Lifetime]]:
    """Every player's record (or one player's), by name key, in one query."""
    query = (
        select(
            PlayerRow.name_key, SessionRow.variant, SessionRow.currency, func.count(),
            func.sum(StandingRow.deals_played), func.sum(StandingRow.tricks),
            func.sum(StandingRow.flights), func.sum(StandingRow.games_won),
            func.sum(StandingRow.minor),
        )
        .join(SessionRow, SessionRow.id == StandingRow.session_id)
        .join(PlayerRow, PlayerRow.id == StandingRow.player_id)
        .group_by(PlayerRow.name_key, SessionRow.variant, SessionRow.currency)
        .order_by(PlayerRow.name_key, SessionRow.variant)
    )
    if player is not None:
        query = query.where(PlayerRow.name_key == name_key(player))
    by_player: dict[str, dict[str, Lifetime]] = {}
    with Db(reading(engine)) as db:
        for key, variant, currency, sessions, deals, tricks, flights, won, minor in (
            db.execute(query)
        ):
            kind = GAMES if PRESETS[variant].family_rules.in_games else GENERAL_RAMS
            row = Lifetime(variant, sessions, deals, tricks, flights, {kind: int(won)},
                           {currency or "": int(minor)})
            by_player.setdefault(key, {}).setdefault(variant, Lifetime(variant)).add(row)
    return {key: _with_total(list(rows.values())) for key, rows in by_player.items()}


def _with_total(rows: list[Lifetime]) -> list[Lifetime]:
    total = Lifetime("*")
    for row in rows:
        total.add(row)
    return [*rows, total]


def placed_sessions(engine: Engine, *players: str) -> list[SessionPlaces]:
    """The finished sessions in which every one of ``players`` (roster names, any case)
    sat, oldest stored first, each with the place, and the money, of everyone in it who
    played a deal, by the roster's spelling of their names: read from the standings and
    places each session keeps (revisions 0011, 0015), one row a session."""
    sat = [_sat_in(player) for player in players]
    return [evening.session for evening in _evenings(engine, *(
        SessionRow.id.in_(seated) for seated in sat), feats=False)]


def played_evenings(engine: Engine, player: str | None = None,
                    group: str | None = None) -> list[Evening]:
    """The finished sessions ``player`` (a roster name, any case) sat in, or ``group``'s
    (its name, any case), or every one, oldest stored first, each with the places, money,
    flights and feats of everyone in it who played a deal (revisions 0011, 0015, 0017):
    one row a session, and one read of the roster."""
    where = []
    if player is not None:
        where.append(SessionRow.id.in_(_sat_in(player)))
    if group is not None:
        where.append(SessionRow.group_id.in_(select(GroupRow.id)
                                             .where(GroupRow.name_key == name_key(group))))
    return _evenings(engine, *where, feats=True)


def finished_mark(engine: Engine, group: str) -> str:
    """What changes whenever one of ``group``'s finished sessions does (one is finished,
    changed, moved in or out, or removed): ``mark_on`` of them, one aggregate query."""
    with storage_failures(engine), reading(engine).connect() as connection:
        return mark_on(connection, SessionRow.group_id.in_(
            select(GroupRow.id).where(GroupRow.name_key == name_key(group))))


def mark_on(connection: Connection, in_group: ColumnElement[bool]) -> str:
    """Of the finished sessions ``in_group``: how many there are, their versions and ids
    added up (every change of a session moves its version on) and the newest change's
    time (a session put in another's place, same id and version, is newer)."""
    count, versions, ids, newest = connection.execute(
        select(func.count(), func.coalesce(func.sum(SessionRow.version), 0),
               func.coalesce(func.sum(SessionRow.id), 0), func.max(SessionRow.updated_at))
        .where(SessionRow.status == FINISHED, in_group)).one()
    return f"{count} {versions} {ids} {newest}"


def _sat_in(player: str) -> Select[tuple[int]]:
    return (select(SeatRow.session_id).join(PlayerRow, PlayerRow.id == SeatRow.player_id)
            .where(PlayerRow.name_key == name_key(player)))


NO_FEATS = [0, 0, 0]  # a session kept before revision 0017 whose deals could not be replayed


def _evenings(engine: Engine, *where: ColumnElement[bool], feats: bool) -> list[Evening]:
    with storage_failures(engine), reading(engine).connect() as connection:
        return evenings_on(connection, *where, feats=feats)


def evenings_on(connection: Connection, *where: ColumnElement[bool], feats: bool,
                ) -> list[Evening]:
    """The finished sessions ``where`` says, oldest stored first, as ``played_evenings``
    gives them (``feats``: with everyone's flights and feats), on ``connection``."""
    query = (select(SessionRow.id, SessionRow.name, SessionRow.played_on, SessionRow.variant,
                    SessionRow.currency, SessionRow.result, SessionRow.places,
                    *([SessionRow.feats] if feats else []), GroupRow.name.label("group"))
             .outerjoin(GroupRow, GroupRow.id == SessionRow.group_id)
             .where(SessionRow.status == FINISHED, SessionRow.places.is_not(None), *where)
             .order_by(SessionRow.id))
    rows = connection.execute(query).all()
    kept = roster_names(connection)
    return _decoded(rows, kept, feats=feats)


def roster_names(connection: Connection) -> dict[int, str]:
    """Every player's name by their roster id."""
    return dict(connection.execute(select(PlayerRow.id, PlayerRow.name)).all())  # type: ignore[arg-type]


def _decoded(rows: Sequence[Row[Any]], kept: Mapping[int, str], *, feats: bool,
             ) -> list[Evening]:
    # Every row's three columns decoded in one go: a club's 5,000 evenings were 15,000
    # decodings one by one.
    def columns(row: Row[Any]) -> str:
        return f"[{row[5]},{row[6]},{(row[7] if feats else None) or 'null'}]"

    try:
        decoded = json.loads("[" + ",".join(columns(row) for row in rows) + "]")
    except ValueError:  # one is damaged: each decoded alone, to name it
        decoded = []
        for row in rows:
            with as_written(row.id, row.name):
                decoded.append(json.loads(columns(row)))
    try:  # a damaged row is rare: the whole lot read without a guard each, then row by row
        return _built(rows, decoded, kept)
    except NOT_AS_WRITTEN:
        found = []
        for row, columns_read in zip(rows, decoded, strict=True):
            with as_written(row[0], row[1]):  # a damaged evening is named, not skipped
                found.extend(_built([row], [columns_read], kept))
        return found


def _built(rows: Sequence[Row[Any]], decoded: Sequence[Any], kept: Mapping[int, str],
           ) -> list[Evening]:
    # Rows read by position (id, name, played_on, variant, currency, result, places,
    # [feats,] group): a Row's attributes cost a lookup each, 20,000 times a club.
    found = []
    for row, (result, placed, done) in zip(rows, decoded, strict=True):
        places, money, theirs = {}, {}, {}
        for (of_player, _, minor, flown), kept_place, (won, lost, taken) in zip(
                result, placed, done or [NO_FEATS] * len(result), strict=True):
            if kept_place[1]:  # played at least one deal
                name = kept[of_player]
                places[name], money[name] = kept_place[0], minor
                theirs[name] = Feats(flown, won, lost, taken)
        found.append(Evening(SessionPlaces(row[0], row[1], row[2], row[-1], row[4], places,
                                           money), row[3], theirs))
    return found
