"""Payments in the exports: the session file's payments, the roster file, the PDF
score sheet's codes and the "copy as text" line.

The session is RULES.md's worked example (SEK, 0.50 a unit): A→D 10.00, A→C 3.50,
B→C 6.00.
"""

from __future__ import annotations

import ast
import io
import json
import re
from datetime import date
from pathlib import Path

import pytest
from fpdf import FPDF
from pypdf import PdfReader

from scorekeeper.core import RuleError, Transfer, close, make_money
from scorekeeper.core.owed import Handover
from scorekeeper.formats.pdf_payments import draw_payment_codes
from scorekeeper.formats.roster_file import dump_roster, load_details, load_roster, with_details
from scorekeeper.formats.session_file import Evening, dump_session, load_session
from scorekeeper.i18n import LANGUAGES, describe, knows
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


# --- the session file -----------------------------------------------------------------


def test_the_session_file_keeps_its_payments_group_date_and_finish():
    session = worked_example()
    evening = Evening((Handover("Astrid", "Dag", 500), Handover("Bengt", "Cilla", 600)),
                      "Friday group", date(2026, 11, 27), True)
    document = dump_session("Friday at the cabin", session, evening)
    assert document["payments"] == [{"from": "Astrid", "to": "Dag", "amount": "5.00"},
                                    {"from": "Bengt", "to": "Cilla", "amount": "6.00"}]
    assert (document["group"], document["played_on"], document["finished"]) == (
        "Friday group", "2026-11-27", True)
    again = load_session(json.dumps(document, ensure_ascii=False))
    assert again.replay().state == session.state
    assert again.evening == evening


def test_the_older_paid_transfers_are_read_as_payments():
    session = worked_example()
    document = dump_session("Friday", session)
    document["paid_transfers"] = [{"from": "astrid", "to": "Dag", "amount": "10.00"}]
    assert load_session(json.dumps(document)).evening.payments == (
        Handover("Astrid", "Dag", 1000),)


def test_the_session_file_carries_payment_details_only_when_asked():
    session = worked_example()
    plain = dump_session("Friday at the cabin", session)
    assert "payment_details" not in plain
    asked = with_details(plain, session.table, DETAILS)
    assert asked["payment_details"] == {
        "Cilla": {"iban": "DE89370400440532013000", "holder": "Cilla Åberg",
                  "qr_iban": "CH9300762011623852957", "postcode": "8001",
                  "town": "Zürich", "country": "CH"},
        "Dag": {"swish": "0701234567"},
    }
    assert load_details(asked, session.table) == DETAILS


@pytest.mark.parametrize(("payments", "said"), [
    ({"from": "Astrid"}, "payments: must be a list of objects with from, to and amount"),
    (["Astrid"], "payments: must be a list of objects with from, to and amount"),
    ([{"from": "Astrid", "to": "Nobody", "amount": "10.00"}],
     "payments: Nobody did not play in this session"),
    ([{"from": "Dag", "to": "dag", "amount": "10.00"}], "payments: Dag cannot pay themselves"),
    ([{"from": "Astrid", "to": "Dag", "amount": "10.005"}],
     "payments: 10.005 is finer than the currency's smallest coin (2 decimals)"),
    ([{"from": "Astrid", "to": "Dag", "amount": "0"}],
     "payments: a payment must be more than nothing, not 0"),
    ([{"from": "Astrid", "to": "Dag", "amount": "-5.00"}],
     "payments: a payment must be more than nothing, not -5.00"),
    ([{"from": "Astrid", "to": "Dag", "amount": "ten"}],
     "payments: ten is not an amount of money"),
])
def test_a_payment_that_cannot_be_is_refused_naming_payments(payments, said):
    document = dump_session("Friday", worked_example())
    document["payments"] = payments
    with pytest.raises(RuleError) as refused:
        load_session(json.dumps(document))
    assert describe(refused.value) == said


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
    # A name is checked as one typed in (the store refused it, exit 1 after the checks;
    # a lone surrogate was a UnicodeEncodeError out of the database driver).
    (b'{"players": [{"name": "Dag\\u202e"}]}', "roster.name_refused"),
    (b'{"players": [{"name": "\\udfff\\ud800"}]}', "roster.name_refused"),
    (b'{"players": [{"name": "' + b"x" * 41 + b'"}]}', "roster.name_refused"),
    (b'{"players": [{"name": "Urs", "postcode": "\\udfff\\ud800"}]}', "roster.player_refused"),
    # Python refuses to read an integer of more than 4,300 digits (a ValueError, once a
    # traceback out of `players --import`).
    (b'{"players": [{"name": "Dag", "swish": ' + b"9" * 5000 + b"}]}", "roster.number_too_long"),
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


def test_a_transfer_paid_in_part_asks_for_the_rest_and_says_what_is_paid():
    money = make_money("0.50", "SEK")
    rest = Transfer("Astrid", "Dag", 500)  # of 10.00, 5.00 already handed over
    pdf = FPDF(format="A4")
    pdf.add_font("DejaVu", "", str(FONTS / "DejaVuSans.ttf"))
    pdf.add_font("DejaVu", "B", str(FONTS / "DejaVuSans-Bold.ttf"))
    pdf.add_page()
    draw_payment_codes(pdf, [(rest, offer(rest, money, DAG, "x"))], money, DETAILS,
                       "en", "DejaVu", paid={rest: 500})
    body = bytes(pdf.output())
    words = " ".join(PdfReader(io.BytesIO(body)).pages[0].extract_text().split())
    assert "Astrid pays Dag SEK 5.00 – Swish 070-123 45 67 (paid SEK 5.00 of SEK 10.00)" in words
    payloads = [found for page in pdf_pages(body) for found in zxing(page)]
    assert [p.decode("utf-8").split(";")[:2] for p in payloads] == [["C0701234567", "5,00"]]


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
    # 2.50 of the 10.00 handed over already: 7.50 left.
    assert transfer_text(Transfer("Astrid", "Dag", 750), eur, DAG, paid=250) == (
        "Astrid pays Dag €7.50 (paid €2.50 of €10.00)")


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
