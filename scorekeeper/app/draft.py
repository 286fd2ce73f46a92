"""The deal being entered, tap by tap: kept per session until it is saved."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import flet as ft

from scorekeeper.core import Deal
from scorekeeper.core.fields import TRICKS


@ft.observable
@dataclass
class DealDraft:
    tricks: dict[str, int] = field(default_factory=dict)
    passed: list[str] = field(default_factory=list)
    widow: str | None = None
    general: str | None = None
    fouls: list[str] = field(default_factory=list)
    forfeit_to: str | None = None
    buy_down: list[str] = field(default_factory=list)
    conceded: bool = False
    misdeal: bool = False
    interrupted: bool = False
    choosing: str | None = None  # which player-chooser is open (widow, general, ...)
    cursor: int = 0  # keyboard entry: the row (in speaking order) the digits go to

    @classmethod
    def of(cls, deal: Deal) -> DealDraft:
        return cls(dict(deal.tricks), list(deal.passed), deal.widow, deal.general,
                   list(deal.fouls), deal.forfeit_to, list(deal.buy_down), deal.conceded,
                   deal.misdeal, deal.interrupted)

    @property
    def started(self) -> bool:
        """Anything tapped at all: worth keeping, and worth a word when it moves on."""
        return self.deal() != Deal()

    def deal(self, playing: Sequence[str] = (), tricks: int = TRICKS) -> Deal:
        """The deal as entered. ``playing``: who takes part, in speaking order; when all
        of them but one have their tricks, the last one took what is left (so a deal of
        four players is three taps and Save, as on paper)."""
        taken = {p: n for p, n in self.tricks.items() if p not in self.passed}
        last = self.filled_in(playing, tricks)
        if last is not None:
            taken[last] = tricks - sum(taken.values())
        return Deal(passed=tuple(self.passed), widow=self.widow, general=self.general,
                    tricks={p: n for p, n in taken.items() if n}, fouls=tuple(self.fouls),
                    forfeit_to=self.forfeit_to, buy_down=tuple(self.buy_down),
                    conceded=self.conceded, misdeal=self.misdeal,
                    interrupted=self.interrupted)

    def filled_in(self, playing: Sequence[str], tricks: int = TRICKS) -> str | None:
        """The one player whose tricks follow from the others', if there is one."""
        if self.misdeal or self.conceded or self.interrupted:
            return None
        active = [p for p in playing if p not in self.passed]
        open_rows = [p for p in active if p not in self.tricks]
        given = sum(self.tricks.get(p, 0) for p in active)
        if len(active) > 1 and len(open_rows) == 1 and given <= tricks:
            return open_rows[0]
        return None

    def clear(self) -> None:
        self.tricks, self.passed, self.fouls, self.buy_down = {}, [], [], []
        self.widow = self.general = self.forfeit_to = self.choosing = None
        self.conceded = self.misdeal = self.interrupted = False
        self.cursor = 0

    def set_tricks(self, player: str, count: int) -> None:
        self.tricks = {**self.tricks, player: count}
        if player in self.passed:
            self.passed = [p for p in self.passed if p != player]

    def toggle_pass(self, player: str) -> None:
        if player in self.passed:
            self.passed = [p for p in self.passed if p != player]
        else:
            self.passed = [*self.passed, player]
            self.tricks = {p: n for p, n in self.tricks.items() if p != player}
            self.buy_down = [p for p in self.buy_down if p != player]

    def toggle_in(self, name: str, player: str) -> None:
        chosen: list[str] = getattr(self, name)
        setattr(self, name, [p for p in chosen if p != player] if player in chosen
                else [*chosen, player])

    def choose(self, name: str, player: str) -> None:
        setattr(self, name, None if getattr(self, name) == player else player)
