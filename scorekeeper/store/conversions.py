"""Rows to core values and back: the only place that knows both shapes."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from scorekeeper.core import (
    Deal,
    Entry,
    Message,
    Payment,
    ScoreChange,
    Table,
    deal_of_record,
    deal_record,
    make_table,
)
from scorekeeper.core.table import stored_money
from scorekeeper.store.models import EntryRow, SessionRow

# One encoder for every row: json.dumps(..., ensure_ascii=False) builds a new one per call.
_to_json = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def table_of(row: SessionRow, names: list[str]) -> Table:
    return make_table(
        row.variant, names, row.first_dealer, json.loads(row.options),
        stored_money(row.unit, row.currency),
    )


def deal_json(deal: Deal) -> str:
    return _to_json(deal_record(deal))


def deal_of(text: str) -> Deal:
    return deal_of_record(json.loads(text))


def entry_rows(session_id: int, entries: Iterable[Entry]) -> list[dict[str, Any]]:
    """Rows for a bulk insert, numbered in order within each deal."""
    rows = []
    position = 0
    last_deal = None
    for entry in entries:
        position = position + 1 if entry.deal == last_deal else 0
        last_deal = entry.deal
        row: dict[str, Any] = {
            "session_id": session_id, "deal_number": entry.deal, "position": position,
            "reason_key": entry.reason.key,
            "reason_params": _to_json(entry.reason.params),
            "payer": None, "payee": None, "minor": 0, "player": None, "points": 0,
        }
        if isinstance(entry, Payment):
            row.update(kind="payment", payer=entry.payer, payee=entry.payee, minor=entry.minor)
        else:
            row.update(kind="score", player=entry.player, points=entry.points)
        rows.append(row)
    return rows


def entry_of(row: EntryRow) -> Entry:
    reason = Message(row.reason_key, json.loads(row.reason_params))
    if row.kind == "payment":
        assert row.payer is not None
        assert row.payee is not None
        return Payment(row.deal_number, row.payer, row.payee, row.minor, reason)
    assert row.player is not None
    return ScoreChange(row.deal_number, row.player, row.points, reason)
