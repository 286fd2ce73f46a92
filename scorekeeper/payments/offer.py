"""Which payment codes a transfer gets, or why it gets none.

The rules of the issue: Swish only for SEK, the EPC's SEPA code only for EUR, the
Swiss QR-bill for CHF and EUR, each only when the payee has the details it needs.
When no code applies, ``Offer.reason`` says why, as a message key the screen renders.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from schwifty import IBAN

from scorekeeper.core.ledger import POT
from scorekeeper.core.messages import Message, msg
from scorekeeper.core.settle import Transfer
from scorekeeper.core.table import Money
from scorekeeper.payments.charsets import sepa_text
from scorekeeper.payments.codes import (
    EPC_MAX_AMOUNT,
    EPC_MAX_NAME,
    epc_payload,
    qrbill_payload,
    swish_payload,
)
from scorekeeper.payments.details import PaymentDetails

SWISH, EPC, QRBILL = "swish", "epc", "qrbill"
CURRENCIES = {"SEK": (SWISH,), "EUR": (EPC, QRBILL), "CHF": (QRBILL,)}
QRBILL_MAX_AMOUNT = EPC_MAX_AMOUNT  # both formats end at 999 999 999.99

# The EEA (EU, Iceland, Liechtenstein, Norway). Within it version 002 of the EPC code
# may leave the BIC out; a payee elsewhere in SEPA (Switzerland, the UK, Monaco...)
# needs the BIC, which schwifty's bank registry knows for many banks.
EEA = frozenset((
    "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU", "IE",
    "IS", "IT", "LI", "LT", "LU", "LV", "MT", "NL", "NO", "PL", "PT", "RO", "SE", "SI", "SK",
    "AX", "BL", "GF", "GP", "MF", "MQ", "PM", "RE", "YT",  # parts of EU member states
))


@dataclass(frozen=True, slots=True)
class PaymentCode:
    """One scannable code: its scheme ("swish", "epc", "qrbill") and the text it carries."""

    scheme: str
    payload: str


@dataclass(frozen=True, slots=True)
class Offer:
    """The codes for one transfer, best first, and the message they carry (shown beside
    them for a payer who types instead); or none and the reason why."""

    codes: tuple[PaymentCode, ...] = ()
    reason: Message | None = None
    message: str = ""


def schemes(currency: str | None, payee: str, details: PaymentDetails | None
            ) -> tuple[tuple[str, ...], Message | None]:
    """The schemes that apply to paying ``payee`` in ``currency``, or none and why."""
    if payee == POT:
        return (), msg("payments.pot")
    if not currency:
        return (), msg("payments.no_currency")
    if currency not in CURRENCIES:
        return (), msg("payments.currency_unsupported", currency=currency)
    details = details or PaymentDetails()
    if details.empty:
        return (), msg("payments.no_details", player=payee)
    found = tuple(s for s in CURRENCIES[currency] if _has(details, s))
    if found:
        return found, None
    if currency == "SEK":
        return (), msg("payments.no_swish", player=payee)
    if currency == "CHF" or not details.iban:
        return (), msg("payments.no_account", player=payee, currency=currency)
    return (), msg("payments.epc_needs_bic", player=payee)


def offer(transfer: Transfer, money: Money, details: PaymentDetails | None, message: str,
          *, reference: int = 0) -> Offer:
    """The payment codes for ``transfer``, paid to its payee's ``details``.

    ``message`` names the session (``transfer_message``); ``reference`` identifies the
    transfer where a format needs a number (a QR-IBAN's QR reference), for example
    ``session id * 100 + the transfer's place in the list``.
    """
    if transfer.payer == POT:  # the pot's money lies on the table: nothing to scan
        return Offer(reason=msg("payments.pot"))
    found, reason = schemes(money.currency, transfer.payee, details)
    if reason is not None or details is None:
        return Offer(reason=reason)
    if money.to_decimal(transfer.minor) > QRBILL_MAX_AMOUNT:
        return Offer(reason=msg("payments.amount_too_large"))
    codes = []
    for scheme in found:
        if scheme == SWISH:
            assert details.swish is not None
            payload = swish_payload(transfer.minor, money, details.swish, message)
        elif scheme == EPC:
            assert details.iban is not None
            assert details.holder is not None
            payload = epc_payload(transfer.minor, money, details.iban, details.holder, message,
                                  _bic(details.iban))
        else:
            payload = qrbill_payload(transfer.minor, money, details, message, reference)
        codes.append(PaymentCode(scheme, payload))
    return Offer(tuple(codes), message=message)


def _has(details: PaymentDetails, scheme: str) -> bool:
    if scheme == SWISH:
        return details.swish is not None
    if not sepa_text(details.holder or "", EPC_MAX_NAME):
        return False  # kept before a holder of signs alone was refused: no name to carry
    if scheme == QRBILL:
        return details.qr_iban is not None
    return details.iban is not None and (details.iban[:2] in EEA or bool(_bic(details.iban)))


def _bic(iban: str) -> str:
    """The BIC an EPC code carries: none within the EEA, the registry's one elsewhere."""
    if iban[:2] in EEA:
        return ""
    bic = IBAN(iban).bic
    return str(bic) if bic else ""


# A tab's QR references begin with a 1 in the 26th digit: never a session's.
TAB_REFERENCES = 10**25


def offers(transfers: Sequence[Transfer], money: Money, details: Mapping[str, PaymentDetails],
           message: str, session_id: int = 0, *, group_id: int | None = None
           ) -> list[tuple[Transfer, Offer]]:
    """Every transfer of a settle-up (or of a group's tab: ``group_id``) with its codes, in
    its order: what the settle-up and tab screens and the PDF show. A transfer's reference
    (a QR-IBAN's QR reference) is ``session_id * 100`` (a tab's: ``TAB_REFERENCES +
    group_id * 100``) plus its place in the list, the same on every device."""
    first = session_id * 100 if group_id is None else TAB_REFERENCES + group_id * 100
    return [(transfer, offer(transfer, money, details.get(transfer.payee), message,
                             reference=first + number))
            for number, transfer in enumerate(transfers, start=1)]
