"""What a view of a version needs from the store: its deals, its payments, the seated
players' payment details. The scorebook's view cache asks these, never a version."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scorekeeper.core import Deal, Session, Step
from scorekeeper.session import changes
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
        """Every deal of ``version``, replayed by the rules."""
        return changes.history(self.store, version.id, version.table, version.state.deals)

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
