"""One open session: a version (plain data) as the scorebook shows it, with every view
of it by name. The views are functions in ``views.py``, made once per version and kept in
the scorebook's cache (``view_cache.py``); a screen has them worked out before it draws
(``work_out``) and then only reads them. Screens and the command line only read this."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING

from scorekeeper.core import (
    Closing,
    Deal,
    DealFields,
    DealGuide,
    Placing,
    Session,
    State,
    Step,
    Transfer,
    guide,
)
from scorekeeper.core.owed import Handover, PlanChange, paid_between
from scorekeeper.core.seat_changes import dealt_in
from scorekeeper.formats.evening_names import evening_file_name
from scorekeeper.formats.exports import Export, export
from scorekeeper.formats.games_protocol import GameRow
from scorekeeper.formats.session_file import Evening
from scorekeeper.session.ledger_view import ChartLine, LedgerDeal, ledger_deal
from scorekeeper.session.standing_view import Figures
from scorekeeper.session.version import Version
from scorekeeper.session.view_cache import (
    DETAILS,
    HISTORY,
    LEDGER_PAGE,
    NEWEST,
    PAYMENTS,
    ViewCache,
)
from scorekeeper.store.payments import StoredPayment

if TYPE_CHECKING:  # the payments package takes a moment to load: only settle-up needs it
    from scorekeeper.payments import Offer, PaymentCode, PaymentDetails


# Compared by identity: a new handle on the same version (a seated player's payment
# details changed) is a new thing to draw.
@dataclass(frozen=True, eq=False, slots=True)
class OpenSession(Version):
    views: ViewCache = field(kw_only=True, repr=False)

    def work_out(self, *views: str) -> OpenSession:
        """This version with ``views`` (their names in ``views.py``) worked out now, before
        a screen draws them: a screen only draws, it never reads the store or replays."""
        for name in views:
            self.views.get(self, name)
        return self

    # --- what the table screen shows (no deal is read for these) ---

    @property
    def guide(self) -> DealGuide:
        return self.views.get(self, "guide")

    def next_deal(self, waiting: Deal) -> tuple[State, DealGuide]:
        """The table the next deal is dealt at once the joins and leaves ``waiting`` for it
        are made, and its deal guide (the dealer, the seat words, who must play): what the
        rows, the assistant and the scores beside them all read; once per change."""
        changes = (waiting.leaves, waiting.joins)
        if not any(changes):
            return self.state, self.guide

        def dealt() -> tuple[State, DealGuide]:
            at_table = dealt_in(self.table, self.state, waiting)
            return at_table, guide(self.table, at_table)

        return self.views.get(self, "next_deal", changes, dealt)

    @property
    def fields(self) -> DealFields:
        return self.views.get(self, "fields")

    @property
    def scores(self) -> dict[str, int]:
        return self.views.get(self, "scores")

    @property
    def closing(self) -> Closing:
        return self.views.get(self, "closing")

    @property
    def pot_shares(self) -> dict[str, int]:
        return self.views.get(self, "pot_shares")

    @property
    def figures(self) -> Figures:
        """What the rows show for the next deal: scores, money, pot shares."""
        money = self.closing.money if self.plays_for_money else {}
        return Figures(self.scores, money, self.pot_shares)

    @property
    def plays_for_money(self) -> bool:
        return bool(self.table.money.currency) and self.table.rules.for_money

    @property
    def over(self) -> bool:
        """No deal can be recorded: finished, or every game of the session played."""
        return self.finished or self.guide.session_over

    @property
    def winners(self) -> tuple[str, ...]:
        return self.views.get(self, "winners")

    @property
    def leaders(self) -> tuple[str, ...]:
        return self.views.get(self, "leaders")

    @property
    def standings(self) -> tuple[Placing, ...]:
        return self.views.get(self, "standings")

    @property
    def games(self) -> tuple[GameRow, ...]:
        return self.views.get(self, "games")

    # --- settling up: the money handed over, what is still owed, the payment codes ---

    @property
    def payments_made(self) -> tuple[StoredPayment, ...]:
        """Every payment recorded in the session, in the order they were made."""
        return self.views.get(self, PAYMENTS)

    @property
    def handovers(self) -> tuple[Handover, ...]:
        return tuple(payment.handover for payment in self.payments_made)

    @property
    def paid(self) -> dict[str, int]:
        return self.views.get(self, "paid")

    @property
    def owed(self) -> dict[str, int]:
        return self.views.get(self, "owed")

    @property
    def transfers(self) -> tuple[Transfer, ...]:
        return self.views.get(self, "transfers")

    @property
    def plan_change(self) -> PlanChange | None:
        """What the last payment did to the plan besides taking its amount off it."""
        return self.views.get(self, "plan_change")

    def paid_towards(self, transfer: Transfer) -> int:
        """What the transfer's payer has already handed its payee in this session: the
        "paid 5.00 of 10.00" beside it."""
        return max(0, paid_between(transfer.payer, transfer.payee, self.handovers))

    @property
    def evening(self) -> Evening:
        """What the session file says of the session besides its deals."""
        return Evening(self.handovers, self.group, self.played_on, self.finished, self.uid)

    @property
    def payment_details(self) -> Mapping[str, PaymentDetails]:
        """The seated players' payment details, as the roster holds them."""
        return self.views.get(self, DETAILS)

    def offers(self, language: str) -> list[tuple[Transfer, Offer]]:
        """Every transfer still owed with its payment codes (or why it has none), the
        message naming the game and the session in ``language``; once per language."""
        def made() -> list[tuple[Transfer, Offer]]:
            from scorekeeper.payments import offers, transfer_message

            message = transfer_message(self.table.rules.variant, self.name, language)
            return offers(self.transfers, self.table.money, self.payment_details, message,
                          self.id)

        return self.views.get(self, "offers", language, made)

    def file_name(self, kind: Export) -> str:
        """What an export of this session is called, never the same for two evenings:
        ``Friday-at-the-cabin-2026-11-28-1.pdf``."""
        return evening_file_name(self.name, self.group, self.played_on, self.id, kind)

    def result_card(self, language: str) -> bytes:
        """The result card (PNG) in ``language``, painted once per language: the very
        bytes ``export("png")`` gives for this version."""
        return self.views.get(self, "card", language, lambda: export(
            "png", self.name, self.history, language, date.today(), evening=self.evening))

    def result_card_made(self, language: str) -> bytes | None:
        """The result card if it is painted already (a screen draws only what is)."""
        return self.views.made(self, "card", language)

    def code_pictures(self, language: str) -> Mapping[PaymentCode, bytes]:
        """Every payment code of the settle-up as a PNG, drawn once per language."""
        def drawn() -> Mapping[PaymentCode, bytes]:
            from scorekeeper.payments.images import png

            return {code: png(code) for _, offer in self.offers(language)
                    for code in offer.codes}

        return self.views.get(self, "pictures", language, drawn)

    # --- what needs the deals ---

    @property
    def history(self) -> Session:
        return self.views.get(self, HISTORY)

    @property
    def has_history(self) -> bool:
        """Are the deals read and replayed already (so the next version can extend them)?"""
        return self.views.made(self, HISTORY) is not None

    @property
    def deals(self) -> tuple[Deal, ...]:
        return self.views.get(self, "deals")

    @property
    def newest_deal(self) -> Deal | None:
        """The last deal recorded (what Undo takes back)."""
        return self.views.get(self, NEWEST)

    @property
    def deal_count(self) -> int:
        return self.state.deals

    @property
    def ledger(self) -> tuple[LedgerDeal, ...]:
        return self.views.get(self, "ledger")

    def ledger_page(self, newest: int) -> tuple[LedgerDeal, ...]:
        """The ``newest`` most recent deals, oldest first, as the whole ``ledger`` has them,
        without replaying the whole session; worked out once per size for this version."""
        newest = max(0, min(newest, self.deal_count))
        whole = self.views.made(self, "ledger")
        if whole is not None:
            return whole[len(whole) - newest:]

        def page() -> tuple[LedgerDeal, ...]:
            if self.has_history:
                steps = self.history.steps[len(self.history.steps) - newest:]
            else:
                steps = self.views.reading.recent_steps(self, newest) if newest else ()
            return tuple(ledger_deal(self.table, step) for step in steps)

        return self.views.get(self, LEDGER_PAGE, newest, page)

    @property
    def chart(self) -> tuple[ChartLine, ...]:
        return self.views.get(self, "chart")

    def state_before(self, index: int) -> State:
        """The state before deal ``index`` (0-based): where a correction starts from."""
        return self.history.state_before(index)


def extended_history(before: OpenSession | None, version: int, step: Step) -> Session | None:
    """The deals of ``before`` and ``step``'s after them, if ``before`` is at ``version``
    (the one the step was made from) and has worked its deals out: not read again."""
    if before is None or before.version != version or not before.has_history:
        return None
    return Session(before.table, (*before.history.steps, step))
