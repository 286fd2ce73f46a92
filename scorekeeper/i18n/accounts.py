"""How the table's accounts and transfers are said: one place for the pot's name and
for "Astrid pays Dag SEK 10.00", shared by the screens, the command line and the PDF."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.core import POT, DealGuide, Money, Transfer, counts
from scorekeeper.core.messages import N_
from scorekeeper.core.owed import PlanChange
from scorekeeper.i18n import join, text

if TYPE_CHECKING:
    from scorekeeper.core.owed import Handover
    from scorekeeper.core.tab import Tab
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


def tab_payment_line(given: Handover, tab: Tab, group: str, money: Money,
                     language: str) -> str:
    """A payment made on a group's tab, as its list says it: "Astrid paid Dag SEK 5.00",
    or, when it is between no two players of the tab (an older version restored it
    unchecked), that it is not counted and how it goes."""
    line = payment_line(given.payer, given.payee, given.minor, money, language)
    return line if tab.counts(given) else text("tab.not_counted", language, payment=line,
                                                group=group)


def paid_of(paid: int, transfer: Transfer, money: Money, language: str) -> str:
    """"paid SEK 5.00 of SEK 10.00": a transfer still owed, part of it already handed over
    (``transfer`` is what is left)."""
    return text("payments.paid_of", language, paid=money_in(paid, money, language),
                total=money_in(paid + transfer.minor, money, language))


def plan_change_line(change: PlanChange, money: Money, language: str) -> str:
    """What the last payment did to the plan, said once above it: "That payment leaves one
    transfer fewer: Astrid now pays Dag SEK 3.00 and Bengt now pays Erik SEK 2.50"."""
    now = join([text("plan.now_pays", language, payer=account_name(t.payer, language),
                     payee=account_name(t.payee, language),
                     amount=money_in(t.minor, money, language)) for t in change.now], language)
    if change.fewer:
        return text(counts("plan.fewer", "count"), language, count=change.fewer, now=now)
    return text(N_("plan.changed"), language, now=now)


def pot_share_words(minor: int, share: int, money: Money, language: str) -> str | None:
    """What of a player's money figure (``minor``) is their share of the pot, said true of
    a gain, a zero and a loss: "of which SEK 1.50 from the pot" only of money that holds it
    (a gain at least as large); of less, "incl. SEK 1.50 from the pot". None without a share."""
    if share <= 0:
        return None
    key = N_("ui.pot_share_short") if minor >= share else N_("ui.pot_share_within")
    return text(key, language, amount=money_in(share, money, language))


def pot_line(guide: DealGuide, language: str, *, over: bool = False) -> str:
    """What the pot holds, as the table's header and the settle-up both say it: the pot the
    next deal is played for (``guide.pot_in_play``), with the dealer's ante in a pot game
    ("Pot: 10 with the ante", where a single pot had read "Pot: 0"), with everyone's stake
    before a game of stakes begins ("Pot: 3 with the stakes of game 2", where the settle-up
    had said "the pot is empty"); as it is when the session is ``over``: no deal is to come."""
    if over or guide.pot_holds is None:
        return text("ui.pot_now", language, pot=guide.pot)
    if guide.pot_holds == "ante":
        return text("ui.pot_with_ante", language, pot=guide.pot_in_play)
    return text("ui.pot_with_stakes", language, pot=guide.pot_in_play, game=guide.game or 1)
