"""RULES.md, Settlement: the fewest transfers, and the end-of-session pot rule (``close``)."""

from __future__ import annotations

from collections import defaultdict

import pytest

from scorekeeper.core import POT, Deal, close, fewest_transfers
from tests.conftest import session_of


def as_tuples(transfers) -> list[tuple[str, str, int]]:
    return [(t.payer, t.payee, t.minor) for t in transfers]


def in_units(session, minor: dict[str, int]) -> dict[str, int]:
    """Minor units (a unit of 1 is 100 hundredths) back to whole units."""
    per_unit = session.table.money.minor_per_unit
    assert all(amount % per_unit == 0 for amount in minor.values())
    return {account: amount // per_unit for account, amount in minor.items()}


def settles(balances: dict[str, int], transfers) -> bool:
    left = defaultdict(int, balances)
    for t in transfers:
        assert t.minor > 0
        left[t.payer] += t.minor
        left[t.payee] -= t.minor
    return not any(left.values())


# --- fewest_transfers ---------------------------------------------------------------------


def test_two_disjoint_pairs_settle_in_two_transfers():
    balances = {"A": -500, "B": 500, "C": -300, "D": 300}
    transfers = fewest_transfers(balances)
    assert sorted(as_tuples(transfers)) == [("A", "B", 500), ("C", "D", 300)]


def test_pairs_found_even_when_largest_debt_to_largest_credit_would_take_more():
    # Zero-sum groups {B, D} and {A, C, E}: 5 - 2 = 3 transfers. Paying the largest debt
    # to the largest credit first (A->C 5, A->D 2, B->D 1, B->E 2) would take four.
    balances = {"A": -7, "B": -3, "C": 5, "D": 3, "E": 2}
    transfers = fewest_transfers(balances)
    assert len(transfers) == 3
    assert settles(balances, transfers)
    assert ("B", "D", 3) in as_tuples(transfers)


def test_worked_example_settles_in_three_transfers():
    # A -13.50, B -6.00, C +9.50, D +10.00: no two or three sum to zero.
    balances = {"A": -1350, "B": -600, "C": 950, "D": 1000}
    transfers = fewest_transfers(balances)
    assert len(transfers) == 3
    assert settles(balances, transfers)


def test_all_zero_needs_no_transfer():
    assert fewest_transfers({"A": 0, "B": 0, "C": 0}) == []
    assert fewest_transfers({}) == []


def test_nine_players_with_four_zero_sum_groups_settle_in_five():
    # Groups {A, F}, {B, E, G}, {C, H}, {D, I}: 9 non-zero - 4 groups = 5 transfers.
    balances = {"A": 10, "B": -3, "C": 6, "D": -8, "E": -4, "F": -10, "G": 7, "H": -6, "I": 8}
    transfers = fewest_transfers(balances)
    assert sorted(as_tuples(transfers)) == [
        ("B", "G", 3), ("D", "I", 8), ("E", "G", 4), ("F", "A", 10), ("H", "C", 6),
    ]


def test_players_already_square_take_no_part():
    balances = {"A": -5, "B": 0, "C": 5}
    assert as_tuples(fewest_transfers(balances)) == [("A", "C", 5)]


def test_same_balances_always_give_the_same_list():
    balances = {"A": 10, "B": -3, "C": 6, "D": -8, "E": -4, "F": -10, "G": 7, "H": -6, "I": 8}
    first = as_tuples(fewest_transfers(balances))
    for _ in range(5):
        assert as_tuples(fewest_transfers(dict(balances))) == first


def test_order_of_play_breaks_ties_between_creditors():
    # One debtor, two equal creditors: the first in order of play is paid first.
    assert as_tuples(fewest_transfers({"A": -10, "B": 5, "C": 5})) == [
        ("A", "B", 5), ("A", "C", 5),
    ]
    assert as_tuples(fewest_transfers({"C": 5, "B": 5, "A": -10})) == [
        ("A", "C", 5), ("A", "B", 5),
    ]


def test_order_of_play_breaks_ties_between_equal_pairings():
    # A-C + B-D and A-D + B-C are both two transfers; order of play pairs the first debtor
    # with the first creditor: A pays C, B pays D.
    assert sorted(as_tuples(fewest_transfers({"A": -5, "B": -5, "C": 5, "D": 5}))) == [
        ("A", "C", 5), ("B", "D", 5),
    ]


def test_balances_not_summing_to_zero_are_refused():
    with pytest.raises(ValueError, match="zero"):
        fewest_transfers({"A": -5, "B": 4})


# --- close: what is left in the pot at the end of the session ---------------------------
# english, A B C, unit 1: A deals a single pot (ante 5, share 1), B takes all five,
# A and C fly: A -10, B +5, C -5, pot 10. Next deal: B deals, C is forehand.

ONE_DEAL = [Deal(tricks={"B": 5})]


def test_end_pot_split_equally_rest_from_next_forehand():
    session = session_of("english", "ABC", ONE_DEAL)
    assert in_units(session, session.state.balances) == {"A": -10, "B": 5, "C": -5, POT: 10}
    closing = close(session.table, session.state)
    # 10 split in three: 3 each, the rest (1) to C, forehand of the next deal.
    assert in_units(session, closing.money) == {"A": -7, "B": 8, "C": -1}
    assert closing.pot_left == 0
    assert [(e.payee, e.minor // 100) for e in closing.entries] == [("C", 4), ("A", 3), ("B", 3)]
    assert [e.reason.params["units"] for e in closing.entries] == [4, 3, 3]
    assert all(e.payer == POT and e.reason.key == "ledger.end_pot_split" for e in closing.entries)
    assert sorted(as_tuples(closing.transfers)) == [("A", "B", 700), ("C", "B", 100)]


def test_end_pot_split_in_money_with_unit_value():
    session = session_of("english", "ABC", ONE_DEAL, unit="0.50")
    closing = close(session.table, session.state)
    assert closing.money == {"A": -350, "B": 400, "C": -50}


def test_end_pot_carry_leaves_the_pot_as_pot_left():
    session = session_of("english", "ABC", ONE_DEAL, options={"end_pot": "carry"})
    closing = close(session.table, session.state)
    assert closing.entries == ()
    assert in_units(session, closing.money) == {"A": -10, "B": 5, "C": -5}
    assert closing.pot_left == 1000
    # The pot is one more account: {A, pot} and {B, C} settle in two.
    assert len(closing.transfers) == 2
    assert settles({"A": -1000, "B": 500, "C": -500, POT: 1000}, closing.transfers)


def test_end_pot_refund_gives_an_unfinished_games_pot_back_to_who_paid_it():
    # mattmar for money, A B C: each stakes 1 (pot 3). A deals: B 3, C 2, A flies
    # (10, capped) and pays 1 more, then buys down to 8 for 1: pot 5, A paid 3.
    session = session_of(
        "mattmar", "ABC", [Deal(tricks={"B": 3, "C": 2}, buy_down=("A",))],
        options={"money": True},
    )
    assert dict(session.state.scores) == {"A": 8, "B": 7, "C": 8}
    assert in_units(session, session.state.balances) == {"A": -3, "B": -1, "C": -1, POT: 5}
    closing = close(session.table, session.state)
    assert {e.payee: e.minor for e in closing.entries} == {"A": 300, "B": 100, "C": 100}
    assert closing.money == {"A": 0, "B": 0, "C": 0}
    assert closing.pot_left == 0
    assert closing.transfers == ()


def test_close_changes_nothing():
    session = session_of("english", "ABC", ONE_DEAL)
    before = dict(session.state.balances)
    assert close(session.table, session.state) == close(session.table, session.state)
    assert dict(session.state.balances) == before
