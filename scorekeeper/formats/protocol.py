"""The protocol of a session, deal by deal: what happened and where everyone stood, as
the PDF score sheet prints it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from scorekeeper.core import Message, Session, standing
from scorekeeper.core.events import events


@dataclass(frozen=True, slots=True)
class ProtocolRow:
    number: int
    dealer: str
    events: tuple[Message, ...]  # what happened, in words
    standing: dict[str, int]  # each player's score (pot games: units) after the deal
    pot: int  # units in the pot after the deal
    seated: tuple[str, ...] = ()  # who sat at the table for the deal

    def figure(self, player: str) -> str:
        """The player's standing after the deal; nothing (a gap, not a zero) if away."""
        return str(self.standing[player]) if player in self.seated else ""


def protocol(session: Session) -> Iterator[ProtocolRow]:
    per_unit = session.table.money.minor_per_unit
    for step in session.steps:
        yield ProtocolRow(
            number=step.state.deals,
            dealer=step.deal.dealer or "",
            events=events(step.deal),
            standing=standing(session.table, step.state),
            pot=step.state.pot // per_unit,
            seated=step.state.seated,
        )
