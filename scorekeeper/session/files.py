"""Session and roster files, read the same way by the app and the command line.

A file is checked whole before anything is kept: broken JSON, a deal the rules refuse,
or a payment that cannot be, and nothing is stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scorekeeper.core import Session
from scorekeeper.formats.session_file import Evening, load_session

if TYPE_CHECKING:  # the payments package takes a moment to load: only rosters need it
    from scorekeeper.payments import PaymentDetails


@dataclass(frozen=True, slots=True)
class SessionRead:
    """A session file, read and replayed by the rules."""

    name: str
    session: Session
    evening: Evening  # its payments, group, date and whether it was finished


def read_session(source: str) -> SessionRead:
    """The session a file holds, every deal and payment checked (``RuleError`` if any is
    refused)."""
    session_file = load_session(source)
    return SessionRead(session_file.name, session_file.replay(), session_file.evening)


def read_roster(source: bytes | str, language: str) -> dict[str, PaymentDetails]:
    """A roster file's players and their payment details, each checked."""
    from scorekeeper.formats.roster_file import load_roster

    return load_roster(source, language)


def roster_file(names: list[str], details: Mapping[str, PaymentDetails]) -> bytes:
    """The roster as a file another device imports."""
    from scorekeeper.formats.roster_file import dump_roster

    return dump_roster(names, details)
