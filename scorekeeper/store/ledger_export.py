"""Every ledger entry of every session as CSV, streamed straight from the database."""

from __future__ import annotations

import csv
from typing import TextIO

from sqlalchemy import Engine

from scorekeeper.core.text import FORMULA_STARTS
from scorekeeper.store.failures import storage_failures

COLUMNS = ("session_id", "deal_number", "position", "kind", "payer", "payee", "minor",
           "player", "points", "reason_key", "reason_params")
TEXT_COLUMNS = frozenset({"kind", "payer", "payee", "player", "reason_key", "reason_params"})


def _spreadsheet_safe(column: str) -> str:
    """csv_export.spreadsheet_safe in SQL (the same on SQLite and PostgreSQL): a text cell
    that begins like a formula gets a leading single quote. The tab and CR are written as
    themselves inside the string literals, which both databases accept.

    An empty text (the pot's account) is written as NULL is, an empty cell: COPY would
    quote it ("") where Python's csv module does not, and both must write the same bytes."""
    starts = ", ".join(f"'{start}'" for start in FORMULA_STARTS)
    return (f"CASE WHEN substr({column}, 1, 1) IN ({starts}) THEN '''' || {column} "
            f"ELSE NULLIF({column}, '') END AS {column}")


QUERY = (f"SELECT {', '.join(_spreadsheet_safe(c) if c in TEXT_COLUMNS else c for c in COLUMNS)}"
         " FROM entries ORDER BY id")


def write_all_entries(engine: Engine, out: TextIO) -> int:
    """Write the whole ledger as CSV with a header; returns the number of entries.

    A million rows is a bulk job: the driver's own cursor feeds the csv module (no
    SQLAlchemy row objects), and PostgreSQL writes the CSV itself (COPY). Both write the
    same bytes for the same rows (lines end in LF, as COPY ends them)."""
    with storage_failures(engine):
        connection = engine.raw_connection()
        try:
            cursor = connection.cursor()
            if engine.dialect.name == "postgresql":
                count = 0
                with cursor.copy(f"COPY ({QUERY}) TO STDOUT WITH (FORMAT csv, HEADER)") as copy:
                    for chunk in copy:
                        text = bytes(chunk).decode("utf-8")
                        out.write(text)
                        count += text.count("\n")
                return count - 1
            writer = csv.writer(out, lineterminator="\n")
            writer.writerow(COLUMNS)
            cursor.execute(QUERY)
            count = 0
            while rows := cursor.fetchmany(20_000):
                writer.writerows(rows)
                count += len(rows)
            return count
        finally:
            connection.close()
