"""Payment codes (scorekeeper.payments): every code is drawn, read back from the picture
by a decoder, and each field checked against its published format.

- Swish's QR code encoding specification (6.1): ``C<payee>;<amount>;<message>;<lock>``,
  the amount in SEK with two decimals and a decimal comma, the message URL-encoded,
  the lock mask a bitmask (payee bit 0, amount bit 1, message bit 2; set = editable).
- The EPC's "Quick Response Code" guidelines (EPC069-12): BCD, version, character set,
  SCT, BIC, name (at most 70), IBAN, "EUR" and the amount, purpose, structured
  reference, unstructured text (at most 140), one element a line, at most 331 bytes.
- The Swiss QR-bill (Swiss Payment Standards), checked by the ``qrbill`` library.
"""

from __future__ import annotations

from decimal import Decimal
from urllib.parse import unquote

import pytest
from qrbill import QRBill
from stdnum.ch import esr

from scorekeeper.core import POT, RuleError, Transfer, make_money
from scorekeeper.i18n import LANGUAGES, knows, render
from scorekeeper.payments import (
    EPC,
    QRBILL,
    SWISH,
    offer,
    offers,
    payment_details,
    schemes,
    transfer_message,
)
from scorekeeper.payments.charsets import SEPA_ALLOWED, SWISH_ALLOWED, qrbill_allowed
from scorekeeper.payments.codes import epc_payload, qr_reference, qrbill_payload, swish_payload
from scorekeeper.payments.images import CROSS_SHARE, QUIET, drawing, png, svg
from scorekeeper.payments.offer import PaymentCode
from tests.qr_decode import zbar, zxing

SEK, EUR, CHF = make_money("1", "SEK"), make_money("0.50", "EUR"), make_money("1", "CHF")
MESSAGE = "English Rams, Friday at the cabin"  # transfer_message("english", "Friday at the cabin")

# Real-looking accounts with correct check digits (the banks' own published examples).
GERMAN = "DE89370400440532013000"
SWISS = "CH9300762011623852957"
SWISS_QR_IBAN = "CH4431999123000889012"  # IID 31999: a QR-IBAN (SIX's example)
BRITISH = "GB33BUKB20201555555555"  # SEPA, outside the EEA; BIC BUKBGB22

DAG = payment_details(swish="070-123 45 67")
JORG = payment_details(iban=GERMAN, holder="Jörg Müller")
URS = payment_details(qr_iban=SWISS, holder="Urs Kälin", postcode="8001", town="Zürich")
EVERYTHING = payment_details(swish="0701234567", iban=GERMAN, holder="Jörg Müller",
                             qr_iban=SWISS, postcode="8001", town="Zürich")


def read_back(code: PaymentCode) -> str:
    """The code's text as a phone reads it from the picture: the same by both decoders
    (zbar cannot read a QR-bill, see tests/qr_decode.py)."""
    picture = png(code)
    by_zxing = zxing(picture)
    assert len(by_zxing) == 1
    if code.scheme != QRBILL:
        assert zbar(picture) == by_zxing[0]
    return by_zxing[0].decode("utf-8")


def test_the_transfer_message_names_the_game_and_the_session():
    assert transfer_message("english", "Friday at the cabin") == MESSAGE
    assert transfer_message("english", "  Friday   at the cabin ", "sv") == (
        "Rams (engelsk), Friday at the cabin")
    assert transfer_message("ramsen", "", "de") == "Ramsen (Jass)"


# --- Swish ----------------------------------------------------------------------------


def test_swish_reproduces_the_specifications_own_example():
    # "if a company (1237856901) send an invoice for 100SEK with OCR number 12229445,
    # then the content of the QR code is ... C1237856901;100,00;12229445;0"
    payload = swish_payload(10000, SEK, "1237856901", "12229445")
    assert payload == "C1237856901;100,00;12229445;0"
    assert read_back(PaymentCode(SWISH, payload)) == payload


def test_swish_amounts_have_two_decimals_and_a_decimal_comma():
    assert swish_payload(1050, SEK, "0701234567", "x").split(";")[1] == "10,50"
    assert swish_payload(50, SEK, "0701234567", "x").split(";")[1] == "0,50"
    assert swish_payload(123456789, SEK, "0701234567", "x").split(";")[1] == "1234567,89"


def test_a_swish_code_from_a_transfer_carries_payee_amount_message_and_lock():
    result = offer(Transfer("Astrid", "Dag", 1350), SEK, DAG, MESSAGE)
    assert result.reason is None
    (code,) = result.codes
    assert code.scheme == SWISH
    text = read_back(code)
    assert text == code.payload
    payee, amount, message, lock = text.split(";")
    assert payee == "C0701234567"
    assert amount == "13,50"
    # URL-encoded: spaces and commas escaped, nothing left that ends a field
    assert message == "English%20Rams%2C%20Friday%20at%20the%20cabin"
    assert unquote(message) == MESSAGE
    assert lock == "0"  # nothing editable: payee, amount and message are fixed


def test_swish_url_encodes_swedish_letters_as_utf8():
    payload = swish_payload(100, SEK, "0701234567", "Rams (engelsk), Fredag på stugan")
    assert payload.split(";")[2] == "Rams%20%28engelsk%29%2C%20Fredag%20p%C3%A5%20stugan"
    assert read_back(PaymentCode(SWISH, payload)) == payload


def test_a_swish_message_keeps_swishs_characters_and_at_most_50():
    message = "Jass & Co – Zürich, the long evening at Ueli's farm in the mountains"
    text = unquote(swish_payload(100, SEK, "0701234567", message).split(";")[2])
    assert len(text) <= 50
    assert set(text) <= SWISH_ALLOWED
    assert text == "Jass och Co Zurich, the long evening at Uelis farm"


# --- EPC069-12 ------------------------------------------------------------------------


def test_epc_reproduces_the_guidelines_example_in_version_002():
    # EPC069-12's example: Red Cross of Belgium, BE72000000001616, EUR1, "Urgency fund";
    # in version 002 without BIC and purpose code.
    payload = epc_payload(100, make_money("1", "EUR"), "BE72000000001616",
                          "Red Cross of Belgium", "Urgency fund")
    assert payload == ("BCD\n002\n1\nSCT\n\nRed Cross of Belgium\nBE72000000001616\n"
                       "EUR1.00\n\n\nUrgency fund")
    assert read_back(PaymentCode(EPC, payload)) == payload


def test_an_epc_code_has_every_field_in_the_guidelines_order():
    (code, _) = offer(Transfer("Astrid", "Jörg", 2500), EUR, EVERYTHING, MESSAGE).codes
    assert code.scheme == EPC
    lines = read_back(code).split("\n")
    assert lines == [
        "BCD",  # service tag
        "002",  # version
        "1",  # character set: UTF-8
        "SCT",  # identification: SEPA credit transfer
        "",  # BIC: not needed within the EEA in version 002
        "Joerg Mueller",  # beneficiary, in SEPA's Latin characters
        GERMAN,
        "EUR25.00",
        "",  # purpose
        "",  # structured reference
        MESSAGE,  # unstructured remittance information
    ]


def test_epc_names_and_texts_keep_to_the_sepa_character_set_and_lengths():
    holder = "Ærøskøbing Ølbryggeri & Søn – Åsa Öberg, Ĳsselmeer ÉÈ Ça ß " * 3
    message = "Ramsen (Schweizer Jass), Grüezi mitenand: Müesli, Rösti & Fondue “à discrétion” " * 3
    payload = epc_payload(999999999_99, make_money("1", "EUR"), BRITISH, holder, message,
                          "BUKBGB22")
    lines = payload.split("\n")
    assert len(lines[5]) <= 70
    assert len(lines[10]) <= 140
    assert set(lines[5]) <= SEPA_ALLOWED
    assert set(lines[10]) <= SEPA_ALLOWED
    assert lines[5].startswith("Aeroeskoebing Oelbryggeri + Soen - Asa Oeberg")
    assert lines[10].startswith("Ramsen (Schweizer Jass), Grueezi mitenand: Mueesli, Roesti")
    assert lines[7] == "EUR999999999.99"  # the largest amount the guidelines allow
    assert len(payload.encode("utf-8")) <= 331
    assert not payload.endswith("\n")  # nothing follows the last element
    assert read_back(PaymentCode(EPC, payload)) == payload


def test_epc_refuses_amounts_outside_the_guidelines():
    with pytest.raises(ValueError, match=r"0\.01 to 999999999\.99"):
        epc_payload(0, EUR, GERMAN, "Jörg", "x")
    with pytest.raises(ValueError, match=r"0\.01 to 999999999\.99"):
        epc_payload(100000000000, make_money("1", "EUR"), GERMAN, "Jörg", "x")


def test_a_payee_in_sepa_outside_the_eea_gets_the_bic_the_registry_knows():
    briton = payment_details(iban=BRITISH, holder="Jane Doe")
    (code,) = offer(Transfer("Astrid", "Jane", 1000), EUR, briton, MESSAGE).codes
    assert read_back(code).split("\n")[4] == "BUKBGB22"


def test_a_payee_outside_the_eea_without_a_known_bic_gets_no_sepa_code():
    swiss_euro_account = payment_details(iban=SWISS, holder="Urs Kälin")
    result = offer(Transfer("Astrid", "Urs", 1000), EUR, swiss_euro_account, MESSAGE)
    assert result.codes == ()
    assert result.reason is not None
    assert result.reason.key == "payments.epc_needs_bic"


# --- the Swiss QR-bill ----------------------------------------------------------------


def qrbill_fields(text: str) -> list[str]:
    return text.split("\r\n")


def test_a_qr_bill_is_valid_for_the_library_that_reads_it_back():
    (code,) = offer(Transfer("Astrid", "Urs", 1250), CHF, URS, MESSAGE).codes
    assert code.scheme == QRBILL
    fields = qrbill_fields(read_back(code))
    assert fields[:11] == ["SPC", "0200", "1", SWISS, "S", "Urs Kälin", "", "", "8001",
                           "Zürich", "CH"]
    assert fields[11:18] == [""] * 7  # ultimate creditor: reserved, empty
    assert fields[18:20] == ["12.50", "CHF"]
    assert fields[20:27] == [""] * 7  # debtor: left for the payer
    assert fields[27:] == ["NON", "", MESSAGE, "EPD"]
    # rebuilt from what was read, the library accepts it and writes the same text
    again = QRBill(account=fields[3], creditor={"name": fields[5], "pcode": fields[8],
                                                "city": fields[9], "country": fields[10]},
                   amount=fields[18], currency=fields[19],
                   additional_information=fields[29])
    assert again.qr_data() == code.payload


def test_a_qr_bill_in_euro_for_a_euro_table():
    result = offer(Transfer("Astrid", "Urs", 1250), EUR, URS, MESSAGE)
    (code,) = result.codes
    assert qrbill_fields(read_back(code))[18:20] == ["12.50", "EUR"]


def test_a_qr_iban_gets_a_qr_reference_with_its_check_digit():
    # 26 digits (23 zeros, then 101) and the modulo 10 recursive check digit, by hand:
    # the carry stays 0 through the zeros, then 1 -> 9, 0 -> 5, 1 -> 7; (10 - 7) = 3.
    assert qr_reference(101) == "0" * 23 + "101" + "3"
    assert esr.is_valid(qr_reference(101))
    billed = payment_details(qr_iban=SWISS_QR_IBAN, holder="Robert Schneider AG",
                             postcode="2501", town="Biel")
    (code,) = offer(Transfer("Astrid", "Robert", 19950), CHF, billed, MESSAGE,
                    reference=101).codes
    fields = qrbill_fields(read_back(code))
    assert fields[3] == SWISS_QR_IBAN
    assert fields[27:29] == ["QRR", qr_reference(101)]


def test_a_qr_bill_message_keeps_to_latin_characters_and_140():
    message = "Ramsen 🂡 «Jass» – Zürich " * 10
    fields = qrbill_fields(qrbill_payload(100, CHF, URS, message))
    assert len(fields[29]) <= 140
    assert all(qrbill_allowed(c) for c in fields[29])
    # « » are Latin-1 and stay; the card (U+1F0A1) and the dash (U+2013) are not
    assert fields[29].startswith("Ramsen «Jass» Zürich Ramsen")


def test_the_qr_bill_code_carries_the_swiss_cross_and_the_others_do_not():
    bill = PaymentCode(QRBILL, qrbill_payload(1250, CHF, URS, MESSAGE))
    art = drawing(bill)
    symbol = art.size - 2 * QUIET
    white_margin, black_square, *arms = art.rects[-4:]
    assert white_margin.w == pytest.approx(symbol * CROSS_SHARE)  # 7 mm of 46 mm
    assert (white_margin.dark, black_square.dark, [a.dark for a in arms]) == (
        False, True, [False, False])
    centre = art.size / 2
    assert white_margin.x + white_margin.w / 2 == pytest.approx(centre)
    swish = drawing(PaymentCode(SWISH, swish_payload(100, SEK, "0701234567", "x")))
    assert all(r.dark for r in swish.rects)


def test_the_svg_draws_the_same_code():
    code = PaymentCode(SWISH, swish_payload(100, SEK, "0701234567", "x"))
    picture = svg(code)
    assert picture.startswith("<svg")
    assert picture.count("<rect") == len(drawing(code).rects) + 1  # and the white ground


# --- names and messages in any script -------------------------------------------------

# A payee or a session named in Greek, Cyrillic or Chinese letters: each format carries
# them spelled in its own letters (anyascii's Latin spelling), never dropped. The EPC's
# name line is mandatory (EPC069-12: "Name of the Beneficiary", M): left empty, the
# payer's bank refuses the code.
IN_OTHER_SCRIPTS = [
    ("Σοφία Παπαδοπούλου", "Sofia Papadopoyloy"),
    ("Иван Петров", "Ivan Petrov"),
    ("王小明", "WangXiaoMing"),
]


@pytest.mark.parametrize(("holder", "spelled"), IN_OTHER_SCRIPTS)
def test_an_epc_payee_named_in_another_script_is_spelled_in_sepa_letters(holder, spelled):
    details = payment_details(iban=GERMAN, holder=holder)
    (code,) = offer(Transfer("Astrid", "Sofia", 2500), EUR, details, MESSAGE).codes
    lines = read_back(code).split("\n")
    assert lines[5] == spelled
    assert set(lines[5]) <= SEPA_ALLOWED


@pytest.mark.parametrize(("holder", "spelled"), IN_OTHER_SCRIPTS)
def test_a_qr_bill_creditor_named_in_another_script_is_spelled_in_latin_letters(holder,
                                                                                spelled):
    details = payment_details(qr_iban=SWISS, holder=holder, postcode="8001", town="Zürich")
    (code,) = offer(Transfer("Astrid", "Sofia", 1250), CHF, details, MESSAGE).codes
    assert qrbill_fields(read_back(code))[5] == spelled


@pytest.mark.parametrize(("session", "spelled"), [
    ("Пятница на даче", "Pyatnitsa na dache"),
    ("Παρασκευή στο σπίτι", "Paraskeyi sto spiti"),
    ("星期五", "XingQiWu"),
])
def test_a_session_named_in_another_script_keeps_its_name_in_every_message(session, spelled):
    message = transfer_message("english", session)
    swish, = offer(Transfer("Astrid", "Dag", 1000), SEK, DAG, message).codes
    assert unquote(read_back(swish).split(";")[2]) == f"English Rams, {spelled}"
    epc, bill = offer(Transfer("Astrid", "Jörg", 1000), EUR, EVERYTHING, message).codes
    assert read_back(epc).split("\n")[10] == f"English Rams, {spelled}"
    assert qrbill_fields(read_back(bill))[29] == f"English Rams, {spelled}"


def test_an_account_holder_with_no_letter_in_any_script_is_refused_when_entered():
    # A name of signs alone ("★ ★") would leave the code's name line empty.
    with pytest.raises(RuleError) as refused:
        payment_details(iban=GERMAN, holder="★ ★")
    assert refused.value.message.key == "payments.holder_no_letters"


# --- which codes, or why none ---------------------------------------------------------


@pytest.mark.parametrize(("currency", "details", "expected"), [
    ("SEK", EVERYTHING, (SWISH,)),  # Swish only for SEK
    ("EUR", EVERYTHING, (EPC, QRBILL)),  # EPC only for EUR; the QR-bill for EUR too
    ("CHF", EVERYTHING, (QRBILL,)),  # the QR-bill for CHF
    ("EUR", JORG, (EPC,)),
    ("EUR", URS, (QRBILL,)),
])
def test_each_currency_gets_its_schemes(currency, details, expected):
    assert schemes(currency, "Dag", details) == (expected, None)


@pytest.mark.parametrize(("payee", "currency", "details", "key"), [
    ("Dag", "SEK", JORG, "payments.no_swish"),
    ("Dag", "EUR", DAG, "payments.no_account"),
    ("Dag", "CHF", JORG, "payments.no_account"),
    ("Dag", "NOK", EVERYTHING, "payments.currency_unsupported"),
    ("Dag", None, EVERYTHING, "payments.no_currency"),
    ("Dag", "SEK", None, "payments.no_details"),
    ("Dag", "SEK", payment_details(), "payments.no_details"),
    (POT, "SEK", EVERYTHING, "payments.pot"),
])
def test_without_a_scheme_the_screen_is_told_why(payee, currency, details, key):
    found, reason = schemes(currency, payee, details)
    assert found == ()
    assert reason is not None
    assert reason.key == key
    for language in LANGUAGES:
        said = render(reason, language)
        assert "{" not in said
        assert knows(key, language)


def test_the_pot_paying_out_gets_no_code():
    result = offer(Transfer(POT, "Dag", 500), SEK, DAG, MESSAGE)
    assert (result.codes, result.reason and result.reason.key) == ((), "payments.pot")


def test_a_settle_up_gets_its_offers_in_order_with_a_reference_per_transfer():
    billed = payment_details(qr_iban=SWISS_QR_IBAN, holder="Robert Schneider AG",
                             postcode="2501", town="Biel")
    transfers = [Transfer("Astrid", "Robert", 1000), Transfer("Bengt", "Robert", 600),
                 Transfer("Cilla", "Dag", 350)]
    found = offers(transfers, CHF, {"Robert": billed}, MESSAGE, session_id=7)
    assert [t for t, _ in found] == transfers
    first, second = (qrbill_fields(o.codes[0].payload)[28] for _, o in found[:2])
    assert (first, second) == (qr_reference(701), qr_reference(702))
    assert found[2][1].reason is not None
    assert found[2][1].reason.key == "payments.no_details"


def test_the_amount_in_every_code_is_exact_to_the_minor_unit():
    # 0.50 EUR a unit, 27 units: 13.50 exactly, in every scheme that takes EUR
    transfer = Transfer("Astrid", "Jörg", 1350)
    epc, bill = offer(transfer, EUR, EVERYTHING, MESSAGE).codes
    assert read_back(epc).split("\n")[7] == "EUR13.50"
    assert qrbill_fields(read_back(bill))[18] == "13.50"
    assert Decimal(qrbill_fields(bill.payload)[18]) * 100 == transfer.minor
