"""Who beats whom: the store gives the finished sessions two players shared with their
places, the rules count them (RULES.md, "Standings of a session, and who beats whom")."""

from __future__ import annotations

import threading

from scorekeeper.core import RuleError, msg
from scorekeeper.core.group_records import GroupRecords, group_records
from scorekeeper.core.head_to_head import HeadToHead, head_to_head, player_named, two_players
from scorekeeper.core.records import PlayerRecord, player_record
from scorekeeper.core.text import name_key
from scorekeeper.session.records_keeping import kept_records
from scorekeeper.store.groups import GroupStore
from scorekeeper.store.sessions import SessionStore
from scorekeeper.store.statistics import finished_mark, placed_sessions, played_evenings


def versus(store: SessionStore, groups: GroupStore, first: str, second: str,
           group: str | None = None, year: int | None = None) -> HeadToHead:
    """``first`` against ``second`` (typed, any case) over the stored finished sessions,
    the group's only with ``group``, that year's with ``year``; refused (``RuleError``) for
    a player the roster does not know, the same player twice, or a group there is not."""
    players = two_players(first, second, store.roster())
    group = _group_named(groups, group)
    return head_to_head(*players, placed_sessions(store.engine, *players),
                        group=group, year=year)


def record_of(store: SessionStore, groups: GroupStore, player: str,
              group: str | None = None, year: int | None = None) -> PlayerRecord:
    """``player``'s record (typed, any case) over the stored finished sessions they sat
    in, the group's only with ``group``, that year's with ``year``; refused
    (``RuleError``) for a player the roster does not know or a group there is not."""
    name = player_named(player, store.roster())
    return player_record(name, played_evenings(store.engine, player=name),
                         group=_group_named(groups, group), year=year)


class KeptRecords:
    """Each group's records as last worked out, with the mark of the finished sessions they
    were worked out from (``store.statistics.finished_mark``): the group's screen reads its
    tab again at every deal saved at any of its tables, and its records only when one of its
    finished sessions changed. A server that has not yet worked them out reads them as the
    group's finishes kept them (``records_keeping``), or from every evening if those are
    not kept for the sessions there are now."""

    def __init__(self) -> None:
        self._kept: dict[str, tuple[str, GroupRecords]] = {}
        self._lock = threading.Lock()

    def of(self, groups: GroupStore, group: str) -> GroupRecords:
        """The records of the group called ``group`` (any case) and who beats whom in it,
        over its finished sessions."""
        mark = finished_mark(groups.engine, group)
        with self._lock:
            kept = self._kept.get(name_key(group))
        if kept is not None and kept[0] == mark:
            return kept[1]
        records = kept_records(groups, group, mark)  # as its finishes kept them
        if records is None:
            records = group_records(played_evenings(groups.engine, group=group))
        with self._lock:
            self._kept[name_key(group)] = (mark, records)
        return records


def _group_named(groups: GroupStore, group: str | None) -> str | None:
    """The group asked for, as it is called; refused if there is none of that name."""
    if group is None:
        return None
    named = [name for name in groups.names() if name_key(name) == name_key(group)]
    if not named:
        raise RuleError(msg("store.no_group", group=group))
    return named[0]


__all__ = ["KeptRecords", "record_of", "versus"]
