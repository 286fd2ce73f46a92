"""A backup's session at a glance: what a look at a restore counts it by (its uid, its
group, whether it is finished, who took part), read from its document without reading its
deals through or replaying them. A club's 21,000 evenings parsed and replayed took 14
CPU-s before the app could say what they would add; glanced at, a fraction of a second.

A glance is no check: the restore itself parses and replays every session. A document
that is not plainly a session file's gets no glance (None): it is read in full, and
refused in that reading's own words.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.core.errors import RuleError
from scorekeeper.formats.session_file import (
    FORMAT,
    SessionFile,
    checked_uid,
    took_part,
    took_part_in,
)


@dataclass(frozen=True, slots=True)
class Glance:
    uid: str | None  # None: the file gives none (it is known by its content)
    group: str | None
    finished: bool
    everyone: dict[str, str]  # who took part, by their names' keys, as the file names them


def glance(document: object) -> Glance | None:
    """``document`` at a glance, or None where it is not plainly a session file's. Its
    names are taken as written: they are compared by their keys here, and checked by the
    restore."""
    if not isinstance(document, dict) or document.get("format", FORMAT) != FORMAT:
        return None
    players, deals = document.get("players"), document.get("deals") or []
    finished, group = document.get("finished", False), document.get("group")
    if not (isinstance(players, list) and all(isinstance(player, str) for player in players)
            and isinstance(deals, list) and isinstance(finished, bool)
            and (group is None or (isinstance(group, str) and group.strip()))):
        return None
    joiners = _joiners(deals)
    if joiners is None:
        return None
    try:
        return Glance(checked_uid(document.get("uid")), group, finished,
                      took_part(players, joiners))
    except RuleError:
        return None


def _joiners(deals: list[object]) -> list[object] | None:
    """The name of each join the deals record (None where a deal or a join is no object
    with a name)."""
    joiners: list[object] = []
    for deal in deals:
        if not isinstance(deal, dict):
            return None
        joins = deal.get("join")
        if not joins:
            continue
        if not isinstance(joins, list) or not all(
                isinstance(join, dict) and "name" in join for join in joins):
            return None
        joiners += (join["name"] for join in joins)
    return joiners


def glance_of(file: SessionFile) -> Glance:
    """The glance of a session read in full."""
    evening = file.evening
    return Glance(evening.uid, evening.group, evening.finished,
                  took_part_in(file.table, file.deals))


__all__ = ["Glance", "glance", "glance_of"]
