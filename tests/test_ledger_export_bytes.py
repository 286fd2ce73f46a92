"""The club's export of every ledger entry: on SQLite the database builds each CSV line
itself (store.ledger_export.LINES), and the bytes must be exactly what Python's csv module
writes for the same rows, whatever text a cell holds."""

from __future__ import annotations

import csv
import io

from scorekeeper.formats.csv_export import spreadsheet_safe
from scorekeeper.session.scorebook import Scorebook
from scorekeeper.store.database import connect
from scorekeeper.store.ledger_export import COLUMNS, TEXT_COLUMNS, write_all_entries
from scorekeeper.store.sessions import SessionStore
from tests.conftest import worked_example

# Text a cell can hold if someone edits the database by hand, or a name a later check lets
# through: every character the csv module quotes for, formula starts, and their mixtures.
HOSTILE = ["a,b", 'say "hi"', "line\nbreak", "cr\rinside", "\rstarts with CR", "=1+1",
           '=HYPERLINK("http://x","y")', "-5", "+,\"\n", "@", "\tTab", "", None, " spaced ",
           "'quoted already", "%s%w%%", "Åsa 🂡", "\"", ","]


TEXT_ORDER = sorted(TEXT_COLUMNS)
NULLABLE = {"payer", "payee", "player"}


def expected_csv(engine) -> str:  # type: ignore[no-untyped-def]
    """What Python's csv module writes for the entries as stored, each text cell made safe."""
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    with engine.connect() as connection:
        raw = connection.exec_driver_sql(f"SELECT {', '.join(COLUMNS)} FROM entries ORDER BY id")
        for row in raw:
            writer.writerow([spreadsheet_safe(cell or None) if name in TEXT_COLUMNS else cell
                             for name, cell in zip(COLUMNS, row, strict=True)])
    return out.getvalue()


def test_every_hostile_text_is_written_exactly_as_the_csv_module_writes_it(tmp_path):
    book = Scorebook(SessionStore(connect(f"sqlite:///{tmp_path / 'club.db'}")))
    book.import_session("Evening", worked_example())
    with book.store.engine.begin() as connection:
        for text in HOSTILE:  # the text in every text column at once, and in each alone
            everywhere = [text if text is not None or c in NULLABLE else "" for c in TEXT_ORDER]
            connection.exec_driver_sql(
                f"INSERT INTO entries (session_id, deal_number, position, minor, points,"
                f" {', '.join(TEXT_ORDER)}) VALUES (1, 99, 0, -250, -3, ?, ?, ?, ?, ?, ?)",
                tuple(everywhere))
            for column in TEXT_ORDER:
                if text is None and column not in NULLABLE:
                    continue
                connection.exec_driver_sql(
                    "INSERT INTO entries (session_id, deal_number, position, kind, minor,"
                    " points, reason_key, reason_params)"
                    " VALUES (1, 99, 1, 'payment', 0, 0, 'ledger.x', '{}')")
                connection.exec_driver_sql(
                    f"UPDATE entries SET {column} = ? WHERE id = last_insert_rowid()", (text,))
        stored = connection.exec_driver_sql("SELECT count(*) FROM entries").scalar()
    out = io.StringIO(newline="")
    count = write_all_entries(book.store.engine, out)
    assert out.getvalue() == expected_csv(book.store.engine)
    assert count == stored
