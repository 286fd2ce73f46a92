"""A state as JSON, so the store can keep the state after every deal."""

from __future__ import annotations

import json

from scorekeeper.core import GameRecord, State


def dump_state(state: State) -> str:
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
                for g in state.games
            ],
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
        games=tuple(
            GameRecord(number, scores, flights, finished, tuple(winners), tuple(losers))
            for number, scores, flights, finished, winners, losers in raw["games"]
        ),
        must_play=frozenset(raw["must_play"]),
        out=frozenset(raw["out"]),
        pot_paid=raw["pot_paid"],
    )
