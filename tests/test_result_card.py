"""The result card (a PNG for the group chat), read back with OCR (Debian's tesseract) as a
person reads it: every player's name beside their money, every transfer's amount, what is
already paid, the winners; in English and Swedish.

The English evening is RULES.md's worked example: money Astrid -13.50, Bengt -6.00,
Cilla +9.50, Dag +10.00; transfers Astrid→Dag 10.00, Astrid→Cilla 3.50, Bengt→Cilla 6.00.
Astrid has handed Dag 5.00 of her 10.00, so 5.00 of it is still owed.

The Mattmar evening (tests/examples/mattmar-saturday.json, stake SEK 1), worked by hand:
game 1, everyone stakes 1 (pot 3). Deal 1: Bo 10-2=8, Cid 10-3=7, Ann flies (capped at
10, pays 1) and buys down to 8 (pays 1): pot 5. Deal 2: Ann 8-3=5, Bo 8-2=6. Deal 3: Ann
5-4=1, Cid 7-1=6, Bo flies (6+5, capped at 10; pays 1): pot 6. Deal 4: Cid 6-2=4, Ann
1-3=-2: game over, Ann wins the pot of 6. So far Ann -3+6=+3, Bo -2, Cid -1. Game 2
everyone stakes 1 (pot 3); Cid flies in deal 7 and Bo in deal 8 (each pays 1): the game is
unfinished at the end, so each gets back what they paid into it (Ann 1, Bo 2, Cid 2).
Money: Ann +3.00, Bo -2.00, Cid -1.00; Bo pays Ann 2.00, Cid pays Ann 1.00; Ann won the
only finished game, so Ann wins the session.
"""

from __future__ import annotations

import os
import re
import subprocess
from datetime import date
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.core.owed import Handover
from scorekeeper.core.tab import SessionResult, running_tab
from scorekeeper.core.table import make_money
from scorekeeper.formats.card_picture import FALLBACKS, REGULAR, card_png, runs
from scorekeeper.formats.exports import export
from scorekeeper.formats.result_card import tab_card
from scorekeeper.formats.session_file import Evening, load_session
from tests.conftest import EXAMPLE_FILE

MATTMAR_FILE = EXAMPLE_FILE.with_name("mattmar-saturday.json")
OCR_LANGUAGE = {"en": "eng", "sv": "swe"}


def read_back(picture: bytes, language: str, tmp_path: Path) -> list[str]:
    """The card's lines as tesseract reads them, spaces evened out."""
    source = tmp_path / "card.png"
    source.write_bytes(picture)
    # --psm 4: read line by line across, as a person reads a row (a name and a figure far
    # apart stay on one line). One thread: the suite runs a worker per core already.
    found = subprocess.run(["tesseract", str(source), "stdout", "-l", OCR_LANGUAGE[language],
                            "--psm", "4"],
                           capture_output=True, text=True, check=True,
                           env=os.environ | {"OMP_THREAD_LIMIT": "1"})
    return [" ".join(line.split()) for line in found.stdout.splitlines() if line.strip()]


def line_with(lines: list[str], *words: str) -> str:
    """The one line that holds every one of ``words`` (a name beside its figure)."""
    holding = [line for line in lines if all(word in line for word in words)]
    assert holding, f"no line reads {' … '.join(words)} in:\n" + "\n".join(lines)
    return holding[0]


def figure(amount: str, language: str) -> str:
    """13.50 as the language writes it: 13,50 in Swedish."""
    return amount.replace(".", ",") if language == "sv" else amount


def kronor(signed: str, language: str) -> str:
    """A player's money in kronor as the card writes it, its sign first: -13.50 is
    "-SEK 13.50" in English, "-13,50 kr" in Swedish."""
    sign, amount = signed[0], signed[1:]
    return f"{sign}SEK {amount}" if language == "en" else f"{sign}{figure(amount, language)} kr"


def standing(lines: list[str], player: str, signed: str, language: str) -> None:
    """The player's row of the table read back with their money, sign and all, at its end
    (a loss is drawn in red: issue 63, the red of a loss was read as nothing)."""
    money = kronor(signed, language)
    rows = [line for line in lines if re.match(rf"\d+ {player} ", line)]
    assert any(row.endswith(money) for row in rows), f"{player}'s row reads {rows}"


NOT_FINISHED = {"en": "Not finished: the money if it ended now",
                "sv": "Inte avslutad: pengarna om den slutade nu"}


def english_evening(language: str) -> bytes:
    stored = load_session(EXAMPLE_FILE.read_text(encoding="utf-8"))
    paid = Evening(payments=(Handover("Astrid", "Dag", 500),), played_on=date(2026, 11, 20))
    return export("png", stored.name, stored.replay(), language, date(2026, 11, 23),
                  evening=paid)


@pytest.mark.parametrize("language", ["en", "sv"])
def test_the_card_of_the_worked_example_shows_each_players_money_and_what_is_still_owed(
        language: str, tmp_path: Path):
    lines = read_back(english_evening(language), language, tmp_path)
    for player, money in [("Astrid", "-13.50"), ("Bengt", "-6.00"), ("Cilla", "+9.50"),
                          ("Dag", "+10.00")]:
        standing(lines, player, money, language)
    # Issue 63: the subtitle was cut short ("…om den slut…"); it wraps whole.
    assert NOT_FINISHED[language] in " ".join(lines)
    pays = "pays" if language == "en" else "betalar"
    # Astrid's 10.00 to Dag less the 5.00 she handed over; the others untouched.
    line_with(lines, "Astrid", pays, "Dag", figure("5.00", language))
    line_with(lines, figure("5.00", language), figure("10.00", language))  # paid 5 of 10
    line_with(lines, "Astrid", pays, "Cilla", figure("3.50", language))
    line_with(lines, "Bengt", pays, "Cilla", figure("6.00", language))
    line_with(lines, "Friday at the cabin")


def test_the_card_lists_the_players_best_first_each_with_their_place(tmp_path: Path):
    # By money after the end of the session (RULES.md, "Standings of a session"): Dag
    # 10.00, Cilla 9.50 (both on +18 units before the pot's rest went to Dag), Bengt -6.00,
    # Astrid -13.50; read top to bottom as a person reads the card.
    lines = read_back(english_evening("en"), "en", tmp_path)
    rows = [line_with(lines, place, player, money) for place, player, money in (
        ("1", "Dag", "10.00"), ("2", "Cilla", "9.50"), ("3", "Bengt", "6.00"),
        ("4", "Astrid", "13.50"))]
    assert [lines.index(row) for row in rows] == sorted(lines.index(row) for row in rows)
    assert all(row.startswith(place) for row, place in zip(rows, "1234", strict=True))


@pytest.mark.parametrize("language", ["en", "sv"])
def test_the_card_of_a_mattmar_evening_names_the_winner_and_the_money(
        language: str, tmp_path: Path):
    stored = load_session(MATTMAR_FILE.read_text(encoding="utf-8"))
    picture = export("png", stored.name, stored.replay(), language, date(2026, 11, 23),
                     evening=stored.evening)
    lines = read_back(picture, language, tmp_path)
    for player, money in [("Ann", "+3.00"), ("Bo", "-2.00"), ("Cid", "-1.00")]:
        standing(lines, player, money, language)
    pays = "pays" if language == "en" else "betalar"
    line_with(lines, "Bo", pays, "Ann", figure("2.00", language))
    line_with(lines, "Cid", pays, "Ann", figure("1.00", language))
    line_with(lines, "Winners: Ann" if language == "en" else "Vinnare: Ann")


def test_the_card_of_a_groups_tab_shows_each_balance(tmp_path: Path):
    """Two evenings: the worked example, then Astrid +4.00 and Bengt -4.00; Bengt has paid
    Cilla 6.00 on the tab. Balances: Astrid -13.50+4.00 = -9.50; Bengt -6.00-4.00+6.00 =
    -4.00; Cilla 9.50-6.00 = +3.50; Dag +10.00. No two of them cancel out, so three
    transfers settle them."""
    players = ("Astrid", "Bengt", "Cilla", "Dag")
    evenings = [
        SessionResult(date(2026, 11, 20), players,
                      {"Astrid": -1350, "Bengt": -600, "Cilla": 950, "Dag": 1000},
                      dict.fromkeys(players, 0)),
        SessionResult(date(2026, 11, 27), players,
                      {"Astrid": 400, "Bengt": -400, "Cilla": 0, "Dag": 0},
                      dict.fromkeys(players, 0)),
    ]
    own = (Handover("Bengt", "Cilla", 600),)
    tab = running_tab(evenings, own)
    money = make_money("0.50", "SEK")
    lines = read_back(card_png(tab_card("Friday group", money, tab, own, date(2026, 11, 28),
                                        "en")), "en", tmp_path)
    for player, balance in [("Astrid", "9.50"), ("Bengt", "4.00"), ("Cilla", "3.50"),
                            ("Dag", "10.00")]:
        line_with(lines, player, balance)
    assert len([line for line in lines if re.fullmatch(r"\w+ pays \w+ SEK [\d.]+", line)]) == 3
    line_with(lines, "Bengt paid Cilla", "6.00")
    line_with(lines, "Tab of 2 finished evenings")


def test_a_name_in_another_script_is_drawn_in_the_shipped_font_that_has_it():
    """DejaVu draws Latin, Greek, Cyrillic and the suits; Thai, emoji and Chinese come
    from the fallbacks (never as empty boxes); a space stays in the run before it."""
    thai, emoji, cjk = FALLBACKS
    assert list(runs("Åsa ♠ Σοφία", bold=False)) == [(REGULAR, "Åsa ♠ Σοφία")]
    assert list(runs("Dag สมชาย 🙂 王芳", bold=False)) == [
        (REGULAR, "Dag "), (thai, "สมชาย "), (emoji, "🙂 "), (cjk, "王芳")]


def test_a_name_no_shipped_font_draws_is_spelled_in_latin_letters():
    assert list(runs("अनु", bold=False)) == [(REGULAR, "anu")]


def test_the_command_line_writes_the_card_and_asks_for_a_file(tmp_path: Path):
    env = {"FLET_APP_STORAGE_DATA": str(tmp_path / "data")}
    runner = CliRunner()
    imported = runner.invoke(main, ["import", str(MATTMAR_FILE)], env=env)
    assert imported.exit_code == 0, imported.output
    card = tmp_path / "card.png"
    written = runner.invoke(main, ["export", "1", "--format", "png", "-o", str(card)], env=env)
    assert written.exit_code == 0, written.output
    stored = load_session(MATTMAR_FILE.read_text(encoding="utf-8"))
    assert card.read_bytes() == export("png", stored.name, stored.replay(), "en",
                                       date.today(), evening=stored.evening)
    refused = runner.invoke(main, ["export", "1", "--format", "png"], env=env)
    assert refused.exit_code != 0
    assert "a picture needs a file: add -o card.png" in refused.output
