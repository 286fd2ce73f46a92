"""What an evening is called where two must never be taken for one another: a downloaded
file and a line of a group's evening list.

A session stored without a name is kept under its game's key ("english"), so two unnamed
evenings of one group on one day read alike; what tells them apart is the session's
number, the one ``scorekeeper sessions`` lists and ``show ID`` takes, which no other
session in the database has.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from scorekeeper.core.presets import PRESETS
from scorekeeper.core.tab import by_evening
from scorekeeper.formats.exports import SESSION_EXPORTS, Export, file_stem
from scorekeeper.i18n import text
from scorekeeper.i18n.evening_words import evening_name

# A session of a group's list: its number, its name, its date (ISO), whether finished.
Listed = tuple[int, str, str, bool]


def evening_file_name(name: str, group: str | None, day: date | None, number: int,
                      kind: Export) -> str:
    """An export's file name: the session's name, or (stored without one) its group's,
    or its game's; the evening's date; its number. ``Fredagsgänget-2026-11-28-17.png``."""
    called = group if name in PRESETS and group else name
    # The name is cut to its 60 characters alone: the date and number always follow.
    parts = [file_stem(called), *([day.isoformat()] if day is not None else []), str(number)]
    return SESSION_EXPORTS[kind].file_name("-".join(parts))


def evening_list_names(sessions: Sequence[Listed], language: str) -> dict[int, str]:
    """Each session of a group's list of evenings by its number, named so that no two
    lines read alike: by ``evening_name``, and where its evening (a date: ``by_evening``)
    had more than one session, with its place among them in the order they were stored
    ("Fredag i stugan, session 2 of 2")."""
    named = {}
    for evening in by_evening(sessions, lambda listed: date.fromisoformat(listed[2])).values():
        for place, (number, name, _, _) in enumerate(evening, start=1):
            called = evening_name(name, number, language)
            named[number] = called if len(evening) == 1 else text(
                "evening.place", language, name=called, place=place, count=len(evening))
    return named


__all__ = ["evening_file_name", "evening_list_names", "evening_name"]
