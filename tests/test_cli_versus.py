"""FORMAT.md, "Who beats whom: `scorekeeper versus A B --json`", held to the letter over
stored sessions: several currencies, a group, a year, the refusals (exit 2, one line in
the user's language), two players who never sat together (exit 0, no sessions).

The evenings, each RULES.md's worked example (english, a unit 0.50) with the four players
in other seats: the first player of the list is its A (-13.50), then B (-6.00), C (+9.50)
and D (+10.00), placed D, C, B, A.
1. 2025-11-20, Friday group, SEK: Astrid, Bengt, Cilla, Dag: Cilla 2nd, Bengt 3rd.
2. 2026-03-01, no group, EUR: Bengt, Astrid, Dag, Cilla: Cilla 1st, Bengt 4th.
3. 2026-05-01, Friday group, SEK: Cilla, Dag, Bengt, Astrid: Bengt 2nd, Cilla 4th.
4. 2026-06-01, Mattmar without money: Bengt, Dag, Cilla. Dag 3 tricks, Cilla 1, Bengt 1
   (7, 9, 9); Cilla 1, Bengt 1, Dag 3 (8, 8, 4); Bengt and Cilla pass, Dag takes 5 (-1):
   Dag first, Bengt and Cilla level on 8, no flight, in second place.
5. 2026-06-20, Friday group, SEK, not finished: not counted.
6. 2026-07-01, Friday group, SEK: Bengt, Cilla, Dag, Eva; Cilla goes home before the first
   deal: she played none (RULES.md: played, went in), so it is not one she and Bengt shared.
"""

from __future__ import annotations

import json
from datetime import date

import pytest

from scorekeeper.core import Deal, Session, make_money, make_table
from scorekeeper.formats.session_file import Evening
from tests.conftest import run_cli_here, worked_example_deals

A, B, C, D, E = "Astrid", "Bengt", "Cilla", "Dag", "Eva"


def worked(names: tuple[str, str, str, str], currency: str) -> Session:
    table = make_table("english", list(names), names[0], {}, make_money("0.50", currency))
    return Session.replay(table, worked_example_deals(names))


def store_evenings(book) -> None:  # type: ignore[no-untyped-def]
    def stored(name: str, session: Session, day: str, group: str | None = None,
               finished: bool = True) -> None:
        book.import_session(name, session, evening=Evening(
            (), group, date.fromisoformat(day), finished))

    stored("First", worked((A, B, C, D), "SEK"), "2025-11-20", "Friday group")
    stored("Second", worked((B, A, D, C), "EUR"), "2026-03-01")
    stored("Third", worked((C, D, B, A), "SEK"), "2026-05-01", "Friday group")
    mattmar = make_table("mattmar", [B, D, C], B, {}, make_money("1"))
    stored("Fourth", Session.replay(mattmar, [
        Deal(tricks={D: 3, C: 1, B: 1}), Deal(tricks={C: 1, B: 1, D: 3}),
        Deal(passed=(B, C), tricks={D: 5})]), "2026-06-01")
    stored("Fifth", worked((A, B, C, D), "SEK"), "2026-06-20", "Friday group", False)
    went_home = make_table("english", [B, C, D, E], B, {}, make_money("0.50", "SEK"))
    stored("Sixth", Session.replay(went_home, [
        Deal(leaves=(C,), tricks={D: 3, E: 2, B: 0})]), "2026-07-01", "Friday group")


@pytest.fixture(scope="module")
def club(tmp_path_factory):  # type: ignore[no-untyped-def]
    """The six evenings in a SQLite scorebook: its URL."""
    from scorekeeper.session.scorebook import Scorebook
    from scorekeeper.store.database import connect
    from scorekeeper.store.sessions import SessionStore

    url = f"sqlite:///{tmp_path_factory.mktemp('club') / 'club.db'}"
    engine = connect(url)
    store_evenings(Scorebook(SessionStore(engine)))
    engine.dispose()
    return url


def versus(url: str, *args: str) -> dict[str, object]:
    result = run_cli_here(url, "versus", *args, "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_versus_json_over_every_finished_session_both_took_part_in(club):
    # ahead: Cilla on the 1st and 2nd, Bengt on the 3rd; level on the 4th. Money: EUR the
    # 2nd (Bengt -13.50, Cilla +10.00); SEK the 1st and 3rd (Bengt -6.00 + 9.50 = 3.50,
    # Cilla 9.50 - 13.50 = -4.00); the 4th has no currency.
    assert versus(club, "bengt", "CILLA") == {
        "players": ["Bengt", "Cilla"],
        "sessions": 4,
        "ahead": {"Bengt": 1, "Cilla": 2},
        "level": 1,
        "money": [{"currency": "EUR", "Bengt": "-13.50", "Cilla": "10.00"},
                  {"currency": "SEK", "Bengt": "3.50", "Cilla": "-4.00"}],
    }


def test_versus_json_keeps_the_order_asked_for(club):
    found = versus(club, "Cilla", "Bengt")
    assert found["players"] == ["Cilla", "Bengt"]
    assert found["ahead"] == {"Cilla": 2, "Bengt": 1}
    assert list(found["money"][0]) == ["currency", "Cilla", "Bengt"]


def test_versus_json_of_a_group_counts_its_finished_sessions_only(club):
    # the 1st and 3rd (the 5th is not finished; Cilla played no deal of the 6th)
    assert versus(club, "Bengt", "Cilla", "--group", "friday GROUP") == {
        "players": ["Bengt", "Cilla"], "sessions": 2, "ahead": {"Bengt": 1, "Cilla": 1},
        "level": 0, "money": [{"currency": "SEK", "Bengt": "3.50", "Cilla": "-4.00"}]}


def test_versus_json_of_a_year_counts_the_sessions_played_that_year(club):
    # 2026: the 2nd, 3rd and 4th
    assert versus(club, "Bengt", "Cilla", "--year", "2026") == {
        "players": ["Bengt", "Cilla"], "sessions": 3, "ahead": {"Bengt": 1, "Cilla": 1},
        "level": 1, "money": [{"currency": "EUR", "Bengt": "-13.50", "Cilla": "10.00"},
                              {"currency": "SEK", "Bengt": "9.50", "Cilla": "-13.50"}]}
    assert versus(club, "Bengt", "Cilla", "--group", "Friday group", "--year", "2025") == {
        "players": ["Bengt", "Cilla"], "sessions": 1, "ahead": {"Bengt": 0, "Cilla": 1},
        "level": 0, "money": [{"currency": "SEK", "Bengt": "-6.00", "Cilla": "9.50"}]}


def test_two_players_who_never_sat_together_have_no_sessions_and_exit_0(club):
    assert versus(club, "Astrid", "Eva") == {
        "players": ["Astrid", "Eva"], "sessions": 0, "ahead": {"Astrid": 0, "Eva": 0},
        "level": 0, "money": []}


def test_versus_in_words_says_the_sessions_who_was_ahead_and_the_money(club):
    result = run_cli_here(club, "--lang", "sv", "versus", "Bengt", "Cilla")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "Bengt mot Cilla",
        "4 avslutade sessioner tillsammans, lika i 1",
        "         Bengt  Cilla",
        "Före i       1      2",
        "EUR     -13,50  10,00",
        "SEK       3,50  -4,00",
    ]
    scoped = run_cli_here(club, "versus", "Bengt", "Cilla", "--group", "friday group",
                          "--year", "2026")
    assert scoped.stdout.splitlines()[:2] == [
        "Bengt against Cilla · Friday group · 2026",
        "1 finished session together, level in 0"]


@pytest.mark.parametrize(("args", "said"), [
    (("Bengt", "Zed"), "Il n’y a pas de joueur nommé Zed"),
    ((" ", "Cilla"), "Il manque le nom d’un joueur"),
    (("Bengt", "bengt"), "Bengt contre Bengt\u00a0: nommez deux joueurs différents"),
    (("Bengt", "Cilla", "--group", "Nowhere"), "il n’y a pas de groupe nommé Nowhere"),
    (("Bengt", "Cilla", "--year", "20x6"),
     "20x6 n’est pas une année\u00a0: donnez-en une de 1900 à 9999"),
    (("Bengt", "Cilla", "--year", "99999"),
     "99999 n’est pas une année\u00a0: donnez-en une de 1900 à 9999"),
])
def test_versus_refuses_in_one_line_of_the_users_language_with_exit_2(club, args, said):
    result = run_cli_here(club, "--lang", "fr", "versus", *args, "--json")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == said + "\n"


def test_the_scorebooks_head_to_head_reads_the_same_on_sqlite_and_postgresql(book):
    store_evenings(book)
    found = book.versus("Bengt", "Cilla", "Friday group")
    assert [s.name for s in found.sessions] == ["First", "Third"]
    assert found.ahead == {"Bengt": 1, "Cilla": 1}


def test_sessions_stored_before_revision_0015_get_their_places_at_the_upgrade(db_url):
    from sqlalchemy import inspect

    from scorekeeper.session.scorebook import Scorebook
    from scorekeeper.store.database import connect, migrate
    from scorekeeper.store.sessions import SessionStore
    from tests.test_migrations import downgrade

    engine = connect(db_url)
    try:
        book = Scorebook(SessionStore(engine))
        store_evenings(book)
        before = book.versus("Bengt", "Cilla")
        listed = [summary.standings for summary in book.summaries()]
        downgrade(engine, "0014")
        assert "places" not in {c["name"] for c in inspect(engine).get_columns("sessions")}
        migrate(engine)
        again = Scorebook(SessionStore(engine))
        assert again.versus("Bengt", "Cilla") == before
        assert [summary.standings for summary in again.summaries()] == listed
    finally:
        engine.dispose()
