"""Settling up through the scorebook: payment details per player, payments as money
moved (a change of the session like a deal), carried by every export and brought back
by import.

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

from scorekeeper.core import Deal, RuleError, Transfer
from scorekeeper.formats.exports import export
from scorekeeper.payments import payment_details
from scorekeeper.session import ConflictError, Scorebook
from scorekeeper.store.database import connect
from scorekeeper.store.sessions import SessionStore
from tests.conftest import run_cli_here, worked_example
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


def test_a_payment_is_a_change_of_the_session_and_every_page_hears_it(book):
    session = stored_example(book)
    assert session.paid == {"Astrid": 0, "Bengt": 0, "Cilla": 0, "Dag": 0}
    heard: list[int | None] = []
    book.subscribe(heard.append)
    paid = book.pay(session.id, "Astrid", "Dag", 1000, session.version)
    assert paid.version == session.version + 1
    assert paid.paid == {"Astrid": 1000, "Bengt": 0, "Cilla": 0, "Dag": -1000}
    # Astrid's 10.00 to Dag was her whole transfer to him: it is settled, the others stand.
    assert paid.transfers == (Transfer("Astrid", "Cilla", 350), Transfer("Bengt", "Cilla", 600))
    assert session.id in heard


def test_part_of_a_transfer_paid_leaves_the_rest_owed_and_says_how_much_is_paid(book):
    session = stored_example(book)
    paid = book.pay(session.id, "Astrid", "Dag", 500, session.version)
    # Still owed: Astrid -13.50 + 5.00 = -8.50, Bengt -6.00, Cilla +9.50, Dag +10.00 - 5.00;
    # Astrid still pays Dag, the 5.00 left of the 10.00.
    assert paid.owed == {"Astrid": -850, "Bengt": -600, "Cilla": 950, "Dag": 500}
    assert paid.transfers == (Transfer("Astrid", "Dag", 500), Transfer("Astrid", "Cilla", 350),
                              Transfer("Bengt", "Cilla", 600))
    assert paid.paid_towards(Transfer("Astrid", "Dag", 500)) == 500
    assert paid.paid_towards(Transfer("Bengt", "Cilla", 600)) == 0


def test_a_payment_from_a_stale_screen_is_refused_so_two_phones_pay_once(book):
    session = stored_example(book)
    book.pay(session.id, "Astrid", "Dag", 1000, session.version)
    with pytest.raises(ConflictError):
        book.pay(session.id, "Astrid", "Dag", 1000, session.version)
    assert book.open(session.id).paid["Astrid"] == 1000


def test_a_payment_is_never_forgotten_when_a_later_deal_changes_the_settle_up(book):
    session = stored_example(book)
    paid = book.pay(session.id, "Astrid", "Dag", 1000, session.version)
    # Deal 7 (Cilla deals, Dag takes all five tricks) changes everyone's money; the 10.00
    # Astrid handed Dag is still paid, and what is owed is the new money plus it.
    after, _ = book.record(session.id, Deal(tricks={"Dag": 5, "Astrid": 0, "Bengt": 0,
                                                    "Cilla": 0}), paid.version)
    assert after.paid == {"Astrid": 1000, "Bengt": 0, "Cilla": 0, "Dag": -1000}
    assert after.owed == {p: after.closing.money[p] + after.paid[p] for p in after.paid}
    document = json.loads(book.export(session.id, "json", "en")[1])
    assert document["payments"] == [{"from": "Astrid", "to": "Dag", "amount": "10.00"}]


def test_a_payment_taken_back_is_gone_and_the_transfer_owed_again(book):
    session = stored_example(book)
    paid = book.pay(session.id, "Astrid", "Dag", 1000, session.version)
    back = book.take_back_payment(session.id, paid.payments_made[0].id, paid.version)
    assert back.payments_made == ()
    assert back.transfers == session.closing.transfers


@pytest.mark.parametrize(("payer", "payee", "minor", "key"), [
    ("Astrid", "Astrid", 100, "payment.same_player"),
    ("Astrid", "Pia", 100, "payment.unknown_player"),
])
def test_a_payment_the_table_cannot_make_is_refused_and_nothing_written(book, payer, payee,
                                                                        minor, key):
    session = stored_example(book)
    with pytest.raises(RuleError) as refused:
        book.pay(session.id, payer, payee, minor, session.version)
    assert refused.value.message.key == key
    assert book.open(session.id).version == session.version


def test_payment_details_kept_for_a_player_show_in_an_open_session_at_once(book):
    session = stored_example(book)
    assert not session.offers("en")[0][1].codes  # Dag has no details yet
    assert book.set_payment_details("dag", DAG) == "Dag"
    again = book.open(session.id)
    assert again.version == session.version  # details are no change of the session
    transfer, offer = again.offers("en")[0]
    assert transfer == A_TO_D
    assert [code.scheme for code in offer.codes] == ["swish"]
    assert book.payment_details(["Dag", "Astrid"]) == {"Dag": DAG}


def test_the_code_message_names_the_game_and_the_session(book):
    session = stored_example(book)
    book.set_payment_details("Dag", DAG)
    offer = book.open(session.id).offers("en")[0][1]
    # Swish carries the message percent-encoded
    assert "English Rams, Friday at the cabin" in unquote(offer.codes[0].payload)


def test_the_json_export_carries_the_payments_in_the_order_made(book):
    session = stored_example(book)
    paid = book.pay(session.id, "Bengt", "Cilla", 600, session.version)
    book.pay(session.id, "Astrid", "Dag", 250, paid.version)
    document = json.loads(book.export(session.id, "json", "en")[1])
    assert document["payments"] == [{"from": "Bengt", "to": "Cilla", "amount": "6.00"},
                                    {"from": "Astrid", "to": "Dag", "amount": "2.50"}]
    assert document["finished"] is False
    assert document["group"] is None


def test_the_ledger_csv_ends_with_a_row_per_payment_in_the_same_columns(book):
    session = stored_example(book)
    book.pay(session.id, "Astrid", "Dag", 500, session.version)
    body = book.export(session.id, "csv", "en")[1]
    rows = list(csv.DictReader(io.StringIO(body.decode("utf-8-sig"))))
    assert rows[-1] == {"session": "Friday at the cabin", "deal": "", "kind": "paid",
                        "from": "Astrid", "to": "Dag", "player": "", "units": "10",
                        "points": "", "money": "5.00", "currency": "SEK",
                        "reason": "Astrid paid Dag SEK\u00a05.00", "rule": "payments.paid_amount"}
    assert sum(row["kind"] == "paid" for row in rows) == 1


def test_the_pdf_lists_the_payments_and_what_is_still_owed(book):
    session = stored_example(book)
    book.pay(session.id, "Astrid", "Dag", 500, session.version)
    body = book.export(session.id, "pdf", "en")[1]
    words = " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)
                     .split())
    assert "Astrid paid Dag SEK 5.00" in words
    # Still owed: Astrid -8.50, Bengt -6.00, Cilla +9.50, Dag +5.00: the 5.00 left of
    # Astrid's 10.00 to Dag, and the other two transfers as they were.
    assert "Astrid pays Dag SEK 5.00 Astrid pays Cilla SEK 3.50 Bengt pays Cilla SEK 6.00" in (
        words)


def test_no_payment_adds_no_row_to_the_ledger_csv():
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


def test_a_sheet_without_details_has_no_codes_section(book):
    session = stored_example(book)
    body = book.export(session.id, "pdf", "en")[1]
    words = " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)
                     .split())
    assert "Pay by scanning" not in words


def test_importing_an_exported_file_brings_its_payments_back(tmp_path):
    first, second = f"sqlite:///{tmp_path / 'a.db'}", f"sqlite:///{tmp_path / 'b.db'}"
    engine = connect(first)
    book = Scorebook(SessionStore(engine))
    session = stored_example(book)
    book.pay(session.id, "Astrid", "Dag", 500, session.version)
    engine.dispose()
    exported = tmp_path / "s.json"
    assert run_cli_here(first, "export", "1", "-o", str(exported)).returncode == 0
    assert run_cli_here(second, "import", str(exported)).returncode == 0
    again = run_cli_here(second, "export", "1", "--format", "json")
    assert json.loads(again.stdout)["payments"] == [
        {"from": "Astrid", "to": "Dag", "amount": "5.00"}]
    assert again.stdout.encode("utf-8") == exported.read_bytes()


def test_the_app_imports_a_file_with_its_payments_as_the_command_line_does(book):
    # The app's Import and `scorekeeper import` read a file the same way (Scorebook.import_file).
    session = stored_example(book)
    book.pay(session.id, "Astrid", "Dag", 1000, session.version)
    exported = book.export(session.id, "json", "en")[1]
    copy = book.import_file(exported.decode("utf-8"))
    assert copy.paid["Astrid"] == 1000
    # A copy in the database it came from is a session of its own, with a uid of its own.
    assert copy.uid != session.uid
    assert book.export(copy.id, "json", "en")[1] == exported.replace(
        session.uid.encode(), copy.uid.encode())


def test_a_file_whose_older_ticks_no_longer_match_the_settle_up_imports_them_as_payments(book):
    # Before payments were amounts, such a file was refused ("the settle-up no longer has
    # Astrid paying Dag that amount"): the 9.99 that changed hands is kept now.
    document = json.loads(export("json", "Friday", worked_example(), "en", date(2026, 11, 6)))
    del document["payments"]
    document["paid_transfers"] = [{"from": "Astrid", "to": "Dag", "amount": "9.99"}]
    copy = book.import_file(json.dumps(document))
    assert copy.paid == {"Astrid": 999, "Bengt": 0, "Cilla": 0, "Dag": -999}


def test_the_roster_moves_with_its_details_through_the_command_line(tmp_path):
    first, second = f"sqlite:///{tmp_path / 'a.db'}", f"sqlite:///{tmp_path / 'b.db'}"
    engine = connect(first)
    Scorebook(SessionStore(engine)).set_payment_details("Dag", DAG)
    engine.dispose()
    roster = tmp_path / "roster.json"
    assert run_cli_here(first, "players", "--export", str(roster)).returncode == 0
    assert run_cli_here(second, "players", "--import", str(roster)).returncode == 0
    engine = connect(second)
    assert Scorebook(SessionStore(engine)).payment_details(["Dag"]) == {"Dag": DAG}
    engine.dispose()


def test_a_roster_file_with_a_wrong_iban_is_refused_in_words(tmp_path):
    roster = tmp_path / "roster.json"
    roster.write_text(json.dumps({"players": [
        {"name": "Urs", "iban": "DE88370400440532013000", "holder": "Urs"}]}))
    result = run_cli_here(f"sqlite:///{tmp_path / 'a.db'}", "players", "--import", str(roster))
    assert result.returncode == 2
    assert "Urs" in result.stderr
    assert "check digits are wrong" in result.stderr
