"""RULES.md, "Family 3: count-up games": the preset ramsen (Swiss Jass), rule by rule.

Every figure below is worked out by hand from RULES.md and the German source; the comments
show the arithmetic. Players are listed in order of play and A deals first: dealer A (order
B C A), dealer B (order C A B), dealer C (order A B C), and so on.
"""

from __future__ import annotations

from scorekeeper.core import Deal, Payment, ScoreChange, close, guide
from tests.conftest import pot, refusal, scores, session_of, units

ABC = ("A", "B", "C")


def changes(session, player: str) -> list[ScoreChange]:
    return [
        e for e in session.steps[-1].entries if isinstance(e, ScoreChange) and e.player == player
    ]


def test_ramsen_a_game_starts_on_0_and_each_trick_is_plus_1():
    session = session_of("ramsen", ABC)
    assert scores(session) == {"A": 0, "B": 0, "C": 0}
    session = session.record(Deal(passed=("A",), tricks={"B": 3, "C": 2}))
    assert scores(session) == {"A": 0, "B": 3, "C": 2}  # 0 + 3, 0 + 2
    assert [(c.points, c.reason.key) for c in changes(session, "B")] == [
        (3, "ledger.points_tricks")
    ]


def test_ramsen_an_active_player_without_a_trick_gets_a_hardopfel():
    session = session_of("ramsen", ABC, [Deal(tricks={"B": 3, "C": 2, "A": 0})])
    assert scores(session) == {"A": -1, "B": 3, "C": 2}  # A: 0 - 1
    assert [(c.points, c.reason.key) for c in changes(session, "A")] == [(-1, "ledger.hardopfel")]
    # a Härdöpfel is counted as a flight, in the game and over the session
    assert session.state.flights == {"A": 1, "B": 0, "C": 0}
    assert dict(session.state.games[0].flights) == {"A": 1, "B": 0, "C": 0}


def test_ramsen_a_player_who_passes_gets_nothing():
    session = session_of("ramsen", ABC, [Deal(passed=("C",), tricks={"B": 5, "A": 0})])
    assert scores(session) == {"A": -1, "B": 5, "C": 0}  # C neither point nor Härdöpfel
    assert changes(session, "C") == []
    assert session.state.flights["C"] == 0


def test_ramsen_the_blinde_taker_must_play():
    session = session_of("ramsen", ABC)
    error = refusal(session, Deal(widow="C", passed=("C",), tricks={"B": 3, "A": 2}))
    assert error.message.key == "refused.widow"
    assert error.deal == 1
    # any player may take the Blinde, the dealer too
    assert guide(session.table, session.state).widow_takers == ("B", "C", "A")
    taken = session.record(Deal(widow="A", tricks={"A": 4, "B": 1, "C": 0}))
    assert scores(taken) == {"A": 4, "B": 1, "C": -1}


def test_ramsen_the_first_to_21_after_a_deal_wins():
    first_four = [
        Deal(passed=("C", "A"), tricks={"B": 5}),  # dealer A: B 5
        Deal(passed=("C", "A"), tricks={"B": 5}),  # dealer B: B 10
        Deal(passed=("A", "C"), tricks={"B": 5}),  # dealer C: B 15
        Deal(passed=("C", "A"), tricks={"B": 5}),  # dealer A: B 20
    ]
    session = session_of("ramsen", ABC, first_four)
    assert scores(session)["B"] == 20
    assert not session.state.games[0].finished  # 20 < 21
    session = session.record(Deal(passed=("C", "A"), tricks={"B": 5}))  # dealer B: B 25
    game = session.state.games[0]
    assert game.finished
    assert game.winners == ("B",)
    assert dict(game.scores) == {"A": 0, "B": 25, "C": 0}


def test_ramsen_target_option():
    session = session_of("ramsen", ABC, [Deal(tricks={"B": 3, "C": 2, "A": 0})],
                         options={"target": 5})
    assert not session.state.games[0].finished  # B 3, C 2: nobody on 5
    session = session.record(Deal(tricks={"B": 2, "C": 1, "A": 2}))  # B 5, C 3, A -1 + 2 = 1
    assert session.state.games[0].finished
    assert session.state.games[0].winners == ("B",)


def test_ramsen_decision_several_at_the_target_in_one_deal_the_highest_score_wins():
    session = session_of("ramsen", ABC, [
        Deal(tricks={"B": 2, "C": 2, "A": 1}),  # B 2, C 2, A 1
        Deal(tricks={"B": 2, "C": 2, "A": 1}),  # B 4, C 4, A 2
        Deal(tricks={"B": 3, "C": 2, "A": 0}),  # B 7, C 6, A 1
    ], options={"target": 6})
    game = session.state.games[0]
    assert dict(game.scores) == {"A": 1, "B": 7, "C": 6}
    assert game.winners == ("B",)  # both reached 6; 7 > 6


def test_ramsen_decision_then_fewer_hardopfel_wins():
    session = session_of("ramsen", ABC, [
        Deal(tricks={"C": 3, "A": 2, "B": 0}),  # B -1 (a Härdöpfel), C 3, A 2
        Deal(passed=("C", "A"), tricks={"B": 5}),  # B 4
        Deal(tricks={"B": 2, "C": 3, "A": 0}),  # B 6, C 6, A 1
    ], options={"target": 6})
    game = session.state.games[0]
    assert dict(game.scores) == {"A": 1, "B": 6, "C": 6}
    assert game.winners == ("C",)  # tied on 6; B has 1 Härdöpfel, C none


def test_ramsen_decision_a_remaining_tie_is_shared():
    session = session_of("ramsen", ABC, [
        Deal(tricks={"B": 2, "C": 2, "A": 1}),  # B 2, C 2, A 1
        Deal(tricks={"B": 2, "C": 2, "A": 1}),  # B 4, C 4, A 2
    ], options={"target": 4})
    assert set(session.state.games[0].winners) == {"B", "C"}


def test_ramsen_a_new_game_starts_everyone_on_0_again():
    session = session_of("ramsen", ABC, [
        Deal(tricks={"B": 5, "C": 0, "A": 0}),  # B 5 wins (target 5); C -1, A -1
        Deal(tricks={"B": 1, "C": 2, "A": 2}),  # game 2 from 0
    ], options={"target": 5})
    assert [g.number for g in session.state.games] == [1, 2]
    assert scores(session) == {"A": 2, "B": 1, "C": 2}
    assert dict(session.state.games[1].flights) == {"A": 0, "B": 0, "C": 0}
    assert session.state.flights == {"A": 1, "B": 0, "C": 1}  # the session keeps them


def test_ramsen_decision_when_everybody_passes_the_deal_is_thrown_in():
    session = session_of("ramsen", ABC, [Deal(passed=("B", "C", "A"))])
    assert scores(session) == {"A": 0, "B": 0, "C": 0}
    assert session.steps[-1].entries == ()
    assert session.state.flights == {"A": 0, "B": 0, "C": 0}
    assert session.state.dealer == "B"  # the deal still passes on
    error = refusal(session_of("ramsen", ABC), Deal(passed=("B", "C", "A"), tricks={"A": 5}))
    assert error.message.key == "deal.tricks_not_active"


def test_ramsen_money_every_player_stakes_1_per_game_and_the_winner_takes_it():
    session = session_of("ramsen", ABC, [Deal(tricks={"B": 3, "C": 2, "A": 0})],
                         options={"target": 5, "money": True})
    assert pot(session) == 3  # 1 each; a Härdöpfel costs nothing
    assert units(session) == {"A": -1, "B": -1, "C": -1}
    session = session.record(Deal(tricks={"B": 2, "C": 2, "A": 1}))  # B 5, C 4, A 0
    assert pot(session) == 0
    assert units(session) == {"A": -1, "B": 2, "C": -1}  # B: -1 + 3
    assert [
        (e.payer, e.payee, e.minor, e.reason.key)
        for e in session.steps[-1].entries if isinstance(e, Payment)
    ] == [("", "B", 300, "ledger.pot_to_winner")]


def test_ramsen_money_an_unfinished_games_stakes_go_back_at_the_end_of_the_session():
    session = session_of("ramsen", ABC, [Deal(tricks={"B": 3, "C": 2, "A": 0})],
                         options={"money": True})
    closing = close(session.table, session.state)
    assert closing.money == {"A": 0, "B": 0, "C": 0}


def test_ramsen_deal_assistant_balli_and_second_trick_trump():
    session = session_of("ramsen", ABC)
    info = guide(session.table, session.state)
    dealing = [m.key for m in info.dealing]
    assert "dealing.balli" in dealing
    assert info.dealing[0].key == "dealing.deck"
    assert info.dealing[0].params["cards"] == 32  # "Es wird mit 32 Karten ... gespielt"
    assert "remind.second_trick_trump" in [m.key for m in info.reminders]
    assert not info.general_rams
