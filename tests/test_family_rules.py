"""What a family of games is, as data (issue 47: a rules object per family): the screens,
files and the session layer read these facts instead of asking "is this a pot game?"."""

from __future__ import annotations

import pytest

from scorekeeper.core import Family
from scorekeeper.core.presets import FAMILY_RULES, PRESETS, rules_for

POT_GAMES = [v for v, rules in PRESETS.items() if rules.family is Family.POT]


def test_every_family_says_what_it_is():
    assert set(FAMILY_RULES) == set(Family)


@pytest.mark.parametrize("variant", POT_GAMES)
def test_a_pot_game_scores_in_units_from_nothing_won_or_paid(variant: str):
    rules = PRESETS[variant]
    assert rules.family_rules.in_units
    assert rules.start == 0  # a chart of a pot game begins at 0
    assert not rules.family_rules.in_games


def test_a_countdown_or_count_up_scores_in_points_from_its_start_score():
    assert not PRESETS["mattmar"].family_rules.in_units
    assert rules_for("mattmar", {"start": 8}).start == 8
    assert PRESETS["ramsen"].family_rules.in_games


def test_the_lowest_score_leads_only_a_countdown():
    assert [v for v, rules in PRESETS.items() if rules.family_rules.lowest_leads] == [
        "mattmar", "counters"]


def test_a_pot_game_always_plays_for_money_the_others_by_the_option():
    assert PRESETS["english"].for_money
    assert not PRESETS["mattmar"].for_money
    assert rules_for("mattmar", {"money": True}).for_money
