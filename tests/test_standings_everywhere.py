"""Issue 63, "A winner shown with the worst score": the French Mattmar evening whose third
game was begun and not finished. The result card, ``scorekeeper show`` and the PDF rank by
the session's standings (RULES.md, "Standings of a session, and who beats whom"), say each
player's place and the figure it rests on, call the third game unfinished (never in
play), name no pot after it went back, and give every refund its amount.

The evening, by hand (RULES.md, "Family 2"; EUR, a stake of 1.00; Anne deals first):
games 1 and 2: Denis takes all five tricks twice (10 - 5 - 5 = 0) while Anne, Bruno and
Chloé play and take none: each flies twice a game (staying on 10). Each game's pot: 4
stakes and 6 flights, 10.00, to Denis. Finals: Anne, Bruno, Chloé 10, Denis 0, twice.
Game 3: Anne 2 tricks (8), Bruno 2 (8), Chloé 1 (9), Denis none (flies: 10). Its pot (4
stakes and Denis's flight, 5.00) goes back to those who paid it: Anne, Bruno, Chloé 1.00
each, Denis 2.00. Money: Anne, Bruno, Chloé -1 - 2 twice = -6.00, Denis +9.00 twice = +18.00.
Standings: Denis 0 points (0 flights in the finished games), then Anne, Bruno and Chloé
on 20 with 4 flights each, sharing second place.
"""

from __future__ import annotations

import io
import json
import re
from datetime import date

import pytest
from pypdf import PdfReader

from scorekeeper.formats.pdf_sheet import score_sheet
from scorekeeper.formats.result_card import session_card
from scorekeeper.formats.session_file import load_session
from tests.conftest import run_cli_here

NBSP = "\u00a0"
SAMEDI = {
    "format": "scorekeeper/1", "name": "Samedi", "variant": "mattmar",
    "options": {"money": True}, "players": ["Anne", "Bruno", "Chloé", "Denis"],
    "first_dealer": "Anne", "money": {"currency": "EUR", "unit": "1"},
    "played_on": "2026-12-05", "finished": True,
    "deals": [
        *[{"tricks": {"Denis": 5, "Anne": 0, "Bruno": 0, "Chloé": 0}}] * 4,
        {"tricks": {"Anne": 2, "Bruno": 2, "Chloé": 1, "Denis": 0}},
    ],
}
# place, player, points over the finished games, flights in them, games won, money
RANKED = [("1", "Denis", "0", "0", "2", "18,00"), ("2", "Anne", "20", "4", "0", "-6,00"),
          ("2", "Bruno", "20", "4", "0", "-6,00"), ("2", "Chloé", "20", "4", "0", "-6,00")]
REFUNDS = [f"Le pot de la partie inachevée rend 1,00{NBSP}€ à {player}"
           for player in ("Anne", "Bruno", "Chloé")] + [
    f"Le pot de la partie inachevée rend 2,00{NBSP}€ à Denis"]
UNFINISHED = (f"La partie 3 n’a pas été terminée et ne compte pas{NBSP}: "
              "Anne 8, Bruno 8, Chloé 9, Denis 10")


@pytest.fixture
def samedi(tmp_path):  # type: ignore[no-untyped-def]
    """The evening stored in a SQLite scorebook of its own: its URL and session id."""
    url = f"sqlite:///{tmp_path / 'samedi.db'}"
    file = tmp_path / "samedi.json"
    file.write_text(json.dumps(SAMEDI, ensure_ascii=False), encoding="utf-8")
    assert run_cli_here(url, "import", str(file)).returncode == 0
    return url, 1


def money_text(cell: str) -> str:
    """"+18,00 €" or "-6,00" as the figures alone: "18,00", "-6,00"."""
    return cell.replace("€", "").replace(NBSP, "").replace("\u2212", "-").strip().lstrip("+")


def test_show_ranks_a_finished_mattmar_evening_by_its_standings(samedi):
    url, session_id = samedi
    result = run_cli_here(url, "--lang", "fr", "show", str(session_id))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    # finished, its last pot gone back: no pot named in the title
    assert lines[0] == "Samedi – Rams (Mattmar), 5 donnes, terminée"
    rows = [tuple(line.split()) for line in lines if line[:1].isdigit()]
    assert [(*row[:5], money_text(row[5])) for row in rows] == RANKED
    assert "en cours" not in result.stdout
    assert UNFINISHED in lines
    assert f"Gagnants{NBSP}: Denis" in lines
    assert [line for line in lines if line.startswith("Le pot")] == REFUNDS


def test_the_result_card_ranks_by_the_standings_and_says_the_refunds_with_amounts():
    session_file = load_session(json.dumps(SAMEDI))
    card = session_card("Samedi", session_file.replay(), date(2026, 12, 5), (), "fr",
                        finished=True)
    assert card.place_heading == "Place"
    assert card.columns == ("Joueur", "Points", "Sans pli", "Parties gagnées", "Argent")
    assert [(place, *row[:4], money_text(row[4]))
            for place, row in zip(card.places, card.rows, strict=True)] == RANKED
    assert card.losses == (False, True, True, True)
    assert card.winners == f"Gagnants{NBSP}: Denis"
    assert card.notes == (UNFINISHED, *REFUNDS)


def test_the_score_sheet_ranks_by_the_standings_and_calls_the_last_game_unfinished():
    session_file = load_session(json.dumps(SAMEDI))
    sheet = score_sheet("Samedi", session_file.replay(), date(2026, 12, 5), "fr",
                        finished=True)
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(sheet)).pages)
    text = re.sub(r"\s+", " ", text.replace(NBSP, " "))
    assert "en cours" not in text
    assert "Partie 3 : inachevée" in text
    standings = text[text.index("Classement final"):]
    found = re.findall(r"(\d) (Denis|Anne|Bruno|Chloé) (\d+) (\d) (\d) ([+-]\d+,\d\d) €",
                       standings)
    assert [(*row[:5], row[5].lstrip("+")) for row in found] == RANKED
    for refund in REFUNDS:
        assert refund.replace(NBSP, " ") in standings
