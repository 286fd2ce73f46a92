"""Who beats whom (RULES.md, "Standings of a session, and who beats whom"): of two players,
the finished sessions in which both took part, who was ahead in each by its standings, and
their money over them, per currency.

Plain data in, plain data out: each session as its standings kept it (``SessionPlaces``),
whoever read them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date

from scorekeeper.core.errors import refuse
from scorekeeper.core.text import name_key, quote

FIRST_YEAR, LAST_YEAR = 1900, 9999  # what a year asked for can be


@dataclass(frozen=True, slots=True)
class SessionPlaces:
    """One finished session as a head to head needs it."""

    session_id: int
    name: str
    played_on: date
    group: str | None  # the group it counts in, as the group is called
    currency: str | None  # None: played without money
    places: Mapping[str, int]  # by player, everyone who played at least one deal
    money: Mapping[str, int]  # minor units, after the end-of-session rule, by player

    def took_part(self, player: str) -> bool:
        return player in self.places


@dataclass(frozen=True, slots=True)
class MoneyBetween:
    """The two players' money over their shared sessions in one currency."""

    currency: str
    minor: Mapping[str, int]  # each player's sum of money there, in the minor unit


@dataclass(frozen=True, slots=True)
class HeadToHead:
    players: tuple[str, str]  # as asked for
    sessions: tuple[SessionPlaces, ...]  # the finished sessions both took part in, oldest first
    ahead: Mapping[str, int]  # sessions each was placed higher in
    level: int  # sessions they shared a place in
    money: tuple[MoneyBetween, ...]  # by currency code; sessions without one are not in it
    group: str | None = None  # the group's sessions only, as asked for
    year: int | None = None  # the sessions played that year only


def head_to_head(first: str, second: str, sessions: Iterable[SessionPlaces], *,
                 group: str | None = None, year: int | None = None) -> HeadToHead:
    """``first`` against ``second`` (names as the sessions spell them) over the finished
    ``sessions`` both took part in; with ``group``, that group's only (its name in any
    case), with ``year``, those played on that calendar year."""
    shared = sorted(
        (s for s in sessions if s.took_part(first) and s.took_part(second)
         and counted(s, group, year)),
        key=lambda s: (s.played_on, s.session_id))
    ahead = {first: 0, second: 0}
    level = 0
    money: dict[str, dict[str, int]] = {}
    for session in shared:
        higher = ahead_of(session, first, second)
        if higher is None:
            level += 1
        else:
            ahead[higher] += 1
        if session.currency:
            sums = money.setdefault(session.currency, {first: 0, second: 0})
            for player in (first, second):
                sums[player] += session.money[player]
    return HeadToHead((first, second), tuple(shared), ahead, level,
                      tuple(MoneyBetween(code, money[code]) for code in sorted(money)),
                      group, year)


def against_each(player: str, sessions: Iterable[SessionPlaces], *,
                 group: str | None = None, year: int | None = None) -> list[HeadToHead]:
    """``player`` against everyone they took part in a session with (``head_to_head`` of
    each, in the order first met), in one pass over ``sessions`` instead of one a rival."""
    counted_in = sorted((s for s in sessions if s.took_part(player) and counted(s, group, year)),
                        key=lambda s: (s.played_on, s.session_id))
    shared: dict[str, list[SessionPlaces]] = {}
    ahead: dict[str, list[int]] = {}  # [player ahead, rival ahead, level]
    money: dict[str, dict[str, list[int]]] = {}  # by rival, by currency: [player, rival]
    for session in counted_in:
        places, mine, code = session.places, session.places[player], session.currency
        for rival, theirs in places.items():
            if rival == player:
                continue
            if rival not in shared:
                shared[rival], ahead[rival], money[rival] = [], [0, 0, 0], {}
            shared[rival].append(session)
            ahead[rival][0 if mine < theirs else 1 if theirs < mine else 2] += 1
            if code:
                sums = money[rival].setdefault(code, [0, 0])
                sums[0] += session.money[player]
                sums[1] += session.money[rival]
    return [HeadToHead((player, rival), tuple(met), {player: ahead[rival][0],
                                                     rival: ahead[rival][1]},
                       ahead[rival][2],
                       tuple(MoneyBetween(code, {player: sums[0], rival: sums[1]})
                             for code, sums in sorted(money[rival].items())), group, year)
            for rival, met in shared.items()]


def ahead_of(session: SessionPlaces, first: str, second: str) -> str | None:
    """Which of two players who took part in ``session`` was placed higher in its
    standings; None: they shared a place (level)."""
    mine, theirs = session.places[first], session.places[second]
    if mine == theirs:
        return None
    return first if mine < theirs else second


def counted(session: SessionPlaces, group: str | None, year: int | None) -> bool:
    """Is ``session`` one of ``group``'s (its name in any case) and played in ``year``
    (either not asked for: any)?"""
    return ((group is None or (session.group is not None
                               and name_key(session.group) == name_key(group)))
            and (year is None or session.played_on.year == year))


def two_players(first: str, second: str, roster: Iterable[str]) -> tuple[str, str]:
    """The two players asked for, as the roster spells them (names compared as everywhere:
    NFC, case-folded); refused if either is not in it, or both are the same player."""
    kept = {name_key(name): name for name in roster}
    found = [player_named(asked, kept) for asked in (first, second)]
    if found[0] == found[1]:
        raise refuse("versus.same_player", player=quote(found[0]))
    return found[0], found[1]


def player_named(asked: str, roster: Iterable[str] | Mapping[str, str]) -> str:
    """The player asked for, as the roster spells them (``roster``: its names, or them by
    name key); refused if not in it, or if no name is given."""
    kept = roster if isinstance(roster, Mapping) else {name_key(name): name for name in roster}
    if not name_key(asked):  # said as missing: "no player called " would end on nothing
        raise refuse("versus.no_name")
    if name_key(asked) not in kept:
        raise refuse("versus.unknown_player", player=quote(asked))
    return kept[name_key(asked)]


def year_asked(typed: str) -> int:
    """A calendar year as typed ("2026"): digits, FIRST_YEAR to LAST_YEAR; refused in
    words otherwise."""
    text = typed.strip()
    if not (text.isascii() and text.isdigit() and len(text) == 4) or int(text) < FIRST_YEAR:
        raise refuse("versus.not_a_year", year=quote(typed), first=FIRST_YEAR, last=LAST_YEAR)
    return int(text)


__all__ = ["HeadToHead", "MoneyBetween", "SessionPlaces", "against_each", "ahead_of",
           "counted", "head_to_head", "player_named", "two_players", "year_asked"]
