"""Rows to core values and back: the only place that knows both shapes."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from scorekeeper.core import (
    Deal,
    Entry,
    Message,
    Payment,
    ScoreChange,
    SeatChange,
    Table,
    deal_of_record,
    deal_record,
)
from scorekeeper.core.table import stored_money, stored_table
from scorekeeper.store.models import EntryRow

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
    if row.kind == "payment":
        assert row.payer is not None
        assert row.payee is not None
        return Payment(row.deal_number, row.payer, row.payee, row.minor, reason)
    assert row.player is not None
    if row.kind == "seat":
        return SeatChange(row.deal_number, row.player, reason)
    return ScoreChange(row.deal_number, row.player, row.points, reason)
