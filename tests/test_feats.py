"""A session's feats (core/feats.py), over RULES.md's worked example by hand: General Rams
declared and won or lost, and the most each player took from the pot in one deal."""

from __future__ import annotations

from scorekeeper.core.feats import taken_from_pot
from scorekeeper.core.ledger import POT, Payment
from scorekeeper.core.messages import msg
from scorekeeper.store.snapshot import dump_state, load_state
from tests.conftest import worked_example

# Deal 3: Dag declared General Rams and took all five; deal 4: Astrid declared it and lost
# trick 2 to Cilla.
GENERALS_WON = {"Dag": 1}
GENERALS_LOST = {"Astrid": 1}
# At 0.50 a unit (50 öre): Astrid's 4 tricks of the double pot at 3 a trick in deal 2
# (12 units), Bengt's 2 of the single pot in deal 1 (2), Cilla's 3 tricks at 4 and
# Astrid's 2 forfeited to her in deal 6 (12 + 8 = 20), Dag's pot of 10 in deal 3 (his 3
# units in deal 2 are fewer).
MOST_TAKEN = {"Astrid": 600, "Bengt": 100, "Cilla": 1000, "Dag": 500}


def test_general_rams_won_and_lost_are_counted_for_their_declarer():
    state = worked_example().state
    assert state.generals_won == GENERALS_WON
    assert state.generals_lost == GENERALS_LOST


def test_the_most_taken_from_the_pot_is_each_players_biggest_deal_not_their_sum():
    assert worked_example().state.most_taken == MOST_TAKEN


def test_what_is_taken_from_the_pot_adds_up_a_players_payments_from_it_in_the_deal():
    reason = msg("ledger.trick_share")
    entries = [Payment(6, POT, "Cilla", 600, reason), Payment(6, POT, "Cilla", 400, reason),
               Payment(6, "Astrid", POT, 250, reason), Payment(6, "Bengt", "Cilla", 250, reason)]
    assert taken_from_pot(entries) == {"Cilla": 1000}


def test_the_kept_state_keeps_the_feats_so_the_next_deal_goes_on_from_them():
    state = worked_example().state
    kept = load_state(dump_state(state))
    assert (kept.generals_won, kept.generals_lost, kept.most_taken) == (
        GENERALS_WON, GENERALS_LOST, MOST_TAKEN)
    assert kept == state
