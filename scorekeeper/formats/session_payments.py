"""The session file's payment fields: added to FORMAT.md's document, never changing it.

FORMAT.md lets a writer add fields (readers ignore the ones they do not know) and
forbids renaming or dropping any. So the paid ticks ride along as one added field,
``paid_transfers``, shaped like the replay report's ``transfers``. Payment details are
personal: the file carries them only when asked (``include_details``), under
``payment_details``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from decimal import Decimal, InvalidOperation

from scorekeeper.core.errors import refuse
from scorekeeper.core.settle import PaidTransfer
from scorekeeper.core.table import Table
from scorekeeper.payments.details import DETAIL_FIELDS, PaymentDetails, payment_details

PAID = "paid_transfers"
DETAILS = "payment_details"


def with_payments(document: Mapping[str, object], table: Table, paid: Collection[PaidTransfer],
                  details: Mapping[str, PaymentDetails] | None = None, *,
                  include_details: bool = False) -> dict[str, object]:
    """``dump_session``'s document with the paid ticks added, and the seated players'
    payment details only if ``include_details`` is set. The input is not changed."""
    out = dict(document)
    seat = {player: number for number, player in enumerate(table.players)}
    out[PAID] = [
        {"from": payer, "to": payee, "amount": table.money.format(minor)}
        for payer, payee, minor in sorted(paid, key=lambda t: (seat.get(t[0], 99),
                                                               seat.get(t[1], 99), t[2]))
    ]
    if include_details and details:
        out[DETAILS] = {player: detail_fields(details[player])
                        for player in table.players
                        if player in details and not details[player].empty}
    return out


def detail_fields(details: PaymentDetails) -> dict[str, str]:
    """The details that are set, by field name (the roster file uses the same shape)."""
    return {field: value for field in DETAIL_FIELDS
            if (value := getattr(details, field)) is not None}


def load_paid(document: Mapping[str, object], table: Table) -> set[PaidTransfer]:
    """The paid ticks of a session file (none if it has no such field); refuses a
    malformed list rather than guessing."""
    listed = document.get(PAID) or []
    if not isinstance(listed, list):
        raise refuse("file.paid")
    paid = set()
    for item in listed:
        if not isinstance(item, dict):
            raise refuse("file.paid")
        payer, payee, amount = (table.resolve(item.get("from")), table.resolve(item.get("to")),
                                item.get("amount"))
        if payer is None or payee is None or not isinstance(amount, str | Decimal | int):
            raise refuse("file.paid")
        try:
            minor = Decimal(str(amount)).scaleb(table.money.digits)
        except InvalidOperation:
            raise refuse("file.paid") from None
        if not minor.is_finite() or minor != minor.to_integral_value() or minor <= 0:
            raise refuse("file.paid")
        paid.add((payer, payee, int(minor)))
    return paid


def load_details(document: Mapping[str, object], table: Table) -> dict[str, PaymentDetails]:
    """The payment details a session file carries (if it was written with them),
    each checked like details typed in."""
    given = document.get(DETAILS) or {}
    if not isinstance(given, dict):
        raise refuse("file.paid")
    found = {}
    for name, fields in given.items():
        player = table.resolve(name)
        if player is None or not isinstance(fields, dict) or not all(
                isinstance(fields.get(f, ""), str) for f in DETAIL_FIELDS):
            raise refuse("roster.field", field=DETAILS, player=str(name)[:40])
        found[player] = payment_details(**{f: fields.get(f) for f in DETAIL_FIELDS})
    return found
