"""A state as JSON, so the store can keep the state after every deal."""

from __future__ import annotations

import json
from typing import Any

from scorekeeper.core import POT, GameRecord, Games, State


def dump_state(state: State, *, every_game: bool = True) -> str:
    """``every_game=False``: only the game in play and the count of the games before it,
    for a state kept to replay the deals after it (the ledger's pages), not as the
    session's newest. Keeping every game in every hundredth state made a long session of
    short games take room in proportion to the square of its deals."""
    games = state.games if every_game or not state.games else [state.games[-1]]
    return json.dumps(
        {
            "deals": state.deals,
            "dealer": state.dealer,
            "balances": state.balances,
            "scores": state.scores,
            "flights": state.flights,
            "played": state.played,
            "tricks": state.tricks,
            "games": [
                [g.number, g.scores, g.flights, g.finished, g.winners, g.losers, g.gave_up]
                for g in games
            ],
            **({} if every_game else {"games_not_kept": len(state.games) - len(games)}),
            "must_play": sorted(state.must_play),
            "out": sorted(state.out),
            "pot_paid": state.pot_paid,
            "ring": state.ring,
            "away": sorted(state.away),
            "everyone": state.everyone,
            "last_dealer": state.last_dealer,
            "generals_won": state.generals_won,
            "generals_lost": state.generals_lost,
            "most_taken": state.most_taken,
        },
        ensure_ascii=False,
        separators=(",", ":"),
    )


# The figures every state kept since revision 0002 holds, or that ``load_state`` works out
# from what an older one holds the same as the rules would: a replay from any kept state
# tells them. A figure kept only since (the feats, revisions 0016 and 0017, whose upgrade
# kept them anew in each session's newest state alone) is missing from the states kept
# before it, which a replay from one of them cannot tell. A figure added to the state is
# one of these only once every kept state holds it.
HELD_BY_EVERY_KEPT_STATE = frozenset({
    "deals", "dealer", "balances", "scores", "flights", "played", "tricks", "games",
    "must_play", "out", "pot_paid", "ring", "away", "everyone", "last_dealer"})


def load_state(text: str) -> State:
    raw = json.loads(text)
    # A state kept before players could come and go seats the players of
    # the start: its balances hold them in order of play, then the pot.
    players = [p for p in raw["balances"] if p != POT]
    ring = tuple(raw.get("ring", players))
    return State(
        deals=raw["deals"],
        dealer=raw["dealer"],
        balances=raw["balances"],
        scores=raw["scores"],
        flights=raw["flights"],
        played=raw["played"],
        tricks=raw["tricks"],
        games=Games.of((_game(game) for game in raw["games"]), raw.get("games_not_kept", 0)),
        must_play=frozenset(raw["must_play"]),
        out=frozenset(raw["out"]),
        pot_paid=raw["pot_paid"],
        ring=ring,
        away=frozenset(raw.get("away", ())),
        everyone=tuple(raw.get("everyone", players)),
        last_dealer=raw["last_dealer"] if "last_dealer" in raw else _dealt_last(raw, ring),
        # Kept before revisions 0016 (General Rams won) and 0017 (the rest), which count
        # them again.
        generals_won=raw.get("generals_won", {}),
        generals_lost=raw.get("generals_lost", {}),
        most_taken=raw.get("most_taken", {}),
    )


def _game(kept: list[Any]) -> GameRecord:
    number, scores, flights, finished, winners, losers, *gave_up = kept
    return GameRecord(number, scores, flights, finished, tuple(winners), tuple(losers),
                      tuple(gave_up[0]) if gave_up else ())


def _dealt_last(raw: dict[str, Any], ring: tuple[str, ...]) -> str | None:
    """Who dealt last, for a state kept before it was: the seat before the next dealer."""
    if not raw["deals"]:
        return None
    return ring[ring.index(raw["dealer"]) - 1]
