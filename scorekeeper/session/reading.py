"""What a view of a version needs from the store: its deals, its payments, the seated
players' payment details. The scorebook's view cache asks these, never a version."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scorekeeper.core import Deal, RuleError, Session, Step
from scorekeeper.session import changes
from scorekeeper.session.damage import replayed_whole
from scorekeeper.store.errors import DamagedSessionError
from scorekeeper.store.payments import StoredPayment, session_payments
from scorekeeper.store.sessions import SessionStore

if TYPE_CHECKING:
    from scorekeeper.payments import PaymentDetails
    from scorekeeper.session.version import Version


@dataclass(frozen=True, slots=True)
class StoreReading:
    store: SessionStore
    details: Callable[[Sequence[str]], Mapping[str, PaymentDetails]]  # the roster's

    def history(self, version: Version) -> Session:
        """Every deal of ``version``, replayed by the rules: they must lead to its state
        (``DamagedSessionError`` when its rows disagree)."""
        try:
            session = changes.history(self.store, version.id, version.table,
                                      version.state.deals)
        except RuleError:  # a stored deal the rules refuse: its row was changed
            raise DamagedSessionError(version.id, version.name) from None
        return replayed_whole(session, version.state, version.id, version.name)

    def recent_steps(self, version: Version, newest: int) -> tuple[Step, ...]:
        """The steps of the ``newest`` latest deals, replayed from a state kept shortly
        before them: the ledger's first page needs no whole replay."""
        return changes.recent_steps(self.store, version.id, version.table,
                                    version.state.deals, newest)

    def deal(self, version: Version, number: int) -> Deal | None:
        """Deal ``number`` alone (what Undo takes back)."""
        return self.store.deal(version.id, number)

    def payments(self, version: Version) -> tuple[StoredPayment, ...]:
        return tuple(session_payments(self.store.engine, version.id))

    def payment_details(self, version: Version) -> Mapping[str, PaymentDetails]:
        return self.details(version.state.everyone)
