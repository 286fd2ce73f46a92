"""Payments in the exports: the session file's added fields, the roster file, the PDF
score sheet's codes and the "copy as text" line.

The session is RULES.md's worked example (SEK, 0.50 a unit): A→D 10.00, A→C 3.50,
B→C 6.00.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from fpdf import FPDF

from scorekeeper.core import RuleError, Transfer, close, make_money
from scorekeeper.formats.pdf_payments import draw_payment_codes
from scorekeeper.formats.roster_file import dump_roster, load_roster
from scorekeeper.formats.session_file import dump_session, load_session
from scorekeeper.formats.session_payments import load_details, load_paid, with_payments
from scorekeeper.i18n import LANGUAGES, knows
from scorekeeper.payments import PaymentDetails, offer, payment_details, transfer_message
from scorekeeper.payments.offer import EPC, QRBILL, SWISH
from scorekeeper.resources import font_file
from tests.conftest import worked_example
from tests.qr_decode import pdf_pages, zxing

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
FONTS = font_file("DejaVuSans.ttf").parent
DAG = payment_details(swish="070-123 45 67")
CILLA = payment_details(iban="DE89370400440532013000", holder="Cilla Åberg",
                        qr_iban="CH9300762011623852957", postcode="8001", town="Zürich")
DETAILS = {"Dag": DAG, "Cilla": CILLA}
PAID = {("Astrid", "Dag", 1000)}


# --- the session file -----------------------------------------------------------------


def test_the_session_file_gains_the_paid_ticks_and_keeps_every_field():
    session = worked_example()
    plain = dump_session("Friday at the cabin", session)
    document = with_payments(plain, session.table, PAID, DETAILS)
    assert {k: v for k, v in document.items() if k != "paid_transfers"} == plain
    assert document["paid_transfers"] == [{"from": "Astrid", "to": "Dag", "amount": "10.00"}]
    # still a FORMAT.md file: it loads and replays to the same session
    again = load_session(json.dumps(document, ensure_ascii=False))
    assert again.replay().state == session.state
    assert load_paid(document, session.table) == PAID


def test_the_session_file_carries_payment_details_only_when_asked():
    session = worked_example()
    plain = dump_session("Friday at the cabin", session)
    assert "payment_details" not in with_payments(plain, session.table, PAID, DETAILS)
    asked = with_payments(plain, session.table, PAID, DETAILS, include_details=True)
    assert asked["payment_details"] == {
        "Cilla": {"iban": "DE89370400440532013000", "holder": "Cilla Åberg",
                  "qr_iban": "CH9300762011623852957", "postcode": "8001",
                  "town": "Zürich", "country": "CH"},
        "Dag": {"swish": "0701234567"},
    }
    assert load_details(asked, session.table) == DETAILS


@pytest.mark.parametrize("paid", [
    {"from": "Astrid"},
    [{"from": "Astrid", "to": "Nobody", "amount": "10.00"}],
    [{"from": "Astrid", "to": "Dag", "amount": "10.005"}],
    [{"from": "Astrid", "to": "Dag", "amount": "ten"}],
    ["Astrid"],
])
def test_malformed_paid_ticks_are_refused(paid):
    session = worked_example()
    with pytest.raises(RuleError) as refused:
        load_paid({"paid_transfers": paid}, session.table)
    assert refused.value.message.key == "file.paid"


# --- the roster file ------------------------------------------------------------------


def test_the_roster_file_round_trips_names_and_details():
    data = dump_roster(["Astrid", "Cilla", "Dag"], DETAILS)
    document = json.loads(data)
    assert document["format"] == "scorekeeper-roster/1"
    assert document["players"][0] == {"name": "Astrid"}
    assert load_roster(data) == {"Astrid": PaymentDetails(), "Cilla": CILLA, "Dag": DAG}


def test_a_roster_file_with_a_bad_detail_is_refused_naming_the_player():
    data = json.dumps({"players": [{"name": "Dag", "swish": "070-123 45 67"},
                                   {"name": "Cilla", "iban": "DE89370400440532013001",
                                    "holder": "Cilla"}]})
    with pytest.raises(RuleError) as refused:
        load_roster(data, "sv")
    message = refused.value.message
    assert message.key == "roster.player_refused"
    assert message.params["player"] == "Cilla"
    assert "kontrollsiffrorna" in str(message.params["reason"])


@pytest.mark.parametrize(("data", "key"), [
    (b"{not json", "roster.not_json"),
    (b"\xff\xfe", "roster.not_json"),
    (b"[]", "roster.not_a_roster"),
    (b'{"format": "other/9", "players": []}', "roster.format"),
    (b'{"players": [{"swish": "0701234567"}]}', "roster.player"),
    (b'{"players": [{"name": "Dag"}, {"name": "dag"}]}', "roster.duplicate"),
    (b'{"players": [{"name": "Dag", "swish": 701234567}]}', "roster.field"),
])
def test_a_broken_roster_file_is_refused(data, key):
    with pytest.raises(RuleError) as refused:
        load_roster(data)
    assert refused.value.message.key == key


# --- the PDF score sheet --------------------------------------------------------------


def sheet_with_codes(currency: str) -> tuple[bytes, list]:
    session = worked_example()
    money = make_money("0.50", currency)
    transfers = close(session.table, session.state).transfers
    message = transfer_message("english", "Friday at the cabin")
    payments = [(t, offer(t, money, DETAILS.get(t.payee), message)) for t in transfers]
    pdf = FPDF(format="A4")
    pdf.add_font("DejaVu", "", str(FONTS / "DejaVuSans.ttf"))
    pdf.add_font("DejaVu", "B", str(FONTS / "DejaVuSans-Bold.ttf"))
    pdf.add_page()
    draw_payment_codes(pdf, payments, money, DETAILS, "en", "DejaVu", paid=set())
    return bytes(pdf.output()), payments


@pytest.mark.parametrize(("currency", "schemes"), [
    ("SEK", [SWISH]),  # Dag has Swish; Cilla has no Swish: no code, and the reason
    ("EUR", [EPC, QRBILL, EPC, QRBILL]),  # Cilla twice (A→C, B→C); Dag has no EUR account
])
def test_the_pdf_carries_the_codes_the_screen_shows(currency, schemes):
    pdf, payments = sheet_with_codes(currency)
    expected = {code.payload.encode() for _, o in payments for code in o.codes}
    assert sorted(c.scheme for _, o in payments for c in o.codes) == sorted(schemes)
    found = {payload for page in pdf_pages(pdf) for payload in zxing(page)}
    assert found == expected


def test_a_paid_transfer_shows_no_code_on_the_pdf():
    money = make_money("0.50", "SEK")
    transfer = Transfer("Astrid", "Dag", 1000)
    pdf = FPDF(format="A4")
    pdf.add_font("DejaVu", "", str(FONTS / "DejaVuSans.ttf"))
    pdf.add_font("DejaVu", "B", str(FONTS / "DejaVuSans-Bold.ttf"))
    pdf.add_page()
    draw_payment_codes(pdf, [(transfer, offer(transfer, money, DAG, "x"))], money, DETAILS,
                       "en", "DejaVu", paid=PAID)
    assert [zxing(page) for page in pdf_pages(bytes(pdf.output()))] == [[]]


# --- copy as text ---------------------------------------------------------------------


def test_copy_as_text_carries_the_details_for_the_currency():
    from scorekeeper.payments import transfer_text

    sek, eur = make_money("0.50", "SEK"), make_money("0.50", "EUR")
    # The amount as each language writes it (a no-break space keeps figure and currency
    # together): English "SEK 10.00", German "3,50 €".
    assert transfer_text(Transfer("Astrid", "Dag", 1000), sek, DAG) == (
        "Astrid pays Dag SEK\u00a010.00 – Swish 070-123 45 67")
    assert transfer_text(Transfer("Astrid", "Cilla", 350), eur, CILLA, "de") == (
        "Astrid zahlt Cilla 3,50\u00a0€ – IBAN DE89 3704 0044 0532 0130 00 (Cilla Åberg); "
        "IBAN CH93 0076 2011 6238 5295 7 (Cilla Åberg)")
    assert transfer_text(Transfer("Astrid", "Dag", 1000), eur, DAG, paid=True) == (
        "Astrid pays Dag €10.00 (paid)")


# --- every payment message is translated ----------------------------------------------


KEY = re.compile(r"^(payments|roster|store|file)\.[a-z_]+[a-z]$")


def keys_in(*roots: Path) -> set[str]:
    paths = [p for root in roots for p in ([root] if root.is_file() else root.rglob("*.py"))]
    return {node.value for path in paths
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and KEY.match(node.value)}


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_payment_message_is_in_every_catalogue(language):
    used = keys_in(PACKAGE / "payments", PACKAGE / "session" / "changes.py",
                   PACKAGE / "formats" / "roster_file.py",
                   PACKAGE / "formats" / "session_payments.py",
                   PACKAGE / "formats" / "pdf_payments.py")
    used |= {f"payments.scheme_{scheme}" for scheme in (SWISH, EPC, QRBILL)}
    assert "payments.swish_invalid" in used
    assert sorted(key for key in used if not knows(key, language)) == []
