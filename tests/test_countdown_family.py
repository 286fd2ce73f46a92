"""RULES.md, "Family 2: countdown games": the presets mattmar and counters, rule by rule.

Every figure below is worked out by hand from RULES.md (and the Mattmar source where RULES.md
refers to it); the comments show the arithmetic. Players are listed in order of play and A
deals first, so with three players the deals go: dealer A (order B C A), dealer B (order C A B),
dealer C (order A B C), dealer A again, and so on. The forehand is the first of each order,
the RH the one just before the dealer.
"""

from __future__ import annotations

import pytest

from scorekeeper.core import (
    Bidding,
    Deal,
    Payment,
    ScoreChange,
    close,
    duties,
    guide,
    session_winners,
)
from tests.conftest import pot, refusal, scores, session_of, units

ABC = ("A", "B", "C")
ABCD = ("A", "B", "C", "D")


def changes(session, player: str) -> list[ScoreChange]:
    """The score changes the last recorded deal made for ``player``."""
    return [
        e for e in session.steps[-1].entries if isinstance(e, ScoreChange) and e.player == player
    ]


def payments(session) -> list[Payment]:
    return [e for e in session.steps[-1].entries if isinstance(e, Payment)]


# ---------------------------------------------------------------- mattmar: points


def test_mattmar_everyone_starts_on_10_and_a_trick_is_minus_1():
    session = session_of("mattmar", ABC)
    assert scores(session) == {"A": 10, "B": 10, "C": 10}
    # dealer A: B 3 tricks (10 - 3 = 7), C 2 (10 - 2 = 8); A played, took none: flew, stays 10
    session = session.record(Deal(tricks={"B": 3, "C": 2, "A": 0}))
    assert scores(session) == {"A": 10, "B": 7, "C": 8}
    assert [(c.points, c.reason.key) for c in changes(session, "B")] == [(-3, "ledger.tricks")]


def test_mattmar_a_flight_adds_5():
    session = session_of("mattmar", ABC, [
        Deal(tricks={"B": 3, "C": 2, "A": 0}),  # B 7, C 8, A 10
        Deal(tricks={"B": 3, "A": 2, "C": 0}),  # dealer B: B 4, A 8, C 10
        Deal(tricks={"A": 3, "C": 2, "B": 0}),  # dealer C: A 5, C 8, B flew: 4 + 5 = 9
    ])
    assert scores(session) == {"A": 5, "B": 9, "C": 8}
    assert [(c.points, c.reason.key) for c in changes(session, "B")] == [
        (5, "ledger.flight_points")
    ]
    assert session.state.flights == {"A": 1, "B": 1, "C": 1}


def test_mattmar_a_player_on_7_who_flies_lands_on_10():
    session = session_of("mattmar", ABC, [
        Deal(tricks={"B": 3, "C": 2, "A": 0}),  # B 10 - 3 = 7, C 8, A 10
        Deal(tricks={"C": 1, "A": 4, "B": 0}),  # dealer B: C 7, A 6, B on 7 flies: 7 + 5 = 12 -> 10
    ])
    assert scores(session) == {"A": 6, "B": 10, "C": 7}
    # the entry says what really moved: +3, capped at 10
    assert [(c.points, c.reason.key) for c in changes(session, "B")] == [
        (3, "ledger.flight_points_capped")
    ]
    assert session.state.flights["B"] == 1


def test_mattmar_scores_may_go_below_zero():
    session = session_of("mattmar", ABC, [
        Deal(tricks={"B": 4, "C": 1, "A": 0}),  # B 6, C 9, A 10
        Deal(tricks={"B": 3, "C": 2, "A": 0}),  # B 3, C 7, A 10
        Deal(tricks={"B": 5, "A": 0, "C": 0}),  # B 3 - 5 = -2, A 10, C 7 + 5 = 12 -> 10
    ])
    assert scores(session) == {"A": 10, "B": -2, "C": 10}


# ---------------------------------------------------------------- mattmar: passing


def b_on_1():
    """B on 1 point before deal 3 (dealer C, order A B C)."""
    return session_of("mattmar", ABC, [
        Deal(tricks={"B": 5, "C": 0, "A": 0}),  # B 5, C 10, A 10
        Deal(tricks={"B": 4, "C": 1, "A": 0}),  # dealer B: B 1, C 9, A 10
    ])


def test_mattmar_a_player_on_1_point_must_knock():
    session = b_on_1()
    assert scores(session)["B"] == 1
    error = refusal(session, Deal(passed=("B",), tricks={"A": 3, "C": 2}))
    assert error.message.key == "refused.one_point"
    assert error.deal == 3
    assert guide(session.table, session.state).must_play["B"].key == "must.one_point"


def b_on_2():
    """B on 2 points before deal 3 (dealer C, order A B C)."""
    return session_of("mattmar", ABC, [
        Deal(tricks={"B": 5, "A": 0, "C": 0}),  # B 5, A 10, C 10
        Deal(tricks={"B": 3, "C": 2, "A": 0}),  # dealer B: B 2, C 8, A 10
    ])


def test_mattmar_a_player_who_passes_on_2_points_must_play_the_next_deal():
    session = b_on_2()
    assert scores(session)["B"] == 2
    # deal 3 (dealer C): B passes on 2 points, which is allowed; A 10 - 3 = 7, C 8 - 2 = 6
    session = session.record(Deal(passed=("B",), tricks={"A": 3, "C": 2}))
    assert scores(session) == {"A": 7, "B": 2, "C": 6}
    assert session.state.must_play == frozenset({"B"})
    assert guide(session.table, session.state).must_play["B"].key == "must.two_points"
    # deal 4 (dealer A, order B C A): B may not pass again
    error = refusal(session, Deal(passed=("B",), tricks={"C": 3, "A": 2}))
    assert error.message.key == "refused.two_points"
    assert error.deal == 4
    # knocking is fine: B 2 - 1 = 1, C 6 - 2 = 4, A 7 - 2 = 5
    session = session.record(Deal(tricks={"B": 1, "C": 2, "A": 2}))
    assert scores(session) == {"A": 5, "B": 1, "C": 4}
    assert session.state.must_play == frozenset()


def test_mattmar_passing_on_3_points_brings_no_duty():
    session = session_of("mattmar", ABC, [
        Deal(tricks={"B": 5, "A": 0, "C": 0}),  # B 5
        Deal(tricks={"B": 2, "C": 3, "A": 0}),  # B 3, C 7, A 10
        Deal(passed=("B",), tricks={"A": 3, "C": 2}),  # B passes on 3: A 7, C 5
        Deal(passed=("B",), tricks={"C": 3, "A": 2}),  # and may pass again: C 2, A 5
    ])
    assert scores(session) == {"A": 5, "B": 3, "C": 2}


def test_mattmar_decision_the_two_point_duty_holds_within_a_game_only():
    session = session_of("mattmar", ABC, [
        Deal(tricks={"B": 3, "C": 2, "A": 0}),  # dealer A: B 7, C 8, A 10
        Deal(tricks={"C": 3, "B": 2, "A": 0}),  # dealer B: C 5, B 5, A 10
        Deal(tricks={"B": 3, "C": 2, "A": 0}),  # dealer C: B 2, C 3, A 10
        # dealer A: B passes on 2; C 3 - 3 = 0 ends the game, A 10 - 2 = 8
        Deal(passed=("B",), tricks={"C": 3, "A": 2}),
    ])
    assert session.state.games[0].finished
    assert session.state.must_play == frozenset()
    # deal 5 (dealer B, order C A B) begins game 2: B may pass; C 10 - 3 = 7, A 10 - 2 = 8
    session = session.record(Deal(passed=("B",), tricks={"C": 3, "A": 2}))
    assert scores(session) == {"A": 8, "B": 10, "C": 7}


def test_mattmar_when_everyone_before_the_dealer_passes_the_dealer_takes_five():
    # dealer A: B and C pass, A takes all five tricks unplayed: 10 - 5 = 5; tricks left out
    session = session_of("mattmar", ABC, [Deal(passed=("B", "C"))])
    assert scores(session) == {"A": 5, "B": 10, "C": 10}
    assert [(c.points, c.reason.key) for c in changes(session, "A")] == [
        (-5, "ledger.dealer_takes_all")
    ]
    assert changes(session, "B") == changes(session, "C") == []
    assert session.state.flights == {"A": 0, "B": 0, "C": 0}
    # the same deal with the five tricks written down counts the same
    written = session_of("mattmar", ABC, [Deal(passed=("B", "C"), tricks={"A": 5})])
    assert scores(written) == {"A": 5, "B": 10, "C": 10}


def test_mattmar_the_dealer_cannot_pass_when_everyone_before_passed():
    session = session_of("mattmar", ABC)
    error = refusal(session, Deal(passed=("B", "C", "A")))
    assert error.message.key == "refused.dealer_takes_all"
    assert error.deal == 1
    # nor can the dealer take fewer than five unplayed tricks
    error = refusal(session, Deal(passed=("B", "C"), tricks={"A": 4}))
    assert error.message.key == "deal.dealer_takes_all"


def test_mattmar_has_no_widow():
    error = refusal(session_of("mattmar", ABC), Deal(widow="B", tricks={"B": 3, "C": 2, "A": 0}))
    assert error.message.key == "deal.no_widow"


def test_mattmar_has_no_general_rams():
    error = refusal(session_of("mattmar", ABC), Deal(general="B", tricks={"B": 5}))
    assert error.message.key == "deal.no_general"


# ---------------------------------------------------------------- mattmar: end of a game


def test_mattmar_the_game_ends_after_a_completed_deal_in_which_someone_reached_zero():
    session = session_of("mattmar", ABC, [Deal(tricks={"B": 5, "C": 0, "A": 0})])  # B 5
    assert not session.state.games[0].finished
    session = session.record(Deal(tricks={"B": 5, "C": 0, "A": 0}))  # B 5 - 5 = 0
    game = session.state.games[0]
    assert game.finished
    assert game.winners == ("B",)
    assert dict(game.scores) == {"A": 10, "B": 0, "C": 10}


def test_mattmar_the_lowest_score_wins():
    session = session_of("mattmar", ABC, [
        Deal(tricks={"B": 3, "C": 2, "A": 0}),  # B 7, C 8, A 10
        Deal(tricks={"B": 3, "C": 2, "A": 0}),  # B 4, C 6, A 10
        Deal(tricks={"B": 2, "C": 3, "A": 0}),  # B 2, C 3, A 10
        Deal(tricks={"B": 1, "C": 1, "A": 3}),  # B 1, C 2, A 7
        Deal(tricks={"B": 3, "C": 2, "A": 0}),  # B 1 - 3 = -2, C 2 - 2 = 0, A 7 + 5 -> 10
    ])
    game = session.state.games[0]
    assert dict(game.scores) == {"A": 10, "B": -2, "C": 0}
    assert game.finished
    assert game.winners == ("B",)  # -2 < 0


def test_mattmar_decision_a_tie_goes_to_fewer_flights_in_that_game():
    session = session_of("mattmar", ABC, [
        Deal(passed=("A",), tricks={"B": 5, "C": 0}),  # dealer A: B 5, C flew: 10 (1 flight)
        Deal(passed=("B",), tricks={"C": 5, "A": 0}),  # dealer B: C 5, A flew: 10 (1 flight)
        Deal(tricks={"B": 3, "C": 2, "A": 0}),  # dealer C: B 2, C 3, A 10 (2 flights)
        Deal(tricks={"B": 2, "C": 3, "A": 0}),  # dealer A: B 0, C 0, A 10 (3 flights)
    ])
    game = session.state.games[0]
    assert dict(game.scores) == {"A": 10, "B": 0, "C": 0}
    assert dict(game.flights) == {"A": 3, "B": 0, "C": 1}
    assert game.winners == ("B",)  # tied on 0, B flew 0 times, C once


def test_mattmar_decision_a_remaining_tie_is_shared():
    session = session_of("mattmar", ABC, [
        Deal(tricks={"B": 3, "C": 2, "A": 0}),  # B 7, C 8
        Deal(tricks={"B": 3, "C": 2, "A": 0}),  # B 4, C 6
        Deal(tricks={"B": 2, "C": 3, "A": 0}),  # B 2, C 3
        Deal(tricks={"B": 2, "C": 3, "A": 0}),  # B 0, C 0, neither ever flew
    ])
    game = session.state.games[0]
    assert game.finished
    assert set(game.winners) == {"B", "C"}


def test_mattmar_a_new_game_starts_everyone_on_10_again():
    session = session_of("mattmar", ABC, [
        Deal(tricks={"B": 5, "C": 0, "A": 0}),  # B 5
        Deal(tricks={"B": 5, "C": 0, "A": 0}),  # B 0: game 1 over
        Deal(tricks={"A": 1, "B": 1, "C": 3}),  # game 2 from 10: A 9, B 9, C 7
    ])
    assert [g.number for g in session.state.games] == [1, 2]
    assert session.state.games[0].scores["B"] == 0
    assert scores(session) == {"A": 9, "B": 9, "C": 7}
    assert not session.state.games[1].finished


def quick_game() -> list[Deal]:
    """Two players: A takes all five twice, 10 - 5 - 5 = 0, B flies twice (stays on 10)."""
    return [Deal(tricks={"A": 5, "B": 0}), Deal(tricks={"A": 5, "B": 0})]


def test_mattmar_a_session_is_six_games_then_further_deals_are_refused():
    session = session_of("mattmar", ("A", "B"), quick_game() * 6)
    assert len(session.state.games) == 6
    assert all(g.finished for g in session.state.games)
    assert guide(session.table, session.state).session_over
    error = refusal(session, Deal(tricks={"A": 5, "B": 0}))
    assert error.message.key == "deal.session_over"
    assert error.deal == 13  # 6 games x 2 deals + 1


def test_mattmar_session_ranking_is_the_lowest_sum_of_final_scores():
    session = session_of("mattmar", ABC, [
        # game 1
        Deal(tricks={"B": 5, "C": 0, "A": 0}),  # B 5
        Deal(tricks={"B": 5, "C": 0, "A": 0}),  # B 0; final A 10, B 0, C 10
        # game 2
        Deal(passed=("B",), tricks={"C": 5, "A": 0}),  # dealer C: C 5, A 10, B 10
        Deal(tricks={"C": 3, "B": 2, "A": 0}),  # dealer A: C 2, B 8, A 10
        Deal(tricks={"C": 2, "A": 1, "B": 2}),  # dealer B: C 0, A 9, B 6
    ])
    assert [dict(g.scores) for g in session.state.games] == [
        {"A": 10, "B": 0, "C": 10},
        {"A": 9, "B": 6, "C": 0},
    ]
    # sums: A 10 + 9 = 19, B 0 + 6 = 6, C 10 + 0 = 10
    assert session_winners(session.table, session.state) == ("B",)


def test_mattmar_session_ranking_tie_goes_to_fewer_flights_over_the_session():
    session = session_of("mattmar", ABC, [
        # game 1: B wins; A and C fly twice each
        Deal(tricks={"B": 5, "C": 0, "A": 0}),
        Deal(tricks={"B": 5, "C": 0, "A": 0}),  # final A 10, B 0, C 10
        # game 2
        Deal(passed=("B",), tricks={"C": 5, "A": 0}),  # C 5, A flies (3rd), B 10
        Deal(tricks={"C": 3, "B": 2, "A": 0}),  # C 2, B 8, A flies (4th)
        Deal(tricks={"C": 2, "A": 3, "B": 0}),  # C 0, A 7, B 8 + 5 -> 10 (B's 1st flight)
    ])
    assert dict(session.state.games[1].scores) == {"A": 7, "B": 10, "C": 0}
    # sums: A 17, B 10, C 10; tie B-C: B flew once, C twice over the session
    assert session.state.flights == {"A": 4, "B": 1, "C": 2}
    assert session_winners(session.table, session.state) == ("B",)


def test_mattmar_session_ranking_remaining_tie_is_shared():
    session = session_of("mattmar", ("A", "B"), [
        Deal(tricks={"A": 5, "B": 0}),  # A 5, B 10 (flight 1)
        Deal(tricks={"A": 5, "B": 0}),  # A 0 wins game 1, B 10 (flight 2)
        Deal(tricks={"B": 5, "A": 0}),  # game 2: B 5, A 10 (flight 1)
        Deal(tricks={"B": 5, "A": 0}),  # B 0 wins game 2, A 10 (flight 2)
    ])
    # sums: A 0 + 10 = 10, B 10 + 0 = 10; flights 2 and 2
    assert set(session_winners(session.table, session.state)) == {"A", "B"}


# ---------------------------------------------------------------- mattmar: ramina option

RAMINA = {"ramina": True}


def ramina_b_on_2(**money: object):
    return session_of("mattmar", ABC, [
        Deal(tricks={"B": 5, "C": 0, "A": 0}),  # B 5, C 10 (flight), A 10 (flight)
        Deal(tricks={"B": 3, "C": 2, "A": 0}),  # dealer B: B 2, C 8, A 10 (flight)
    ], options={**RAMINA, **money})


def test_ramina_an_interrupted_deal_records_the_tricks_so_far_and_counts_no_flights():
    session = ramina_b_on_2()
    assert session.state.flights == {"A": 2, "B": 0, "C": 1}
    # dealer C: B reaches 0 with his second trick, C had taken one, A none: play stops
    session = session.record(Deal(tricks={"B": 2, "C": 1}, interrupted=True))
    assert scores(session) == {"A": 10, "B": 0, "C": 7}  # B 2 - 2, C 8 - 1, A unchanged
    assert changes(session, "A") == []  # no flight: A pays nothing, gets nothing
    assert session.state.flights == {"A": 2, "B": 0, "C": 1}
    game = session.state.games[0]
    assert game.finished
    assert game.winners == ("B",)


def test_ramina_a_deal_that_would_take_someone_below_zero_must_be_interrupted():
    session = ramina_b_on_2()
    # B on 2 taking 3 tricks would be 2 - 3 = -1: play would have stopped at 0
    error = refusal(session, Deal(tricks={"B": 3, "C": 2, "A": 0}))
    assert error.message.key == "deal.ramina_below_zero"
    assert error.deal == 3


def test_ramina_a_completed_deal_may_end_exactly_on_zero():
    session = ramina_b_on_2().record(Deal(tricks={"B": 2, "C": 3, "A": 0}))  # B 0, C 5, A 10
    assert scores(session) == {"A": 10, "B": 0, "C": 5}
    assert session.state.games[0].winners == ("B",)


def test_ramina_decision_an_interrupted_deal_has_fewer_than_five_tricks():
    error = refusal(ramina_b_on_2(), Deal(tricks={"B": 2, "C": 3}, interrupted=True))
    assert error.message.key == "deal.interrupted_all_played"


def test_ramina_decision_an_interrupted_deal_ends_with_exactly_one_player_on_zero():
    # nobody on 0: B 2 - 1 = 1
    error = refusal(ramina_b_on_2(), Deal(tricks={"B": 1, "C": 1}, interrupted=True))
    assert error.message.key == "deal.interrupted_needs_zero"
    # two on 0 at once: B and C both on 2 before deal 5
    session = session_of("mattmar", ABC, [
        Deal(tricks={"B": 3, "C": 2, "A": 0}),  # B 7, C 8
        Deal(tricks={"B": 2, "C": 3, "A": 0}),  # B 5, C 5
        Deal(tricks={"B": 3, "C": 2, "A": 0}),  # B 2, C 3
        Deal(passed=("B",), tricks={"C": 1, "A": 4}),  # dealer A: C 2, A 6
    ], options=RAMINA)
    assert scores(session) == {"A": 6, "B": 2, "C": 2}
    error = refusal(session, Deal(tricks={"B": 2, "C": 2}, interrupted=True))
    assert error.message.key == "deal.interrupted_needs_zero"
    assert error.deal == 5


def test_an_interrupted_deal_needs_the_ramina_option():
    session = b_on_2()
    error = refusal(session, Deal(tricks={"B": 2, "C": 1}, interrupted=True))
    assert error.message.key == "deal.no_interrupted"


def test_ramina_with_money_no_flight_stake_in_an_interrupted_deal():
    session = ramina_b_on_2(money=True)
    # stakes 3, flights C 1 and A 2: pot 3 + 3 = 6
    assert pot(session) == 6
    session = session.record(Deal(tricks={"B": 2, "C": 1}, interrupted=True))
    # A took no trick but does not fly, so pays nothing more; B wins the pot of 6
    assert [(p.payer, p.payee, p.minor) for p in payments(session)] == [("", "B", 600)]
    # A: -1 stake -2 flights = -3; B: -1 + 6 = +5; C: -1 -1 = -2
    assert units(session) == {"A": -3, "B": 5, "C": -2}


# ---------------------------------------------------------------- mattmar: money

MONEY = {"money": True}


def test_mattmar_money_every_player_stakes_1_when_a_game_begins():
    # dealer A may pass with two in: B 7, C 8; nobody flew
    session = session_of("mattmar", ABC, [Deal(passed=("A",), tricks={"B": 3, "C": 2})],
                         options=MONEY)
    assert pot(session) == 3  # 3 players x 1
    assert units(session) == {"A": -1, "B": -1, "C": -1}
    assert [p.reason.key for p in payments(session)] == ["ledger.stake"] * 3
    # a second deal in the same game stakes nothing
    session = session.record(Deal(tricks={"C": 3, "A": 2, "B": 0}))  # B flies: +1
    assert pot(session) == 4
    assert units(session) == {"A": -1, "B": -2, "C": -1}


def test_mattmar_money_each_flight_pays_1_more():
    # A flies: stake 1 + flight 1 = 2; B and C stake 1; pot 4
    session = session_of("mattmar", ABC, [Deal(tricks={"B": 3, "C": 2, "A": 0})], options=MONEY)
    assert pot(session) == 4
    assert units(session) == {"A": -2, "B": -1, "C": -1}
    assert [(p.payer, p.payee, p.reason.key) for p in payments(session)][-1] == (
        "A", "", "ledger.flight_stake"
    )


def test_mattmar_money_buy_down_from_10_to_8_for_1_after_a_flight_to_10():
    session = session_of("mattmar", ABC, [
        Deal(tricks={"B": 3, "C": 2, "A": 0}, buy_down=("A",)),  # A flies to 10, buys down to 8
    ], options=MONEY)
    assert scores(session) == {"A": 8, "B": 7, "C": 8}
    # A: stake 1 + flight 1 + buy-down 1 = 3; pot 3 + 1 + 1 = 5
    assert units(session) == {"A": -3, "B": -1, "C": -1}
    assert pot(session) == 5
    assert [(c.points, c.reason.key) for c in changes(session, "A")][-1] == (
        -2, "ledger.buy_down"
    )


def test_mattmar_money_buy_down_after_a_capped_flight():
    # B on 7 flies: 7 + 5 -> 10 (capped), and buys down to 8
    session = session_of("mattmar", ABC, [
        Deal(tricks={"B": 3, "C": 2, "A": 0}),  # B 7
        Deal(tricks={"C": 1, "A": 4, "B": 0}, buy_down=("B",)),
    ], options=MONEY)
    assert scores(session)["B"] == 8


def test_mattmar_money_buy_down_only_after_a_flight_to_10():
    session = session_of("mattmar", ABC, options=MONEY)
    # B took tricks: no flight, no buy-down
    error = refusal(session, Deal(tricks={"B": 3, "C": 2, "A": 0}, buy_down=("B",)))
    assert error.message.key == "deal.buy_down_not_at_cap"
    # B on 3 flies to 8, not 10: no buy-down
    session = session.record(Deal(tricks={"B": 5, "C": 0, "A": 0}))  # B 5
    session = session.record(Deal(tricks={"B": 2, "C": 3, "A": 0}))  # B 3, C 7
    error = refusal(session, Deal(tricks={"A": 5, "B": 0}, passed=("C",), buy_down=("B",)))
    assert error.message.key == "deal.buy_down_not_at_cap"
    assert error.deal == 3


def test_mattmar_buy_down_needs_money():
    error = refusal(session_of("mattmar", ABC), Deal(tricks={"B": 3, "C": 2, "A": 0},
                                                     buy_down=("A",)))
    assert error.message.key == "deal.no_buy_down"


def test_mattmar_money_the_winner_takes_the_pot():
    session = session_of("mattmar", ABC, [
        Deal(tricks={"B": 5, "C": 0, "A": 0}),  # stakes 3 + flights C, A 2: pot 5
        Deal(tricks={"B": 5, "C": 0, "A": 0}),  # flights C, A 2 more: pot 7; B 0 wins it
    ], options=MONEY)
    assert pot(session) == 0
    # A: -1 - 1 - 1 = -3; C the same; B: -1 + 7 = +6
    assert units(session) == {"A": -3, "B": 6, "C": -3}
    assert [(p.payer, p.payee, p.minor, p.reason.key) for p in payments(session)][-1] == (
        "", "B", 700, "ledger.pot_to_winner"
    )


def test_mattmar_money_shared_winners_split_the_pot_the_rest_from_the_next_forehand():
    # unit 0.01: one unit is one minor unit, so the pot of 7 cannot be halved
    session = session_of("mattmar", ABC, [
        Deal(tricks={"B": 3, "C": 2, "A": 0}),  # stakes 3 + A flies: pot 4
        Deal(tricks={"B": 3, "C": 2, "A": 0}),  # A flies: pot 5
        Deal(tricks={"B": 2, "C": 3, "A": 0}),  # A flies: pot 6
        Deal(tricks={"B": 2, "C": 3, "A": 0}),  # dealer A; A flies: pot 7; B 0, C 0, no flights
    ], options=MONEY, unit="0.01")
    assert set(session.state.games[0].winners) == {"B", "C"}
    # 7 // 2 = 3 each, rest 1; the next deal is B's, so its forehand is C: C gets the rest
    assert session.state.balances[""] == 0
    assert {p.payee: p.minor for p in payments(session) if p.payer == ""} == {"C": 4, "B": 3}
    # A: -1 stake - 4 flights = -5; B: -1 + 3 = +2; C: -1 + 4 = +3
    assert units(session) == {"A": -5, "B": 2, "C": 3}


def test_mattmar_decision_an_unfinished_games_pot_goes_back_to_those_who_paid_it():
    session = session_of("mattmar", ABC, [Deal(tricks={"B": 3, "C": 2, "A": 0})], options=MONEY)
    closing = close(session.table, session.state)
    # A paid 2 (stake, flight), B 1, C 1: all of it back, nobody wins or loses
    assert {(p.payee, p.minor) for p in closing.entries} == {("A", 200), ("B", 100), ("C", 100)}
    assert all(p.reason.key == "ledger.end_pot_refund" for p in closing.entries)
    assert closing.money == {"A": 0, "B": 0, "C": 0}
    assert closing.pot_left == 0
    assert closing.transfers == ()


def test_mattmar_end_of_session_refunds_only_the_unfinished_games_pot():
    session = session_of("mattmar", ABC, [
        Deal(tricks={"B": 5, "C": 0, "A": 0}),
        Deal(tricks={"B": 5, "C": 0, "A": 0}),  # game 1: A -3, B +6, C -3 (as above)
        Deal(tricks={"A": 3, "B": 2, "C": 0}),  # game 2: stakes 1 each, C flies: +1
    ], options=MONEY)
    assert units(session) == {"A": -4, "B": 5, "C": -5}
    closing = close(session.table, session.state)
    # refunds A 1, B 1, C 2: back to the result of game 1
    assert closing.money == {"A": -300, "B": 600, "C": -300}


# ---------------------------------------------------------------- mattmar: deal assistant


def test_mattmar_deal_assistant_52_cards_and_the_turned_trump_to_the_dealer():
    session = session_of("mattmar", ABC)
    dealing = guide(session.table, session.state).dealing
    # "Given går liksom spelet i övrigt medsols": the turn goes to the left.
    assert [m.key for m in dealing] == ["dealing.deck", "dealing.turned_trump_to_dealer",
                                        "dealing.turn_left"]
    assert dealing[0].params["cards"] == 52
    assert dealing[1].params["dealer"] == "A"
    assert guide(session.table, session.state).widow_takers == ()
    assert not guide(session.table, session.state).general_rams


def test_mattmar_deal_assistant_reminds_of_the_forced_trump_lead_when_someone_is_on_1():
    fresh = session_of("mattmar", ABC)
    assert "remind.forced_trump_lead" not in [
        m.key for m in guide(fresh.table, fresh.state).reminders
    ]
    session = b_on_1()
    reminders = {m.key: m for m in guide(session.table, session.state).reminders}
    assert reminders["remind.forced_trump_lead"].params["players"] == "B"


def test_mattmar_deal_assistant_no_forced_trump_lead_once_a_new_game_resets_to_10():
    session = session_of("mattmar", ABC, [
        Deal(tricks={"B": 3, "C": 2, "A": 0}),  # B 7, C 8
        Deal(tricks={"B": 3, "C": 2, "A": 0}),  # B 4, C 6
        Deal(tricks={"B": 2, "C": 3, "A": 0}),  # B 2, C 3
        Deal(tricks={"B": 2, "C": 2, "A": 1}),  # B 0 ends the game with C on 3 - 2 = 1
    ])
    assert session.state.games[0].finished
    assert scores(session)["C"] == 1
    info = guide(session.table, session.state)
    assert "remind.forced_trump_lead" not in [m.key for m in info.reminders]
    assert "C" not in info.must_play  # C starts game 2 on 10 and may pass


# ---------------------------------------------------------------- counters


@pytest.mark.parametrize("start", [5, 7, 10])
def test_counters_start_with_5_7_or_10_counters(start):
    session = session_of("counters", ABC, options={"start": start})
    assert scores(session) == {"A": start, "B": start, "C": start}
    session = session.record(Deal(tricks={"B": 3, "C": 2, "A": 0}))
    # B start - 3, C start - 2, A flew: start + 5
    assert scores(session) == {"A": start + 5, "B": start - 3, "C": start - 2}


def test_counters_have_no_cap():
    session = session_of("counters", ABC, [
        Deal(tricks={"B": 3, "C": 2, "A": 0}),  # A 10 + 5 = 15
        Deal(tricks={"C": 3, "B": 2, "A": 0}),  # A 15 + 5 = 20, B 5, C 5
    ], options={"start": 10})
    assert scores(session) == {"A": 20, "B": 5, "C": 5}


def test_counters_never_go_below_zero_and_the_player_reaching_zero_is_out():
    session = session_of("counters", ABC, [
        Deal(tricks={"B": 3, "C": 2, "A": 0}),  # B 2, C 3, A 10
        Deal(tricks={"B": 3, "C": 2, "A": 0}),  # B 2 - 3 -> 0 (hands in only 2), C 1, A 15
    ], options={"start": 5})
    assert scores(session) == {"A": 15, "B": 0, "C": 1}
    assert [(c.points, c.reason.key) for c in changes(session, "B")] == [
        (-2, "ledger.tricks_floor")
    ]
    # first out wins (the default): B is out first and wins
    assert session.state.games[0].winners == ("B",)


def test_counters_last_in_loses_a_player_at_zero_leaves_the_game():
    session = session_of("counters", ABC, [Deal(tricks={"B": 5, "C": 0, "A": 0})],
                         options={"start": 5, "counters_end": "last_in_loses"})
    assert scores(session) == {"A": 10, "B": 0, "C": 10}
    assert session.state.out == frozenset({"B"})
    assert not session.state.games[0].finished
    # B would deal next, but is out: the deal passes to C; B may not be named
    assert session.state.dealer == "C"
    error = refusal(session, Deal(tricks={"A": 3, "B": 2}))
    assert error.message.key == "deal.sitting_out"


def test_counters_at_least_two_must_play():
    session = session_of("counters", ABCD)  # dealer A, order B C D A; D is the RH
    # everyone up to the RH passed: the RH must play
    error = refusal(session, Deal(passed=("B", "C", "D"), tricks={"A": 5}))
    assert (error.message.key, error.message.params["player"]) == ("refused.two_play", "D")
    # and so must the dealer
    error = refusal(session, Deal(passed=("B", "C", "A"), tricks={"D": 5}))
    assert (error.message.key, error.message.params["player"]) == ("refused.two_play", "A")
    # only one went in before the dealer: the dealer must play, so that two play
    error = refusal(session, Deal(passed=("C", "D", "A"), tricks={"B": 5}))
    assert (error.message.key, error.message.params["player"]) == ("refused.two_play", "A")
    # RH and dealer play: fine (D 10 - 2 = 8, A 10 - 3 = 7)
    played = session.record(Deal(passed=("B", "C"), tricks={"D": 2, "A": 3}))
    assert scores(played) == {"A": 7, "B": 10, "C": 10, "D": 8}
    # two went in before the dealer: the RH and the dealer may pass (B 7, C 8)
    played = session.record(Deal(passed=("D", "A"), tricks={"B": 3, "C": 2}))
    assert scores(played) == {"A": 10, "B": 7, "C": 8, "D": 10}
    live = duties(session.table, session.state, Bidding({"B": False, "C": False}))
    assert live["D"].key == live["A"].key == "must.two_play"


def test_counters_only_the_forehand_may_take_the_widow():
    session = session_of("counters", ABC)  # dealer A: forehand B
    assert guide(session.table, session.state).widow_takers == ("B",)
    error = refusal(session, Deal(widow="C", tricks={"B": 3, "C": 2, "A": 0}))
    assert error.message.key == "deal.widow_forehand"
    taken = session.record(Deal(widow="B", tricks={"B": 3, "C": 2, "A": 0}))
    assert scores(taken) == {"A": 15, "B": 7, "C": 8}


def test_counters_the_widow_taker_must_play():
    error = refusal(session_of("counters", ABC),
                    Deal(widow="B", passed=("B",), tricks={"C": 3, "A": 2}))
    assert error.message.key == "refused.widow"


def test_counters_general_rams_won_declarer_minus_5_every_other_plus_5():
    session = session_of("counters", ABC, [Deal(general="B", tricks={"B": 5})],
                         options={"start": 10})
    assert scores(session) == {"A": 15, "B": 5, "C": 15}  # B 10 - 5, A and C 10 + 5
    assert session.state.flights == {"A": 0, "B": 0, "C": 0}  # no flights in General Rams


def test_counters_general_rams_lost_declarer_plus_5_the_others_minus_1_per_trick():
    # B took two, then lost the third trick to C: play stops
    session = session_of("counters", ABC, [Deal(general="B", tricks={"B": 2, "C": 1})],
                         options={"start": 10})
    assert scores(session) == {"A": 10, "B": 15, "C": 9}  # B 10 + 5, C 10 - 1, A no trick: 10
    assert session.state.flights == {"A": 0, "B": 0, "C": 0}
    assert changes(session, "A") == []


def test_counters_general_rams_everybody_must_play():
    error = refusal(session_of("counters", ABC),
                    Deal(general="B", passed=("C",), tricks={"B": 5}))
    assert error.message.key == "refused.general"


def test_counters_first_out_wins_the_game_ends_after_the_deal_and_the_lowest_wins():
    session = session_of("counters", ABC, [
        Deal(tricks={"B": 3, "C": 2, "A": 0}),  # B 2, C 3, A 10
        Deal(tricks={"C": 2, "B": 3, "A": 0}),  # C 1, B 2 - 3 -> 0, A 15
    ], options={"start": 5, "counters_end": "first_out_wins"})
    game = session.state.games[0]
    assert game.finished
    assert game.winners == ("B",)
    assert dict(game.scores) == {"A": 15, "B": 0, "C": 1}


def test_counters_first_out_wins_a_tie_at_zero_is_shared():
    session = session_of("counters", ABC, [
        Deal(tricks={"B": 3, "C": 2, "A": 0}),  # B 2, C 3, A 10
        Deal(tricks={"C": 3, "B": 2, "A": 0}),  # C 0, B 0, A 15; neither B nor C flew
    ], options={"start": 5})
    assert set(session.state.games[0].winners) == {"B", "C"}


def test_counters_last_in_loses_the_last_one_left_loses():
    session = session_of("counters", ABC, [
        Deal(tricks={"B": 5, "C": 0, "A": 0}),  # dealer A: B 0 out, C 10, A 10
        Deal(tricks={"A": 5, "C": 0}),  # dealer C (B skipped): A 5, C 15
        Deal(tricks={"A": 5, "C": 0}),  # dealer A: A 0 out, C 20; C is the last in
    ], options={"start": 5, "counters_end": "last_in_loses"})
    game = session.state.games[0]
    assert game.finished
    assert game.losers == ("C",)
    assert set(game.winners) == {"A", "B"}
    assert session.state.out == frozenset()


def test_counters_last_in_loses_with_money_the_loser_pays_every_other_player_1():
    session = session_of("counters", ABC, [
        Deal(tricks={"B": 5, "C": 0, "A": 0}),
        Deal(tricks={"A": 5, "C": 0}),
        Deal(tricks={"A": 5, "C": 0}),  # C last in: pays A 1 and B 1
    ], options={"start": 5, "counters_end": "last_in_loses", "money": True})
    assert units(session) == {"A": 1, "B": 1, "C": -2}
    assert pot(session) == 0


def test_counters_decision_last_players_out_in_the_same_deal_share_the_loss():
    session = session_of("counters", ABC, [
        Deal(tricks={"B": 5, "C": 0, "A": 0}),  # B 0 out; C 10, A 10
        Deal(tricks={"A": 3, "C": 2}),  # A 7, C 8
        Deal(tricks={"A": 3, "C": 2}),  # A 4, C 6
        Deal(tricks={"A": 2, "C": 3}),  # A 2, C 3
        Deal(tricks={"A": 2, "C": 3}),  # A 0, C 0: both out in the same deal
    ], options={"start": 5, "counters_end": "last_in_loses"})
    game = session.state.games[0]
    assert game.finished
    assert set(game.losers) == {"A", "C"}
    assert game.winners == ("B",)


def test_counters_first_out_wins_with_money_everyone_stakes_1_and_the_winner_takes_it():
    session = session_of("counters", ABC, options={"start": 5, "money": True})
    session = session.record(Deal(tricks={"B": 3, "C": 2, "A": 0}))  # B 2, C 3, A 10
    assert pot(session) == 3  # 1 each; a flight costs nothing more in counters
    assert units(session) == {"A": -1, "B": -1, "C": -1}
    session = session.record(Deal(tricks={"B": 2, "C": 3, "A": 0}))  # dealer B: B 0, C 0, A 15
    # B and C share the pot of 3: 150 minor each (unit 1 = 100 minor)
    assert session.state.balances == {"A": -100, "B": 50, "C": 50, "": 0}
    session = session_of("counters", ABC, [Deal(tricks={"B": 5, "C": 0, "A": 0})],
                         options={"start": 5, "money": True})
    assert units(session) == {"A": -1, "B": 2, "C": -1}  # B: -1 + 3
