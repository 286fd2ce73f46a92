"""The text a payment code carries, one builder per published format.

Each builder takes the exact amount (minor units and the session's ``Money``), the
payee's details and the message, and returns the payload to put into a QR code. They
are pure: no image, no network. ``images.py`` draws them; tests decode the images and
check every field against the format.
"""

from __future__ import annotations

from decimal import Decimal
from urllib.parse import quote

from qrbill import QRBill
from stdnum.ch import esr

from scorekeeper.core.table import Money
from scorekeeper.payments.charsets import qrbill_text, sepa_text, swish_text
from scorekeeper.payments.details import PaymentDetails

# --- Swish: "C<payee>;<amount>;<message>;<lock mask>" ---------------------------------

# The lock mask says what the payer may change: payee is bit 0, amount bit 1, message
# bit 2, a set bit meaning "editable". The table's sum is exact, so nothing is.
SWISH_LOCKED = 0


def swish_payload(minor: int, money: Money, swish: str, message: str) -> str:
    """Swish's prefilled code: the amount in SEK with two decimals and a decimal comma,
    the message folded to Swish's characters (at most 50) and URL-encoded."""
    amount = f"{money.to_decimal(minor):.2f}".replace(".", ",")
    return f"C{swish};{amount};{quote(swish_text(message), safe='')};{SWISH_LOCKED}"


# --- EPC069-12: the SEPA credit transfer QR code ("GiroCode") -------------------------

EPC_MAX_BYTES = 331  # QR version 13 at error level M, as the guidelines fix
EPC_MAX_NAME = 70
EPC_MAX_TEXT = 140  # unstructured remittance information
EPC_MAX_AMOUNT = Decimal("999999999.99")


def epc_payload(minor: int, money: Money, iban: str, holder: str, message: str,
                bic: str = "") -> str:
    """The EPC's SEPA credit transfer code, version 002 (the BIC may be left out within
    the EEA), character set 1 (UTF-8) restricted to SEPA's basic Latin set, the amount
    as "EUR12.50", no purpose code, the message as unstructured remittance text."""
    amount = money.to_decimal(minor)
    if not Decimal("0.01") <= amount <= EPC_MAX_AMOUNT:
        raise ValueError(f"an EPC transfer is 0.01 to {EPC_MAX_AMOUNT} EUR")
    name = sepa_text(holder, EPC_MAX_NAME)
    if not name:  # the name line is mandatory: a bank refuses a code without it
        raise ValueError("an EPC payee needs a name in SEPA's letters")
    lines = [
        "BCD",  # service tag
        "002",  # version
        "1",  # character set: UTF-8
        "SCT",  # SEPA credit transfer
        bic,
        name,
        iban,
        f"EUR{amount:.2f}",
        "",  # purpose code: none
        "",  # structured remittance (creditor reference): none, as the text is given
        sepa_text(message, EPC_MAX_TEXT),
    ]
    payload = "\n".join(lines).rstrip("\n")  # nothing follows the last element
    if len(payload.encode("utf-8")) > EPC_MAX_BYTES:
        raise ValueError("an EPC payload is at most 331 bytes")
    return payload


# --- The Swiss QR-bill (Swiss Payment Standards), built and checked by ``qrbill`` -----

QRBILL_MAX_TEXT = 140  # "additional information" (unstructured message)


def qr_reference(number: int) -> str:
    """A QR reference (QRR) for ``number``: 26 digits and the modulo 10 recursive check
    digit. A QR-IBAN takes payments only with one."""
    digits = f"{number:026d}"
    return digits + esr.calc_check_digit(digits)


def qr_bill(minor: int, money: Money, details: PaymentDetails, message: str,
            reference: int = 0) -> QRBill:
    """The QR-bill for a transfer to ``details``' Swiss account.

    The creditor is the payee: the holder's name, postal code, town and country, as the
    QR-bill requires (no street: it is optional in a structured address, and a card
    table does not know it). The debtor is left empty, which the standard allows: the
    payer fills it in. A regular IBAN takes no reference; a QR-IBAN takes the QR
    reference of ``reference`` (the session and the transfer, see ``offer``).
    """
    if details.qr_iban is None or details.holder is None:
        raise ValueError("a QR-bill needs a Swiss IBAN and its holder")
    is_qr_iban = 30000 <= int(details.qr_iban[4:9]) <= 31999
    return QRBill(
        account=details.qr_iban,
        creditor={"name": qrbill_text(details.holder, 70), "pcode": details.postcode,
                  "city": details.town, "country": details.country},
        amount=f"{money.to_decimal(minor):.2f}",
        currency=money.currency,
        reference_number=qr_reference(reference) if is_qr_iban else None,
        additional_information=qrbill_text(message, QRBILL_MAX_TEXT),
    )


def qrbill_payload(minor: int, money: Money, details: PaymentDetails, message: str,
                   reference: int = 0) -> str:
    """The text of the QR-bill's Swiss QR code (SPC, version 0200, lines joined by CR LF)."""
    return qr_bill(minor, money, details, message, reference).qr_data()
