"""The session file's payments (FORMAT.md ``payments``).

A payment is money handed over, ``{"from": "Astrid", "to": "Dag", "amount": "10.00"}``,
kept in the order it was recorded. Files written before payments were amounts have the
same objects under ``paid_transfers``: they are read as payments.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal

from scorekeeper.core.errors import RuleError, refuse
from scorekeeper.core.owed import Handover, amount_of, handover
from scorekeeper.core.table import Money, Table
from scorekeeper.core.text import name_key

PAYMENTS = "payments"
OLDER = "paid_transfers"  # the field's name before payments were amounts


def payments_field(handovers: Iterable[Handover], money: Money) -> list[dict[str, str]]:
    return [{"from": given.payer, "to": given.payee, "amount": money.format(given.minor)}
            for given in handovers]


def load_payments(document: Mapping[str, object], table: Table,
                  players: Sequence[str]) -> tuple[Handover, ...]:
    """The payments of a session file (both fields, if a file has both), each between two
    of ``players`` (everyone who took part) and checked; a refusal names the field
    (``payments: Pia never played``)."""
    found: list[Handover] = []
    for name in (PAYMENTS, OLDER):
        listed = document.get(name)
        if listed is None:
            continue
        try:
            found += _payments(listed, table, players)
        except RuleError as error:
            raise error.within(PAYMENTS) from None
    return tuple(found)


def _payments(listed: object, table: Table, players: Sequence[str]) -> list[Handover]:
    if not isinstance(listed, list):
        raise refuse("file.payments")
    by_key = {name_key(player): player for player in players}
    found = []
    for item in listed:
        if not isinstance(item, dict) or not {"from", "to", "amount"} <= item.keys():
            raise refuse("file.payments")
        payer, payee = (_player(item["from"], by_key), _player(item["to"], by_key))
        amount = item["amount"]
        minor = amount_of(amount if isinstance(amount, str | int | Decimal) else None,
                          table.money, typed=str(amount))
        found.append(handover(payer, payee, minor, players))
    return found


def _player(name: object, by_key: Mapping[str, str]) -> str:
    player = by_key.get(name_key(name)) if isinstance(name, str) else None
    if player is None:
        # Not a name of this table: refused by handover() in the words of a payment.
        return name if isinstance(name, str) else str(name)
    return player
