"""A deal as the table reports it: who passed, who took what, what went wrong."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from scorekeeper.core.errors import refuse


@dataclass(frozen=True, slots=True)
class Join:
    """A player sitting down before a deal, right after ``after`` in order of play."""

    name: str
    after: str


@dataclass(frozen=True, slots=True)
class Deal:
    """The recorded outcome of one deal; the fields mirror the session file (FORMAT.md).

    ``tricks`` lists tricks per active player; an active player left out took none.
    """

    dealer: str | None = None  # when given, must be the dealer the rotation expects
    passed: tuple[str, ...] = ()
    widow: str | None = None
    general: str | None = None  # declarer of General Rams
    tricks: Mapping[str, int] = field(default_factory=dict)
    fouls: tuple[str, ...] = ()
    forfeit_to: str | None = None
    buy_down: tuple[str, ...] = ()
    conceded: bool = False  # the RH paid the dealer instead of playing
    misdeal: bool = False
    interrupted: bool = False  # ramina: stopped the moment someone reached 0
    # Seat changes before the deal is dealt: the leaves first, then the joins, in order.
    leaves: tuple[str, ...] = ()
    joins: tuple[Join, ...] = ()

    def tricks_of(self, player: str) -> int:
        return self.tricks.get(player, 0)


# A deal as a record: the deal object of the session file (FORMAT.md), which is also how
# the store keeps each deal. One mapping, so a stored deal and an exported one agree.


def deal_record(deal: Deal) -> dict[str, object]:
    """The deal as plain data, leaving out what did not happen."""
    if dealt_plainly(deal):
        record: dict[str, object] = {"dealer": deal.dealer} if deal.dealer else {}
        if deal.tricks:
            record["tricks"] = dict(deal.tricks)
        return record
    fields: dict[str, object] = {
        "dealer": deal.dealer,
        "pass": list(deal.passed),
        "widow": deal.widow,
        "general": deal.general,
        "tricks": dict(deal.tricks),
        "fouls": list(deal.fouls),
        "forfeit_to": deal.forfeit_to,
        "buy_down": list(deal.buy_down),
        "conceded": deal.conceded,
        "misdeal": deal.misdeal,
        "interrupted": deal.interrupted,
        "join": [{"name": join.name, "after": join.after} for join in deal.joins],
        "leave": list(deal.leaves),
    }
    return {key: value for key, value in fields.items() if value}


# Every field but the dealer and the tricks, as a deal without them has them: the record
# of most deals names only those two (a session file's, and every stored one).
_ONLY_PLAYED = attrgetter("passed", "widow", "general", "fouls", "forfeit_to", "buy_down",
                          "conceded", "misdeal", "interrupted", "leaves", "joins")
_NOTHING_ELSE = _ONLY_PLAYED(Deal())
_DEALER_AND_TRICKS = frozenset({"dealer", "tricks"})


def deal_key(deal: Deal) -> tuple[object, ...]:
    """The deal as a key: two deals of equal keys have equal records (a record already
    encoded is found by it)."""
    return (deal.dealer, _ONLY_PLAYED(deal), *deal.tricks.items())


def dealt_plainly(deal: Deal) -> bool:
    """Nothing but a dealer and the tricks: most deals (the fast way through the checks,
    and to and from a record)."""
    return _ONLY_PLAYED(deal) == _NOTHING_ELSE


def deal_of_record(record: object) -> Deal:
    """A deal from plain data; refuses fields of the wrong kind (the rules check the rest)."""
    if not isinstance(record, dict):
        raise refuse("file.deal_not_an_object")
    tricks = record.get("tricks") or {}
    if not isinstance(tricks, dict):
        raise refuse("file.tricks")
    if _DEALER_AND_TRICKS.issuperset(record):  # the others absent: each its default
        return Deal(dealer=_name(record, "dealer"), tricks=dict(tricks))
    return Deal(
        dealer=_name(record, "dealer"),
        passed=_names(record, "pass"),
        widow=_name(record, "widow"),
        general=_name(record, "general"),
        tricks=dict(tricks),
        fouls=_names(record, "fouls"),
        forfeit_to=_name(record, "forfeit_to"),
        buy_down=_names(record, "buy_down"),
        conceded=_flag(record, "conceded"),
        misdeal=_flag(record, "misdeal"),
        interrupted=_flag(record, "interrupted"),
        leaves=_names(record, "leave"),
        joins=_joins(record),
    )


def _joins(record: Mapping[str, Any]) -> tuple[Join, ...]:
    value = record.get("join") or []
    if not isinstance(value, list) or not all(
        isinstance(join, dict) and isinstance(join.get("name"), str)
        and isinstance(join.get("after"), str) for join in value
    ):
        raise refuse("file.join")
    return tuple(Join(join["name"], join["after"]) for join in value)


def _name(record: Mapping[str, Any], field: str) -> str | None:
    value = record.get(field)
    if value is not None and not isinstance(value, str):
        raise refuse("file.field_name", field=field)
    return value


def _names(record: Mapping[str, Any], field: str) -> tuple[str, ...]:
    value = record.get(field)
    if not value:  # absent or empty, as most of a deal's lists are: nothing to check
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise refuse("file.field_names", field=field)
    return tuple(value)


def _flag(record: Mapping[str, Any], field: str) -> bool:
    value = record.get(field, False)
    if not isinstance(value, bool):
        raise refuse("file.field_flag", field=field)
    return value
