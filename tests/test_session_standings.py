"""RULES.md, "Standings of a session, and who beats whom": one order per session, best
first, players equal on every key sharing a place, for every family.

Every figure is worked out by hand from RULES.md; the comments show the arithmetic.
Players are listed in order of play and A deals first, so with three players the deals
go: dealer A (order B C A), dealer B (order C A B), dealer C (order A B C), and so on.
"""

from __future__ import annotations

from scorekeeper.core import Deal, Join, make_money, make_table, session_winners
from scorekeeper.core.session import Session
from scorekeeper.core.standings import (
    FLIGHTS,
    GAMES_LOST,
    GAMES_WON,
    HARDOPFEL,
    LAST_POINTS,
    MONEY,
    POINTS,
    UNITS,
    placed_first,
    session_standings,
    shared_places,
)
from tests.conftest import EXAMPLE_NAMES, session_of, worked_example, worked_example_deals


def placed(session: Session) -> list[tuple[str, int]]:
    """(player, place), best first."""
    return [(p.player, p.place) for p in session_standings(session.table, session.state)]


def figures(session: Session) -> dict[str, tuple[tuple[str, int | None], ...]]:
    """Each player's figures: what the place rests on, then the tie-breaks."""
    return {p.player: tuple((f.key, f.value) for f in p.figures)
            for p in session_standings(session.table, session.state)}


# ---------------------------------------------------------------- shared places


def test_players_equal_on_every_key_share_a_place_and_the_next_place_counts_past_them():
    assert shared_places([(0,), (1,), (1,), (2,)]) == [1, 2, 2, 4]
    assert shared_places([(5,), (5,), (5,)]) == [1, 1, 1]
    assert shared_places([]) == []


# ---------------------------------------------------------------- pot games


def test_pot_game_standings_are_by_money_after_the_end_of_session_split():
    # RULES.md's worked example: final units A -27, B -12, C 19, D 20; money A -13.50,
    # B -6.00, C +9.50, D +10.00 (SEK, a unit 0.50).
    a, b, c, d = EXAMPLE_NAMES
    session = worked_example()
    assert placed(session) == [(d, 1), (c, 2), (b, 3), (a, 4)]
    assert figures(session) == {d: ((MONEY, 1000),), c: ((MONEY, 950),),
                                b: ((MONEY, -600),), a: ((MONEY, -1350),)}


def test_pot_game_whose_units_tie_while_money_differs_is_placed_by_money():
    # After deal 6 Cilla and Dag are both on 18 units (the table's score column ties);
    # the 5 left in the pot split 1 each and the indivisible rest, 1, goes to Dag, the
    # forehand of the next deal: Dag 20 units (10.00), Cilla 19 (9.50). Dag is first.
    _, _, c, d = EXAMPLE_NAMES
    session = worked_example()
    per_unit = session.table.money.minor_per_unit
    assert session.state.balances[c] // per_unit == session.state.balances[d] // per_unit == 18
    assert placed(session)[:2] == [(d, 1), (c, 2)]


def test_pot_game_without_a_currency_is_placed_by_the_same_figure_in_units():
    a, b, c, d = EXAMPLE_NAMES
    table = make_table("english", list(EXAMPLE_NAMES), a, {}, make_money("1"))
    session = Session.replay(table, worked_example_deals())
    # one unit is 100 hundredths without a currency: D 20 units, C 19, B -12, A -27
    assert figures(session) == {d: ((UNITS, 2000),), c: ((UNITS, 1900),),
                                b: ((UNITS, -1200),), a: ((UNITS, -2700),)}
    assert placed(session) == [(d, 1), (c, 2), (b, 3), (a, 4)]


def test_pot_game_players_level_in_money_share_a_place_in_order_of_play():
    # Rounce, A and B, two misdeals: A antes 5, then B antes 5 (a misdeal's ante stays in
    # the pot). At the end the 10 are split 5 and 5: A 0, B 0, level, both first.
    level = session_of("rounce", "AB", [Deal(misdeal=True), Deal(misdeal=True)])
    assert placed(level) == [("A", 1), ("B", 1)]
    # English, dealer A antes 5 (single pot 5, a trick pays 1): B 2 tricks, C 3; A and D
    # fly, 5 each: A -10, B 2, C 3, D -5, pot 10. The 10 split four ways, 2 each, the rest
    # 2 one each from C, the forehand of the next deal (dealer B): A -8, B 4, C 6, D -2.
    session = session_of("english", "ABCD", [Deal(tricks={"B": 2, "C": 3, "A": 0, "D": 0})])
    assert placed(session) == [("C", 1), ("B", 2), ("D", 3), ("A", 4)]


# ---------------------------------------------------------------- mattmar

# Game 1: dealer A (order B C A): C and A pass, B takes 5 (10 - 5 = 5); dealer B (order
#   C A B): C and A pass, the dealer takes five unplayed (B 0): over, finals A 10, B 0, C 10.
# Game 2: dealer C (order A B C): A passes, B takes 5 (5), C passes; dealer A (order B C
#   A): B and C pass, A takes five (5); dealer B (order C A B): C and B pass, A takes 5
#   (0): over, finals A 0, B 5, C 10. Nobody flew.
MATTMAR_TIE = [
    Deal(passed=("C", "A"), tricks={"B": 5}),
    Deal(passed=("C", "A"), tricks={"B": 5}),
    Deal(passed=("A", "C"), tricks={"B": 5}),
    Deal(passed=("B", "C"), tricks={"A": 5}),
    Deal(passed=("C", "B"), tricks={"A": 5}),
]


def test_mattmar_standings_are_the_lowest_sum_of_final_scores_over_the_finished_games():
    session = session_of("mattmar", "ABC", MATTMAR_TIE)
    games = list(session.state.games)
    assert [dict(g.scores) for g in games] == [{"A": 10, "B": 0, "C": 10},
                                               {"A": 0, "B": 5, "C": 10}]
    # sums: A 10 + 0 = 10, B 0 + 5 = 5, C 10 + 10 = 20; nobody flew
    assert placed(session) == [("B", 1), ("A", 2), ("C", 3)]
    assert figures(session)["A"] == ((POINTS, 10), (FLIGHTS, 0))
    assert session_winners(session.table, session.state) == ("B",)


def test_mattmar_equal_sums_are_placed_by_fewer_flights():
    deals = [
        # game 1, dealer A (order B C A): B 3 (7), C 2 (8), A takes none: flies, 10
        Deal(tricks={"B": 3, "C": 2, "A": 0}),
        # dealer B (order C A B): A passes, C 3 (5), B 2 (5)
        Deal(passed=("A",), tricks={"C": 3, "B": 2}),
        # dealer C (order A B C): A and C pass, B 5 (0): over, finals A 10, B 0, C 5
        Deal(passed=("A", "C"), tricks={"B": 5}),
        # game 2, dealer A: B and C pass, A takes five (5); dealer B: C and B pass, A 5
        # (0): over, finals A 0, B 10, C 10
        Deal(passed=("B", "C"), tricks={"A": 5}),
        Deal(passed=("C", "B"), tricks={"A": 5}),
    ]
    session = session_of("mattmar", "ABC", deals)
    assert [dict(g.scores) for g in session.state.games] == [
        {"A": 10, "B": 0, "C": 5}, {"A": 0, "B": 10, "C": 10}]
    # sums: A 10, B 10, C 15; flights A 1, B 0: B first, A second, C third
    assert placed(session) == [("B", 1), ("A", 2), ("C", 3)]
    assert figures(session)["A"] == ((POINTS, 10), (FLIGHTS, 1))
    assert figures(session)["B"] == ((POINTS, 10), (FLIGHTS, 0))
    assert session_winners(session.table, session.state) == ("B",)


def test_mattmar_players_level_on_points_and_flights_share_a_place():
    # after game 1 of MATTMAR_TIE: B 0, A 10, C 10, nobody flew: A and C share second
    session = session_of("mattmar", "ABC", MATTMAR_TIE[:2])
    assert placed(session) == [("B", 1), ("A", 2), ("C", 2)]


def test_mattmar_a_game_begun_but_unfinished_counts_for_no_key():
    # Game 1 finals A 10, B 0, C 10 (nobody flew), then game 2 begins: dealer C, order
    # A B C: A takes 0 and flies (a flight in the unfinished game), B 2 (8), C 3 (7).
    session = session_of("mattmar", "ABC", [
        *MATTMAR_TIE[:2], Deal(tricks={"A": 0, "B": 2, "C": 3})])
    assert not session.state.games[-1].finished
    assert dict(session.state.scores) == {"A": 10, "B": 8, "C": 7}
    # Counted, game 2's scores would put C (7) ahead, and A's flight would part A and C.
    # They count for nothing: B 0, then A and C on 10 with no flight, shared.
    assert placed(session) == [("B", 1), ("A", 2), ("C", 2)]
    assert figures(session)["A"] == ((POINTS, 10), (FLIGHTS, 0))
    assert session_winners(session.table, session.state) == ("B",)


def test_mattmar_session_winners_leave_out_the_flights_of_the_unfinished_game():
    # A and B. Game 1: B 3, A 2 (B 7, A 8); A 3, B 2 (5, 5); B 3, A 2 (B 2, A 3); A 3, B 2:
    # both reach 0 in one deal, nobody flew: a shared win. Game 2 begins: B 5 (5), A
    # takes none and flies. Over the session A flew once, in the game nobody finished:
    # the two still share first place, and the session.
    session = session_of("mattmar", "AB", [
        Deal(tricks={"B": 3, "A": 2}), Deal(tricks={"A": 3, "B": 2}),
        Deal(tricks={"B": 3, "A": 2}), Deal(tricks={"A": 3, "B": 2}),
        Deal(tricks={"B": 5, "A": 0}),
    ])
    assert dict(session.state.games[0].scores) == {"A": 0, "B": 0}
    assert session.state.flights == {"A": 1, "B": 0}
    assert placed(session) == [("A", 1), ("B", 1)]
    assert session_winners(session.table, session.state) == ("A", "B")


def test_mattmar_players_who_missed_a_finished_game_come_after_those_who_played_all():
    # Game 1: MATTMAR_TIE's first two deals, finals A 10, B 0, C 10. Game 2: Dag sits
    # down after Cilla, who deals (Bengt dealt deal 2): order D A B C, D takes 5 (5), the
    # others pass; then dealer D (order A B C D): A, B and C pass, the dealer takes five
    # (0): over, finals A 10, B 10, C 10, D 0.
    session = session_of("mattmar", "ABC", [
        *MATTMAR_TIE[:2],
        Deal(joins=(Join("D", "C"),), passed=("A", "B", "C"), tricks={"D": 5}),
        Deal(passed=("A", "B", "C"), tricks={"D": 5}),
    ])
    assert dict(session.state.games[1].scores) == {"A": 10, "B": 10, "C": 10, "D": 0}
    # played both: A 10 + 10 = 20, B 0 + 10 = 10, C 20; D played one: 0. D's 0 is the
    # lowest sum, but he missed game 1: he comes after all who played both.
    standings = session_standings(session.table, session.state)
    assert [(p.player, p.place, p.missed) for p in standings] == [
        ("B", 1, 0), ("A", 2, 0), ("C", 2, 0), ("D", 4, 1)]
    assert figures(session)["D"] == ((POINTS, 0), (FLIGHTS, 0))
    assert placed_first(session.table, session.state, standings) == ("B",)


def test_mattmar_nobody_who_missed_a_game_is_named_a_winner_even_when_placed_first():
    # Game 1, A and B: dealer A (order B A): A passes, B 5 (5); dealer B: A passes, the
    # dealer takes five (0): finals A 10, B 0. Game 2: Cilla and Dag sit down after Bengt,
    # Cilla deals (order D A B C): D, A and B pass, the dealer takes five (C 5); before
    # deal 4 A and B go home, giving game 2 up on 10; dealer D (order C D): C passes, D
    # takes five (5); dealer C: D passes, C takes five (0): over, C wins it.
    session = session_of("mattmar", "AB", [
        Deal(passed=("A",), tricks={"B": 5}),
        Deal(passed=("A",), tricks={"B": 5}),
        Deal(joins=(Join("C", "B"), Join("D", "C")), passed=("D", "A", "B"), tricks={"C": 5}),
        Deal(leaves=("A", "B"), passed=("C",), tricks={"D": 5}),
        Deal(passed=("D",), tricks={"C": 5}),
    ])
    assert session.state.games[1].gave_up == ("A", "B")
    standings = session_standings(session.table, session.state)
    # Everyone missed a finished game (A and B gave game 2 up, C and D sat out game 1).
    # By the games each played to the end: B 0, C 0, D 5, A 10. B and C share first.
    assert [(p.player, p.place, p.missed) for p in standings] == [
        ("B", 1, 1), ("C", 1, 1), ("D", 3, 1), ("A", 4, 1)]
    assert placed_first(session.table, session.state, standings) == ()
    assert session_winners(session.table, session.state) == ()


# ---------------------------------------------------------------- counters

# counters, start 5, three players, first out wins.
# Game 1: dealer A (order B C A): B 5 tricks (5 - 5 = 0, out), C 0 (flies: 10), A passes:
#   over after the deal, B wins; C flew once.
# Game 2: dealer B (order C A B): C passes, A 5 (0), B 0 (flies: 10): A wins; B flew.
# Game 3, unfinished: dealer C (order A B C): A 0 (flies: 10), B 3 (2), C 2 (3).
COUNTERS = [
    Deal(passed=("A",), tricks={"B": 5, "C": 0}),
    Deal(passed=("C",), tricks={"A": 5, "B": 0}),
    Deal(tricks={"A": 0, "B": 3, "C": 2}),
]


def test_counters_first_out_wins_standings_are_more_games_won_then_fewer_flights():
    session = session_of("counters", "ABC", COUNTERS[:2], options={"start": 5})
    # wins: A 1, B 1, C 0; flights: A 0, B 1, C 1
    assert placed(session) == [("A", 1), ("B", 2), ("C", 3)]
    assert figures(session) == {"A": ((GAMES_WON, 1), (FLIGHTS, 0)),
                                "B": ((GAMES_WON, 1), (FLIGHTS, 1)),
                                "C": ((GAMES_WON, 0), (FLIGHTS, 1))}


def test_counters_flights_in_the_unfinished_game_count_for_no_key():
    session = session_of("counters", "ABC", COUNTERS, options={"start": 5})
    assert not session.state.games[-1].finished
    assert session.state.flights == {"A": 1, "B": 1, "C": 1}  # over the session, game 3 too
    # counted, A's flight in game 3 would level A with B; it is not: A still first
    assert placed(session) == [("A", 1), ("B", 2), ("C", 3)]


def test_counters_last_in_loses_standings_are_fewer_games_lost_then_fewer_flights():
    # start 5, last in loses. Dealer A (order B C A): A passes, B 5 (0, out), C takes none
    # (flies: 10). Dealer C (B is out; order A C): A 5 (0, out), C none again (15): C is
    # the last in, the loser, with two flights.
    session = session_of("counters", "ABC", [
        Deal(passed=("A",), tricks={"B": 5, "C": 0}),
        Deal(tricks={"A": 5, "C": 0}),
    ], options={"start": 5, "counters_end": "last_in_loses"})
    assert session.state.games[0].losers == ("C",)
    # lost: A 0, B 0, C 1; flights A 0, B 0: A and B share first
    assert placed(session) == [("A", 1), ("B", 1), ("C", 3)]
    assert figures(session)["C"] == ((GAMES_LOST, 1), (FLIGHTS, 2))


# ---------------------------------------------------------------- ramsen

# ramsen to 5. Game 1: A 5 tricks (5: wins), C 0 (a Härdöpfel: -1), B passes.
# Game 2: B 3, C 2, A 0 (a Härdöpfel: -1); then B 2, C 3: B 5 and C 5 reach 5 together,
#   equal, both without a Härdöpfel in game 2: a shared win. Finals A -1, B 5, C 5.
RAMSEN = [
    Deal(passed=("B",), tricks={"A": 5, "C": 0}),
    Deal(tricks={"B": 3, "C": 2, "A": 0}),
    Deal(passed=("A",), tricks={"B": 2, "C": 3}),
]


def test_ramsen_standings_are_games_won_then_points_in_the_last_game_then_fewer_hardopfel():
    session = session_of("ramsen", "ABC", RAMSEN, options={"target": 5})
    games = list(session.state.games)
    assert [g.winners for g in games] == [("A",), ("B", "C")]
    assert dict(games[1].scores) == {"A": -1, "B": 5, "C": 5}
    # wins: 1 each; last game: A -1, B 5, C 5; Härdöpfel: A 1 (game 2), B 0, C 1 (game 1)
    assert placed(session) == [("B", 1), ("C", 2), ("A", 3)]
    assert figures(session) == {
        "A": ((GAMES_WON, 1), (LAST_POINTS, -1), (HARDOPFEL, 1)),
        "B": ((GAMES_WON, 1), (LAST_POINTS, 5), (HARDOPFEL, 0)),
        "C": ((GAMES_WON, 1), (LAST_POINTS, 5), (HARDOPFEL, 1)),
    }


def test_ramsen_a_player_who_played_no_finished_game_comes_after_those_with_points():
    # Game 1 as above: finals A 5 (won), B 0, C -1. Dag sits down for game 2, not finished.
    session = session_of("ramsen", "ABC", [
        RAMSEN[0], Deal(joins=(Join("D", "C"),), tricks={"B": 3, "C": 2, "A": 0, "D": 0}),
    ], options={"target": 5})
    # wins: A 1, the others 0; last game's points: B 0, C -1, D none: after them
    assert placed(session) == [("A", 1), ("B", 2), ("C", 3), ("D", 4)]
    assert figures(session)["D"] == ((GAMES_WON, 0), (LAST_POINTS, None), (HARDOPFEL, 0))


def test_before_any_game_is_finished_everyone_shares_first_place_and_nobody_has_won():
    session = session_of("ramsen", "ABC", RAMSEN[1:2], options={"target": 5})
    standings = session_standings(session.table, session.state)
    assert [p.place for p in standings] == [1, 1, 1]
    assert placed_first(session.table, session.state, standings) == ()
