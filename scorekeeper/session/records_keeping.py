"""A group's records kept as its sessions finish: each finished session is folded into its
group's kept records in the change that finishes it (``core.group_records.GroupFold``),
so that a server that has not yet worked them out reads one fold, not every evening. A
fold no longer folded from the group's finished sessions (one removed, moved, imported
out of order, or changed in what its records count) is folded again from every evening at
the group's next finish, and until then the records are worked out without it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from scorekeeper.core.group_records import GroupFold, GroupRecords, folded
from scorekeeper.store import records_kept
from scorekeeper.store.change import SessionChange
from scorekeeper.store.errors import DamagedSessionError
from scorekeeper.store.groups import GroupStore
from scorekeeper.store.models import FINISHED

if TYPE_CHECKING:
    from sqlalchemy import Connection


def before_saving(change: SessionChange, status: str | None) -> records_kept.Before | None:
    """What the change's save is to be compared with, if the session is finished or
    finishing (None: its save leaves every group's records as they are)."""
    if FINISHED not in (status, change.stored.status):
        return None
    return records_kept.before(change.connection, change.session_id)


def fold_in(change: SessionChange, was: records_kept.Before) -> None:
    """After the change saved: the session's group's records kept with it. An evening of
    the group that no longer reads (damage) leaves the fold as it is, stale: the change
    goes through, and opening that evening names it."""
    try:
        _fold_in(change, was)
    except DamagedSessionError:
        return


def _fold_in(change: SessionChange, was: records_kept.Before) -> None:
    connection = change.connection
    now = records_kept.figures_now(connection, was.session_id)
    group_id = now[0]
    if group_id is None or now[1] != FINISHED:
        return  # a finished session moved out of its group leaves that group's fold stale
    mark = records_kept.group_mark(connection, group_id)
    kept = records_kept.kept_on(connection, group_id)
    if kept is not None and was.figures[0] == group_id and kept.mark == was.mark:
        if was.figures == now:  # paid, or a payment taken back: the same records
            records_kept.keep(connection, group_id, mark, kept.plain)
            return
        fold = _unplained(kept)
        evening = records_kept.session_evening(connection, was.session_id)
        if was.figures[1] != FINISHED and fold is not None and evening \
                and fold.follows(evening[0]):
            fold.add(evening[0])
            records_kept.keep(connection, group_id, mark, fold.plain(_ids(connection)))
            return
    _fold_all(connection, group_id)


def kept_records(groups: GroupStore, group: str, mark: str) -> GroupRecords | None:
    """The group's records as kept, if kept for the finished sessions ``mark`` names."""
    kept = records_kept.kept_records(groups.engine, group, mark)
    fold = None if kept is None else _unplained(kept)
    return None if fold is None else fold.records()


def keep_records(groups: GroupStore, group: str) -> None:
    """The records of the group called ``group`` folded from every finished evening and
    kept: what its finishes would have kept, for evenings stored otherwise."""
    group_id = groups.id_of(group)
    if group_id is None:
        return
    with records_kept.changing(groups.engine) as connection:
        _fold_all(connection, group_id)


def _fold_all(connection: Connection, group_id: int) -> None:
    fold = folded(records_kept.group_evenings(connection, group_id))
    records_kept.keep(connection, group_id, records_kept.group_mark(connection, group_id),
                      fold.plain(_ids(connection)))


def _unplained(kept: records_kept.Kept) -> GroupFold | None:
    try:
        return GroupFold.unplain(kept.plain, kept.names.__getitem__, kept.evenings.__getitem__)
    except (KeyError, ValueError, TypeError):  # a player or evening it names is not there
        return None


def _ids(connection: Connection) -> Callable[[str], int]:
    return records_kept.player_ids(connection).__getitem__


__all__ = ["before_saving", "fold_in", "keep_records", "kept_records"]
