"""Who is winning: the session's standings (RULES.md, "Standings of a session, and who
beats whom"), its winners by each family's own measure, and the games a deal ended."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from scorekeeper.core.closing import Closing, close
from scorekeeper.core.engine import Step
from scorekeeper.core.ledger import POT, Payment
from scorekeeper.core.messages import N_
from scorekeeper.core.presets import Rules
from scorekeeper.core.state import GameRecord, State
from scorekeeper.core.table import Money, Table

# What a place rests on, each a message key whose catalogue text is its heading.
MONEY = N_("standings.money")  # pot games with a currency: minor units, after the end rule
UNITS = N_("standings.units")  # pot games without one: the same figure, written in units
POINTS = N_("standings.points")  # mattmar: final scores added up over the finished games
GAMES_WON = N_("standings.games_won")
GAMES_LOST = N_("standings.games_lost")  # counters, last in loses
FLIGHTS = N_("standings.flights")  # over the finished games
HARDOPFEL = N_("standings.hardopfel")  # ramsen's flights, by the game's own word
LAST_POINTS = N_("standings.last_points")  # ramsen: points in the last game played


@dataclass(frozen=True, slots=True)
class Figure:
    """One figure a place rests on: what it counts (``key``, above) and how many."""

    key: str
    value: int | None  # minor units for MONEY and UNITS; None: nothing to count (below)
    fewer_first: bool = False  # the lower figure is placed higher

    def sort_key(self) -> tuple[int, int]:
        """Smaller is better; a figure not had comes after every figure."""
        if self.value is None:
            return (1, 0)
        return (0, self.value if self.fewer_first else -self.value)


@dataclass(frozen=True, slots=True)
class Placing:
    """One player's place in the session's standings: best first, equal on every key
    shares a place (1, 1, 3); ``figure`` is what the place rests on first, ``tie_breaks``
    what decides between equal figures, in order."""

    player: str
    place: int
    figure: Figure
    tie_breaks: tuple[Figure, ...] = ()
    # mattmar: the finished games not played to their end; such a player comes after
    # everyone who played them all (fewer missed first), and cannot win the session
    missed: int = 0

    @property
    def figures(self) -> tuple[Figure, ...]:
        return (self.figure, *self.tie_breaks)


@dataclass(frozen=True, slots=True)
class SessionPlacings:
    """A session's standings as a list of sessions shows them (the home screen, a group's
    evenings): each place with the figure it rests on first, and what the money is in."""

    placings: tuple[Placing, ...]  # best first
    money: Money


def session_standings(table: Table, state: State,
                      closing: Closing | None = None) -> tuple[Placing, ...]:
    """The session's standings after ``state``, if it ended now (after the end-of-session
    rule: ``closing``, worked out if not given): everyone who took part, best first, in
    order of play within a shared place. A game begun but not finished counts for no key.

    pot games: more money (units without a currency). mattmar: who played every finished
    game to its end first, then fewer such games missed; then the lower sum of final
    scores over the games played to the end, then fewer flights in them. counters: more
    games won (last in loses: fewer lost), then fewer flights. ramsen: more games won,
    then more points in the last finished game played to its end (none: after those who
    have one), then fewer Härdöpfel."""
    players = state.everyone
    rules, currency = table.rules, table.money.currency

    def first(value: int | None) -> Figure:
        return first_figure(rules, currency, value)

    if not rules.family_rules.in_games:
        money = (closing or close(table, state)).money
        return ranked(players, lambda p: (first(money[p]),))
    finished = [game for game in state.games if game.finished]
    word = HARDOPFEL if rules.flight_word == "hardopfel" else FLIGHTS
    if rules.ranked_over_games:
        points, played, flown = _played_to_the_end(finished, players)
        return ranked(players, lambda p: (first(points[p]), Figure(word, flown[p], True)),
                      missed={p: len(finished) - played[p] for p in players})
    flights = _flights(state, players)
    if rules.game_end == "last_in_loses":
        lost = Counter(p for game in finished for p in game.losers)
        return ranked(players, lambda p: (first(lost[p]), Figure(word, flights[p], True)))
    won = Counter(p for game in finished for p in game.winners)
    if rules.game_end == "target":
        last: dict[str, int] = {}  # from the newest game back, until everyone has one
        for game in reversed(finished):
            for p, score in game.scores.items():
                if p not in last and p not in game.gave_up:
                    last[p] = score
            if len(last) == len(players):
                break
        return ranked(players, lambda p: (first(won[p]), Figure(LAST_POINTS, last.get(p)),
                                          Figure(word, flights[p], True)))
    return ranked(players, lambda p: (first(won[p]), Figure(word, flights[p], True)))


# Counted at every Save, over every finished game: plain loops over plain dicts (a long
# session of short games has a thousand of them: 1,220 of counters in 10,000 deals).

def _flights(state: State, players: Sequence[str]) -> dict[str, int]:
    """Each player's flights over the finished games: the session's, less those of a game
    not finished (every deal of a game of games belongs to one of its games)."""
    game = state.games[-1] if state.games else None
    unfinished = game.flights if game is not None and not game.finished else {}
    return {p: state.flights[p] - unfinished.get(p, 0) for p in players}


def _played_to_the_end(finished: Sequence[GameRecord], players: Sequence[str],
                       ) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    """Over the finished games each player played to its end: the final scores added up,
    how many, and the flights in them."""
    points, played, flown = (dict.fromkeys(players, 0) for _ in range(3))
    for game in finished:
        flights, gave_up = game.flights, game.gave_up
        for player, score in game.scores.items():
            if player not in gave_up:
                points[player] += score
                played[player] += 1
                flown[player] += flights[player]
    return points, played, flown


def first_figure(rules: Rules, currency: str | None, value: int | None) -> Figure:
    """What a place rests on first in a game of ``rules`` (played in ``currency``), worth
    ``value``: what a list of sessions shows beside each place."""
    if not rules.family_rules.in_games:
        return Figure(MONEY if currency else UNITS, value)
    if rules.ranked_over_games:
        return Figure(POINTS, value, fewer_first=True)
    if rules.game_end == "last_in_loses":
        return Figure(GAMES_LOST, value, fewer_first=True)
    return Figure(GAMES_WON, value)


def ranked(players: Sequence[str], figures: Callable[[str], tuple[Figure, ...]], *,
           missed: Mapping[str, int] | None = None) -> tuple[Placing, ...]:
    """``players`` placed by their ``figures`` (and, first, fewer ``missed``), best first,
    the order given kept within a shared place."""
    rows = [(missed.get(p, 0) if missed else 0, figures(p), p) for p in players]

    def key(row: tuple[int, tuple[Figure, ...], str]) -> tuple[object, ...]:
        return (row[0], *(figure.sort_key() for figure in row[1]))

    rows.sort(key=key)  # stable: order of play within a shared place
    places = shared_places([key(row) for row in rows])
    return tuple(Placing(player, place, shown[0], shown[1:], gone)
                 for (gone, shown, player), place in zip(rows, places, strict=True))


def shared_places(keys: Sequence[object]) -> list[int]:
    """The places of a list already sorted best first: equal keys share a place, and the
    next place is counted past them (1, 1, 3)."""
    places: list[int] = []
    for seat, key in enumerate(keys):
        places.append(places[-1] if seat and key == keys[seat - 1] else seat + 1)
    return places


def names_winners(table: Table, state: State) -> bool:
    """Whether the session names its winners yet: a game of games once a game is
    finished. Pot games name no winner."""
    return table.rules.family_rules.in_games and any(g.finished for g in state.games)


def placed_first(table: Table, state: State, standings: Sequence[Placing]) -> tuple[str, ...]:
    """Who heads the standings and is named as the session's winner (``names_winners``):
    first place, having missed no finished game (RULES.md: no one else can be among a
    Mattmar session's winners)."""
    if not names_winners(table, state):
        return ()
    return tuple(p.player for p in standings if p.place == 1 and not p.missed)


def standing(table: Table, state: State) -> dict[str, int]:
    """Each player's score in the family's own measure: units won or paid in pot games,
    the protocol score (points, counters, Ramsen points) of the current game otherwise."""
    if table.rules.family_rules.in_units:
        per_unit = table.money.minor_per_unit
        return {p: state.balances[p] // per_unit for p in state.everyone}
    return {p: state.scores[p] for p in state.everyone}


def score_text(table: Table, score: int) -> str:
    """A score as the table writes it: in a pot game what a player is up or down in units,
    signed ("+3", "-28"); in a countdown or count-up game a count ("7")."""
    return f"{score:+d}" if table.rules.family_rules.in_units else str(score)


def games_won(table: Table, state: State) -> dict[str, int]:
    """How many finished games of the session each player has won."""
    finished = [game for game in state.games if game.finished]
    return {player: sum(player in game.winners for game in finished) for player in state.everyone}


def placed_winners(table: Table, state: State, closing: Closing | None = None
                   ) -> tuple[str, ...]:
    """Who every screen, card and sheet names as the session's winners: the head of its
    standings (``placed_first``), once a game is finished; pot games have none."""
    if not names_winners(table, state):
        return ()  # nobody to name: the standings are not worked out for nothing
    return placed_first(table, state, session_standings(table, state, closing))


def session_winners(table: Table, state: State) -> tuple[str, ...]:
    """The session file's ``winners`` (FORMAT.md, the replay's contract): in mattmar the
    head of the standings (``placed_winners``); in counters and ramsen the last finished
    game's winners, who need not head the standings (RULES.md ranks by games won: one who
    won games 1 and 2 is placed above the winner of game 3). Pot games have none."""
    finished = [game for game in state.games if game.finished]
    if not table.rules.family_rules.in_games or not finished:
        return ()
    if table.rules.ranked_over_games:
        return placed_first(table, state, session_standings(table, state))
    return finished[-1].winners


def leaders(table: Table, state: State, closing: Closing | None = None) -> tuple[str, ...]:
    """Who is ahead now, for a list of sessions: the session's winners (``placed_winners``)
    once there are any; before that the best score of the game in play, or (pot games) the
    head of the standings, if they are up: the most money if the session ended now
    (``closing``)."""
    winners = placed_winners(table, state, closing)
    if winners:
        return winners
    players = state.everyone
    if table.rules.family_rules.in_units:
        money = (closing or close(table, state)).money
        best = max(money[p] for p in players)
        return tuple(p for p in players if money[p] == best) if best > 0 else ()
    if not state.deals:
        return ()
    players = tuple(p for p in players if p not in state.away)
    lowest = table.rules.family_rules.lowest_leads
    best = (min if lowest else max)(state.scores[p] for p in players)
    return tuple(p for p in players if state.scores[p] == best)


@dataclass(frozen=True, slots=True)
class GameEnd:
    """A game a deal brought to its end, and what each winner took from its pot."""

    game: GameRecord
    pot: dict[str, int]  # minor units from the game's pot, per winner (empty without money)


def games_ended(before: State, step: Step) -> tuple[GameEnd, ...]:
    """The games ``step`` ended, oldest first: one played to its end, and one a player's
    leave ended before the deal (the deal then begins the next game)."""
    after = step.state
    if not after.games or (len(after.games) == len(before.games) and not after.between_games):
        return ()
    already = len(before.games) - (0 if before.between_games else 1)
    ended = [game for game in tuple(after.games)[already:] if game.finished]
    taken: dict[str, int] = {}
    for entry in step.entries:
        if isinstance(entry, Payment) and entry.payer == POT:
            taken[entry.payee] = taken.get(entry.payee, 0) + entry.minor
    return tuple(GameEnd(game, {p: taken[p] for p in game.winners if p in taken})
                 for game in ended)
