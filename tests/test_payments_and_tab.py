"""RULES.md, "Settlement" (payments) and "Groups and the running tab", as pure rules.

The money of RULES.md's worked example (SEK, in öre): Astrid -1350, Bengt -600,
Cilla +950, Dag +1000; its settle-up A→D 10.00, A→C 3.50, B→C 6.00.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from scorekeeper.core import RuleError, Transfer, make_money, make_table
from scorekeeper.core.owed import Handover, amount_of, handover, owed_transfers, still_owed
from scorekeeper.core.tab import SessionResult, may_join, running_tab, season_table
from scorekeeper.i18n import describe

MONEY = {"Astrid": -1350, "Bengt": -600, "Cilla": 950, "Dag": 1000}
PLAYERS = tuple(MONEY)
SEK = make_money("0.50", "SEK")


def test_what_is_still_owed_is_the_money_plus_what_each_paid_out_less_received():
    owed = still_owed(MONEY, [Handover("Astrid", "Dag", 500)])
    assert owed == {"Astrid": -850, "Bengt": -600, "Cilla": 950, "Dag": 500}
    assert sum(owed.values()) == 0


def test_a_transfer_paid_in_part_stays_with_what_is_left_of_it():
    assert owed_transfers(MONEY, [Handover("Astrid", "Dag", 500)]) == [
        Transfer("Astrid", "Dag", 500), Transfer("Astrid", "Cilla", 350),
        Transfer("Bengt", "Cilla", 600)]


def test_a_transfer_paid_whole_is_gone_and_the_others_stand():
    assert owed_transfers(MONEY, [Handover("Astrid", "Dag", 1000)]) == [
        Transfer("Astrid", "Cilla", 350), Transfer("Bengt", "Cilla", 600)]


def test_when_a_payment_makes_fewer_transfers_possible_the_fewest_are_taken():
    # A -6.00, B -4.00, C +5.00, D +5.00 settle in three: A→C 5, A→D 1, B→D 4. Astrid
    # hands Cilla 1.00: A -5, B -4, C +4, D +5 now split into two groups that sum to
    # zero, {A, D} and {B, C}: two transfers, not the three left of the plan.
    money = {"A": -600, "B": -400, "C": 500, "D": 500}
    assert owed_transfers(money, []) == [Transfer("A", "C", 500), Transfer("A", "D", 100),
                                         Transfer("B", "D", 400)]
    assert owed_transfers(money, [Handover("A", "C", 100)]) == [
        Transfer("A", "D", 500), Transfer("B", "C", 400)]


def test_overpaying_turns_the_debt_round():
    # Astrid hands Dag 12.00 of the 10.00: Dag now owes 2.00 and Astrid 1.50 less.
    # Still owed: A -1.50, B -6.00, C +9.50, D -2.00: all three pay Cilla, listed by payer
    # in order of play once money has changed hands.
    assert owed_transfers(MONEY, [Handover("Astrid", "Dag", 1200)]) == [
        Transfer("Astrid", "Cilla", 150), Transfer("Bengt", "Cilla", 600),
        Transfer("Dag", "Cilla", 200)]


def test_a_payment_against_the_flow_is_still_counted_exactly():
    # Cilla hands Bengt 1.00 (no transfer runs that way): Bengt owes 7.00, Cilla is owed 10.50.
    transfers = owed_transfers(MONEY, [Handover("Cilla", "Bengt", 100)])
    settled = dict(still_owed(MONEY, [Handover("Cilla", "Bengt", 100)]))
    for t in transfers:
        settled[t.payer] += t.minor
        settled[t.payee] -= t.minor
    assert set(settled.values()) == {0}
    assert len(transfers) == 3


@pytest.mark.parametrize(("typed", "said"), [
    ("0", "a payment must be more than nothing, not 0"),
    ("-5", "a payment must be more than nothing, not -5"),
    ("0.005", "0.005 is finer than the currency's smallest coin (2 decimals)"),
    ("ten", "ten is not an amount of money"),
    ("NaN", "NaN is not an amount of money"),
    ("1e999999", "1e999999 is not an amount of money"),  # FORMAT.md writes no exponent
    ("9999999999999999", "9999999999999999 is more money than a card table hands over"),
])
def test_an_amount_that_is_no_payment_is_refused_in_words(typed, said):
    with pytest.raises(RuleError) as refused:
        amount_of(typed, SEK)
    assert describe(refused.value) == said


def test_an_amount_is_kept_in_the_minor_unit():
    assert amount_of("10.00", SEK) == 1000
    assert amount_of(Decimal("0.5"), SEK) == 50
    assert amount_of("5", make_money(1, "JPY")) == 5


@pytest.mark.parametrize(("payer", "payee", "said"), [
    ("Dag", "Dag", "Dag cannot pay themselves"),
    ("Astrid", "Pia", "Pia did not play in this session"),
])
def test_a_payment_between_the_wrong_players_is_refused(payer, payee, said):
    with pytest.raises(RuleError) as refused:
        handover(payer, payee, 100, PLAYERS)
    assert describe(refused.value) == said


# --- the running tab -------------------------------------------------------------------

def evening(day: int, money: dict[str, int], flights: dict[str, int] | None = None,
            paid: tuple[Handover, ...] = ()) -> SessionResult:
    return SessionResult(date(2026, 11, day), tuple(money), money,
                         flights or dict.fromkeys(money, 0), paid)


FIRST = evening(6, MONEY, {"Astrid": 1, "Bengt": 1, "Cilla": 0, "Dag": 1},
                (Handover("Astrid", "Dag", 500),))
SECOND = evening(13, {"Cilla": -400, "Dag": -200, "Erik": 600})


def test_the_tab_sums_the_finished_sessions_and_every_payment():
    tab = running_tab([FIRST, SECOND], [Handover("Bengt", "Cilla", 300)])
    # won: A -13.50, B -6.00, C +9.50 -4.00 = +5.50, D +10.00 -2.00 = +8.00, E +6.00
    # paid: A +5.00 (to Dag, in the first session), B +3.00 (to Cilla, on the tab)
    assert [(line.name, line.won, line.paid, line.balance) for line in tab.lines] == [
        ("Astrid", -1350, 500, -850), ("Bengt", -600, 300, -300), ("Cilla", 550, -300, 250),
        ("Dag", 800, -500, 300), ("Erik", 600, 0, 600)]
    assert sum(line.balance for line in tab.lines) == 0
    # Astrid's 8.50 settles Erik's 6.00 and Cilla's 2.50; Bengt's 3.00 settles Dag's.
    assert tab.transfers == (Transfer("Astrid", "Erik", 600), Transfer("Astrid", "Cilla", 250),
                             Transfer("Bengt", "Dag", 300))
    assert tab.sessions == 2


def test_the_tab_lists_players_in_order_of_first_appearance_by_date():
    later_stored_first = running_tab([SECOND, FIRST])
    assert later_stored_first.players == ("Astrid", "Bengt", "Cilla", "Dag", "Erik")


def test_the_season_counts_evenings_and_shares_an_equal_best():
    third = evening(20, {"Astrid": 300, "Erik": 300, "Cilla": -600},
                    {"Astrid": 0, "Erik": 2, "Cilla": 1})
    lines = {line.name: line for line in season_table([FIRST, SECOND, third], 2026)}
    # Dag won the 6th (+10.00), Erik the 13th (+6.00); Astrid and Erik share the 20th.
    assert (lines["Erik"].evenings, lines["Erik"].evenings_won, lines["Erik"].money,
            lines["Erik"].flights) == (2, 2, 900, 2)
    assert (lines["Astrid"].evenings, lines["Astrid"].evenings_won,
            lines["Astrid"].money) == (2, 1, -1050)
    assert lines["Dag"].evenings_won == 1
    # Cilla: 9.50 - 4.00 - 6.00 = -0.50 over three evenings: -0.17 an evening (to the even).
    assert (lines["Cilla"].money, lines["Cilla"].per_evening) == (-50, -17)
    # The most money first: Erik 9.00, Dag 8.00, Cilla -0.50, Bengt -6.00, Astrid -10.50.
    assert [line.name for line in season_table([FIRST, SECOND, third], 2026)] == [
        "Erik", "Dag", "Cilla", "Bengt", "Astrid"]
    assert season_table([FIRST, SECOND, third], 2025) == []


def test_the_season_table_places_players_sharing_a_place_on_equal_money_and_evenings_won():
    # Two evenings: Astrid and Bengt each win one with +5.00 and lose the other by -5.00
    # (0.00 each, one evening won); Cilla 0.00 on both, winning neither: after them.
    first = evening(6, {"Astrid": 500, "Bengt": -500, "Cilla": 0})
    second = evening(13, {"Astrid": -500, "Bengt": 500, "Cilla": 0})
    lines = season_table([first, second], 2026)
    assert [(line.place, line.name, line.money, line.evenings_won) for line in lines] == [
        (1, "Astrid", 0, 1), (1, "Bengt", 0, 1), (3, "Cilla", 0, 0)]


def test_a_session_in_another_currency_cannot_join_a_group_but_the_first_fixes_it():
    eur = make_table("english", ["A", "B", "C"], money=make_money("0.50", "EUR"))
    may_join(eur, None, group_has_sessions=False)  # the first session: any currency
    with pytest.raises(RuleError) as refused:
        may_join(eur, "SEK", group_has_sessions=True)
    assert describe(refused.value) == "the group plays in SEK; this session is in EUR"


def test_a_session_that_carries_its_pot_over_cannot_join_a_group():
    carry = make_table("english", ["A", "B", "C"], options={"end_pot": "carry"},
                       money=make_money("0.50", "SEK"))
    with pytest.raises(RuleError) as refused:
        may_join(carry, "SEK", group_has_sessions=True)
    assert refused.value.message.key == "group.carries_pot"


def test_a_payment_of_nothing_is_refused_whoever_asks():
    with pytest.raises(RuleError) as refused:
        handover("Astrid", "Dag", 0, PLAYERS)
    assert refused.value.message.key == "payment.not_positive"
