"""RULES.md, "Worked example (english, four players, unit value 0.50)", row by row."""

from __future__ import annotations

import pytest

from scorekeeper.core import close, make_money, make_table
from scorekeeper.core.session import Session
from tests.conftest import pot, units, worked_example_deals

DEALS = worked_example_deals(("A", "B", "C", "D"))

# deal, dealer, pot after, A, B, C, D: the table in RULES.md
ROWS = [
    (1, "A", 10, -10, 2, 3, -5),
    (2, "B", 5, 2, -8, 3, -2),
    (3, "C", 0, -3, -13, -7, 23),
    (4, "D", 10, -23, -8, -2, 23),
    (5, "A", 15, -23, -8, -2, 18),
    (6, "B", 5, -28, -13, 18, 18),
]


def example(deals: int = 6) -> Session:
    table = make_table("english", ["A", "B", "C", "D"], "A", {}, make_money("0.50"))
    return Session.replay(table, DEALS[:deals])


@pytest.mark.parametrize(("number", "dealer", "pot_after", "a", "b", "c", "d"), ROWS)
def test_each_deal_of_the_worked_example(number, dealer, pot_after, a, b, c, d):
    session = example(number)
    assert session.steps[-1].deal.dealer == dealer
    assert pot(session) == pot_after
    assert units(session) == {"A": a, "B": b, "C": c, "D": d}


def test_end_of_session_splits_the_pot_and_the_rest_goes_to_the_next_forehand():
    # 5 units left: 1 each, the rest (1) to D, forehand of the next deal (dealer C).
    closing = close(example().table, example().state)
    assert {p: m // 50 for p, m in closing.money.items()} == {"A": -27, "B": -12, "C": 19, "D": 20}


def test_money_of_the_worked_example():
    closing = close(example().table, example().state)
    money = example().table.money
    assert {p: money.format(m) for p, m in closing.money.items()} == {
        "A": "-13.50", "B": "-6.00", "C": "9.50", "D": "10.00",
    }


def test_three_transfers_settle_the_worked_example():
    # No two or three balances sum to zero, so three transfers settle it.
    closing = close(example().table, example().state)
    assert [(t.payer, t.payee, t.minor) for t in closing.transfers] == [
        ("A", "D", 1000), ("A", "C", 350), ("B", "C", 600),
    ]
