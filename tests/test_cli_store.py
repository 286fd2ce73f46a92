"""The command line over the store (README, "The command line"), on SQLite and on
PostgreSQL: the import as a person runs it, ``python -m scorekeeper --db URL ...`` in a
process of its own; the other commands through the same ``main`` in the test's process.

The session is the example file, RULES.md's worked example: money Astrid -13.50,
Bengt -6.00, Cilla +9.50, Dag +10.00; transfers A→D 10.00, A→C 3.50, B→C 6.00.
"""

from __future__ import annotations

import csv
import json
import re

import pytest
from pypdf import PdfReader

from scorekeeper.formats.session_file import load_session
from scorekeeper.session.scorebook import Scorebook
from scorekeeper.store.database import connect
from scorekeeper.store.sessions import SessionStore
from tests.conftest import EXAMPLE_FILE, database_counts, run_cli, run_cli_here

# Amounts as English writes Swedish crowns: the code, a no-break space, the figure.
TRANSFERS = {"Astrid pays Dag SEK\u00a010.00", "Astrid pays Cilla SEK\u00a03.50",
             "Bengt pays Cilla SEK\u00a06.00"}


@pytest.fixture
def example(db_url):  # type: ignore[no-untyped-def]
    """The example file stored (through the store, not the CLI): (url, session id, scorebook)."""
    engine = connect(db_url)
    try:
        loaded = load_session(EXAMPLE_FILE.read_text(encoding="utf-8"))
        book = Scorebook(SessionStore(engine))
        stored = book.import_session(loaded.name, loaded.replay())
        yield db_url, stored.id, book
    finally:
        engine.dispose()


def test_import_prints_the_session_id(db_url):
    result = run_cli(db_url, "import", str(EXAMPLE_FILE))
    assert result.returncode == 0, result.stderr
    found = re.fullmatch(r"Imported session (\d+): Friday at the cabin, 6 deals\n", result.stdout)
    assert found, result.stdout
    engine = connect(db_url)
    try:
        stored = Scorebook(SessionStore(engine)).open(int(found.group(1)))
        assert stored.name == "Friday at the cabin"
        assert stored.state.deals == 6
    finally:
        engine.dispose()


def test_sessions_lists_the_stored_session(example):
    url, session_id, _ = example
    result = run_cli_here(url, "sessions")
    assert result.returncode == 0, result.stderr
    (line,) = result.stdout.splitlines()
    assert re.match(rf"\s*{session_id}\s", line)
    for part in ("Friday at the cabin", "english", "in play", "Astrid, Bengt, Cilla, Dag",
                 "6 deals"):
        assert part in line


def test_sessions_dates_each_session_by_its_evening_as_home_does(db_url):
    # The example was played on 2026-11-20 and is imported today: the list says the evening.
    assert run_cli(db_url, "import", str(EXAMPLE_FILE)).returncode == 0
    (line,) = run_cli_here(db_url, "sessions").stdout.splitlines()
    assert "20 Nov 2026" in line


def test_show_prints_the_standings(example):
    url, session_id, _ = example
    result = run_cli_here(url, "show", str(session_id))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Friday at the cabin - English Rams, 6 deals, pot 5"
    standings = lines[:lines.index("Who pays whom:")]
    rows = [line.split() for line in standings if line.split() and line.split()[0].isdigit()]
    # best first by money after the end-of-session split (RULES.md's worked example):
    # place, player, score, flights, money; Cilla and Dag both on 18 units, Dag's 10.00
    # (the indivisible rest) ahead of Cilla's 9.50
    assert rows == [
        ["1", "Dag", "+18", "1", "10.00"],
        ["2", "Cilla", "+18", "0", "9.50"],
        ["3", "Bengt", "-13", "1", "-6.00"],
        ["4", "Astrid", "-28", "1", "-13.50"],
    ]


def test_settle_prints_the_three_transfers_of_the_worked_example(example):
    url, session_id, _ = example
    result = run_cli_here(url, "settle", str(session_id))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 3
    assert set(lines) == TRANSFERS


def test_settle_speaks_swedish(example):
    url, session_id, _ = example
    result = run_cli_here(url, "--lang", "sv", "settle", str(session_id))
    assert result.returncode == 0, result.stderr
    assert set(result.stdout.splitlines()) == {
        "Astrid betalar Dag 10,00\u00a0kr", "Astrid betalar Cilla 3,50\u00a0kr",
        "Bengt betalar Cilla 6,00\u00a0kr"}


@pytest.mark.parametrize("fmt", ["json", "csv", "pdf"])
def test_export_writes_a_file(example, tmp_path, fmt):
    url, session_id, _ = example
    out = tmp_path / f"export.{fmt}"
    result = run_cli_here(url, "export", str(session_id), "--format", fmt, "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert out.stat().st_size > 0
    if fmt == "json":
        # FORMAT.md's session file is JSON; JSON text carries no byte-order mark (RFC 8259)
        assert not out.read_bytes().startswith(b"\xef\xbb\xbf"), "the JSON file starts with a BOM"
        document = json.loads(out.read_text(encoding="utf-8"))
        source = json.loads(EXAMPLE_FILE.read_text(encoding="utf-8"))
        assert document["name"] == source["name"]
        assert document["players"] == source["players"]
        assert len(document["deals"]) == 6
        assert load_session(out.read_text(encoding="utf-8")).replay().state.deals == 6
    elif fmt == "csv":
        with out.open(encoding="utf-8-sig", newline="") as read:
            rows = list(csv.reader(read))
        assert rows[0][:3] == ["session", "deal", "kind"]
        assert {row[0] for row in rows[1:]} == {"Friday at the cabin"}
        assert {row[1] for row in rows[1:]} == {"0", "1", "2", "3", "4", "5", "6"}
    else:
        assert out.read_bytes().startswith(b"%PDF")
        sheet = " ".join(page.extract_text() for page in PdfReader(out).pages)
        assert "Friday at the cabin" in sheet


def test_an_exported_json_file_imports_back(example, tmp_path):
    # README, "Backing up": export ... -o backup.json; import backup.json brings it back.
    url, session_id, book = example
    backup = tmp_path / "backup.json"
    exported = run_cli_here(url, "export", str(session_id), "--format", "json", "-o", str(backup))
    assert exported.returncode == 0, exported.stderr
    result = run_cli_here(url, "import", str(backup))
    assert result.returncode == 0, result.stderr
    found = re.fullmatch(r"Imported session (\d+): Friday at the cabin, 6 deals\n", result.stdout)
    assert found, result.stdout
    copy = int(found.group(1))
    assert copy != session_id
    assert book.open(copy).state == book.open(session_id).state
    assert book.store.deals(copy) == book.store.deals(session_id)


def test_players_prints_lifetime_statistics(example):
    url, session_id, book = example
    stored = book.open(session_id)
    book.finish(session_id, stored.version)
    result = run_cli_here(url, "players", "astrid")
    assert result.returncode == 0, result.stderr
    # English Rams has no games: what it counts as won is a General Rams (issue 63: a
    # Swedish table read "0 ramsar vunna" as that). Astrid declared one and lost it.
    line = ("{}: 1 session, 5 deals played, 7 tricks, 1 flight, 0 General Rams won, "
            "money -SEK\u00a013.50")
    assert result.stdout.splitlines() == [line.format("English Rams"), line.format("All games")]
    # Dag won his (deal 3: all five tricks), and is counted so. He went in in deals 1 to
    # 4 (flew in the first; in 5 he conceded, in 6 he passed): 0 + 1 + 5 + 0 tricks.
    dag = run_cli_here(url, "--lang", "sv", "players", "Dag").stdout.splitlines()
    assert dag[0] == ("Rams (engelsk): 1 session, 4 givar spelade, 6 stick, flög 1 gång, "
                      "1 generalrams vunnen, pengar 10,00\u00a0kr")


def test_a_broken_import_exits_non_zero_with_one_line_and_changes_nothing(example, tmp_path):
    url, session_id, book = example
    before = database_counts(book.store.engine)
    document = json.loads(EXAMPLE_FILE.read_text(encoding="utf-8"))
    document["deals"][3] = {"pass": ["Cilla"], "tricks": {"Astrid": 3, "Bengt": 2}}
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(document), encoding="utf-8")
    result = run_cli_here(url, "import", str(broken))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        "deal 4: single pot - everyone must play, but Cilla passed"]
    assert database_counts(book.store.engine) == before
    assert book.open(session_id).state.deals == 6


def test_export_ledger_writes_every_entry_of_every_session(example, tmp_path):
    url, _, _ = example
    out = tmp_path / "ledger.csv"
    result = run_cli_here(url, "export-ledger", "-o", str(out))
    assert result.returncode == 0, result.stderr
    with out.open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    # The worked example's entries, by hand: deal 1 ante, B and C shares, D and A flights (5);
    # deal 2 ante, D and A shares, B's flight (4); deal 3 ante, pot to D, three pay D (5);
    # deal 4 ante, A doubles the pot, A pays three (5); deal 5 ante, D concedes (2);
    # deal 6 ante, C's share, C's forfeit, A's foul (4): 25 in all.
    assert len(rows) == 25
    for deal in {row["deal_number"] for row in rows}:
        payments = [row for row in rows if row["deal_number"] == deal and row["kind"] == "payment"]
        moved = sum(int(row["minor"]) for row in payments)
        assert moved > 0  # every entry of the example moves money...
    balances: dict[str, int] = {}
    for row in rows:
        balances[row["payer"]] = balances.get(row["payer"], 0) - int(row["minor"])
        balances[row["payee"]] = balances.get(row["payee"], 0) + int(row["minor"])
    assert sum(balances.values()) == 0  # ...and what one account pays, another receives
    assert balances["Astrid"] == -28 * 50  # −28 units of 0.50 SEK
