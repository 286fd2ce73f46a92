"""Settling up through the scorebook: payment details per player, the "paid" tick as a
change of the session, and the ticks carried by every export and brought back by import.

The session is RULES.md's worked example (SEK, 0.50 a unit); its settle-up is
Astrid → Dag 10.00, Astrid → Cilla 3.50, Bengt → Cilla 6.00 (öre: 1000, 350, 600).
"""

from __future__ import annotations

import csv
import io
import json
from datetime import date
from urllib.parse import unquote

import pytest
from pypdf import PdfReader

from scorekeeper.core import Deal, Transfer
from scorekeeper.formats.exports import export
from scorekeeper.payments import payment_details
from scorekeeper.session import ConflictError, Scorebook, StoreError
from scorekeeper.store.database import connect
from scorekeeper.store.sessions import SessionStore
from tests.conftest import run_cli, worked_example
from tests.qr_decode import pdf_pages, zxing

A_TO_D = Transfer("Astrid", "Dag", 1000)
DAG = payment_details(swish="070-123 45 67")


@pytest.fixture
def book(tmp_path):  # type: ignore[no-untyped-def]
    engine = connect(f"sqlite:///{tmp_path / 'scorekeeper.db'}")
    try:
        yield Scorebook(SessionStore(engine))
    finally:
        engine.dispose()


def stored_example(book: Scorebook):  # type: ignore[no-untyped-def]
    return book.import_session("Friday at the cabin", worked_example())


def test_a_tick_is_a_change_of_the_session_and_every_page_hears_it(book):
    session = stored_example(book)
    assert not session.is_paid(A_TO_D)
    heard: list[int | None] = []
    book.subscribe(heard.append)
    ticked = book.set_paid(session.id, A_TO_D, True, session.version)
    assert ticked.version == session.version + 1
    assert ticked.paid == {("Astrid", "Dag", 1000)}
    assert ticked.is_paid(A_TO_D)
    assert session.id in heard
    untick = book.set_paid(session.id, A_TO_D, False, ticked.version)
    assert untick.paid == frozenset()


def test_a_tick_from_a_stale_screen_is_refused(book):
    session = stored_example(book)
    book.set_paid(session.id, A_TO_D, True, session.version)
    with pytest.raises(ConflictError):
        book.set_paid(session.id, Transfer("Bengt", "Cilla", 600), True, session.version)
    assert book.open(session.id).paid == {("Astrid", "Dag", 1000)}


def test_a_tick_a_later_deal_made_obsolete_is_no_longer_paid(book):
    session = stored_example(book)
    ticked = book.set_paid(session.id, A_TO_D, True, session.version)
    # Deal 7: Cilla deals, everyone plays, Dag takes all five tricks: Astrid owes him more.
    after, _ = book.record(session.id, Deal(tricks={"Dag": 5, "Astrid": 0, "Bengt": 0,
                                                    "Cilla": 0}), ticked.version)
    assert all(t != A_TO_D for t in after.closing.transfers)
    assert after.paid == frozenset()
    assert json.loads(book.export(session.id, "json", "en")[1])["paid_transfers"] == []


def test_payment_details_kept_for_a_player_show_in_an_open_session_at_once(book):
    session = stored_example(book)
    assert not session.payments("en")[0][1].codes  # Dag has no details yet
    assert book.set_payment_details("dag", DAG) == "Dag"
    again = book.open(session.id)
    assert again.version == session.version  # details are no change of the session
    transfer, offer = again.payments("en")[0]
    assert transfer == A_TO_D
    assert [code.scheme for code in offer.codes] == ["swish"]
    assert book.payment_details(["Dag", "Astrid"]) == {"Dag": DAG}


def test_the_code_message_names_the_game_and_the_session(book):
    session = stored_example(book)
    book.set_payment_details("Dag", DAG)
    offer = book.open(session.id).payments("en")[0][1]
    # Swish carries the message percent-encoded
    assert "English Rams, Friday at the cabin" in unquote(offer.codes[0].payload)


def test_the_json_export_carries_the_paid_ticks(book):
    session = stored_example(book)
    book.set_paid(session.id, A_TO_D, True, session.version)
    document = json.loads(book.export(session.id, "json", "en")[1])
    assert document["paid_transfers"] == [{"from": "Astrid", "to": "Dag", "amount": "10.00"}]


def test_the_ledger_csv_ends_with_a_row_per_paid_transfer_in_the_same_columns(book):
    session = stored_example(book)
    book.set_paid(session.id, A_TO_D, True, session.version)
    body = book.export(session.id, "csv", "en")[1]
    rows = list(csv.DictReader(io.StringIO(body.decode("utf-8-sig"))))
    assert rows[-1] == {"session": "Friday at the cabin", "deal": "", "kind": "paid",
                        "from": "Astrid", "to": "Dag", "player": "", "units": "20",
                        "points": "", "money": "10.00", "currency": "SEK",
                        "reason": "Astrid paid Dag", "rule": "payments.paid"}
    assert sum(row["kind"] == "paid" for row in rows) == 1


def test_nothing_ticked_adds_no_row_to_the_ledger_csv():
    session = worked_example()
    body = export("csv", "x", session, "en", date(2026, 1, 1))
    assert b",paid," not in body


def test_the_pdf_carries_the_codes_of_the_screen(book):
    session = stored_example(book)
    book.set_payment_details("Dag", DAG)
    body = book.export(session.id, "pdf", "en")[1]
    words = " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)
                     .split())
    assert "Pay by scanning" in words
    assert "Astrid pays Dag SEK 10.00 – Swish 070-123 45 67" in words
    payloads = [found for page in pdf_pages(body, dpi=150) for found in zxing(page)]
    # Swish writes the amount with a decimal comma
    assert [p.decode("utf-8").split(";")[:2] for p in payloads] == [["C0701234567", "10,00"]]


def test_a_sheet_without_details_or_ticks_has_no_codes_section(book):
    session = stored_example(book)
    body = book.export(session.id, "pdf", "en")[1]
    words = " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)
                     .split())
    assert "Pay by scanning" not in words


def test_importing_an_exported_file_brings_its_ticks_back(tmp_path):
    first, second = f"sqlite:///{tmp_path / 'a.db'}", f"sqlite:///{tmp_path / 'b.db'}"
    engine = connect(first)
    book = Scorebook(SessionStore(engine))
    session = stored_example(book)
    book.set_paid(session.id, A_TO_D, True, session.version)
    engine.dispose()
    exported = tmp_path / "s.json"
    assert run_cli(first, "export", "1", "-o", str(exported)).returncode == 0
    assert run_cli(second, "import", str(exported)).returncode == 0
    again = run_cli(second, "export", "1", "--format", "json")
    assert json.loads(again.stdout)["paid_transfers"] == [
        {"from": "Astrid", "to": "Dag", "amount": "10.00"}]
    assert again.stdout.encode("utf-8") == exported.read_bytes()


def test_the_app_imports_a_file_with_its_ticks_as_the_command_line_does(book):
    # The app's Import and `scorekeeper import` read a file the same way (Scorebook.import_file).
    session = stored_example(book)
    book.set_paid(session.id, A_TO_D, True, session.version)
    exported = book.export(session.id, "json", "en")[1]
    copy = book.import_file(exported.decode("utf-8"))
    assert copy.paid == {("Astrid", "Dag", 1000)}
    assert book.export(copy.id, "json", "en")[1] == exported


def test_a_file_ticking_a_transfer_its_session_lacks_is_refused_and_nothing_stored(book):
    with pytest.raises(StoreError):
        book.import_session("Friday at the cabin", worked_example(),
                            paid={("Astrid", "Dag", 999)})
    assert book.summaries() == []


def test_the_roster_moves_with_its_details_through_the_command_line(tmp_path):
    first, second = f"sqlite:///{tmp_path / 'a.db'}", f"sqlite:///{tmp_path / 'b.db'}"
    engine = connect(first)
    Scorebook(SessionStore(engine)).set_payment_details("Dag", DAG)
    engine.dispose()
    roster = tmp_path / "roster.json"
    assert run_cli(first, "players", "--export", str(roster)).returncode == 0
    assert run_cli(second, "players", "--import", str(roster)).returncode == 0
    engine = connect(second)
    assert Scorebook(SessionStore(engine)).payment_details(["Dag"]) == {"Dag": DAG}
    engine.dispose()


def test_a_roster_file_with_a_wrong_iban_is_refused_in_words(tmp_path):
    roster = tmp_path / "roster.json"
    roster.write_text(json.dumps({"players": [
        {"name": "Urs", "iban": "DE88370400440532013000", "holder": "Urs"}]}))
    result = run_cli(f"sqlite:///{tmp_path / 'a.db'}", "players", "--import", str(roster))
    assert result.returncode == 2
    assert "Urs" in result.stderr
    assert "check digits are wrong" in result.stderr
