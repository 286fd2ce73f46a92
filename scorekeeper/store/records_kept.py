"""A group's records as kept (revision 0019): the fold of its finished sessions' records
(``core.group_records.GroupFold.plain``, as JSON) and the mark of the sessions it was folded
from (``statistics.mark_on``). The session layer folds; the store reads and writes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, select

from scorekeeper.core.head_to_head import SessionPlaces
from scorekeeper.core.records import Evening
from scorekeeper.core.text import name_key
from scorekeeper.store.conversions import to_json
from scorekeeper.store.database import reading
from scorekeeper.store.failures import storage_failures
from scorekeeper.store.models import GroupRecordsRow, GroupRow, SessionRow
from scorekeeper.store.statements import upsert
from scorekeeper.store.statistics import evenings_on, mark_on, roster_names

# What a session's records are worked out from: a change of a finished session that
# leaves these as they were (a payment, one taken back) leaves its group's records too.
FIGURES = (SessionRow.group_id, SessionRow.status, SessionRow.name, SessionRow.played_on,
           SessionRow.variant, SessionRow.currency, SessionRow.result, SessionRow.places,
           SessionRow.feats)


@dataclass(frozen=True, slots=True)
class Kept:
    """A group's fold as kept, with what it needs read beside it."""

    group_id: int
    mark: str  # of the finished sessions it was folded from
    plain: dict[str, Any]
    names: dict[int, str]  # the roster's names by id
    evenings: dict[int, SessionPlaces]  # the evenings that hold a record, by session id


@dataclass(frozen=True, slots=True)
class Before:
    """A session's group and figures before a change, and that group's mark then."""

    session_id: int
    figures: tuple[Any, ...]  # FIGURES
    mark: str | None  # None: in no group


def before(connection: Connection, session_id: int) -> Before:
    """The session's figures and its group's mark, read in the change before it saves;
    the group's row is locked, so that two of its sessions finishing at once fold one
    after the other (PostgreSQL)."""
    figures = figures_now(connection, session_id)
    group_id = figures[0]
    if group_id is None:
        return Before(session_id, figures, None)
    connection.execute(select(GroupRow.id).where(GroupRow.id == group_id).with_for_update())
    return Before(session_id, figures, group_mark(connection, group_id))


def figures_now(connection: Connection, session_id: int) -> tuple[Any, ...]:
    return tuple(connection.execute(select(*FIGURES).where(SessionRow.id == session_id)).one())


def group_mark(connection: Connection, group_id: int) -> str:
    return mark_on(connection, SessionRow.group_id == group_id)


def kept_on(connection: Connection, group_id: int) -> Kept | None:
    """The group's fold as kept, or None if it has none."""
    row = connection.execute(select(GroupRecordsRow.mark, GroupRecordsRow.fold)
                             .where(GroupRecordsRow.group_id == group_id)).one_or_none()
    return None if row is None else _kept(connection, group_id, row.mark, row.fold)


def kept_records(engine: Engine, group: str, mark: str) -> Kept | None:
    """The fold kept for the group called ``group`` (any case) if it was folded from the
    finished sessions ``mark`` names, else None. Two short queries and the few evenings
    that hold a record."""
    with storage_failures(engine), reading(engine).connect() as connection:
        row = connection.execute(
            select(GroupRecordsRow.group_id, GroupRecordsRow.fold)
            .join(GroupRow, GroupRow.id == GroupRecordsRow.group_id)
            .where(GroupRow.name_key == name_key(group), GroupRecordsRow.mark == mark),
        ).one_or_none()
        return None if row is None else _kept(connection, row.group_id, mark, row.fold)


def _kept(connection: Connection, group_id: int, mark: str, fold: str) -> Kept | None:
    plain = json.loads(fold)
    held = {session_id for key in ("best", "taken") for *_, session_id in plain[key]}
    evenings = {e.session.session_id: e.session for e in evenings_on(
        connection, SessionRow.id.in_(held), feats=False)}
    if len(evenings) != len(held):  # one of them is no longer finished: fold again
        return None
    return Kept(group_id, mark, plain, roster_names(connection), evenings)


def group_evenings(connection: Connection, group_id: int) -> list[Evening]:
    """Every finished session of the group, with everyone's feats."""
    return evenings_on(connection, SessionRow.group_id == group_id, feats=True)


def session_evening(connection: Connection, session_id: int) -> list[Evening]:
    """The session as a finished evening of its group (none if it is not one)."""
    return evenings_on(connection, SessionRow.id == session_id, feats=True)


def player_ids(connection: Connection) -> dict[str, int]:
    """Every player's roster id by their name."""
    return {name: player_id for player_id, name in roster_names(connection).items()}


@contextmanager
def changing(engine: Engine) -> Iterator[Connection]:
    """A transaction to keep a fold in."""
    with storage_failures(engine), engine.begin() as connection:
        yield connection


def keep(connection: Connection, group_id: int, mark: str, plain: dict[str, Any]) -> None:
    """The group's fold, kept for the finished sessions ``mark`` names."""
    values = {"group_id": group_id, "mark": mark, "fold": to_json(plain)}
    statement = upsert(connection.dialect.name)(GroupRecordsRow).values(values)
    connection.execute(statement.on_conflict_do_update(
        index_elements=[GroupRecordsRow.group_id],
        set_={"mark": statement.excluded.mark, "fold": statement.excluded.fold}))


__all__ = ["Before", "Kept", "before", "changing", "figures_now", "group_evenings",
           "group_mark", "keep", "kept_on", "kept_records", "player_ids", "session_evening"]
