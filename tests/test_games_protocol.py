"""Issue 9: the protocol of a Mattmar session as it is kept on paper, each game's finals,
the running sum of the finals, flights, and who leads (RULES.md, family 2)."""

from __future__ import annotations

import io
from datetime import date

from pypdf import PdfReader

from scorekeeper.core import Deal
from scorekeeper.formats.games_protocol import games_protocol
from scorekeeper.formats.pdf_sheet import score_sheet
from tests.conftest import session_of

PLAYERS = ("Ann", "Bo", "Cid")


def three_games():
    # Everyone starts on 3 (house rule), so each deal here ends a game.
    # Game 1, Ann deals: Bo 3 (0, wins), Cid 2 (1), Ann flies (3 + 5 = 8).
    # Game 2, Bo deals: Cid 3 (0, wins), Ann 2 (1), Bo flies (8).
    # Game 3, Cid deals: Ann 1 (2), Bo 1 (2), Cid 3 (0, wins).
    return session_of("mattmar", PLAYERS, [
        Deal(tricks={"Bo": 3, "Cid": 2}),
        Deal(tricks={"Cid": 3, "Ann": 2}),
        Deal(tricks={"Ann": 1, "Bo": 1, "Cid": 3}),
    ], options={"start": 3})


def test_each_game_shows_its_finals_and_flights_and_the_running_sum():
    session = three_games()
    rows = games_protocol(session.table, session.state)
    first, second, third = rows
    assert (first.game.scores, first.game.flights) == ({"Ann": 8, "Bo": 0, "Cid": 1},
                                                       {"Ann": 1, "Bo": 0, "Cid": 0})
    assert first.game.winners == ("Bo",)
    assert first.running == {"Ann": 8, "Bo": 0, "Cid": 1}
    assert second.game.scores == {"Ann": 1, "Bo": 8, "Cid": 0}
    assert second.running == {"Ann": 9, "Bo": 8, "Cid": 1}
    assert third.game.winners == ("Cid",)
    assert third.running == {"Ann": 11, "Bo": 10, "Cid": 1}


def test_a_pot_game_has_no_games_to_protocol():
    session = session_of("english", ("A", "B", "C"), [Deal(tricks={"A": 5})])
    assert games_protocol(session.table, session.state) == ()


def test_the_score_sheet_carries_the_protocol_of_the_games():
    session = three_games()
    sheet = score_sheet("Mattmar", session, date(2026, 11, 22))
    words = " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(sheet)).pages)
                     .split())
    assert "Game 1 won by Bo" in words
    assert "Game 2 won by Cid" in words
    assert "Sum after game 2" in words
    assert "8 (1)" in words  # Ann's final in game 1, one flight
