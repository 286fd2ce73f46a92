"""A player's payment details, checked and normalised when they are entered.

Bad details are refused here, at entry, in the player's words, so a payment code is
never built from a mistyped number. A refusal quotes at most a short prefix of what
was typed: enough to recognise it, never a whole account number read out on screen.

Swish. The Swish QR code specification (Swish "QR code encoding specification", 6.1)
says the payee field carries "the corporate Swish number": the 10-digit number
123 xxx xx xx of a business or association. The Swish app also reads the same "C"
format with a private person's Swish number, which is their Swedish mobile number in
national form (07x xxx xx xx); that is what a card table uses. Both are kept here as
ten digits without spaces, exactly as the payee field carries them.
"""

from __future__ import annotations

import re

from iso3166 import countries
from schwifty import IBAN
from schwifty.exceptions import (
    InvalidChecksumDigits,
    InvalidCountryCode,
    InvalidLength,
    SchwiftyException,
)

from scorekeeper.core.errors import refuse
from scorekeeper.core.payee import PaymentDetails
from scorekeeper.core.text import forbidden
from scorekeeper.payments.charsets import sepa_text

QUOTE = 8  # characters of a refused value shown back to the player
MAX_HOLDER = 70  # EPC069-12 and the QR-bill both carry at most 70 characters of name
MAX_POSTCODE = 16  # QR-bill: postal code, at most 16 characters
MAX_TOWN = 35  # QR-bill: town, at most 35 characters
QR_BILL_COUNTRIES = ("CH", "LI")  # a QR-bill is paid into a Swiss or Liechtenstein account
# Swedish mobile numbers (PTS's numbering plan): 070, 072, 073, 076 and 079.
_MOBILE = re.compile(r"07[02369]\d{7}")
_SWISH_BUSINESS = re.compile(r"123\d{7}")  # Swish numbers of businesses and associations
_SEPARATORS = re.compile(r"[\s\-()./]")
_COUNTRY = re.compile(r"[A-Z]{2}")


NO_DETAILS = PaymentDetails()


def payment_details(*, swish: str | None = None, iban: str | None = None,
                    holder: str | None = None, qr_iban: str | None = None,
                    postcode: str | None = None, town: str | None = None,
                    country: str | None = None) -> PaymentDetails:
    """The details as typed, checked and normalised; refuses bad ones (``RuleError``)."""
    typed = (swish, iban, holder, qr_iban, postcode, town, country)
    if any(forbidden(c) for value in typed if value for c in value):
        # Escape codes, bidi marks, lone surrogates: not a detail, and unwritable as UTF-8.
        raise refuse("payments.text_forbidden")
    holder_name = _text(holder)
    if holder_name and len(holder_name) > MAX_HOLDER:
        raise refuse("payments.holder_too_long", most=MAX_HOLDER)
    if holder_name and not sepa_text(holder_name, MAX_HOLDER):
        # Signs alone ("★"): a code's name line, which the EPC requires, would be empty.
        raise refuse("payments.holder_no_letters")
    sepa = _sepa_iban(iban) if _text(iban) else None
    swiss = _qr_iban(qr_iban) if _text(qr_iban) else None
    if (sepa or swiss) and not holder_name:
        raise refuse("payments.holder_missing")
    place = _text(postcode), _text(town)
    land = _text(country)
    if swiss:
        if not all(place):
            raise refuse("payments.qrbill_address_missing")
        if len(place[0]) > MAX_POSTCODE:
            raise refuse("payments.postcode_too_long", most=MAX_POSTCODE)
        if len(place[1]) > MAX_TOWN:
            raise refuse("payments.town_too_long", most=MAX_TOWN)
        land = (land or swiss[:2]).upper()
        if not _COUNTRY.fullmatch(land) or land not in countries:
            raise refuse("payments.country_not_a_code", country=_quote(land))
    return PaymentDetails(
        swish=swish_number(swish) if _text(swish) else None,
        iban=sepa,
        holder=holder_name or None,
        qr_iban=swiss,
        postcode=place[0] if swiss else None,
        town=place[1] if swiss else None,
        country=land if swiss else None,
    )


def swish_number(typed: str | None) -> str:
    """A Swish payee as the "C" format carries it: ten digits, national form.

    Takes +46 70-123 45 67, 0046701234567, 070 123 45 67 and 123 456 78 90 alike."""
    raw = _text(typed)
    digits = _SEPARATORS.sub("", raw)
    for prefix in ("+46", "0046"):
        if digits.startswith(prefix):
            digits = "0" + digits.removeprefix(prefix).removeprefix("0")
            break
    if _MOBILE.fullmatch(digits) or _SWISH_BUSINESS.fullmatch(digits):
        return digits
    raise refuse("payments.swish_invalid", number=_quote(raw))


def format_swish(number: str) -> str:
    """How a Swish number is written for people: 070-123 45 67, 123 456 78 90."""
    if number.startswith("123"):
        return f"{number[:3]} {number[3:6]} {number[6:8]} {number[8:]}"
    return f"{number[:3]}-{number[3:6]} {number[6:8]} {number[8:]}"


def format_iban(iban: str) -> str:
    """An IBAN in groups of four, the way banks print it."""
    return " ".join(iban[i:i + 4] for i in range(0, len(iban), 4))


def _iban(typed: str | None) -> IBAN:
    raw = _text(typed)
    try:
        return IBAN(raw)
    except InvalidChecksumDigits:
        raise refuse("payments.iban_check_digits", iban=_quote(raw)) from None
    except InvalidCountryCode:
        raise refuse("payments.iban_country", iban=_quote(raw)) from None
    except InvalidLength:
        raise refuse("payments.iban_length", iban=_quote(raw)) from None
    except SchwiftyException:
        raise refuse("payments.iban_invalid", iban=_quote(raw)) from None


def _sepa_iban(typed: str | None) -> str:
    iban = _iban(typed)
    if not iban.in_sepa_zone:
        raise refuse("payments.iban_not_sepa", iban=_quote(iban.compact))
    return iban.compact


def _qr_iban(typed: str | None) -> str:
    iban = _iban(typed)
    if iban.country_code not in QR_BILL_COUNTRIES:
        raise refuse("payments.qr_iban_not_swiss", iban=_quote(iban.compact))
    return iban.compact


def _text(value: str | None) -> str:
    return " ".join((value or "").split())


def _quote(value: str) -> str:
    return value if len(value) <= QUOTE else value[:QUOTE] + "…"
