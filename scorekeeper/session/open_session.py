"""One open session: what the store holds and everything that follows from it, worked
out once for the version it was read at. Screens and the command line only read it."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from scorekeeper.core import (
    Closing,
    Deal,
    DealFields,
    DealGuide,
    Session,
    State,
    Step,
    Table,
    Transfer,
    close,
    deal_fields,
    guide,
    leaders,
    session_winners,
)
from scorekeeper.core.owed import Handover, owed_transfers, paid, paid_between, still_owed
from scorekeeper.formats.evening_names import evening_file_name
from scorekeeper.formats.exports import Export, export
from scorekeeper.formats.games_protocol import GameRow, games_protocol
from scorekeeper.formats.session_file import Evening
from scorekeeper.session.ledger_view import ChartLine, LedgerDeal, chart_lines, ledger_deal
from scorekeeper.session.standing_view import Figures, pot_shares, scores_as_dealt
from scorekeeper.session.worked import MAKERS, Kept, Made, kept, named
from scorekeeper.store.payments import StoredPayment

if TYPE_CHECKING:  # the payments package takes a moment to load: only settle-up needs it
    from scorekeeper.payments import Offer, PaymentCode, PaymentDetails


@dataclass(frozen=True, eq=False, slots=True)
class OpenSession:
    id: int
    name: str
    finished: bool
    version: int
    table: Table
    state: State
    created_at: datetime
    updated_at: datetime
    # Loads the deals and replays them: only the ledger, the charts and the exports need it.
    load_history: Callable[[], Session]
    # The money handed over in the session, and the seated players' payment details (kept
    # in the roster): read the first time settle-up or an export asks, once per version.
    load_payments: Callable[[], tuple[StoredPayment, ...]] = tuple
    load_details: Callable[[], Mapping[str, PaymentDetails]] = dict
    # The newest n deals' steps, replayed from a state kept shortly before them: the
    # ledger's first page needs no whole replay (without it, the page is cut from it).
    load_recent: Callable[[int], tuple[Step, ...]] | None = None
    load_deal: Callable[[int], Deal | None] | None = None  # deal n alone: what Undo takes
    group: str | None = None  # the group whose running tab the session counts in
    played_on: date | None = None  # the evening's date
    uid: str | None = None  # what identifies it wherever it goes (its file, a backup)
    # What has been read and worked out for this version, by name (see ``_kept``): made
    # once, on first use, and handed on by name to a next version where it is still true.
    worked: dict[Hashable, Any] = field(default_factory=dict, repr=False)

    # --- what an earlier version had read, kept when it is still true ---

    @property
    def has_history(self) -> bool:
        """Are the deals read and replayed already (so the next version can extend them)?"""
        return Kept.HISTORY in self.worked

    def carry_history(self, history: Session) -> None:
        """Take ``history`` as this version's deals: worked out by the caller (the deals
        the version before had read, and the one just recorded), not read again."""
        self.worked[Kept.HISTORY] = history

    def carry_over(self, before: OpenSession, *, details: bool = True,
                   payments: bool = True) -> None:
        """Keep what ``before``, a version with the same deals, had read and worked out:
        its history and ledger; its payment details unless they changed (``details``
        False); its payments unless they changed (``payments`` False)."""
        kept = [key for key in before.worked
                if named(key) in Kept.SAME_DEALS
                or (details and key == Kept.DETAILS) or (payments and key == Kept.PAYMENTS)]
        for key in kept:
            self.worked[key] = before.worked[key]

    def work_out(self, *views: str) -> OpenSession:
        """This version with ``views`` (names of kept properties) worked out now, before a
        screen draws them: a screen only draws, it never reads the store or replays."""
        for view in views:
            self._kept(view, lambda view=view: MAKERS[view](self))
        return self

    def _kept(self, key: Hashable, make: Callable[[], Made]) -> Made:
        """What ``make`` gives, made once for this version and kept under ``key``."""
        worked = self.worked
        if key not in worked:
            worked[key] = make()
        return worked[key]

    # --- what the table screen shows (no deal is read for these) ---

    @kept("guide")
    def guide(self) -> DealGuide:
        return guide(self.table, self.state)

    @kept("fields")
    def fields(self) -> DealFields:
        return deal_fields(self.table.rules)

    @kept("scores")
    def scores(self) -> dict[str, int]:
        """Each player's score as the next deal starts (``scores_as_dealt``)."""
        return scores_as_dealt(self.table, self.state)

    @kept("closing")
    def closing(self) -> Closing:
        """What everyone has won or lost if the session ends now (once finished: did)."""
        return close(self.table, self.state)

    @kept("pot_shares")
    def pot_shares(self) -> dict[str, int]:
        return pot_shares(self.closing)

    @property
    def figures(self) -> Figures:
        """What the rows show for the next deal: scores, money, pot shares."""
        money = self.closing.money if self.plays_for_money else {}
        return Figures(self.scores, money, self.pot_shares)

    @property
    def plays_for_money(self) -> bool:
        rules = self.table.rules
        return bool(self.table.money.currency) and rules.for_money

    @property
    def over(self) -> bool:
        """No deal can be recorded: finished, or every game of the session played."""
        return self.finished or self.guide.session_over

    @kept("winners")
    def winners(self) -> tuple[str, ...]:
        return session_winners(self.table, self.state)

    @kept("leaders")
    def leaders(self) -> tuple[str, ...]:
        return leaders(self.table, self.state)

    @kept("games")
    def games(self) -> tuple[GameRow, ...]:
        return games_protocol(self.table, self.state)

    # --- settling up: the money handed over, what is still owed, the payment codes ---

    @kept(Kept.PAYMENTS)
    def payments_made(self) -> tuple[StoredPayment, ...]:
        """Every payment recorded in the session, in the order they were made."""
        return tuple(self.load_payments())

    @property
    def handovers(self) -> tuple[Handover, ...]:
        return tuple(payment.handover for payment in self.payments_made)

    @kept("paid")
    def paid(self) -> dict[str, int]:
        """What each player has paid out less what they received (minor units)."""
        return paid(self.state.everyone, self.handovers)

    @kept("owed")
    def owed(self) -> dict[str, int]:
        """What is still to come to each player (+) or still to pay (-): the money result
        and every payment (RULES.md: a later deal never forgets a payment)."""
        return still_owed(self.closing.money, self.handovers)

    @kept("transfers")
    def transfers(self) -> tuple[Transfer, ...]:
        """The fewest transfers that settle what is still owed."""
        return tuple(owed_transfers(self.closing.money, self.handovers, self.closing.pot_left))

    def paid_towards(self, transfer: Transfer) -> int:
        """What the transfer's payer has already handed its payee in this session: the
        "paid 5.00 of 10.00" beside it."""
        return max(0, paid_between(transfer.payer, transfer.payee, self.handovers))

    @property
    def evening(self) -> Evening:
        """What the session file says of the session besides its deals."""
        return Evening(self.handovers, self.group, self.played_on, self.finished, self.uid)

    @kept(Kept.DETAILS)
    def payment_details(self) -> Mapping[str, PaymentDetails]:
        """The seated players' payment details, as the roster held them at this version."""
        return self.load_details()

    def offers(self, language: str) -> list[tuple[Transfer, Offer]]:
        """Every transfer still owed with its payment codes (or why it has none), the
        message naming the game and the session in ``language``; once per language."""
        def made() -> list[tuple[Transfer, Offer]]:
            from scorekeeper.payments import offers, transfer_message

            message = transfer_message(self.table.rules.variant, self.name, language)
            return offers(self.transfers, self.table.money, self.payment_details, message,
                          self.id)

        return self._kept(("offers", language), made)

    def file_name(self, kind: Export) -> str:
        """What an export of this session is called, never the same for two evenings:
        ``Friday-at-the-cabin-2026-11-28-1.pdf``."""
        return evening_file_name(self.name, self.group, self.played_on, self.id, kind)

    def result_card(self, language: str) -> bytes:
        """The result card (PNG) in ``language``, painted once per language: the very
        bytes ``export("png")`` gives for this version."""
        return self._kept(("card", language), lambda: export(
            "png", self.name, self.history, language, date.today(), evening=self.evening))

    def result_card_made(self, language: str) -> bytes | None:
        """The result card if it is painted already (a screen draws only what is)."""
        return self.worked.get(("card", language))

    def code_pictures(self, language: str) -> Mapping[PaymentCode, bytes]:
        """Every payment code of the settle-up as a PNG, drawn once per language."""
        def drawn() -> Mapping[PaymentCode, bytes]:
            from scorekeeper.payments.images import png

            return {code: png(code) for _, offer in self.offers(language)
                    for code in offer.codes}

        return self._kept(("pictures", language), drawn)

    # --- what needs the deals ---

    @kept(Kept.HISTORY)
    def history(self) -> Session:
        return self.load_history()

    @kept("deals")
    def deals(self) -> tuple[Deal, ...]:
        return self.history.deals

    def carry_newest(self, deal: Deal) -> None:
        """Take ``deal`` as the last deal recorded: the caller has just recorded it."""
        self.worked[Kept.NEWEST] = deal

    @kept(Kept.NEWEST)
    def newest_deal(self) -> Deal | None:
        """The last deal recorded (what Undo takes back): from the history if it is read,
        else read alone."""
        if not self.deal_count:
            return None
        if self.has_history or self.load_deal is None:
            return self.deals[-1]
        return self.load_deal(self.deal_count)

    @property
    def deal_count(self) -> int:
        return self.state.deals

    @kept(Kept.LEDGER)
    def ledger(self) -> tuple[LedgerDeal, ...]:
        """Every deal, oldest first (the charts need them all; the ledger screen shows
        pages of the newest: ``ledger_page``)."""
        return tuple(self._ledger_deal(step) for step in self.history.steps)

    def ledger_page(self, newest: int) -> tuple[LedgerDeal, ...]:
        """The ``newest`` most recent deals, oldest first, as the whole ``ledger`` has them,
        without replaying the whole session; worked out once per size for this version."""
        newest = max(0, min(newest, self.deal_count))
        if Kept.LEDGER in self.worked:
            return self.ledger[len(self.ledger) - newest:]

        def page() -> tuple[LedgerDeal, ...]:
            if self.load_recent is None or self.has_history:
                steps = self.history.steps[len(self.history.steps) - newest:]
            else:
                steps = self.load_recent(newest) if newest else ()
            return tuple(self._ledger_deal(step) for step in steps)

        return self._kept((Kept.LEDGER_PAGE, newest), page)

    def _ledger_deal(self, step: Step) -> LedgerDeal:
        return ledger_deal(self.table, step)

    @kept("chart")
    def chart(self) -> tuple[ChartLine, ...]:
        return chart_lines(self.table, self.state.everyone, self.ledger, self.history)

    def state_before(self, index: int) -> State:
        """The state before deal ``index`` (0-based): where a correction starts from."""
        return self.history.state_before(index)
