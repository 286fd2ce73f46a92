"""Each player's duty right now (issue 63), as the rows show it while the table speaks: a
duty a concede or an all-pass has ended is not shown, and what the deal does instead is.
Figures by hand from RULES.md."""

from __future__ import annotations

from scorekeeper.core import Bidding, Deal, duties, record
from scorekeeper.core.passing import NOT_PLAYED
from scorekeeper.i18n import render
from tests.conftest import session_of, worked_example_deals

WORKED = worked_example_deals(("A", "B", "C", "D"))


def keys(found: dict) -> dict:  # type: ignore[type-arg]
    return {player: None if duty is None else duty.key for player, duty in found.items()}


def test_once_the_rh_concedes_nobody_must_play_and_the_dealer_is_paid():
    # RULES.md's worked example, deal 5: A deals a double pot (15); B and C pass, D (the
    # RH) concedes and pays A 5. The deal ends there: A, with one player "in" before him,
    # would otherwise have to play.
    session = session_of("english", "ABCD", WORKED[:4], unit="0.50")
    deal = Deal(passed=("B", "C"), conceded=True)
    speaking = duties(session.table, session.state, Bidding.of(deal, ("B", "C", "D", "A")))
    assert keys(speaking) == {"B": "duty.not_played", "C": "duty.not_played",
                              "D": "duty.concedes", "A": "duty.paid_by_rh"}
    assert render(speaking["D"], "en") == "concedes: pays A 5"
    assert render(speaking["A"], "en") == "gets 5 from D"
    # Not conceded, the same passes leave D to play or concede and A to play with him.
    speaking = duties(session.table, session.state,
                      Bidding.of(Deal(passed=("B", "C")), ("B", "C", "D", "A")))
    assert keys(speaking)["A"] == "must.dealer_one_in"
    # What Save would record agrees: D pays A 5, A antes 5 into the pot, no trick is played.
    after = record(session.table, session.state, deal).state.balances
    per_unit = session.table.money.minor_per_unit
    assert {p: (after[p] - session.state.balances[p]) // per_unit for p in "ABCD"} == {
        "A": 0, "B": 0, "C": 0, "D": -5}


def test_when_everyone_passes_the_mattmar_dealer_takes_five_tricks_without_play():
    # Mattmar, A B C from 10: A deals, B and C pass. A does not "play": he takes the five
    # tricks unplayed, 10 - 5 = 5, as Save records it.
    session = session_of("mattmar", ("A", "B", "C"))
    deal = Deal(passed=("B", "C"))
    speaking = duties(session.table, session.state, Bidding.of(deal, ("B", "C", "A")))
    assert keys(speaking) == {"B": None, "C": None, "A": "duty.takes_all"}
    assert speaking["A"].params["tricks"] == 5
    assert render(speaking["A"], "fr") == "prend 5 plis sans jouer"
    assert record(session.table, session.state, deal).state.scores["A"] == 5
    # One of them in, the dealer may pass again.
    speaking = duties(session.table, session.state,
                      Bidding.of(Deal(passed=("B",)), ("B", "C", "A")))
    assert speaking["A"] is None


def test_with_ramina_the_dealer_everyone_passed_to_takes_only_what_ends_the_game():
    # Ramina: the game stops the moment someone reaches 0. From 10, the flights capped
    # at 10: deal 1 (A deals) B 3, C 2, A flies: B 7, C 8, A 10; deal 2 (B deals) C 4,
    # A 1, B flies: C 4, A 9, B 10; deal 3 (C deals) A 5, B and C fly: A 4, B 10, C 9.
    session = session_of("mattmar", ("A", "B", "C"),
                         [Deal(tricks={"B": 3, "C": 2, "A": 0}),
                          Deal(tricks={"C": 4, "A": 1, "B": 0}),
                          Deal(tricks={"A": 5, "B": 0})],
                         options={"ramina": True})
    # Deal 4: A deals, order B C A; A is on 4 and B and C pass: A takes 4 tricks, to 0.
    assert session.state.scores["A"] == 4
    speaking = duties(session.table, session.state,
                      Bidding.of(Deal(passed=("B", "C")), ("B", "C", "A")))
    assert speaking["A"].params["tricks"] == 4
    assert record(session.table, session.state,
                  Deal(passed=("B", "C"))).state.scores["A"] == 0


def test_a_misdeal_asks_nothing_of_anyone():
    session = session_of("english", "ABCD", WORKED[:1], unit="0.50")
    speaking = duties(session.table, session.state,
                      Bidding.of(Deal(misdeal=True), ("C", "D", "A", "B")))
    assert list(speaking.values()) == [NOT_PLAYED] * 4
