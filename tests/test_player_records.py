"""A player's page and a group's records (core/records.py, core/group_records.py), figure
by figure, over evenings given as each session keeps its places, money, flights and feats;
every figure worked out by hand from RULES.md ("Standings of a session, and who beats whom")."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from scorekeeper.core.group_records import Holders, Pairing, group_records, who_beats_whom
from scorekeeper.core.head_to_head import MoneyBetween, SessionPlaces
from scorekeeper.core.records import Evening, Feats, Places, Streak, player_record, streak


def evening(number: int, day: str, places: dict[str, int], money: dict[str, int], *,
            flights: dict[str, int] | None = None, won: dict[str, int] | None = None,
            lost: dict[str, int] | None = None, taken: dict[str, int] | None = None,
            variant: str = "english", currency: str | None = "SEK",
            group: str | None = "Friday") -> Evening:
    flights, won, lost, taken = flights or {}, won or {}, lost or {}, taken or {}
    return Evening(SessionPlaces(number, f"Evening {number}", date.fromisoformat(day), group,
                                 currency, places, money), variant,
                   {p: Feats(flights.get(p, 0), won.get(p, 0), lost.get(p, 0), taken.get(p, 0))
                    for p in places})


EVENINGS = [
    # Astrid first and +5.00, with a General Rams won and 6.00 from the pot in one deal
    evening(1, "2025-01-10", {"Astrid": 1, "Bengt": 2, "Cilla": 3},
            {"Astrid": 500, "Bengt": -100, "Cilla": -400},
            flights={"Bengt": 1, "Cilla": 2}, won={"Astrid": 1},
            taken={"Astrid": 600, "Bengt": 200}),
    # Astrid and Bengt share first place; Astrid flew once
    evening(2, "2025-02-07", {"Astrid": 1, "Bengt": 1, "Cilla": 3},
            {"Astrid": 300, "Bengt": 300, "Cilla": -600}, flights={"Astrid": 1}),
    # Astrid last and -7.00 though she took 9.00 from the pot in one deal; a General Rams lost
    evening(3, "2025-03-07", {"Astrid": 3, "Bengt": 1, "Cilla": 2},
            {"Astrid": -700, "Bengt": 900, "Cilla": -200}, lost={"Astrid": 1},
            taken={"Astrid": 900}),
    # Mattmar without money and outside the group: Dag first
    evening(4, "2026-01-09", {"Astrid": 2, "Dag": 1}, {"Astrid": 0, "Dag": 0},
            flights={"Dag": 2}, variant="mattmar", currency=None, group=None),
    evening(5, "2026-02-06", {"Astrid": 2, "Bengt": 1}, {"Astrid": -100, "Bengt": 100}),
]


def test_how_often_first_counts_a_shared_first_place_and_the_average_place_is_exact():
    # places 1, 1, 3, 2, 2: first twice, an average of 9/5
    assert player_record("Astrid", EVENINGS).places == Places(5, 2, Fraction(9, 5))


def test_places_over_time_are_counted_year_by_year_oldest_first():
    over_time = player_record("Astrid", EVENINGS).over_time
    assert [(y.year, y.places) for y in over_time] == [
        (2025, Places(3, 2, Fraction(5, 3))),  # 1, 1, 3
        (2026, Places(2, 0, Fraction(2))),  # 2, 2
    ]


def test_the_win_rate_per_game_is_how_often_first_in_that_game():
    games = {g.variant: g for g in player_record("Astrid", EVENINGS).games}
    assert games["english"].places == Places(4, 2, Fraction(7, 4))  # 1, 1, 3, 2
    assert games["english"].places.first_percent == 50
    assert games["mattmar"].places.first_percent == 0
    assert [g.variant for g in player_record("Astrid", EVENINGS).games] == ["english", "mattmar"]


def test_a_streak_is_the_longest_run_and_the_run_now_and_passes_over_what_does_not_count():
    assert streak([True, None, True, False, True, True, True, None]) == Streak(3, 3)
    assert streak([True, True, False]) == Streak(2, 0)
    assert streak([]) == Streak(0, 0)


def test_evenings_in_a_row_in_the_money_are_counted_per_game_played_for_money():
    games = {g.variant: g for g in player_record("Astrid", EVENINGS).games}
    # English: +5.00, +3.00, -7.00, -1.00
    assert games["english"].in_the_money == Streak(2, 0)
    assert games["mattmar"].in_the_money is None  # played without money


def test_evenings_in_a_row_without_a_flight_are_counted_per_game():
    games = {g.variant: g for g in player_record("Astrid", EVENINGS).games}
    # English: none, one flight, none, none
    assert games["english"].unflown == Streak(2, 2)
    assert games["mattmar"].unflown == Streak(1, 1)


def test_the_best_and_worst_evening_are_the_most_and_least_money_per_currency():
    record = player_record("Astrid", EVENINGS)
    assert [(b.currency, b.minor, b.evening.session_id) for b in record.best] == [
        ("SEK", 500, 1)]
    assert [(w.currency, w.minor, w.evening.session_id) for w in record.worst] == [
        ("SEK", -700, 3)]


def test_general_rams_won_and_lost_are_added_up_over_the_evenings():
    record = player_record("Astrid", EVENINGS)
    assert (record.generals_won, record.generals_lost) == (1, 1)


def test_a_record_of_games_without_general_rams_says_nothing_of_it():
    # RULES.md: Mattmar, Ramsen and Rounce know no General Rams; Dag played Mattmar only,
    # Astrid English Rams too
    assert not player_record("Dag", EVENINGS).plays_general_rams
    assert player_record("Astrid", EVENINGS).plays_general_rams
    ramsen = evening(6, "2026-03-06", {"Hans": 1, "Ida": 2}, {"Hans": 0, "Ida": 0},
                     variant="ramsen", currency=None, group=None)
    rounce = evening(7, "2026-03-13", {"Hans": 2, "Ida": 1}, {"Hans": -100, "Ida": 100},
                     variant="rounce")
    assert not player_record("Hans", [ramsen, rounce]).plays_general_rams


def test_the_biggest_pot_taken_in_one_deal_is_the_most_of_any_evening_whatever_its_money():
    record = player_record("Astrid", EVENINGS)
    assert [(t.currency, t.minor, t.evening.session_id) for t in record.most_taken] == [
        ("SEK", 900, 3)]


def test_head_to_head_against_each_player_sat_with_most_shared_first():
    rivals = player_record("Astrid", EVENINGS).rivals
    assert [r.players for r in rivals] == [("Astrid", "Bengt"), ("Astrid", "Cilla"),
                                           ("Astrid", "Dag")]
    bengt, cilla, dag = rivals
    # Bengt: Astrid ahead on the 1st, level on the 2nd, behind on the 3rd and 5th
    assert (bengt.ahead, bengt.level) == ({"Astrid": 1, "Bengt": 2}, 1)
    assert bengt.money == (MoneyBetween("SEK", {"Astrid": 0, "Bengt": 1200}),)
    assert (cilla.ahead, cilla.level) == ({"Astrid": 2, "Cilla": 1}, 0)
    assert (dag.ahead, dag.level, dag.money) == ({"Astrid": 0, "Dag": 1}, 0, ())


def test_a_groups_evenings_only_when_the_group_is_chosen_in_any_case():
    record = player_record("Astrid", EVENINGS, group="FRIDAY")
    assert record.places == Places(4, 2, Fraction(7, 4))
    assert [r.players[1] for r in record.rivals] == ["Bengt", "Cilla"]
    assert record.groups == ("Friday",)


def test_a_years_evenings_only_when_the_year_is_chosen():
    record = player_record("Astrid", EVENINGS, year=2026)
    assert record.places == Places(2, 0, Fraction(2))
    assert [(b.minor, b.evening.session_id) for b in record.best] == [(-100, 5)]
    assert [(w.minor, w.evening.session_id) for w in record.worst] == [(-100, 5)]
    assert (record.generals_won, record.generals_lost, record.most_taken) == (0, 0, ())
    assert record.years == (2026, 2025)  # what can be chosen, whatever is


def test_a_group_and_a_year_together():
    record = player_record("Astrid", EVENINGS, group="Friday", year=2025)
    assert record.places == Places(3, 2, Fraction(5, 3))


def test_a_player_who_played_no_evening_has_an_empty_record():
    record = player_record("Erik", EVENINGS)
    assert record.places == Places(0, 0, None)
    assert (record.games, record.rivals, record.best, record.years) == ((), (), (), ())


def test_a_player_who_sat_but_played_no_deal_is_not_on_that_evening():
    record = player_record("Dag", [*EVENINGS, evening(6, "2026-03-01", {"Astrid": 1},
                                                      {"Astrid": 0, "Dag": 0})])
    assert record.places.evenings == 1


FRIDAY = [e for e in EVENINGS if e.session.group == "Friday"]


def test_who_beats_whom_counts_each_pair_the_one_more_often_ahead_first():
    # Astrid-Bengt: Astrid ahead once, level once, Bengt ahead twice; Astrid-Cilla: 2 to
    # 1; Bengt-Cilla: Bengt ahead in all three
    assert who_beats_whom(e.session for e in FRIDAY) == (
        Pairing("Bengt", "Astrid", 2, 1, 1),
        Pairing("Astrid", "Cilla", 2, 0, 1),
        Pairing("Bengt", "Cilla", 3, 0, 0),
    )


def test_a_groups_best_evening_and_biggest_pot_are_the_most_of_anyone():
    records = group_records(FRIDAY)
    assert records.evenings == 4
    assert [(r.player, r.minor, r.evening.session_id) for r in records.best_evening] == [
        ("Bengt", 900, 3)]
    assert [(r.player, r.minor, r.evening.session_id) for r in records.most_taken] == [
        ("Astrid", 900, 3)]


def test_a_groups_longest_streak_in_the_money_and_most_general_rams():
    records = group_records(FRIDAY)
    # Bengt: -1.00, +3.00, +9.00, +1.00: three in a row; Astrid two, Cilla none
    assert records.longest_in_the_money == Holders(("Bengt",), 3)
    assert records.most_generals == Holders(("Astrid",), 1)


def test_a_record_held_by_two_names_both_and_the_first_evening_holds_an_equal_amount():
    equal = [*FRIDAY, evening(7, "2026-04-03", {"Cilla": 1, "Bengt": 2},
                              {"Cilla": 900, "Bengt": -900}, won={"Cilla": 1})]
    records = group_records(equal)
    assert records.most_generals == Holders(("Astrid", "Cilla"), 1)
    # Cilla's 9.00 came after Bengt's: Bengt's evening holds it
    assert [(r.player, r.evening.session_id) for r in records.best_evening] == [("Bengt", 3)]


def test_a_group_without_general_rams_or_money_has_no_such_record():
    records = group_records([e for e in EVENINGS if e.session.currency is None])
    assert (records.most_generals, records.longest_in_the_money) == (None, None)
    assert (records.best_evening, records.most_taken) == ((), ())
