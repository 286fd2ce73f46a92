"""No CSV Scorekeeper writes can run a formula in a spreadsheet (OWASP "CSV injection"):
a text cell that begins with =, +, -, @, a tab or a carriage return is written with a
leading single quote; numbers, negative ones too, stay numbers. The ledger, the
standings and the club's export of every entry, on SQLite and PostgreSQL alike."""

from __future__ import annotations

import csv
import io

import pytest

from scorekeeper.core import Deal, Session, close, make_money, make_table
from scorekeeper.formats.csv_export import (
    ENCODING,
    spreadsheet_safe,
    write_ledger,
    write_standings,
)
from scorekeeper.store.ledger_export import COLUMNS, TEXT_COLUMNS, write_all_entries

# Names a spreadsheet would read as formulas, seated in the worked example's places.
A, B, C, D = '=HYPERLINK("http://evil.example","x")', "+Bengt", "-Cilla", "@Dag"
SESSION_NAME = "=CMD|' /C CALC'!A0"
TRIGGERS = ("=", "+", "-", "@", "\t", "\r")


def hostile_session() -> Session:
    """RULES.md's worked example (english, one unit 0.50 SEK) with formula-like names."""
    table = make_table("english", [A, B, C, D], A, {}, make_money("0.50", "SEK"))
    return Session.replay(table, [
        Deal(tricks={B: 2, C: 3, A: 0, D: 0}),
        Deal(passed=(C,), tricks={D: 1, A: 4, B: 0}),
        Deal(general=D, tricks={D: 5}),
        Deal(general=A, tricks={A: 1, C: 1}),
        Deal(passed=(B, C), conceded=True),
        Deal(passed=(D, B), tricks={C: 3, A: 2}, fouls=(A,), forfeit_to=C),
    ])


def read_back(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


def is_number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


def assert_no_formula(rows: list[list[str]]) -> None:
    for row in rows:
        for cell in row:
            assert not cell.startswith(TRIGGERS) or is_number(cell), (cell, row)


@pytest.mark.parametrize(("cell", "written"), [
    ("=1+1", "'=1+1"), ("+46 70", "'+46 70"), ("-Cilla", "'-Cilla"), ("@SUM(A1)", "'@SUM(A1)"),
    ("\tx", "'\tx"), ("\rx", "'\rx"), ("Astrid", "Astrid"), ("", ""), ("'=x", "'=x"),
    (-5, -5), (None, None),
])
def test_text_that_would_be_a_formula_gets_a_single_quote(cell, written):
    assert spreadsheet_safe(cell) == written


def test_the_ledger_csv_neutralises_names_and_the_session_name_but_not_amounts():
    session = hostile_session()
    entries = [*session.entries, *close(session.table, session.state).entries]
    out = io.StringIO(newline="")
    write_ledger(out, SESSION_NAME, session.table, entries)
    rows = read_back(out.getvalue())
    assert_no_formula(rows)
    header, body = rows[0], rows[1:]
    named = [dict(zip(header, row, strict=True)) for row in body]
    assert {r["session"] for r in named} == {"'" + SESSION_NAME}
    assert {r["player"] for r in named if r["kind"] == "score"} <= {"'" + n for n in (A, B, C, D)}
    payers = {r["from"] for r in named if r["kind"] == "payment"}
    assert "'" + A in payers
    # Astrid's (here A's) foul in deal 6 pays: amounts stay numbers, negative or not.
    amounts = [r["money"] for r in named if r["money"]]
    assert all(is_number(m) for m in amounts)


def test_the_standings_csv_keeps_negative_money_a_number():
    session = hostile_session()
    out = io.StringIO(newline="")
    write_standings(out, session.table, session.state, close(session.table, session.state))
    rows = read_back(out.getvalue())
    assert_no_formula(rows)
    by_player = {row[0]: row for row in rows[1:]}
    assert set(by_player) == {"'" + n for n in (A, B, C, D)}
    # The worked example's money: A -13.50, B -6.00, C +9.50, D +10.00; units A -28.
    money = {name: by_player["'" + name][8] for name in (A, B, C, D)}
    assert money == {A: "-13.50", B: "-6.00", C: "9.50", D: "10.00"}
    assert by_player["'" + A][3] == "-28"


def test_every_entry_export_neutralises_text_on_both_back_ends_alike(book):
    stored = book.import_session(SESSION_NAME, hostile_session())
    book.finish(stored.id, stored.version)
    out = io.StringIO(newline="")
    count = write_all_entries(book.store.engine, out)
    written = out.getvalue()
    rows = read_back(written)
    assert rows[0] == list(COLUMNS)
    assert len(rows) == count + 1
    assert_no_formula(rows)
    # The same bytes on SQLite and PostgreSQL: what Python's csv writes for the entries as
    # stored, each text cell through the one rule (and the pot's empty account left empty).
    expected = io.StringIO(newline="")
    writer = csv.writer(expected, lineterminator="\n")
    writer.writerow(COLUMNS)
    with book.store.engine.connect() as connection:
        raw = connection.exec_driver_sql(f"SELECT {', '.join(COLUMNS)} FROM entries ORDER BY id")
        for row in raw:
            writer.writerow([spreadsheet_safe(cell or None) if name in TEXT_COLUMNS else cell
                             for name, cell in zip(COLUMNS, row, strict=True)])
    assert written == expected.getvalue()
    assert "'" + A.replace('"', '""') in written


def test_the_cli_exports_are_read_back_without_formulas(book, tmp_path):
    from click.testing import CliRunner

    from scorekeeper.cli import main
    from tests.conftest import url_of

    stored = book.import_session(SESSION_NAME, hostile_session())
    url = url_of(book.store.engine)
    for args in (["--format", "csv"], ["--format", "csv", "--standings"]):
        out = tmp_path / "out.csv"
        result = CliRunner().invoke(main, ["--db", url, "export", str(stored.id), *args,
                                           "-o", str(out)])
        assert result.exit_code == 0, result.output
        assert_no_formula(read_back(out.read_text(encoding=ENCODING)))
    out = tmp_path / "all.csv"
    result = CliRunner().invoke(main, ["--db", url, "export-ledger", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert_no_formula(read_back(out.read_text(encoding=ENCODING)))
