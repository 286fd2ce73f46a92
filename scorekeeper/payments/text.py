"""Payment details as text, for "copy as text" and the group chat."""

from __future__ import annotations

from scorekeeper.core.settle import Transfer
from scorekeeper.core.table import Money
from scorekeeper.i18n import text
from scorekeeper.i18n.accounts import paid_of, transfer_line
from scorekeeper.payments.details import PaymentDetails, format_iban, format_swish
from scorekeeper.payments.offer import EPC, QRBILL, SWISH, schemes


def transfer_text(transfer: Transfer, money: Money, details: PaymentDetails | None,
                  language: str = "en", paid: int = 0) -> str:
    """One line: who pays whom how much, and where to pay it in the session's currency.

    "Astrid pays Dag SEK 5.00 – Swish 070-123 45 67 (paid SEK 5.00 of SEK 10.00)": ``paid``
    is what the payer has already handed the payee. Only the details that fit the
    currency are given (no Swish number for a EUR debt).
    """
    line = transfer_line(transfer, money, language)
    found, _ = schemes(money.currency, transfer.payee, details)
    # the same account may serve both EUR codes: name it once
    where = list(dict.fromkeys(_where(scheme, details, language)
                               for scheme in found if details is not None))
    if where:
        line = f"{line} – {'; '.join(where)}"
    if paid > 0:
        line = f"{line} ({paid_of(paid, transfer, money, language)})"
    return line


def _where(scheme: str, details: PaymentDetails, language: str) -> str:
    if scheme == SWISH:
        assert details.swish is not None
        return text("payments.text_swish", language, number=format_swish(details.swish))
    if scheme == EPC:
        assert details.iban is not None
        return text("payments.text_iban", language, iban=format_iban(details.iban),
                    holder=details.holder or "")
    assert scheme == QRBILL
    assert details.qr_iban is not None
    return text("payments.text_iban", language, iban=format_iban(details.qr_iban),
                holder=details.holder or "")
