"""What a part of a screen says things with: the reader's language, as a value.

A part is handed ``Words`` rather than the app: equal for equal languages, so a memoized
part is drawn again when what it shows changed or the language did, never because some
other concern of the page moved."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.core import Money
from scorekeeper.i18n import session_title, text
from scorekeeper.i18n.accounts import amount


@dataclass(frozen=True, slots=True)
class Words:
    language: str

    def t(self, key: str, **params: Any) -> str:
        return text(key, self.language, **params)

    def money(self, minor: int, money: Money) -> str:
        """``minor`` units of ``money`` as this language writes them: "SEK 3.50"."""
        return amount(minor, money, self.language)

    def session_name(self, name: str, variant: str) -> str:
        """A session's name as shown; an unnamed one is called by its game."""
        return session_title(name, variant, self.language)
