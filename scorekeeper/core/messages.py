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


def msg(key: str, **params: Param) -> Message:
    return Message(key, params)
