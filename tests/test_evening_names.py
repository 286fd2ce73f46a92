"""Evenings told apart (issue 49): a download is named from the session's name, or (stored
without one) its group's, with the evening's date and the session's number, the one
``scorekeeper sessions`` lists; a group's evening list names each evening the same way."""

from __future__ import annotations

from datetime import date

from scorekeeper.formats.evening_names import evening_file_name, evening_name

NOV_28 = date(2026, 11, 28)


def test_two_unnamed_evenings_of_a_group_on_one_day_never_share_a_file_name():
    first = evening_file_name("english", "Fredagsgänget", NOV_28, 17, "png")
    second = evening_file_name("english", "Fredagsgänget", NOV_28, 18, "png")
    assert (first, second) == ("Fredagsgänget-2026-11-28-17.png",
                               "Fredagsgänget-2026-11-28-18.png")


def test_a_named_session_is_filed_under_its_name_and_date():
    assert evening_file_name("Friday at the cabin", "Club", NOV_28, 3, "pdf") == (
        "Friday-at-the-cabin-2026-11-28-3.pdf")
    assert evening_file_name("Friday at the cabin", None, NOV_28, 3, "standings") == (
        "Friday-at-the-cabin-2026-11-28-3-standings.csv")


def test_an_unnamed_session_in_no_group_is_filed_under_its_game():
    assert evening_file_name("ramsen", None, NOV_28, 9, "json") == "ramsen-2026-11-28-9.json"


def test_a_long_name_is_cut_before_the_date_and_number_so_they_always_stay():
    name = evening_file_name("x" * 100, None, NOV_28, 12, "csv")
    assert name == "x" * 60 + "-2026-11-28-12.csv"


def test_the_evening_list_names_an_unnamed_evening_by_its_game_and_number():
    # "2026-11-28 · english" twice becomes two names a person tells apart.
    assert [evening_name("english", n, "en") for n in (17, 18)] == [
        "English Rams no. 17", "English Rams no. 18"]
    assert evening_name("english", 17, "sv") == "Rams (engelsk) nr 17"
    assert evening_name("Fredag", 4, "de") == "Fredag"  # its own name tells it apart
