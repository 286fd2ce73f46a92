"""Message keys with parameters: what the core says, in no particular language.

The core never builds sentences. It names a message (``"ledger.flight"``) and its
figures; ``scorekeeper.i18n`` renders that in Swedish, English or German, so the
CLI, the app and the PDF all say the same thing in the player's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

Param = str | int


@dataclass(frozen=True, slots=True)
class Message:
    key: str
    params: Mapping[str, Param] = field(default_factory=dict)
    # The anchor of the rulebook's paragraph a refusal or a ledger entry applied ("why?"),
    # named where it is raised or written: not part of what is said, nor of its equality
    # (a ledger entry read back from the store has none).
    paragraph: str | None = field(default=None, compare=False)


def msg(key: str, *, paragraph: str | None = None, **params: Param) -> Message:
    return Message(key, params, paragraph)


# Markers for ``pybabel extract`` (see babel.cfg): it finds the keys written literally in a
# call to msg, refuse or a screen's t, and these mark the rest. Both give the key back.
def N_(key: str) -> str:  # noqa: N802 (gettext's name for a marker)
    """A key chosen at run time (``key = N_("ledger.foul") if ... else ...``)."""
    return key


def counts(key: str, figure: str) -> str:
    """A message that counts something, and which parameter picks its plural form:
    ``msg(counts("ledger.tricks", "tricks"), tricks=3)`` reads "3 tricks", and 1 "1 trick"."""
    return key
