"""Rows to core values and back: the only place that knows both shapes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

from scorekeeper.core import (
    Deal,
    Entry,
    Message,
    Money,
    Payment,
    Placing,
    RuleError,
    Rules,
    ScoreChange,
    SeatChange,
    SessionPlacings,
    Table,
    deal_of_record,
    deal_record,
    first_figure,
    rules_for,
)
from scorekeeper.core.table import stored_money, stored_table
from scorekeeper.store.errors import DamagedSessionError
from scorekeeper.store.models import PAYMENT, SEAT, EntryRow

# What reading a row Scorekeeper did not write this way raises: JSON cut or changed, a
# field missing or of another kind, a value the rules' own checks of a table refuse.
NOT_AS_WRITTEN = (ValueError, LookupError, TypeError, AttributeError, RuleError)


@contextmanager
def as_written(session_id: int, name: str | None = None) -> Iterator[None]:
    """A session's rows read back into values: a row that does not read as one Scorekeeper
    writes (damage SQLite does not see) is ``DamagedSessionError``, not a traceback."""
    try:
        yield
    except NOT_AS_WRITTEN as error:
        raise DamagedSessionError(session_id, name) from error

# One encoder for every row: json.dumps(..., ensure_ascii=False) builds a new one per call.
to_json = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def table_of(row: Any, names: list[str]) -> Table:
    """The table of a session row (the ORM's or a Core row with the same columns)."""
    return _table(row.variant, tuple(names), row.first_dealer, row.options, row.unit,
                  row.currency)


@lru_cache(maxsize=1024)
def _table(variant: str, names: tuple[str, ...], first_dealer: str | None, options: str,
           unit: str, currency: str) -> Table:
    """A table is a value: the same row makes the same table, checked once (a Save reads
    its session's row, and checking the table again was a tenth of its CPU in Python)."""
    return stored_table(variant, names, first_dealer, json.loads(options),
                        stored_money(unit, currency))


def deal_json(deal: Deal) -> str:
    return to_json(deal_record(deal))


def deal_of(text: str) -> Deal:
    return deal_of_record(json.loads(text))


def entry_of(row: EntryRow) -> Entry:
    reason = Message(row.reason_key, json.loads(row.reason_params))
    if row.kind == PAYMENT:
        assert row.payer is not None
        assert row.payee is not None
        return Payment(row.deal_number, row.payer, row.payee, row.minor, reason)
    assert row.player is not None
    if row.kind == SEAT:
        return SeatChange(row.deal_number, row.player, reason)
    return ScoreChange(row.deal_number, row.player, row.points, reason)


def placings_of(row: Any) -> SessionPlacings:
    """The standings a session row keeps, best first, in order of the seats within a
    shared place: its ``result`` and ``places`` (``change.kept_result``, ``kept_places``),
    with its variant, options, unit and currency. A session kept without places (never
    saved) has none."""
    money = _money(row.unit, row.currency)
    if not row.result or not row.places:
        return SessionPlacings((), money)
    rules = _rules(row.variant, row.options)
    seated = [(kept[1], *placed) for kept, placed in zip(json.loads(row.result),
                                                          json.loads(row.places), strict=True)]
    seated.sort(key=lambda player: player[1])  # stable: in order of the seats within a place
    return SessionPlacings(tuple(
        Placing(player, place, first_figure(rules, row.currency, figure), missed=missed)
        for player, place, _, figure, missed in seated), money)


def listed_placings(row: Any) -> SessionPlacings | None:
    """``placings_of(row)`` for a list of sessions (home, a group's evenings), None for a
    row that does not read: the list shows the others as ever, and opening the damaged one
    says it is damaged (``as_written``)."""
    try:
        return placings_of(row)
    except NOT_AS_WRITTEN:
        return None


def listed_leaders(row: Any) -> tuple[str, ...]:
    """Who leads, as a session row keeps it, for a list; none for a row that does not read."""
    try:
        leaders = json.loads(row.leaders)
    except NOT_AS_WRITTEN:
        return ()
    return tuple(leaders) if isinstance(leaders, list) else ()


@lru_cache(maxsize=256)
def _money(unit: str, currency: str | None) -> Money:
    return stored_money(unit, currency)


@lru_cache(maxsize=256)
def _rules(variant: str, options: str) -> Rules:
    return rules_for(variant, json.loads(options))
