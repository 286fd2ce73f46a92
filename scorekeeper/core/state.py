"""The table's state between deals: everything the next deal's rules depend on.

A ``State`` is a value. The engine folds deals over it; nothing mutates it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from operator import attrgetter

from scorekeeper.core.ledger import POT
from scorekeeper.core.table import Table


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game (Swedish *en rams*) of a countdown or count-up session."""

    number: int
    scores: Mapping[str, int]
    flights: Mapping[str, int]  # flights (Härdöpfel) in this game
    finished: bool = False
    winners: tuple[str, ...] = ()
    losers: tuple[str, ...] = ()  # counters, last in loses
    gave_up: tuple[str, ...] = ()  # left during the game: no further part, cannot win it

    @property
    def players(self) -> tuple[str, ...]:
        """Who played this game, in order of play as seated at its start."""
        return tuple(self.scores)

    def played_to_the_end(self, player: str) -> bool:
        return player in self.scores and player not in self.gave_up


class Games(Sequence[GameRecord]):
    """The session's games, oldest first, as a chain each state extends.

    A deal changes only the game in play, so the state after it links that game to the
    chain of the games before it, which it shares with the state before. A copy of every
    game per deal made a long session's states hold games in proportion to the square of
    its deals (50,000 deals of Ramsen: 3.75 GB)."""

    __slots__ = ("_count", "_earlier", "_last")

    def __init__(self, last: GameRecord | None = None, earlier: Games | None = None) -> None:
        self._last = last
        self._earlier = earlier
        self._count = 0 if last is None else 1 + (len(earlier) if earlier else 0)

    @classmethod
    def of(cls, games: Iterable[GameRecord], not_kept: int = 0) -> Games:
        """``games`` in order, after ``not_kept`` earlier games that were not kept (a state
        kept to replay the deals after it needs only the game in play and the count)."""
        chain = cls()
        chain._count = not_kept
        for game in games:
            chain = cls(game, chain or None)
        return chain

    def with_game(self, game: GameRecord) -> Games:
        """These games with ``game`` as the one in play: it replaces the last game when it
        is that game (the same number), or begins after it."""
        if self._last is not None and self._last.number == game.number:
            return Games(game, self._earlier)
        return Games(game, self or None)

    def __len__(self) -> int:
        return self._count

    def kept(self) -> tuple[GameRecord, ...]:
        """The games this chain holds, oldest first: all of them, or (a state kept to
        replay the deals after it, and those replayed from it) the newest ones only."""
        newest_first = []
        link: Games | None = self
        while link is not None and link._last is not None:
            newest_first.append(link._last)
            link = link._earlier
        return tuple(reversed(newest_first))

    def __iter__(self) -> Iterator[GameRecord]:
        kept = self.kept()
        if len(kept) < self._count:
            missing = self._count - len(kept)
            raise LookupError(f"the {missing} games before game {missing + 1} were "
                              "not kept with this state: replay the session from its start")
        return iter(kept)

    def __getitem__(self, index: int) -> GameRecord:  # type: ignore[override]
        if index == -1 and self._last is not None:
            return self._last  # the game in play, asked for after every deal
        return tuple(self)[index]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other))  # noqa: B905

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Games({list(self)!r})"


NO_GAMES = Games()


@dataclass(frozen=True, slots=True)
class State:
    deals: int  # deals recorded so far
    dealer: str  # who deals the next deal
    balances: Mapping[str, int]  # money per account in minor units, the pot under POT
    scores: Mapping[str, int]  # countdown / count-up: the current (or last) game's scores
    flights: Mapping[str, int]  # over the whole session
    played: Mapping[str, int] = field(default_factory=dict)  # deals each player went in
    tricks: Mapping[str, int] = field(default_factory=dict)  # tricks taken over the session
    games: Games = NO_GAMES
    must_play: frozenset[str] = frozenset()  # mattmar: passed on 2 points last deal
    out: frozenset[str] = frozenset()  # counters, last in loses: out of this game
    pot_paid: Mapping[str, int] = field(default_factory=dict)  # into this game's pot
    # Who sits where (RULES.md, "Players who come and go"). ``ring`` is every seat in order
    # of play, a player who left keeping theirs, so that the deal can pass on from it;
    # ``away`` who left and has not come back; ``everyone`` who ever took part, the players
    # at the start first, then each joiner as they first sat down.
    ring: tuple[str, ...] = ()
    away: frozenset[str] = frozenset()
    everyone: tuple[str, ...] = ()
    last_dealer: str | None = None  # who dealt the last deal; None before the first
    # Feats (core/feats.py, for every family with General Rams), by player, only those who
    # have one: General Rams declared and won (a pot game's wins in the lifetime
    # statistics, core.wins), and lost; the most taken from the pot in one deal (minor units).
    generals_won: Mapping[str, int] = field(default_factory=dict)
    generals_lost: Mapping[str, int] = field(default_factory=dict)
    most_taken: Mapping[str, int] = field(default_factory=dict)

    @property
    def seated(self) -> tuple[str, ...]:
        """Who sits at the table now, in order of play."""
        if not self.away:
            return self.ring
        return tuple(p for p in self.ring if p not in self.away)

    def evolve(self, **changes: object) -> State:
        """This state with some fields changed (``dataclasses.replace``, without its cost:
        replaying thousands of deals calls this twice a deal). Set field by field as the
        frozen dataclass's own __init__ sets them, without building keyword arguments."""
        evolved = object.__new__(State)
        for name, value in zip(_FIELDS, _ALL_FIELDS(self)):  # noqa: B905 (same length)
            _SET(evolved, name, changes.get(name, value))
        return evolved

    @property
    def pot(self) -> int:
        """The pot in minor units."""
        return self.balances.get(POT, 0)

    @property
    def game(self) -> GameRecord | None:
        return self.games[-1] if self.games else None

    @property
    def between_games(self) -> bool:
        """No game is under way: the next deal begins a new one."""
        return not self.games or self.games[-1].finished


_FIELDS = tuple(f.name for f in fields(State))
_ALL_FIELDS = attrgetter(*_FIELDS)
_SET = object.__setattr__


def initial_state(table: Table) -> State:
    zero = dict.fromkeys(table.players, 0)
    return State(
        deals=0,
        dealer=table.first_dealer,
        balances={**zero, POT: 0},
        scores=dict.fromkeys(table.players, table.rules.start),
        flights=zero,
        played=zero,
        tricks=zero,
        ring=table.players,
        everyone=table.players,
    )
