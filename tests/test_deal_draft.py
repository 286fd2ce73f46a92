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


def test_a_question_of_a_deal_saved_stays_closed_with_its_save():
    from scorekeeper.app.entry.extras import ExtraChip, ExtraTaps

    draft = DealDraft(for_deal=7)
    taps = ExtraTaps(draft)
    widow = ExtraChip("widow", "Widow", selected=False, chooser=True)
    taps.tap(widow, selected=True)  # the question opens
    taps.pick("widow", "Dag", selected=True)  # answered: put away
    taps.tap(widow, selected=False)  # opened again (the chip showed the answer)
    assert draft.choosing == "widow"
    draft.saved(8, "Deal 7 saved")
    # Enter on the focused chip saved deal 7 and taps the chip as deal 7 showed it (on,
    # so the tap turns it off): deal 8's draft is off already, and its question closed.
    taps.tap(widow, selected=False)
    assert draft.choosing is None
    assert draft.entered == Deal()
    # A toggle is set as the tap asks: switched on, and the same tap heard again, it stays on.
    misdeal = ExtraChip("misdeal", "Misdeal", selected=False, chooser=False)
    taps.tap(misdeal, selected=True)
    assert draft.entered.misdeal
    taps.tap(misdeal, selected=True)  # the same tap heard twice: still on
    assert draft.entered.misdeal
