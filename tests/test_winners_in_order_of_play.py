"""FORMAT.md: every list of winners, the session's and each game's, is in order of play,
so a shared win reads the same on the table, in the file and on the score sheet."""

from __future__ import annotations

from scorekeeper.core import Deal, session_winners
from scorekeeper.formats.replay import replay_report
from tests.conftest import session_of


def shared_mattmar_game():
    # Astrid deals, so Bengt speaks first; everyone starts on 2 (house rule).
    # Bengt 2 tricks: 0; Cilla 1: 1; Astrid 2: 0. Astrid and Bengt tie on 0 with no flights.
    return session_of("mattmar", ("Astrid", "Bengt", "Cilla"), [
        Deal(tricks={"Bengt": 2, "Cilla": 1, "Astrid": 2}),
    ], options={"start": 2, "games": 1})


def test_a_shared_mattmar_game_lists_its_winners_in_order_of_play():
    game = shared_mattmar_game().state.games[0]
    assert game.finished
    assert game.winners == ("Astrid", "Bengt")


def test_a_shared_mattmar_session_lists_its_winners_in_order_of_play():
    session = shared_mattmar_game()
    assert session_winners(session.table, session.state) == ("Astrid", "Bengt")
    report = replay_report(session)
    assert report["winners"] == ["Astrid", "Bengt"]
    assert report["games"][0]["winners"] == ["Astrid", "Bengt"]


def test_counters_last_in_loses_lists_losers_going_out_together_in_order_of_play():
    # Everyone on 1 counter; Dag deals first. Deal 1: Astrid and Bengt pass, Cilla and Dag
    # take tricks and go out. Deal 2: Astrid deals, so Bengt speaks first; both go out at
    # once and share the loss; Cilla and Dag are the winners.
    session = session_of("counters", ("Astrid", "Bengt", "Cilla", "Dag"), [
        Deal(passed=("Astrid", "Bengt"), tricks={"Cilla": 1, "Dag": 4}),
        Deal(tricks={"Bengt": 2, "Astrid": 3}),
    ], options={"start": 1, "counters_end": "last_in_loses"}, first_dealer="Dag")
    game = session.state.games[0]
    assert game.finished
    assert game.losers == ("Astrid", "Bengt")
    assert game.winners == ("Cilla", "Dag")
