"""How a player is paid: the fields of their payment details, listed here once. The
payments package checks and normalises them on entry, the store keeps a column for each,
the roster and backup files and the form list them in this order."""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True, slots=True)
class PaymentDetails:
    """How a player is paid. Every field is optional; each is normalised.

    ``swish``: 10 digits (0701234567 or 1231234567). ``iban``: any SEPA IBAN, upper case
    without spaces, with ``holder`` the account holder's name. ``qr_iban``: a Swiss or
    Liechtenstein IBAN or QR-IBAN for QR-bills, with ``holder``, ``postcode`` and ``town``
    (the QR-bill requires the creditor's postal code and town) and ``country`` (ISO
    3166 alpha-2, by default the account's country).
    """

    swish: str | None = None
    iban: str | None = None
    holder: str | None = None
    qr_iban: str | None = None
    postcode: str | None = None
    town: str | None = None
    country: str | None = None

    @property
    def empty(self) -> bool:
        return not (self.swish or self.iban or self.qr_iban)


# What a player may give, in the order the forms and files list it.
DETAIL_FIELDS = tuple(field.name for field in fields(PaymentDetails))
