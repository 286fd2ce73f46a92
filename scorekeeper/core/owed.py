"""Money handed over, and what is still owed (RULES.md, "Settlement": payments).

A payment is money moved from one player to another, kept as an amount, never as a tick
on a transfer: the settle-up is derived from the money result and the payments together,
so a later deal changes what is still owed and never what was paid. The same holds for a
group's running tab, whose payments are recorded on the tab itself.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from scorekeeper.core.errors import refuse
from scorekeeper.core.ledger import POT
from scorekeeper.core.messages import counts
from scorekeeper.core.settle import Transfer, fewest_transfers
from scorekeeper.core.table import Money
from scorekeeper.core.text import quote

# An amount larger than this is a typing slip, not money a card table hands over.
MOST = 10**12
FINER_THAN_MINOR = counts("payment.finer_than_minor", "digits")
# An amount as FORMAT.md writes it: ASCII digits, then a point and digits if any. Python's
# Decimal reads far more ("1_000", "1e2", "+5", any script's digits, "Infinity"), none of
# which anyone writes as money. The minus is read, to be refused as not positive.
WRITTEN = re.compile(r"-?[0-9]+(?:\.[0-9]+)?", re.ASCII)


@dataclass(frozen=True, slots=True)
class Handover:
    """``payer`` handed ``payee`` ``minor`` (in the currency's minor unit)."""

    payer: str
    payee: str
    minor: int


def amount_of(amount: object, money: Money, *, typed: str | None = None) -> int:
    """An amount ("10.00", Decimal("2.5")) in the currency's minor unit, checked: more
    than nothing and no finer than the minor unit. A refusal quotes ``typed``, the
    amount as the person wrote it ("0,005"), if given."""
    shown = quote(typed if typed is not None else amount)
    if isinstance(amount, bool) or not isinstance(amount, str | int | Decimal):
        raise refuse("payment.not_a_number", amount=shown)
    if isinstance(amount, str) and not WRITTEN.fullmatch(amount.strip()):
        raise refuse("payment.not_a_number", amount=shown)
    try:
        value = amount if isinstance(amount, Decimal) else Decimal(str(amount).strip())
    except InvalidOperation:
        raise refuse("payment.not_a_number", amount=shown) from None
    if not value.is_finite():
        raise refuse("payment.not_a_number", amount=shown)
    if value <= 0:
        raise refuse("payment.not_positive", amount=shown)
    if value.adjusted() > len(str(MOST)):  # checked before scaling: "1e999999" is no amount
        raise refuse("payment.too_large", amount=shown)
    minor = value.scaleb(money.digits)
    if minor != minor.to_integral_value():
        raise refuse(FINER_THAN_MINOR, amount=shown, digits=money.digits)
    if minor > MOST:
        raise refuse("payment.too_large", amount=shown)
    return int(minor)


def handover(payer: str, payee: str, minor: int, players: Collection[str]) -> Handover:
    """A payment between two of ``players``, checked (the amount by ``amount_of``)."""
    for player in (payer, payee):
        if player not in players:
            raise refuse("payment.unknown_player", player=quote(player))
    if payer == payee:
        raise refuse("payment.same_player", player=payer)
    if minor <= 0:  # amount_of never gives one; a caller that skipped it is refused too
        raise refuse("payment.not_positive", amount=str(minor))
    return Handover(payer, payee, minor)


def paid(players: Iterable[str], handovers: Iterable[Handover]) -> dict[str, int]:
    """What each player paid out less what they received (minor units)."""
    net = dict.fromkeys(players, 0)
    for given in handovers:
        net[given.payer] = net.get(given.payer, 0) + given.minor
        net[given.payee] = net.get(given.payee, 0) - given.minor
    return net


def still_owed(money: Mapping[str, int], handovers: Iterable[Handover]) -> dict[str, int]:
    """Each player's money result plus what they paid: what is still to come to them (+)
    or still to pay (-). Overpaying turns a debt round."""
    net = paid(money, handovers)
    return {player: money[player] + net[player] for player in money}


def owed_transfers(money: Mapping[str, int], handovers: Iterable[Handover],
                   pot_left: int = 0) -> list[Transfer]:
    """The plan of payments: the fewest transfers settling what is still owed (and a pot
    carried over), the one definition behind the settle-up, the result card, the exports,
    ``show`` and a group's tab.

    The plan along which payments went stands (README, "settle up"): every pair a payment
    went along (Dag handed Bengt 4.00) keeps its transfer for the rest of that debt, as
    long as the fewest transfers still settle it so; the rest is settled as without
    payments. It follows from the payments made, not from the money when they were made,
    so a later deal (a leave giving up a share of the pot) keeps the transfer, and the
    table sees "Dag pays Bengt 4.50, paid 4.00 of 8.50", not a new payee."""
    handed = list(handovers)
    owed = still_owed(money, handed)
    accounts = {**owed, POT: pot_left} if pot_left else owed
    plan = fewest_transfers(accounts)
    if not handed:
        return plan
    fewest = len(plan)
    kept: list[Transfer] = []
    for payer, payee in _paid_along(handed):
        left = min(-accounts.get(payer, 0), accounts.get(payee, 0))
        if left <= 0:
            continue  # that debt is settled, or runs the other way now (or is no account)
        after = {**accounts, payer: accounts[payer] + left, payee: accounts[payee] - left}
        if len(kept) + 1 + len(fewest_transfers(after)) == fewest:
            kept.append(Transfer(payer, payee, left))
            accounts = after
    # Once money has changed hands the rows keep their places as more is paid: by payer
    # in order of play, what a payer has begun paying first.
    seat = {player: number for number, player in enumerate(accounts)}
    return sorted(kept + fewest_transfers(accounts), key=lambda t: seat[t.payer])


@dataclass(frozen=True, slots=True)
class PlanChange:
    """How the last payment moved the plan beyond itself: the transfers ``fewer`` than the
    plan before it, less that payment, took, and the transfers of the plan now that were
    not in it, as they are now."""

    fewer: int
    now: tuple[Transfer, ...]


def plan_change(money: Mapping[str, int], handovers: Iterable[Handover],
                pot_left: int = 0) -> PlanChange | None:
    """What the last of ``handovers``, paid along a transfer of the plan before it (a part
    of it or the whole), did to the plan of payments (``owed_transfers``) besides taking
    its amount off that transfer; None if nothing. "One transfer fewer: Astrid now pays Dag
    3.00" is worked out here, once, for the settle-up, the tab, its card and ``tab``.

    Both plans are of today's money. A payment along no transfer of that plan, or beyond
    it, is not explained: a deal since may have moved the plan it was paid along (Dag paid
    Bengt 4.00 of 7.00 at deal 6, of 3.00 today), and what the table saw then is not known.
    Along its transfer, what it leaves still settles by as many transfers: the plan after
    it has as many or fewer."""
    handed = list(handovers)
    if not handed:
        return None
    last = handed[-1]
    before = owed_transfers(money, handed[:-1], pot_left)
    along = [place for place, transfer in enumerate(before)
             if (transfer.payer, transfer.payee) == (last.payer, last.payee)
             and transfer.minor >= last.minor]
    if not along:
        return None
    expected = list(before)  # the plan as the payment leaves it
    rest = before[along[0]].minor - last.minor
    expected[along[0]:along[0] + 1] = [Transfer(last.payer, last.payee, rest)] if rest else []
    after = owed_transfers(money, handed, pot_left)
    now = tuple(transfer for transfer in after if transfer not in expected)
    if not now:
        return None
    return PlanChange(len(expected) - len(after), now)


def _paid_along(handed: Iterable[Handover]) -> list[tuple[str, str]]:
    """Every (payer, payee) that more money went along than came back, in the order of
    the first payment between them."""
    net: dict[tuple[str, str], int] = {}
    for given in handed:
        pair = (given.payer, given.payee)
        back = (given.payee, given.payer)
        if back in net:
            net[back] -= given.minor
        else:
            net[pair] = net.get(pair, 0) + given.minor
    return [pair for pair, minor in net.items() if minor > 0]


def paid_between(payer: str, payee: str, handovers: Iterable[Handover]) -> int:
    """What ``payer`` has handed ``payee`` so far, less what came back the other way: the
    "paid 5.00 of 10.00" beside a transfer still owed."""
    return sum(given.minor if (given.payer, given.payee) == (payer, payee)
               else -given.minor if (given.payer, given.payee) == (payee, payer) else 0
               for given in handovers)
