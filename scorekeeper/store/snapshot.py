"""A state as JSON, so the store can keep the state after every deal."""

from __future__ import annotations

import json

from scorekeeper.core import GameRecord, Games, State


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
                [g.number, g.scores, g.flights, g.finished, g.winners, g.losers]
                for g in games
            ],
            **({} if every_game else {"games_not_kept": len(state.games) - len(games)}),
            "must_play": sorted(state.must_play),
            "out": sorted(state.out),
            "pot_paid": state.pot_paid,
        },
        ensure_ascii=False,
        separators=(",", ":"),
    )


def load_state(text: str) -> State:
    raw = json.loads(text)
    return State(
        deals=raw["deals"],
        dealer=raw["dealer"],
        balances=raw["balances"],
        scores=raw["scores"],
        flights=raw["flights"],
        played=raw["played"],
        tricks=raw["tricks"],
        games=Games.of(
            (GameRecord(number, scores, flights, finished, tuple(winners), tuple(losers))
             for number, scores, flights, finished, winners, losers in raw["games"]),
            raw.get("games_not_kept", 0)),
        must_play=frozenset(raw["must_play"]),
        out=frozenset(raw["out"]),
        pot_paid=raw["pot_paid"],
    )
