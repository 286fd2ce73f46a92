"""Exports of a stored session (scorekeeper/formats): the FORMAT.md session file, the CSV
ledger and standings, the PDF score sheet; and imports that must be refused whole.

The session is RULES.md's worked example; money A -13.50, B -6.00, C +9.50, D +10.00
and the transfers A→D 10.00, A→C 3.50, B→C 6.00.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections import defaultdict
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from scorekeeper.cli import main
from scorekeeper.core import Deal, Session, close, make_money, make_table
from scorekeeper.core.owed import Handover
from scorekeeper.formats.csv_export import ENCODING, write_ledger, write_standings
from scorekeeper.formats.exports import file_name
from scorekeeper.formats.pdf_sheet import score_sheet
from scorekeeper.formats.replay import replay_report
from scorekeeper.formats.session_file import dump_session, load_session
from scorekeeper.i18n import text
from tests.conftest import (
    EXAMPLE_FILE,
    EXAMPLE_NAMES,
    database_counts,
    replayed,
    url_of,
    worked_example,
    worked_example_deals,
)

SWEDES = ("Åsa Öberg", "Bengt", "Cilla", "Dag")
LEDGER_COLUMNS = ["session", "deal", "kind", "from", "to", "player", "units", "points",
                  "money", "currency", "reason", "rule"]  # csv_export.py: one row per entry
STANDINGS_COLUMNS = ["player", "seat", "score", "units", "flights", "deals_played", "tricks",
                     "games_won", "money", "currency", "place"]
MONEY = {"-13.50", "-6.00", "9.50", "10.00"}


def finished_example(book, names=EXAMPLE_NAMES):  # type: ignore[no-untyped-def]
    stored = book.import_session("Friday at the cabin", worked_example(names))
    return book.finish(stored.id, stored.version)


def ledger_rows(book, names=SWEDES) -> tuple[list[list[str]], list]:  # type: ignore[no-untyped-def]
    """The stored, finished example's ledger as CSV, read back with the csv module."""
    stored = finished_example(book, names)
    entries = book.store.entries(stored.id)
    # in order: the deals, then the end of the session (deal 0), as the CLI writes it
    entries = [*(e for e in entries if e.deal), *(e for e in entries if not e.deal)]
    out = io.StringIO(newline="")
    assert write_ledger(out, stored.name, stored.table, entries) == len(entries)
    raw = out.getvalue().encode(ENCODING)
    assert raw.startswith(b"\xef\xbb\xbf")  # the byte-order mark spreadsheets look for
    rows = list(csv.reader(io.StringIO(raw.decode(ENCODING), newline="")))
    return rows, entries


def mattmar_with_money() -> Session:
    table = make_table("mattmar", ["Åsa Öberg", "Bengt", "Cilla"], "Bengt",
                       {"money": True, "start": 5, "games": 2}, make_money("2", "SEK"))
    # Two games with options, stakes, flights and a pass on 2 points: Åsa Öberg wins the
    # first, Bengt the second.
    return Session.replay(table, [
        Deal(tricks={"Cilla": 2, "Åsa Öberg": 3}),
        Deal(passed=("Åsa Öberg",), tricks={"Bengt": 5}),
        Deal(tricks={"Åsa Öberg": 2, "Bengt": 3}),
        Deal(tricks={"Bengt": 5}),
    ])


@pytest.mark.parametrize("example", ["english", "mattmar"])
def test_json_export_then_import_replays_the_same(book, example):
    session = worked_example(SWEDES) if example == "english" else mattmar_with_money()
    original = book.import_session("Friday at the cabin", session)
    stored, session = replayed(book, original.id)
    assert "Åsa Öberg" in session.table.players
    exported = json.dumps(dump_session(stored.name, session), ensure_ascii=False, indent=2)
    assert json.loads(exported)["players"] == list(session.table.players)
    back = load_session(exported)
    copy = book.import_session(back.name, back.replay())
    assert copy.id != original.id
    assert copy.name == "Friday at the cabin"
    copied, copied_session = replayed(book, copy.id)
    assert replay_report(copied_session) == replay_report(session)
    assert copied.state == stored.state
    assert book.store.deals(copy.id) == book.store.deals(original.id)
    assert dump_session(copied.name, copied_session) == dump_session(stored.name, session)


def test_json_export_of_the_example_file_gives_back_its_deals(book):
    source = json.loads(EXAMPLE_FILE.read_text(encoding="utf-8"))
    loaded = load_session(EXAMPLE_FILE.read_text(encoding="utf-8"))
    stored = book.import_session(loaded.name, loaded.replay())
    again, session = replayed(book, stored.id)
    document = dump_session(again.name, session)
    for field in ("format", "name", "variant", "players", "first_dealer", "money"):
        assert document[field] == source[field]
    # the deals as the file has them, with each dealer filled in
    dealers = ["Astrid", "Bengt", "Cilla", "Dag", "Astrid", "Bengt"]
    assert document["deals"] == [{"dealer": d, **deal} for d, deal in
                                 zip(dealers, source["deals"], strict=True)]


def test_csv_ledger_has_a_header_and_one_row_per_entry(book):
    rows, entries = ledger_rows(book)
    assert rows[0] == LEDGER_COLUMNS
    assert len(rows) == 1 + len(entries)
    assert all(len(row) == len(LEDGER_COLUMNS) for row in rows)
    for row, entry in zip(rows[1:], entries, strict=True):
        record = dict(zip(LEDGER_COLUMNS, row, strict=True))
        assert record["session"] == "Friday at the cabin"
        assert int(record["deal"]) == entry.deal
        assert record["rule"] == entry.reason.key
        assert record["reason"]
    kinds = {row[2] for row in rows[1:]}
    assert kinds == {"payment"}  # a pot game moves only money


def test_csv_ledger_money_balances_deal_by_deal(book):
    rows, _ = ledger_rows(book)
    accounts = {*SWEDES, text("ledger.pot_account")}
    per_deal: dict[int, dict[str, Decimal]] = defaultdict(lambda: defaultdict(Decimal))
    for row in rows[1:]:
        record = dict(zip(LEDGER_COLUMNS, row, strict=True))
        assert record["from"] in accounts
        assert record["to"] in accounts
        assert record["currency"] == "SEK"
        money = Decimal(record["money"])
        assert money == Decimal(record["units"]) * Decimal("0.50")
        net = per_deal[int(record["deal"])]
        net[record["from"]] -= money
        net[record["to"]] += money
    assert sorted(per_deal) == [0, 1, 2, 3, 4, 5, 6]
    for deal, net in per_deal.items():
        assert sum(net.values()) == 0, deal
    total: dict[str, Decimal] = defaultdict(Decimal)
    for net in per_deal.values():
        for account, amount in net.items():
            total[account] += amount
    assert total.pop(text("ledger.pot_account")) == 0  # the pot is empty at the very end
    assert total == {"Åsa Öberg": Decimal("-13.50"), "Bengt": Decimal("-6.00"),
                     "Cilla": Decimal("9.50"), "Dag": Decimal("10.00")}


def test_csv_ledger_keeps_names_intact(book):
    rows, _ = ledger_rows(book)
    names = {row[3] for row in rows[1:]} | {row[4] for row in rows[1:]}
    assert "Åsa Öberg" in names
    assert any("Åsa Öberg" in row[10] for row in rows[1:])


def test_csv_standings_have_one_row_per_player(book):
    stored = finished_example(book, SWEDES)
    _, session = replayed(book, stored.id)
    out = io.StringIO(newline="")
    write_standings(out, session.table, session.state, close(session.table, session.state))
    rows = list(csv.reader(io.StringIO(out.getvalue(), newline="")))
    assert rows[0] == STANDINGS_COLUMNS
    table = [dict(zip(STANDINGS_COLUMNS, row, strict=True)) for row in rows[1:]]
    # Best first, by the money (RULES.md, "Standings of a session"): Dag's 10.00 ahead of
    # Cilla's 9.50 on the same +18 units; the seat is the place in order of play.
    assert [(r["place"], r["player"], r["seat"], r["units"], r["flights"], r["money"])
            for r in table] == [
        ("1", "Dag", "4", "18", "1", "10.00"),
        ("2", "Cilla", "3", "18", "0", "9.50"),
        ("3", "Bengt", "2", "-13", "1", "-6.00"),
        ("4", "Åsa Öberg", "1", "-28", "1", "-13.50"),
    ]
    assert {r["currency"] for r in table} == {"SEK"}


def pdf_text(pdf: bytes) -> str:
    reader = PdfReader(io.BytesIO(pdf))
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in reader.pages))


def test_pdf_score_sheet_has_the_session_the_players_the_money_and_the_transfers(book):
    stored = book.import_session("Friday at the cabin", worked_example())
    _, session = replayed(book, stored.id)
    sheet = pdf_text(score_sheet(stored.name, session, date(2026, 11, 21)))
    assert "Friday at the cabin" in sheet
    for player in EXAMPLE_NAMES:
        assert player in sheet
    # the standings, best first, the money as English writes it (RULES.md's worked example)
    assert re.search(r"1 Dag \+18 1 \+SEK 10\.00 2 Cilla \+18 0 \+SEK 9\.50 "
                     r"3 Bengt -13 1 -SEK 6\.00 4 Astrid -28 1 -SEK 13\.50", sheet), sheet
    for transfer in ("Astrid pays Dag SEK 10.00", "Astrid pays Cilla SEK 3.50",
                     "Bengt pays Cilla SEK 6.00"):
        assert transfer in sheet


def test_the_swedish_score_sheet_writes_every_figure_the_swedish_way():
    """Issue 63: the Swedish sheet wrote the unit "0.50", the standings "-13.50" and what was
    paid "5.00" beside the transfers' "10,00 kr". RULES.md's worked example in kronor, its
    pot of 5 units (2,50 kr) carried to the next evening, Bengt having paid Cilla 5,00 kr:
    every amount is written as Swedish writes money (i18n/figures.py)."""
    table = make_table("english", list(SWEDES), SWEDES[0], {"end_pot": "carry"},
                       make_money("0.50", "SEK"))
    session = Session.replay(table, worked_example_deals(SWEDES))
    sheet = pdf_text(score_sheet("Fredag i stugan", session, date(2026, 11, 21), "sv",
                                 payments=[Handover("Bengt", "Cilla", 500)]))
    assert re.findall(r"\d\.\d", sheet) == []  # no figure with a decimal point
    assert "en enhet = 0,50 kr" in sheet
    # Units -28, -13, 18, 18 at 0,50 kr, the pot not shared out; best first.
    assert ("1 Cilla +18 0 +9,00 kr 1 Dag +18 1 +9,00 kr 3 Bengt -13 1 -6,50 kr "
            "4 Åsa Öberg -28 1 -14,00 kr") in sheet
    assert "Betalt hittills (utbetalt minus mottaget): Bengt 5,00 kr, Cilla -5,00 kr" in sheet
    assert "Kvar i potten till nästa gång: 2,50 kr" in sheet


@pytest.mark.parametrize(("name", "kind", "file"), [
    ("CON", "json", "CON-session.json"),  # Windows opens the console for "CON.json"
    ("nul", "csv", "nul-session.csv"),
    ("Com1", "standings", "Com1-session-standings.csv"),
    ("LPT²", "pdf", "LPT²-session.pdf"),
    ("Con night", "json", "Con-night.json"),
    ("Fredag i stugan / 21.11", "pdf", "Fredag-i-stugan---21-11.pdf"),
    ("...", "json", "session.json"),
])
def test_export_file_names_are_taken_by_every_file_system(name, kind, file):
    assert file_name(name, kind) == file


# --- imports that must be refused ---------------------------------------------------------

def _document(**changes: object) -> str:
    document = json.loads(EXAMPLE_FILE.read_text(encoding="utf-8"))
    document.update(changes)
    return json.dumps(document, ensure_ascii=False)


def _players(*names: str) -> str:
    return _document(players=list(names), first_dealer=names[0], deals=[])


BROKEN_RULE = json.loads(EXAMPLE_FILE.read_text(encoding="utf-8"))["deals"]
BROKEN_RULE = [{**BROKEN_RULE[0], "pass": ["Cilla"]}, *BROKEN_RULE[1:]]

# (id, file text or None for the huge file, what the one line on stderr must say)
HOSTILE = [
    ("broken-json", '{"format": "scorekeeper/1", "players": ["Astrid", ', "not valid JSON"),
    ("not-a-session", "[1, 2, 3]", "expected a JSON object"),
    ("deal-breaking-a-rule", _document(deals=BROKEN_RULE),
     "deal 1: single pot - everyone must play, but Cilla passed"),
    ("deeply-nested", "[" * 100_000 + "]" * 100_000, "not valid JSON"),
    ("deeply-nested-field", '{"format": "scorekeeper/1", "name": ' + "[" * 100_000
     + "]" * 100_000 + "}", "not valid JSON"),
    ("huge-file", None, "larger than 64 MiB"),
    ("huge-number", '{"format": "scorekeeper/1", "players": [' + "9" * 5000 + "]}", None),
    ("unit-beyond-64-bit-minor-units", _document(money={"currency": "SEK", "unit": "1e20"}),
     None),
    ("name-with-bell", _players("Åsa\x07Öberg", "Bengt", "Cilla"), "control characters"),
    ("name-with-newline", _players("Åsa\nÖberg", "Bengt", "Cilla"), "control characters"),
    ("name-with-escape", _players("Åsa\x1b[2JÖberg", "Bengt", "Cilla"), "control characters"),
    ("ten-players", _players(*(f"P{i}" for i in range(10))),
     "English Rams is for 3 to 6 players, not 10"),
]


def _write_hostile(folder: Path, case: str, body: str | None) -> Path:
    path = folder / f"{case}.json"
    if body is None:  # larger than any night of cards (bounds.LARGEST_FILE, 64 MiB); sparse
        with path.open("wb") as out:
            out.truncate(65 * 1024 * 1024)
    else:
        path.write_text(body, encoding="utf-8")
    return path


def _import(book, path: Path):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, ["--db", url_of(book.store.engine), "import", str(path)])


def _message_lines(stderr: str) -> list[str]:
    """stderr without the progress bar's label (shown once the file has been checked)."""
    return [line for line in stderr.splitlines() if not line.startswith(text("cli.importing"))]


@pytest.mark.parametrize(("case", "body", "says"), HOSTILE, ids=[c for c, _, _ in HOSTILE])
def test_a_hostile_file_is_refused_and_leaves_the_database_untouched(book, tmp_path, case,
                                                                     body, says):
    kept = book.import_session("Friday at the cabin", worked_example())
    before = database_counts(book.store.engine)
    assert (before["sessions"], before["deals"]) == (1, 6)
    result = _import(book, _write_hostile(tmp_path, case, body))
    assert database_counts(book.store.engine) == before
    assert book.open(kept.id).state == worked_example().state
    assert result.exit_code != 0
    assert isinstance(result.exception, SystemExit), (
        f"crashed instead of refusing: {result.exception!r}")
    lines = _message_lines(result.stderr)
    assert len(lines) == 1, lines
    if says is not None:
        assert says in lines[0]


CONTROL = [case for case in HOSTILE if case[0].startswith("name-with")]


@pytest.mark.parametrize(("case", "body", "says"), CONTROL, ids=[c for c, _, _ in CONTROL])
def test_a_refused_name_is_not_echoed_with_its_control_characters(book, tmp_path, case, body,
                                                                  says):
    result = _import(book, _write_hostile(tmp_path, case, body))
    assert result.exit_code == 2
    message = result.stderr.removesuffix("\n")
    assert says in message
    assert message.isprintable(), repr(message)
    assert database_counts(book.store.engine)["sessions"] == 0
