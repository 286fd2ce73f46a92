"""RULES.md, "Standings of a session, and who beats whom": head to head, rule by rule, over
sessions given as their standings kept them (``SessionPlaces``)."""

from __future__ import annotations

from datetime import date

import pytest

from scorekeeper.core import RuleError
from scorekeeper.core.head_to_head import (
    MoneyBetween,
    SessionPlaces,
    head_to_head,
    two_players,
    year_asked,
)


def evening(number: int, day: str, places: dict[str, int], money: dict[str, int],
            currency: str | None = "SEK", group: str | None = None) -> SessionPlaces:
    return SessionPlaces(number, f"Evening {number}", date.fromisoformat(day), group,
                         currency, places, money)


# Bengt and Cilla: Cilla ahead on the 1st and 2nd, Bengt on the 3rd, level on the 4th
# (no money); on the 5th Cilla played no deal (she is not in its places).
EVENINGS = [
    evening(1, "2025-11-20", {"Astrid": 4, "Bengt": 3, "Cilla": 2, "Dag": 1},
            {"Astrid": -1350, "Bengt": -600, "Cilla": 950, "Dag": 1000}, group="Friday"),
    evening(2, "2026-03-01", {"Bengt": 4, "Astrid": 3, "Dag": 2, "Cilla": 1},
            {"Bengt": -1350, "Astrid": -600, "Dag": 950, "Cilla": 1000}, currency="EUR"),
    evening(3, "2026-05-01", {"Cilla": 4, "Dag": 3, "Bengt": 2, "Astrid": 1},
            {"Cilla": -1350, "Dag": -600, "Bengt": 950, "Astrid": 1000}, group="Friday"),
    evening(4, "2026-06-01", {"Dag": 1, "Bengt": 2, "Cilla": 2},
            {"Dag": 0, "Bengt": 0, "Cilla": 0}, currency=None),
    evening(5, "2026-07-01", {"Bengt": 1, "Dag": 2, "Eva": 3},
            {"Bengt": 500, "Dag": 0, "Eva": -500, "Cilla": 0}, group="Friday"),
]


def test_head_to_head_counts_the_sessions_both_took_part_in_and_who_was_placed_higher():
    found = head_to_head("Bengt", "Cilla", EVENINGS)
    assert [s.session_id for s in found.sessions] == [1, 2, 3, 4]  # not the 5th
    assert found.ahead == {"Bengt": 1, "Cilla": 2}
    assert found.level == 1  # the 4th: both second
    assert found.ahead["Bengt"] + found.ahead["Cilla"] + found.level == len(found.sessions)


def test_head_to_head_money_is_each_ones_sum_per_currency_by_currency_code():
    found = head_to_head("Bengt", "Cilla", EVENINGS)
    # EUR: the 2nd (-13.50, +10.00); SEK: the 1st and 3rd (-6.00 + 9.50 = 3.50,
    # 9.50 - 13.50 = -4.00); the 4th, without a currency, in no money
    assert found.money == (MoneyBetween("EUR", {"Bengt": -1350, "Cilla": 1000}),
                           MoneyBetween("SEK", {"Bengt": 350, "Cilla": -400}))


def test_a_groups_head_to_head_counts_its_sessions_only_named_in_any_case():
    found = head_to_head("Bengt", "Cilla", EVENINGS, group="FRIDAY")
    assert [s.session_id for s in found.sessions] == [1, 3]
    assert (found.ahead, found.level) == ({"Bengt": 1, "Cilla": 1}, 0)
    assert found.money == (MoneyBetween("SEK", {"Bengt": 350, "Cilla": -400}),)


def test_a_years_head_to_head_counts_the_sessions_played_that_calendar_year():
    found = head_to_head("Bengt", "Cilla", EVENINGS, year=2026)
    assert [s.session_id for s in found.sessions] == [2, 3, 4]
    assert (found.ahead, found.level) == ({"Bengt": 1, "Cilla": 1}, 1)
    assert found.money == (MoneyBetween("EUR", {"Bengt": -1350, "Cilla": 1000}),
                           MoneyBetween("SEK", {"Bengt": 950, "Cilla": -1350}))
    both = head_to_head("Bengt", "Cilla", EVENINGS, group="Friday", year=2025)
    assert [s.session_id for s in both.sessions] == [1]


def test_two_players_who_never_sat_together_have_no_sessions():
    found = head_to_head("Astrid", "Eva", EVENINGS)
    assert found.sessions == ()
    assert (found.ahead, found.level, found.money) == ({"Astrid": 0, "Eva": 0}, 0, ())


def test_the_players_asked_for_are_the_rosters_however_typed():
    roster = ["Åsa", "Bengt"]
    assert two_players("bengt", "A\u030asa", roster) == ("Bengt", "Åsa")  # NFC, case-folded
    with pytest.raises(RuleError) as unknown:
        two_players("Bengt", "Zed", roster)
    assert unknown.value.message.key == "versus.unknown_player"
    with pytest.raises(RuleError) as same:
        two_players("Bengt", "BENGT", roster)
    assert same.value.message.key == "versus.same_player"


@pytest.mark.parametrize("typed", ["12", "20x6", "99999", "1899", "", " ", "٢٠٢٦", "9" * 5000])
def test_a_year_that_is_not_one_is_refused_in_words(typed: str):
    with pytest.raises(RuleError) as refused:
        year_asked(typed)
    assert refused.value.message.key == "versus.not_a_year"


def test_a_year_is_four_digits_from_1900_to_9999():
    assert year_asked("2026") == 2026
    assert year_asked(" 1900 ") == 1900
    assert year_asked("9999") == 9999
