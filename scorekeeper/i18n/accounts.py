"""How the table's accounts and transfers are said: one place for the pot's name and
for "Astrid pays Dag 10.00 SEK", shared by the screens, the command line and the PDF."""

from __future__ import annotations

from scorekeeper.core import POT, Money, Transfer
from scorekeeper.i18n import text


def account_name(account: str, language: str) -> str:
    """A player's name, or the pot's name in ``language``."""
    return text("ledger.pot_account", language) if account == POT else account


def amount(minor: int, money: Money) -> str:
    """Money in the currency's minor unit, with the currency when the table has one."""
    return f"{money.format(minor)} {money.currency or ''}".strip()


def transfer_line(transfer: Transfer, money: Money, language: str) -> str:
    return text("sheet.transfer", language, payer=account_name(transfer.payer, language),
                payee=account_name(transfer.payee, language),
                amount=money.format(transfer.minor), currency=money.currency or "").strip()
