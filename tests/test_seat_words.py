"""The seat words (issue 63): forehand, the dealer's left and right and the way the turn
goes, from each game's source, said alike by the rows and the deal assistant.

Where each source says which way the turn goes:
- English Rams (seeds/rams-english-rules-sv.txt): "Given går liksom spelet i övrigt
  medsols" (clockwise, to the left); "spelaren till höger om givaren" is the RH; "Den
  närmaste aktiva spelaren till vänster om givaren spelar ut".
- Denexa (seeds/rams-denexa-rules-en.txt): "First action goes to the player at the
  dealer's left"; "the player to the dealer's right pays five units to the dealer".
- Rounce, pool and counters (seeds/rams-wikipedia-en.txt): "the turn to deal and play
  passes to the left"; "If all fold up to the player at dealer's right".
- Mattmar (seeds/rams-mattmar-rules-sv.txt): "Given går liksom spelet i övrigt medsols";
  "Den närmaste aktiva spelaren till vänster om givaren spelar ut".
- Ramsen (seeds/ramsen-jass-rules-de.txt): "Der rechts vom Spielgeber sitzende Spieler
  kann als Erster seine Karten gegen den Blinden tauschen" and "beginnt die erste Runde":
  the turn goes to the right, so the player before the dealer sits on the dealer's left.
"""

from __future__ import annotations

import pytest

from scorekeeper.core import PRESETS, guide, rules_for
from scorekeeper.core.rulebook import rulebook
from scorekeeper.core.seating import seat_words
from scorekeeper.i18n import render
from tests.conftest import session_of

LEFT_TURNING = ("english", "denexa", "rounce", "pool", "mattmar", "counters")
# The side words in German, where the Jass source is written.
SIDE = {"left": "links", "right": "rechts"}


def ramsen_deal() -> tuple:  # type: ignore[type-arg]
    """Ramsen, Hans, Ida and Jonas in order of play; Hans deals deal 1."""
    session = session_of("ramsen", ("Hans", "Ida", "Jonas"), first_dealer="Hans")
    shown = guide(session.table, session.state)
    return shown, seat_words(session.table.rules, shown.seats)


def test_the_turn_goes_as_each_games_source_says():
    assert {variant: rules.turn for variant, rules in PRESETS.items()} == {
        **dict.fromkeys(LEFT_TURNING, "left"), "ramsen": "right"}


def test_in_ramsen_the_player_before_the_dealer_sits_on_the_dealers_left_on_the_row_too():
    shown, sides = ramsen_deal()
    # Ida follows Hans in order of play: she sits on his right and begins; Jonas, just
    # before Hans, sits on his left. The row says it as the assistant does.
    assert [render(tag, "de") for tag in sides.tags["Jonas"]] == ["links vom Spielgeber"]
    assert render(sides.last_before_dealer, "de") == (
        "Jonas ist vor dem Spielgeber als Letzter dran und sitzt links vom Spielgeber")
    assert render(sides.turn, "de") == (
        "Es geht nach rechts (gegen den Uhrzeigersinn): Ida, rechts von Hans, beginnt")
    assert [render(tag, "de") for tag in sides.tags["Ida"]] == ["Vorhand"]
    assert [render(tag, "de") for tag in sides.tags["Hans"]] == ["Spielgeber"]
    # The assistant's steps end with that very sentence.
    assert shown.dealing[-1] == sides.turn
    assert shown.sides == sides


@pytest.mark.parametrize("language", ["sv", "en", "de", "fr"])
def test_ramsens_row_never_calls_the_player_before_the_dealer_the_right_hand(language):
    _, sides = ramsen_deal()
    row = " ".join(render(tag, language) for tag in sides.tags["Jonas"])
    english = rules_for("english")
    session = session_of("english", ("A", "B", "C"))
    rh_tag = seat_words(english, guide(session.table, session.state).seats).tags["C"]
    assert row != " ".join(render(tag, language) for tag in rh_tag)


@pytest.mark.parametrize("variant", [*LEFT_TURNING, "ramsen"])
def test_the_row_and_the_assistant_name_one_side_for_each_seat(variant):
    # Dealer A, then B, C, D in order of play: B is forehand, D speaks just before A.
    session = session_of(variant, ("A", "B", "C", "D"), first_dealer="A")
    shown = guide(session.table, session.state)
    sides = shown.sides
    forehand_side = SIDE[session.table.rules.turn]  # the turn goes towards the forehand
    last_side = SIDE["right" if forehand_side == SIDE["left"] else "left"]
    row = " ".join(render(tag, "de") for tag in sides.tags["D"])
    line = render(sides.last_before_dealer, "de")
    turn = render(sides.turn, "de")
    assert f"{last_side} vom Spielgeber" in row
    assert f"{last_side} vom Spielgeber" in line
    assert f"B, {forehand_side} von A" in turn


def test_the_rules_at_hand_put_ramsens_seats_where_the_table_does():
    def order(variant: str) -> str:
        chapters = rulebook(rules_for(variant))
        return next(render(p.says, "en") for c in chapters for p in c.paragraphs
                    if p.anchor == "order")

    assert "to the right (counterclockwise)" in order("ramsen")
    assert "sits on the dealer's left" in order("ramsen")
    assert "right hand (RH)" not in order("ramsen")
    assert "right hand (RH)" in order("english")
