"""A player's record and a group's records, over the finished sessions as each keeps its
places and feats (``Evening``): how often first and the average place, the win rate per
game, head to head against each player sat with, the best and worst evening, streaks,
General Rams, the most taken from the pot in one deal; a group's best of each and who
beats whom. Plain data in, plain data out, whoever read them.

An evening here is a finished session. Money is per currency: sessions played without one
count in places, streaks without a flight and General Rams, never in money.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from scorekeeper.core.head_to_head import (
    HeadToHead,
    SessionPlaces,
    against_each,
    counted,
)
from scorekeeper.core.presets import PRESETS
from scorekeeper.core.text import name_key


class Feats(NamedTuple):
    """One player's flights and feats in one session (a tuple: a club's 5,000 evenings
    hold 20,000 of them)."""

    flights: int
    generals_won: int
    generals_lost: int
    most_taken: int  # minor units from the pot in one deal


@dataclass(frozen=True, slots=True)
class Evening:
    """One finished session: its places and money (``session``, as a head to head reads
    it), its game, and the flights and feats of everyone who played a deal."""

    session: SessionPlaces
    variant: str
    feats: Mapping[str, Feats]  # everyone in ``session.places``

    def took_part(self, player: str) -> bool:
        return self.session.took_part(player)


@dataclass(frozen=True, slots=True)
class Streak:
    """Evenings in a row: the longest run, and the run up to the newest evening."""

    longest: int
    now: int


@dataclass(frozen=True, slots=True)
class Places:
    """How a player placed over some evenings."""

    evenings: int
    first: int  # placed first, a shared first place too
    average: Fraction | None  # the mean place; None: no evening

    @property
    def first_percent(self) -> int:
        """How often first, in whole percent (half up)."""
        return (200 * self.first + self.evenings) // (2 * self.evenings) if self.evenings else 0


@dataclass(frozen=True, slots=True)
class YearPlaces:
    year: int
    places: Places


@dataclass(frozen=True, slots=True)
class GamePlaces:
    """One game (variant): how often first (the win rate), and its streaks: evenings in a
    row in the money (None: none of them played for money) and without a flight, in the
    game's own word."""

    variant: str
    places: Places
    in_the_money: Streak | None
    unflown: Streak


@dataclass(frozen=True, slots=True)
class MoneyEvening:
    """An amount in one currency, who had it and the evening it was had on."""

    currency: str
    minor: int
    player: str
    evening: SessionPlaces


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    player: str
    group: str | None  # the group's evenings only, as chosen
    year: int | None  # that year's only
    years: tuple[int, ...]  # every year they played, newest first: what can be chosen
    groups: tuple[str, ...]  # every group they played in, by name
    places: Places
    over_time: tuple[YearPlaces, ...]  # oldest first
    games: tuple[GamePlaces, ...]  # most played first
    rivals: tuple[HeadToHead, ...]  # everyone they sat with, most shared first
    best: tuple[MoneyEvening, ...]  # the evening of most money, per currency
    worst: tuple[MoneyEvening, ...]  # of least
    generals_won: int
    generals_lost: int
    most_taken: tuple[MoneyEvening, ...]  # the most taken from the pot in one deal, per currency

    @property
    def plays_general_rams(self) -> bool:
        """Whether a game they played knows General Rams: Ramsen, Mattmar and Rounce have
        none (RULES.md), and a record of theirs says nothing of it."""
        return any(PRESETS[game.variant].general_rams for game in self.games)


def in_order(evenings: Iterable[Evening]) -> list[Evening]:
    """Oldest first: by the day played, then as stored."""
    return sorted(evenings, key=lambda e: (e.session.played_on, e.session.session_id))


def chosen(evenings: Iterable[Evening], group: str | None, year: int | None) -> list[Evening]:
    """The evenings of ``group`` (any case) and ``year``, as a head to head counts them."""
    return in_order(e for e in evenings if counted(e.session, group, year))


def streak(runs: Iterable[bool | None]) -> Streak:
    """The longest run of True and the run at the end; None is passed over (it neither
    extends a run nor breaks it)."""
    run = Run()
    for kept in runs:
        if kept is not None:
            run.add(kept)
    return run.streak()


class _Placed:
    """How a player placed, counted as the evenings come: a shared place counts as that
    place (1, 1, 3: both first)."""

    __slots__ = ("evenings", "first", "total")

    def __init__(self) -> None:
        self.evenings = self.first = self.total = 0

    def add(self, place: int) -> None:
        self.evenings += 1
        self.first += place == 1
        self.total += place

    def places(self) -> Places:
        return Places(self.evenings, self.first,
                      Fraction(self.total, self.evenings) if self.evenings else None)


class Run:
    """A streak, run as the evenings come: the longest run of True and the run now."""

    __slots__ = ("longest", "now", "seen")

    def __init__(self) -> None:
        self.longest = self.now = 0
        self.seen = False  # an evening that counts in it came

    def add(self, kept: bool) -> None:
        self.seen = True
        self.now = self.now + 1 if kept else 0
        if self.now > self.longest:
            self.longest = self.now

    def streak(self) -> Streak:
        return Streak(self.longest, self.now)


class _Game:
    __slots__ = ("money", "placed", "unflown")

    def __init__(self) -> None:
        self.placed, self.money, self.unflown = _Placed(), Run(), Run()


class Extreme:
    """Per currency the evening of a player's most (or least) of a figure, as the evenings
    come oldest first: the first to reach it holds it."""

    __slots__ = ("found", "least", "player")

    def __init__(self, player: str, *, least: bool = False) -> None:
        self.player, self.least = player, least
        self.found: dict[str, MoneyEvening] = {}

    def add(self, currency: str, minor: int, session: SessionPlaces) -> None:
        held = self.found.get(currency)
        if held is None or (minor < held.minor if self.least else minor > held.minor):
            self.found[currency] = MoneyEvening(currency, minor, self.player, session)

    def held(self) -> tuple[MoneyEvening, ...]:
        return tuple(self.found[code] for code in sorted(self.found))


def player_record(player: str, evenings: Iterable[Evening], *, group: str | None = None,
                  year: int | None = None) -> PlayerRecord:
    """``player``'s record (the name as the sessions spell it) over the finished
    ``evenings`` they took part in: ``group``'s only, ``year``'s only, if chosen. Every
    figure is folded in one pass over the evenings (a club's player has thousands)."""
    mine = in_order(e for e in evenings if e.took_part(player))
    years = tuple(sorted({e.session.played_on.year for e in mine}, reverse=True))
    groups = tuple(sorted({e.session.group for e in mine if e.session.group}, key=name_key))
    shown = chosen(mine, group, year)
    placed, by_year, by_game = _Placed(), {}, {}
    best, worst, taken = Extreme(player), Extreme(player, least=True), Extreme(player)
    won = lost = 0
    for evening in shown:
        session, feats = evening.session, evening.feats[player]
        place, currency = session.places[player], session.currency
        placed.add(place)
        of_year = by_year.get(session.played_on.year)
        if of_year is None:
            of_year = by_year[session.played_on.year] = _Placed()
        of_year.add(place)
        game = by_game.get(evening.variant)
        if game is None:
            game = by_game[evening.variant] = _Game()
        game.placed.add(place)
        game.unflown.add(not feats.flights)
        if currency:
            minor = session.money[player]
            game.money.add(minor > 0)
            best.add(currency, minor, session)
            worst.add(currency, minor, session)
            if feats.most_taken:
                taken.add(currency, feats.most_taken, session)
        won += feats.generals_won
        lost += feats.generals_lost
    over_time = tuple(YearPlaces(y, by_year[y].places()) for y in sorted(by_year))
    games = tuple(GamePlaces(variant, game.placed.places(),
                             game.money.streak() if game.money.seen else None,
                             game.unflown.streak())
                  for variant, game in sorted(by_game.items(),
                                              key=lambda kv: (-kv[1].placed.evenings, kv[0])))
    rivals = sorted(against_each(player, (e.session for e in shown), group=group, year=year),
                    key=lambda h: (-len(h.sessions), name_key(h.players[1])))
    return PlayerRecord(player, group, year, years, groups, placed.places(), over_time, games,
                        tuple(rivals), best.held(), worst.held(), won, lost, taken.held())


__all__ = [
    "Evening",
    "Extreme",
    "Feats",
    "GamePlaces",
    "MoneyEvening",
    "Places",
    "PlayerRecord",
    "Run",
    "Streak",
    "YearPlaces",
    "chosen",
    "in_order",
    "player_record",
    "streak",
]
