"""What an evening is called where two must never be taken for one another: a downloaded
file and a line of a group's evening list.

A session stored without a name is kept under its game's key ("english"), so two unnamed
evenings of one group on one day read alike; what tells them apart is the session's
number, the one ``scorekeeper sessions`` lists and ``show ID`` takes, which no other
session in the database has.
"""

from __future__ import annotations

from datetime import date

from scorekeeper.core.presets import PRESETS
from scorekeeper.formats.exports import SESSION_EXPORTS, Export, file_stem
from scorekeeper.i18n.evening_words import evening_name


def evening_file_name(name: str, group: str | None, day: date | None, number: int,
                      kind: Export) -> str:
    """An export's file name: the session's name, or (stored without one) its group's,
    or its game's; the evening's date; its number. ``Fredagsgänget-2026-11-28-17.png``."""
    called = group if name in PRESETS and group else name
    # The name is cut to its 60 characters alone: the date and number always follow.
    parts = [file_stem(called), *([day.isoformat()] if day is not None else []), str(number)]
    return SESSION_EXPORTS[kind].file_name("-".join(parts))


__all__ = ["evening_file_name", "evening_name"]
