"""Every ledger entry of every session as CSV, streamed straight from the database."""

from __future__ import annotations

import csv
from typing import TextIO

from sqlalchemy import Engine

COLUMNS = ("session_id", "deal_number", "position", "kind", "payer", "payee", "minor",
           "player", "points", "reason_key", "reason_params")
QUERY = f"SELECT {', '.join(COLUMNS)} FROM entries ORDER BY id"


def write_all_entries(engine: Engine, out: TextIO) -> int:
    """Write the whole ledger as CSV with a header; returns the number of entries.

    A million rows is a bulk job: the driver's own cursor feeds the csv module (no
    SQLAlchemy row objects), and PostgreSQL writes the CSV itself (COPY)."""
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
        writer = csv.writer(out)
        writer.writerow(COLUMNS)
        cursor.execute(QUERY)
        count = 0
        while rows := cursor.fetchmany(20_000):
            writer.writerows(rows)
            count += len(rows)
        return count
    finally:
        connection.close()
