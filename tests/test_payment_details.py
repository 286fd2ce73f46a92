"""Payment details are checked when they are entered (scorekeeper.payments.details):
bad ones are refused with a clear message, good ones are kept in one normal form."""

from __future__ import annotations

import pytest

from scorekeeper.core import RuleError
from scorekeeper.i18n import LANGUAGES, knows, render
from scorekeeper.payments import format_iban, format_swish, payment_details
from scorekeeper.payments.details import PaymentDetails

GERMAN = "DE89370400440532013000"
SWISS = "CH9300762011623852957"


def refusal(**typed: str) -> RuleError:
    with pytest.raises(RuleError) as caught:
        payment_details(**typed)
    return caught.value


def said(error: RuleError) -> dict[str, str]:
    return {language: render(error.message, language) for language in LANGUAGES}


# --- Swish ----------------------------------------------------------------------------


@pytest.mark.parametrize(("typed", "kept"), [
    ("070-123 45 67", "0701234567"),
    ("+46 70 123 45 67", "0701234567"),
    ("+46 (0)70-123 45 67", "0701234567"),
    ("0046701234567", "0701234567"),
    ("0731234567", "0731234567"),
    ("079 123 45 67", "0791234567"),
    ("123 456 78 90", "1234567890"),  # a business's or association's Swish number
    ("1239876543", "1239876543"),
])
def test_swish_numbers_are_kept_as_the_ten_digits_the_payee_field_carries(typed, kept):
    assert payment_details(swish=typed).swish == kept


@pytest.mark.parametrize("typed", [
    "08-123 456 78",  # a Stockholm landline
    "071 123 45 67",  # 071: machine-to-machine numbers, not for people
    "070 123 45",  # too short
    "070 123 45 678",  # too long
    "+47 912 34 567",  # a Norwegian mobile
    "124 456 78 90",  # not a Swish number (those begin 123)
    "Swish me",
])
def test_a_number_that_is_no_swedish_mobile_or_swish_number_is_refused(typed):
    error = refusal(swish=typed)
    assert error.message.key == "payments.swish_invalid"
    assert "Swish" in said(error)["sv"]


def test_a_refusal_quotes_only_a_short_prefix_of_what_was_typed():
    error = refusal(swish="0812345678901234567890")
    assert error.message.params["number"] == "08123456…"


# --- IBAN -----------------------------------------------------------------------------


def test_an_iban_is_kept_upper_case_without_spaces():
    details = payment_details(iban="de89 3704 0044 0532 0130 00", holder=" Jörg  Müller ")
    assert details == PaymentDetails(iban=GERMAN, holder="Jörg Müller")
    assert format_iban(details.iban or "") == "DE89 3704 0044 0532 0130 00"


def test_an_iban_with_a_wrong_check_digit_is_refused():
    # DE89...3000 is right; changing its last digit breaks the mod-97 check
    error = refusal(iban="DE89370400440532013001", holder="Jörg")
    assert error.message.key == "payments.iban_check_digits"
    assert error.message.params["iban"] == "DE893704…"
    assert "DE893704…" in said(error)["de"]
    assert "Prüfziffer" in said(error)["de"]


@pytest.mark.parametrize(("typed", "key"), [
    ("DE8937040044053201300", "payments.iban_length"),  # a digit short
    ("XX89370400440532013000", "payments.iban_country"),
    ("SA0380000000608010167519", "payments.iban_not_sepa"),  # Saudi Arabia: valid, not SEPA
    ("not an iban", "payments.iban_invalid"),
])
def test_other_bad_ibans_are_refused_with_their_reason(typed, key):
    assert refusal(iban=typed, holder="Jörg").message.key == key


def test_an_iban_needs_its_holders_name():
    assert refusal(iban=GERMAN).message.key == "payments.holder_missing"
    assert refusal(iban=GERMAN, holder="x" * 71).message.key == "payments.holder_too_long"


# --- the Swiss account for QR-bills ---------------------------------------------------


def test_a_qr_bill_account_keeps_holder_postcode_town_and_the_accounts_country():
    details = payment_details(qr_iban="ch93 0076 2011 6238 5295 7", holder="Urs Kälin",
                              postcode=" 8001 ", town="Zürich")
    assert (details.qr_iban, details.postcode, details.town, details.country) == (
        SWISS, "8001", "Zürich", "CH")


def test_a_qr_bill_account_must_be_swiss_or_liechtenstein():
    error = refusal(qr_iban=GERMAN, holder="Jörg", postcode="1", town="Berlin")
    assert error.message.key == "payments.qr_iban_not_swiss"


def test_a_qr_bill_account_needs_postcode_and_town():
    # The QR-bill requires the creditor's postal code and town (and country); a card
    # table knows no more of an address, and the street is optional.
    error = refusal(qr_iban=SWISS, holder="Urs Kälin", town="Zürich")
    assert error.message.key == "payments.qrbill_address_missing"


@pytest.mark.parametrize("country", ["Schweiz", "XX"])
def test_a_country_must_be_a_two_letter_iso_code(country):
    error = refusal(qr_iban=SWISS, holder="Urs", postcode="8001", town="Zürich",
                    country=country)
    assert error.message.key == "payments.country_not_a_code"


def test_a_swiss_account_of_someone_living_elsewhere_keeps_their_country():
    details = payment_details(qr_iban=SWISS, holder="Jörg", postcode="79539", town="Lörrach",
                              country="de")
    assert details.country == "DE"


@pytest.mark.parametrize("typed", [
    {"holder": "Jörg\x1b[2J"},  # an escape code would clear the terminal it is shown on
    {"iban": GERMAN, "holder": "\u202eJörg"},  # a bidi override reads it backwards
    {"qr_iban": SWISS, "holder": "Urs", "postcode": "\udfff\ud800", "town": "Zürich"},
    {"swish": "070\x00123 45 67"},
])
def test_a_detail_holding_control_characters_is_refused(typed):
    """A lone surrogate reached the database driver as a UnicodeEncodeError (the roster fuzz)."""
    assert refusal(**typed).message.key == "payments.text_forbidden"


def test_no_details_at_all_are_empty_details():
    assert payment_details(swish=" ", iban="", holder=None).empty


def test_swish_numbers_are_written_for_people_in_groups():
    assert format_swish("0701234567") == "070-123 45 67"
    assert format_swish("1234567890") == "123 456 78 90"


def test_every_refusal_renders_in_every_language_without_a_gap():
    errors = [refusal(swish="08"), refusal(iban="DE89370400440532013001", holder="J"),
              refusal(iban=GERMAN), refusal(qr_iban=SWISS, holder="U"), refusal(town="\x07")]
    for error in errors:
        for language, sentence in said(error).items():
            assert knows(error.message.key, language)
            assert "{" not in sentence
