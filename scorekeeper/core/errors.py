"""The one error the rules raise: a deal (or a set-up) that breaks a rule."""

from __future__ import annotations

from scorekeeper.core.messages import Message, Param, msg


class RuleError(Exception):
    """A refused deal or set-up. Nothing has changed when this is raised.

    ``deal`` is the 1-based number of the offending deal, ``None`` for the set-up;
    ``part`` the field of a session file that holds what was refused (``"payments"``).
    """

    def __init__(self, message: Message, deal: int | None = None,
                 part: str | None = None) -> None:
        super().__init__(message.key)
        self.message = message
        self.deal = deal
        self.part = part

    def at(self, deal: int) -> RuleError:
        return RuleError(self.message, deal)

    def within(self, part: str) -> RuleError:
        return RuleError(self.message, part=part)


def refuse(key: str, *, paragraph: str | None = None, **params: Param) -> RuleError:
    """A refusal; of a rule of the game, with the ``paragraph`` of the rulebook it applied
    (the anchor a "why?" opens)."""
    return RuleError(msg(key, paragraph=paragraph, **params))
