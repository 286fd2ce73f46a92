"""How the table's accounts and transfers are said: one place for the pot's name and
for "Astrid pays Dag SEK 10.00", shared by the screens, the command line and the PDF."""

from __future__ import annotations

from scorekeeper.core import POT, Money, Transfer
from scorekeeper.i18n import text
from scorekeeper.i18n.figures import money as money_in


def account_name(account: str, language: str) -> str:
    """A player's name, or the pot's name in ``language``."""
    return text("ledger.pot_account", language) if account == POT else account


def amount(minor: int, money: Money, language: str, *, sign: bool = False) -> str:
    """Money in the currency's minor unit, as ``language`` writes an amount; with ``sign``,
    a gain written with its ``+``."""
    return money_in(minor, money, language, sign=sign)


def transfer_line(transfer: Transfer, money: Money, language: str) -> str:
    return text("sheet.pays", language, payer=account_name(transfer.payer, language),
                payee=account_name(transfer.payee, language),
                amount=money_in(transfer.minor, money, language))


def payment_line(payer: str, payee: str, minor: int, money: Money, language: str) -> str:
    """Money handed over: "Astrid paid Dag SEK 10.00"."""
    return text("payments.paid_amount", language, payer=payer, payee=payee,
                amount=money_in(minor, money, language))


def paid_of(paid: int, transfer: Transfer, money: Money, language: str) -> str:
    """"paid SEK 5.00 of SEK 10.00": a transfer still owed, part of it already handed over
    (``transfer`` is what is left)."""
    return text("payments.paid_of", language, paid=money_in(paid, money, language),
                total=money_in(paid + transfer.minor, money, language))
