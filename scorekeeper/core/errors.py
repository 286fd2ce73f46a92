"""The one error the rules raise: a deal (or a set-up) that breaks a rule."""

from __future__ import annotations

from scorekeeper.core.messages import Message, Param, msg


class RuleError(Exception):
    """A refused deal or set-up. Nothing has changed when this is raised.

    ``deal`` is the 1-based number of the offending deal, ``None`` for the set-up.
    """

    def __init__(self, message: Message, deal: int | None = None) -> None:
        super().__init__(message.key)
        self.message = message
        self.deal = deal

    def at(self, deal: int) -> RuleError:
        return RuleError(self.message, deal)


def refuse(key: str, **params: Param) -> RuleError:
    return RuleError(msg(key, **params))
