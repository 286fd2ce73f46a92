"""Every ledger entry of every session as CSV, streamed straight from the database."""

from __future__ import annotations

import csv
import io
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


def _quoted_by_csv() -> tuple[str, ...]:
    """The characters that make Python's csv module quote a field, asked of the module
    itself (with QUOTE_MINIMAL and LF line ends: the comma, the quote and LF; whether a
    lone CR is quoted too has differed between Python versions)."""
    found = []
    for char in (",", '"', "\n", "\r"):
        line = io.StringIO()
        csv.writer(line, lineterminator="\n").writerow([f"a{char}b", ""])
        if line.getvalue().startswith('"'):
            found.append(char)
    return tuple(found)


def _csv_cell(column: str) -> str:
    """One text cell exactly as csv.writer writes ``_spreadsheet_safe(column)``: quoted
    (inner quotes doubled by printf's %w) when it holds a character the csv module quotes;
    NULL and an empty text as an empty cell. The leading single quote needs no quoting.

    Ordered for speed over a million rows: the quote is looked for first, as every
    reason_params cell (JSON) has one in its second place."""
    codes = ", ".join(str(ord(start)) for start in FORMULA_STARTS)
    formula = f"unicode({column}) IN ({codes})"
    special = " OR ".join(f"instr({column}, char({ord(char)}))"
                          for char in sorted(_quoted_by_csv(), key='"'.__ne__))
    return (f"CASE WHEN {special} THEN "
            f"printf('\"%s%w\"', CASE WHEN {formula} THEN '''' ELSE '' END, {column})"
            f" WHEN {formula} THEN '''' || {column}"
            f" ELSE coalesce({column}, '') END")


# SQLite writes each CSV line itself (in C, as `sqlite3 -csv` does): the driver then hands
# back one string per entry instead of eleven values for the csv module to format.
LINES = ("SELECT printf('" + ",".join(["%s"] * len(COLUMNS)) + "%s', "
         + ", ".join(_csv_cell(c) if c in TEXT_COLUMNS else c for c in COLUMNS)
         + ", char(10)) FROM entries ORDER BY id")


def write_all_entries(engine: Engine, out: TextIO) -> int:
    """Write the whole ledger as CSV with a header; returns the number of entries.

    A million rows is a bulk job: the database writes the CSV itself, PostgreSQL with
    COPY and SQLite line by line in the query (``LINES``); both write exactly the bytes
    Python's csv module writes for the same rows (lines end in LF, as COPY ends them)."""
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
            out.write(",".join(COLUMNS) + "\n")
            cursor.execute(LINES)
            count = 0
            while rows := cursor.fetchmany(20_000):
                out.write("".join([line for line, in rows]))
                count += len(rows)
            return count
        finally:
            connection.close()
