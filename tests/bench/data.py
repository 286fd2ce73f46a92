"""The benchmarks' own data: legal sessions of any length, and a club's ten years."""

from __future__ import annotations

import random
from collections.abc import Iterator

from scorekeeper.core import Deal, Session, State, Table, make_money, make_table, record, seating
from scorekeeper.session.scorebook import Scorebook

PLAYERS = ["Astrid", "Bengt", "Cilla", "Dag"]


def english_table() -> Table:
    return make_table("english", PLAYERS, options={}, money=make_money("0.50", "SEK"))


def next_deal(table: Table, state: State, rng: random.Random) -> Deal:
    """A legal english deal: everyone plays (always allowed), the tricks spread at random."""
    order = seating(table, state).order
    tricks = dict.fromkeys(order, 0)
    for _ in range(5):
        tricks[rng.choice(order)] += 1
    return Deal(tricks=tricks)


def deals(table: Table, count: int, seed: int = 1) -> Iterator[Deal]:
    rng = random.Random(seed)
    state = Session(table).state
    for _ in range(count):
        deal = next_deal(table, state, rng)
        state = record(table, state, deal).state
        yield deal


def session_of(count: int, seed: int = 1) -> Session:
    table = english_table()
    return Session.replay(table, deals(table, count, seed))


def club(book: Scorebook, sessions: int, deals_each: int) -> None:
    """A club's years: many sessions of the same four, each stored whole."""
    table = english_table()
    for number in range(sessions):
        session = Session.replay(table, deals(table, deals_each, seed=number))
        book.import_session(f"Evening {number + 1}", session)
