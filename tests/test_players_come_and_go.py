"""RULES.md, "Players who come and go (all families)", decision by decision.

Every figure is worked out by hand from RULES.md; the comments show the arithmetic. A join
or a leave belongs to the first deal it applies to, so "Erik joins after deal 2" is a join
recorded with deal 3. Deals are listed with their dealer and their order of play (the
forehand first, the dealer last).
"""

from __future__ import annotations

from decimal import Decimal

from scorekeeper.core import (
    Deal,
    Join,
    SeatChange,
    close,
    session_winners,
)
from scorekeeper.formats.replay import replay_report
from tests.conftest import pot, refusal, scores, session_of, units

ABCD = ("A", "B", "C", "D")


def seat_changes(session, number: int) -> list[tuple[str, str, dict]]:
    """The seat changes deal ``number`` (1-based) posted: (player, rule, parameters)."""
    return [(e.player, e.reason.key, e.reason.params) for e in session.steps[number - 1].entries
            if isinstance(e, SeatChange)]


def dealers(session) -> list[str]:
    return [step.deal.dealer for step in session.steps]


def english_evening(*later: Deal):
    """RULES.md's worked example, deals 1 and 2; then Erik sits down after B (deal 3) and
    D goes home (deal 5)."""
    return session_of("english", ABCD, [
        # dealer A, single pot 5, share 1: B +2, C +3; A and D fly (5 each): pot 10
        Deal(tricks={"B": 2, "C": 3, "D": 0, "A": 0}),
        # dealer B, pot 15, share 3: D +3, A +12, B flies: pot 5
        Deal(passed=("C",), tricks={"D": 1, "A": 4, "B": 0}),
        *later,
    ], unit="0.50")


ERIK_JOINS = Deal(joins=(Join("Erik", "B"),),
                  # dealer E antes (pot 10, share 2), order C D A B E: C +4, A +2, B +4;
                  # D and E fly, 5 each: pot 10
                  tricks={"C": 2, "D": 0, "A": 1, "B": 2, "Erik": 0})
FOURTH = Deal(  # dealer C antes (pot 15, share 3), order D A B E C: A +9, E +6, B flies: pot 5
    passed=("D", "C"), tricks={"A": 3, "Erik": 2, "B": 0})
DAG_LEAVES = Deal(leaves=("D",),
                  # dealer A antes (pot 10, share 2), order B E C A: B +2, E +2, C +6, A flies
                  tricks={"B": 1, "Erik": 1, "C": 3, "A": 0})


def test_a_joiner_sits_after_the_named_player_and_the_order_of_play_follows_the_seating():
    session = english_evening(ERIK_JOINS)
    assert session.state.seated == ("A", "B", "Erik", "C", "D")
    assert session.steps[2].state.balances["Erik"] // 50 == -10  # antes 5, flies 5
    assert units(session) == {"A": 4, "B": -4, "C": 7, "D": -7, "Erik": -10}
    assert pot(session) == 10


def test_a_joiner_who_sits_right_after_the_last_dealer_deals_next():
    session = english_evening(ERIK_JOINS)
    assert dealers(session) == ["A", "B", "Erik"]
    assert session.state.dealer == "C"


def test_a_player_who_left_is_skipped_and_the_deal_passes_on_from_the_last_dealers_seat():
    session = english_evening(ERIK_JOINS, FOURTH, DAG_LEAVES)
    # deal 4 was C's; D, after C, has left: A deals deal 5, then B
    assert dealers(session) == ["A", "B", "Erik", "C", "A"]
    assert session.state.dealer == "B"
    assert units(session) == {"A": 3, "B": -7, "C": 8, "D": -7, "Erik": -2}
    assert pot(session) == 5


def test_if_the_last_dealer_left_the_player_after_their_old_seat_deals_not_a_joiner_before_it():
    session = session_of("english", ABCD, [
        Deal(tricks={"B": 2, "C": 3, "D": 0, "A": 0}),  # dealer A
        # A, who dealt, goes home; Erik sits after D, just before A's old seat: B deals
        Deal(leaves=("A",), joins=(Join("Erik", "D"),), passed=("C",),
             tricks={"D": 1, "Erik": 4, "B": 0}),
    ])
    assert dealers(session) == ["A", "B"]
    assert session.state.seated == ("B", "C", "D", "Erik")


def test_a_leaver_keeps_their_units_and_the_pot_is_split_among_those_seated_at_the_end():
    session = english_evening(ERIK_JOINS, FOURTH, DAG_LEAVES)
    closing = close(session.table, session.state)
    # pot 5 among A B E C: 1 each; the rest goes to E, forehand of the next deal (dealer B)
    shares = {entry.payee: entry.minor // 50 for entry in closing.entries}
    assert shares == {"A": 1, "B": 1, "Erik": 2, "C": 1}
    assert {p: m // 50 for p, m in closing.money.items()} == {
        "A": 4, "B": -6, "C": 9, "D": -7, "Erik": 0}
    # at 0.50 a unit: A +2.00, B -3.00, C +4.50, D -3.50; no two or three sum to zero
    assert len(closing.transfers) == 3


def test_every_seat_change_says_so_in_the_ledger():
    session = english_evening(ERIK_JOINS, FOURTH, DAG_LEAVES)
    assert seat_changes(session, 3) == [("Erik", "ledger.joined",
                                         {"player": "Erik", "after": "B"})]
    assert seat_changes(session, 5) == [("D", "ledger.left", {"player": "D"})]
    assert seat_changes(session, 4) == []


def test_replay_lists_everyone_at_the_start_then_the_joiners_and_who_is_seated_now():
    report = replay_report(english_evening(ERIK_JOINS, FOURTH, DAG_LEAVES))
    assert [(p["name"], p["seated"], p["money"]) for p in report["players"]] == [
        ("A", True, "2.00"), ("B", True, "-3.00"), ("C", True, "4.50"),
        ("D", False, "-3.50"), ("Erik", True, "0.00")]


def test_whether_a_deal_is_a_single_or_a_double_pot_does_not_change():
    session = session_of("english", ABCD, [
        Deal(tricks={"B": 5, "C": 0, "D": 0, "A": 0}),  # pot 5, share 1: B +5, 3 flights: pot 15
    ])
    # E joins into a double pot: C and D may pass, as before the join
    session = session.record(Deal(joins=(Join("E", "A"),), passed=("C", "D"),
                                  tricks={"A": 3, "E": 2, "B": 0}))
    assert session.steps[-1].entries[1].reason.key == "ledger.ante_double"


def test_a_player_who_left_may_join_again_and_goes_on_from_where_they_stopped():
    session = english_evening(
        Deal(leaves=("d",), passed=("A",), tricks={"B": 2, "C": 3}),  # dealer C: D away
        Deal(joins=(Join(" d ", "c"),), tricks={"B": 5, "C": 0, "D": 0, "A": 0}),
    )
    assert session.state.seated == ABCD
    assert session.state.everyone == ABCD  # the same player, not a new one
    assert [p for _, _, p in seat_changes(session, 4)] == [{"player": "D", "after": "C"}]
    # C dealt deal 3 and D sits right after C again: D deals deal 4
    assert dealers(session)[2:] == ["C", "D"]
    assert session.state.flights["D"] == 2  # the flight of deal 1 and the one of deal 4


def test_when_one_deal_carries_both_the_leaves_come_first():
    # Three at an English table: C's leave alone would seat two, below English's three;
    # the join that comes after it in the same deal keeps three.
    session = session_of("english", ("A", "B", "C"), [
        Deal(tricks={"B": 2, "C": 3, "A": 0}),
        Deal(leaves=("C",), joins=(Join("C2", "B"),), tricks={"C2": 5, "A": 0, "B": 0}),
    ])
    assert session.state.seated == ("A", "B", "C2")


def test_a_table_below_the_variants_limits_is_refused_naming_the_deal():
    session = session_of("english", ("A", "B", "C"), [Deal(tricks={"B": 2, "C": 3, "A": 0})])
    error = refusal(session, Deal(leaves=("C",), tricks={"A": 5, "B": 0}))
    assert (error.deal, error.message.key) == (2, "deal.player_count")
    assert error.message.params["count"] == 2
    assert (error.message.params["low"], error.message.params["high"]) == (3, 6)


def test_a_table_above_the_variants_limits_is_refused():
    session = session_of("denexa", ("A", "B", "C", "D", "E"))
    error = refusal(session, Deal(joins=(Join("F", "E"),), tricks={"B": 5}))
    assert (error.deal, error.message.key, error.message.params["count"]) == (
        1, "deal.player_count", 6)


def test_the_dealer_of_six_sits_out_once_a_join_seats_six():
    session = session_of("english", ("A", "B", "C", "D", "E"), [
        Deal(tricks={"B": 5, "C": 0, "D": 0, "E": 0, "A": 0}),
    ])
    # dealer B of six: order C D E F A, B sits out; naming B is refused
    error = refusal(session, Deal(joins=(Join("F", "E"),), passed=("C",),
                                  tricks={"B": 1, "D": 4}))
    assert error.message.key == "deal.sitting_out"


def test_a_join_of_someone_seated_is_refused_names_compared_as_everywhere():
    session = english_evening()
    error = refusal(session, Deal(joins=(Join(" a ", "B"),), tricks={"D": 5}))
    assert (error.deal, error.message.key, error.message.params["player"]) == (
        3, "deal.join_seated", "A")


def test_a_leave_of_someone_not_seated_is_refused():
    session = english_evening(Deal(leaves=("D",), tricks={"A": 2, "B": 3, "C": 0}))
    error = refusal(session, Deal(leaves=("D",), tricks={"A": 5}))
    assert (error.deal, error.message.key) == (4, "deal.leave_not_seated")
    error = refusal(session, Deal(leaves=("Zoe",), tricks={"A": 5}))
    assert error.message.key == "deal.leave_not_seated"


def test_a_seat_after_someone_not_seated_is_refused():
    session = english_evening()
    error = refusal(session, Deal(joins=(Join("Erik", "Zoe"),), tricks={"D": 5}))
    assert (error.deal, error.message.key) == (3, "deal.join_after_not_seated")


def test_a_player_who_left_cannot_be_named_in_a_deal():
    session = english_evening(Deal(leaves=("D",), passed=("A",), tricks={"B": 2, "C": 3}))
    error = refusal(session, Deal(tricks={"D": 5}))
    assert (error.deal, error.message.key, error.message.params["player"]) == (
        4, "deal.player_away", "D")


# ------------------------------------------------------ countdown and count-up games


MATTMAR_MONEY = {"money": True}


def mattmar_game_with_a_give_up(*later: Deal):
    """Mattmar for stakes, A B C. Game 1: every player stakes 1 (pot 3)."""
    return session_of("mattmar", ("A", "B", "C"), [
        # dealer A, order B C A: B 3 (7), C 2 (8), A flies: 10 stays 10, stakes 1 (pot 4)
        Deal(tricks={"B": 3, "C": 2, "A": 0}),
        # C goes home: gives up game 1, their stake stays in the pot. Dealer B (after A),
        # order A B: A 3 (7), B 2 (5)
        Deal(leaves=("C",), tricks={"A": 3, "B": 2}),
        *later,
    ], options=MATTMAR_MONEY)


def test_a_leave_during_a_game_gives_it_up_and_the_stake_stays_in_the_pot():
    session = mattmar_game_with_a_give_up()
    assert seat_changes(session, 2) == [("C", "ledger.gave_up_stake",
                                         {"player": "C", "game": 1})]
    assert pot(session) == 4
    game = session.state.games[-1]
    assert (game.finished, game.gave_up) == (False, ("C",))
    assert game.scores == {"A": 7, "B": 5, "C": 8}  # C at their score when they left


def test_the_game_goes_on_without_the_player_who_gave_it_up_and_they_cannot_win_it():
    # dealer A (after B), order B A: B takes 5 (0) and wins; A flies: 7 + 5 capped at 10,
    # one more stake (pot 5). B takes the pot: B -1 + 5 = +4, A -3, C -1.
    session = mattmar_game_with_a_give_up(Deal(tricks={"B": 5, "A": 0}))
    game = session.state.games[-1]
    assert (game.finished, game.winners) == (True, ("B",))
    assert units(session) == {"A": -3, "B": 4, "C": -1}
    report = replay_report(session)
    assert [(p["name"], p["seated"], p["score"]) for p in report["players"]] == [
        ("A", True, 10), ("B", True, 0), ("C", False, 8)]
    assert report["games"][0]["gave_up"] == ["C"]


def test_a_game_unfinished_at_the_end_refunds_the_others_and_shares_the_leavers_stake():
    session = mattmar_game_with_a_give_up()
    closing = close(session.table, session.state)
    # A paid 2 and B 1: back to them; C's 1 is shared by A and B: 0.50 each (1 = 100 minor)
    assert {p: Decimal(m) / 100 for p, m in closing.money.items()} == {
        "A": Decimal("0.5"), "B": Decimal("0.5"), "C": Decimal(-1)}
    assert closing.pot_left == 0


def test_a_join_is_refused_until_the_next_game_begins():
    session = mattmar_game_with_a_give_up()
    error = refusal(session, Deal(joins=(Join("Erik", "A"),), tricks={"B": 3, "A": 2}))
    assert (error.deal, error.message.key, error.message.params["player"]) == (
        3, "deal.join_mid_game", "Erik")


def test_a_joiner_at_a_games_start_begins_on_the_start_score_and_pays_the_stake():
    session = mattmar_game_with_a_give_up(
        Deal(tricks={"B": 5, "A": 0}),  # B wins game 1
        # game 2: C sits down again after B and stakes with the others (pot 3).
        # Dealer B (after A), order C A B: C 4 (6), A 1 (9), B flies: 10, stakes 1 (pot 4)
        Deal(joins=(Join("C", "B"),), tricks={"C": 4, "A": 1, "B": 0}),
    )
    assert scores(session) == {"A": 9, "B": 10, "C": 6}
    assert pot(session) == 4
    assert units(session) == {"A": -4, "B": 2, "C": -2}


def test_mattmar_ranking_counts_only_who_played_every_finished_game_to_its_end():
    session = session_of("mattmar", ("A", "B", "C"), [
        Deal(tricks={"B": 1, "C": 2, "A": 2}),  # start 5; dealer A: B 4, C 3, A 3
        # C gives up game 1 at 3; dealer B, order A B: A 3 (0) wins it, B 2 (2)
        Deal(leaves=("C",), tricks={"A": 3, "B": 2}),
        # game 2: C sits after B, who dealt last, so C deals: C 5 (0) wins, A and B fly (10)
        Deal(joins=(Join("C", "B"),), tricks={"C": 5, "A": 0, "B": 0}),
    ], options={"start": 5})
    assert [game.winners for game in session.state.games] == [("A",), ("C",)]
    # C's sum would be lowest (3 + 0), but C did not play game 1 to its end.
    # A: 0 + 10 = 10, B: 2 + 10 = 12: A wins the session.
    assert session_winners(session.table, session.state) == ("A",)


def test_no_session_winners_when_nobody_played_every_finished_game():
    session = session_of("mattmar", ("A", "B", "C"), [
        Deal(tricks={"B": 1, "C": 2, "A": 2}),  # start 5; dealer A: B 4, C 3, A 3
        Deal(leaves=("C",), tricks={"A": 3, "B": 2}),  # C gives up; dealer B: A 0 wins game 1
        # game 2 without A: C sits after B, who dealt last, so C deals: B 0 wins, C flies
        Deal(leaves=("A",), joins=(Join("C", "B"),), tricks={"B": 5, "C": 0}),
        # game 3 without B: A sits after C, who dealt last, so A deals: C 0 wins, A flies
        Deal(leaves=("B",), joins=(Join("A", "C"),), tricks={"C": 5, "A": 0}),
    ], options={"start": 5})
    assert [game.winners for game in session.state.games] == [("A",), ("B",), ("C",)]
    assert dealers(session) == ["A", "B", "C", "A"]
    assert session_winners(session.table, session.state) == ()


def test_a_leave_on_the_first_deal_of_a_game_is_a_leave_between_games():
    session = session_of("mattmar", ("A", "B", "C"), [
        Deal(leaves=("C",), tricks={"B": 3, "A": 2}),  # dealer A, order B A
    ], options=MATTMAR_MONEY)
    assert seat_changes(session, 1) == [("C", "ledger.left", {"player": "C"})]
    assert units(session) == {"A": -1, "B": -1, "C": 0}  # no stake for C
    assert session.state.games[0].players == ("A", "B")


def test_giving_up_a_last_in_game_loses_it_at_once_and_pays_every_other_player_a_stake():
    session = session_of("counters", ("A", "B", "C"), [
        # dealer A, order B C A: B 2 (8), C 3 (7), A flies (15)
        Deal(tricks={"B": 2, "C": 3, "A": 0}),
        # A goes home: loses game 1, pays B and C one stake each. Game 2 begins with B, C;
        # A dealt last, so B (after A's seat) deals: order C B, C 3 (7), B 2 (8)
        Deal(leaves=("A",), tricks={"C": 3, "B": 2}),
    ], options={"counters_end": "last_in_loses", "money": True})
    first = session.state.games[0]
    assert (first.finished, first.winners, first.losers) == (True, ("B", "C"), ("A",))
    assert units(session) == {"A": -2, "B": 1, "C": 1}
    assert dealers(session) == ["A", "B"]
    assert session.state.games[1].scores == {"B": 8, "C": 7}


def test_in_a_first_out_game_the_one_player_left_wins_it_and_joins_wait_for_that():
    session = session_of("ramsen", ("A", "B"), [
        # game 1, stakes 1 each (pot 2). Dealer A, order B A: B 3, A 2
        Deal(tricks={"B": 3, "A": 2}),
        # A goes: B is the only one left and wins game 1 (the pot, 2). That makes this deal
        # the first of game 2, so C may sit down: stakes 1 each (pot 2). A dealt last; B,
        # after A's seat, deals: order C B, C 5, B none (a Härdöpfel, -1)
        Deal(leaves=("A",), joins=(Join("C", "B"),), tricks={"C": 5, "B": 0}),
    ], options={"money": True})
    first, second = session.state.games
    assert (first.finished, first.winners, first.gave_up) == (True, ("B",), ("A",))
    assert seat_changes(session, 2)[1] == ("B", "ledger.last_one_wins",
                                           {"player": "B", "game": 1})
    assert second.scores == {"B": -1, "C": 5}
    assert units(session) == {"A": -1, "B": 0, "C": -1}
    assert pot(session) == 2


def test_a_counters_player_already_out_who_leaves_gives_nothing_up():
    session = session_of("counters", ("A", "B", "C"), [
        # start 5; dealer A, order B C A: B takes 5 and is out (0); C and A fly (10)
        Deal(tricks={"B": 5, "C": 0, "A": 0}),
    ], options={"counters_end": "last_in_loses", "start": 5})
    # B goes home: nothing given up. The game goes on: A dealt last, C deals (B is away)
    assert session.state.out == frozenset({"B"})
    session = session.record(Deal(leaves=("B",), tricks={"A": 2, "C": 3}))
    assert seat_changes(session, 2) == [("B", "ledger.left", {"player": "B"})]
    assert dealers(session) == ["A", "C"]
    assert not session.state.games[0].gave_up
