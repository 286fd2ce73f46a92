"""Every ledger entry of every session as CSV, streamed straight from the database."""

from __future__ import annotations

import csv
from typing import TextIO

from sqlalchemy import Engine, text

COLUMNS = ("session_id", "deal", "position", "kind", "payer", "payee", "minor", "player",
           "points", "reason_key", "reason_params")
QUERY = text(
    "SELECT session_id, deal_number, position, kind, payer, payee, minor, player, points,"
    " reason_key, reason_params FROM entries ORDER BY id"
)


def write_all_entries(engine: Engine, out: TextIO, batch: int = 20_000) -> int:
    """Write the whole ledger; rows come in batches, so memory stays flat. Returns the count."""
    writer = csv.writer(out)
    writer.writerow(COLUMNS)
    count = 0
    with engine.connect() as connection:
        result = connection.execution_options(stream_results=True, yield_per=batch).execute(QUERY)
        for rows in result.partitions(batch):
            writer.writerows(rows)
            count += len(rows)
    return count
