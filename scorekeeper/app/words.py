"""What a part of a screen says things with: the reader's language, as a value.

A part is handed ``Words`` rather than the app: equal for equal languages, so a memoized
part is drawn again when what it shows changed or the language did, never because some
other concern of the page moved."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from scorekeeper.core import Message, Money
from scorekeeper.i18n import date, render, session_title, text
from scorekeeper.i18n.accounts import amount
from scorekeeper.i18n.figures import figures_held


@dataclass(frozen=True, slots=True)
class Words:
    language: str

    def t(self, key: str, **params: Any) -> str:
        return figures_held(text(key, self.language, **params))

    def render(self, message: Message) -> str:
        """A message of the core (a rule's paragraph, a reminder) as a screen says it."""
        return figures_held(render(message, self.language))

    def money(self, minor: int, money: Money) -> str:
        """``minor`` units of ``money`` as this language writes them: "SEK 3.50"."""
        return amount(minor, money, self.language)

    def day(self, day: datetime.date) -> str:
        """A day as this language writes dates everywhere: "2 dec. 2026" (i18n/figures.py)."""
        return date(day, self.language)

    def session_name(self, name: str, variant: str) -> str:
        """A session's name as shown; an unnamed one is called by its game."""
        return session_title(name, variant, self.language)
