"""The deal being entered: the last player's tricks follow from the others' (a normal deal
of four is three trick counts and Save), except where the rules leave tricks unplayed."""

from __future__ import annotations

from scorekeeper.app.draft import DealDraft
from scorekeeper.core import Deal

ORDER = ["Dag", "Astrid", "Bengt", "Cilla"]  # speaking order, Cilla deals


def test_the_last_players_tricks_are_what_the_others_left():
    draft = DealDraft(Deal(tricks={"Dag": 2, "Astrid": 1, "Bengt": 1}))
    assert draft.deal(ORDER).tricks == {"Dag": 2, "Astrid": 1, "Bengt": 1, "Cilla": 1}
    assert draft.filled_in(ORDER) == "Cilla"


def test_nothing_follows_while_two_players_have_no_count():
    draft = DealDraft(Deal(tricks={"Dag": 5}))
    assert draft.filled_in(ORDER) is None
    assert draft.deal(ORDER).tricks == {"Dag": 5}


def test_a_player_who_passed_takes_no_tricks_and_leaves_the_last_to_follow():
    draft = DealDraft(Deal(tricks={"Astrid": 4, "Bengt": 0}, passed=("Dag",)))
    assert draft.deal(ORDER).tricks == {"Astrid": 4, "Cilla": 1}


def test_a_lost_general_rams_leaves_its_remaining_tricks_unplayed():
    # Astrid declared and lost the second trick to Cilla: play stops there (RULES.md).
    draft = DealDraft(Deal(tricks={"Astrid": 1, "Cilla": 1, "Dag": 0}, general="Astrid"))
    assert draft.filled_in(ORDER) is None
    assert draft.deal(ORDER).tricks == {"Astrid": 1, "Cilla": 1}


def test_a_conceded_or_misdealt_deal_has_no_tricks_to_follow():
    for draft in (DealDraft(Deal(tricks={"Dag": 2, "Astrid": 1, "Bengt": 1}, conceded=True)),
                  DealDraft(Deal(tricks={"Dag": 2, "Astrid": 1, "Bengt": 1}, misdeal=True))):
        assert draft.filled_in(ORDER) is None
