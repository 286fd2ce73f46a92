"""A group's records over its finished sessions (``records.Evening``): the best evening and
the biggest pot anyone had, the longest run in the money, the most General Rams, and who
beats whom. Folded one evening at a time, oldest first (``GroupFold``), so that a store can
keep the fold and add each evening as it finishes instead of reading every evening again;
the fold's plain form (``plain``, ``unplain``) is what it keeps.

An evening's money counts per currency: one played without money counts in who beats
whom and General Rams, never in money or a run in the money.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from itertools import combinations
from typing import Any

from scorekeeper.core.head_to_head import SessionPlaces, ahead_of
from scorekeeper.core.records import Evening, MoneyEvening, Run, in_order
from scorekeeper.core.text import name_key


@dataclass(frozen=True, slots=True)
class Holders:
    """A count that is a record, and everyone who has it (name order when equal)."""

    players: tuple[str, ...]
    count: int


@dataclass(frozen=True, slots=True)
class Pairing:
    """Two players over the evenings both took part in: ``first`` is the one more often
    ahead (the name first when equal)."""

    first: str
    second: str
    ahead: int  # evenings ``first`` was placed higher
    level: int
    behind: int  # evenings ``second`` was

    @property
    def sessions(self) -> int:
        return self.ahead + self.level + self.behind


@dataclass(frozen=True, slots=True)
class GroupRecords:
    evenings: int
    players: tuple[str, ...]  # everyone who played a deal of them, by name
    best_evening: tuple[MoneyEvening, ...]  # the most one player won in one evening
    most_taken: tuple[MoneyEvening, ...]  # the most one player took from the pot in a deal
    longest_in_the_money: Holders | None  # evenings in a row in the money
    most_generals: Holders | None  # General Rams won
    beats: tuple[Pairing, ...]  # who beats whom, the pairs most often together first


class GroupFold:
    """A group's records so far, evening by evening, oldest first (``add``); ``records``
    says them. Of two equal amounts the older evening holds the record, and of two players
    on the same evening the one who came to the group first."""

    def __init__(self) -> None:
        self.evenings = 0
        self.newest: tuple[date, int] | None = None  # the last evening added: its day and id
        self.players: dict[str, int] = {}  # everyone, by when they first played
        self.best: dict[str, MoneyEvening] = {}  # per currency
        self.taken: dict[str, MoneyEvening] = {}
        self.runs: dict[str, Run] = {}  # in the money, of everyone who played for money
        self.generals: dict[str, int] = {}
        self.tally: dict[tuple[str, str], list[int]] = {}  # a pair by name: [a, level, b]
        self._keys: dict[str, str] = {}  # each name's key, worked out once

    def follows(self, evening: Evening) -> bool:
        """Does ``evening`` come after every evening added (so that adding it keeps the
        order the runs count in)?"""
        session = evening.session
        return self.newest is None or (session.played_on, session.session_id) > self.newest

    def add(self, evening: Evening) -> None:
        session, feats, keys = evening.session, evening.feats, self._keys
        self.evenings += 1
        self.newest = (session.played_on, session.session_id)
        for player in session.places:
            if player not in self.players:
                self.players[player] = len(self.players)
                self.generals[player] = 0
                keys[player] = name_key(player)
        currency = session.currency
        for player, done in feats.items():
            self.generals[player] += done.generals_won
            if currency:
                minor = session.money[player]
                self._beaten(self.best, currency, minor, player, session)
                if done.most_taken:
                    self._beaten(self.taken, currency, done.most_taken, player, session)
                run = self.runs.get(player)
                if run is None:
                    run = self.runs[player] = Run()
                run.add(minor > 0)
        for a, b in combinations(session.places, 2):
            if keys[b] < keys[a]:
                a, b = b, a
            pair = self.tally.get((a, b))  # a ahead, level, b ahead
            if pair is None:
                pair = self.tally[(a, b)] = [0, 0, 0]
            ahead = ahead_of(session, a, b)
            pair[0 if ahead == a else 2 if ahead == b else 1] += 1

    def _beaten(self, held: dict[str, MoneyEvening], currency: str, minor: int,
                player: str, session: SessionPlaces) -> None:
        kept = held.get(currency)
        if kept is None or minor > kept.minor or (
                minor == kept.minor and kept.evening.session_id == session.session_id
                and self.players[player] < self.players[kept.player]):
            held[currency] = MoneyEvening(currency, minor, player, session)

    def records(self) -> GroupRecords:
        return GroupRecords(
            self.evenings, tuple(sorted(self.players, key=name_key)),
            tuple(self.best[code] for code in sorted(self.best)),
            tuple(self.taken[code] for code in sorted(self.taken)),
            _holders({p: run.longest for p, run in self.runs.items()}),
            _holders(self.generals), _pairings(self.tally))

    def plain(self, player_id: Callable[[str], int]) -> dict[str, Any]:
        """The fold as plain numbers and lists, players by ``player_id`` and evenings by
        their session id (names and evenings change; a store reads them again)."""
        def held(found: Mapping[str, MoneyEvening]) -> list[list[Any]]:
            return [[code, m.minor, player_id(m.player), m.evening.session_id]
                    for code, m in found.items()]

        return {"evenings": self.evenings,
                "newest": None if self.newest is None else [self.newest[0].isoformat(),
                                                            self.newest[1]],
                "players": [player_id(p) for p in self.players],
                "best": held(self.best), "taken": held(self.taken),
                "runs": [[player_id(p), r.longest, r.now] for p, r in self.runs.items()],
                "generals": [self.generals[p] for p in self.players],
                "tally": [[player_id(a), player_id(b), *n] for (a, b), n in self.tally.items()]}

    @classmethod
    def unplain(cls, plain: Mapping[str, Any], name: Callable[[int], str],
                evening: Callable[[int], SessionPlaces]) -> GroupFold:
        """The fold ``plain`` gave, its players' names by ``name`` and the evenings that
        hold a record by ``evening``."""
        fold = cls()
        fold.evenings = plain["evenings"]
        if plain["newest"] is not None:
            fold.newest = (date.fromisoformat(plain["newest"][0]), plain["newest"][1])
        names = [name(player) for player in plain["players"]]
        fold.players = {player: rank for rank, player in enumerate(names)}
        fold.generals = dict(zip(names, plain["generals"], strict=True))
        fold._keys = {player: name_key(player) for player in names}
        for found, held in ((fold.best, plain["best"]), (fold.taken, plain["taken"])):
            for code, minor, player, session_id in held:
                found[code] = MoneyEvening(code, minor, name(player), evening(session_id))
        for player, longest, now in plain["runs"]:
            run = fold.runs[name(player)] = Run()
            run.longest, run.now, run.seen = longest, now, True
        for a, b, *pair in plain["tally"]:
            fold.tally[(name(a), name(b))] = pair
        return fold


def held_evenings(plain: Mapping[str, Any]) -> set[int]:
    """The sessions whose evenings hold a record in the fold ``plain`` gave."""
    return {session_id for key in ("best", "taken") for *_, session_id in plain[key]}


def _holders(held: Mapping[str, int]) -> Holders | None:
    top = max(held.values(), default=0)
    if top <= 0:
        return None
    return Holders(tuple(sorted((p for p, n in held.items() if n == top), key=name_key)), top)


def _pairings(tally: Mapping[tuple[str, str], list[int]]) -> tuple[Pairing, ...]:
    pairs = [Pairing(a, b, n[0], n[1], n[2]) if n[0] >= n[2] else Pairing(b, a, n[2], n[1], n[0])
             for (a, b), n in tally.items()]
    return tuple(sorted(pairs, key=lambda p: (-p.sessions, name_key(p.first),
                                              name_key(p.second))))


def who_beats_whom(sessions: Iterable[SessionPlaces]) -> tuple[Pairing, ...]:
    """Every pair who took part in a session together, with how often each was ahead
    (RULES.md's head to head, one session at a time), the pairs most often together first."""
    fold = GroupFold()
    for session in sessions:
        fold.add(Evening(session, "", {}))
    return fold.records().beats


def folded(evenings: Iterable[Evening]) -> GroupFold:
    """The fold of ``evenings``, oldest first."""
    fold = GroupFold()
    for evening in in_order(evenings):
        fold.add(evening)
    return fold


def group_records(evenings: Iterable[Evening]) -> GroupRecords:
    """A group's records over its finished ``evenings``."""
    return folded(evenings).records()


__all__ = ["GroupFold", "GroupRecords", "Holders", "Pairing", "folded", "group_records",
           "held_evenings", "who_beats_whom"]
