"""Pay on the spot: payment details, and the Swish, EPC (SEPA) and Swiss QR-bill codes
that let a payer scan a transfer instead of typing it.

The app asks ``offers`` for each transfer's codes (or the reason there are none) and
shows them with ``images.png``; ``transfer_text`` is the transfer for the group chat.
"""

from scorekeeper.payments.details import (
    NO_DETAILS,
    PaymentDetails,
    format_iban,
    format_swish,
    payment_details,
)
from scorekeeper.payments.message import tab_message, transfer_message
from scorekeeper.payments.offer import (
    EPC,
    QRBILL,
    SWISH,
    Offer,
    PaymentCode,
    offer,
    offers,
    schemes,
)
from scorekeeper.payments.text import transfer_text

__all__ = [
    "EPC", "NO_DETAILS", "QRBILL", "SWISH", "Offer", "PaymentCode", "PaymentDetails",
    "format_iban", "format_swish", "offer", "offers", "payment_details", "schemes",
    "tab_message", "transfer_message", "transfer_text",
]
