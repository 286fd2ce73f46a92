"""Issue 9: the Mattmar protocol as kept on paper, opened from the table; the charts."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image

from tests.e2e.conftest import CABIN, Server, Ui

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "mattmar-saturday.json"


def test_the_protocol_shows_each_games_finals_and_the_running_sum(ui: Ui, server: Server):
    server.holds(EXAMPLE)
    replayed = json.loads(server.cli("replay", str(EXAMPLE), "--json").stdout)
    first = replayed["games"][0]
    ui.open("/session/1")
    ui.tap("Protocol")
    ui.see("Protocol: Mattmar, Saturday")
    finals = ", ".join(f"{p} {first['scores'][p]}" for p in ("Ann", "Bo", "Cid"))
    ui.read(f"Game 1: {finals}")
    ui.read(f"Sum after game 1: {finals}")  # one finished game: the sum is its finals
    ui.see("Game 1 won by Ann")
    ui.see("Game 2: in play")
    ui.shot("protocol-desktop-light")
    ui.tap("Back")
    ui.see("Save deal 9")


def test_the_charts_open_from_the_table_and_go_back(ui: Ui, server: Server):
    server.holds(EXAMPLE)
    ui.open("/session/1")
    ui.tap("Charts")
    ui.see("Score after each deal")
    ui.see("Tricks and flights")
    ui.tap("Back")
    ui.see("Save deal 9")


def test_the_score_chart_is_labelled_to_the_last_deal_and_at_both_ends_of_the_score(
        phone: Ui, server: Server):
    """Issue 26: the deals' axis stopped before the last deal and the score's axis had no
    labels at its ends. Friday at the cabin: six deals; the scores run from Astrid's -28
    (after deal 6) to Dag's +23 (after deals 3 and 4), so the score's axis, in steps of
    10, runs from -30 to 30."""
    server.holds(CABIN)
    phone.open("/session/1/charts")
    phone.see("Score after each deal")
    labels = phone.page.evaluate("""() => [...document.querySelectorAll('flt-semantics')]
        .map(node => (node.getAttribute('aria-label') || node.innerText || '').trim())""")
    for end in ("0", "6", "-30", "30"):
        assert end in labels, end
    phone.shot("charts-axes-phone-light")


@pytest.mark.usefixtures("cabin")
def test_the_score_sheet_lists_every_deal_as_on_paper(phone: Ui):
    """Issue 49: the deal-by-deal protocol on screen, as the PDF has it. RULES.md's worked
    example: after deal 3 (Cilla dealt, Dag's General Rams) A -3, B -13, C -7, D 23, pot 0;
    after deal 6 (Bengt dealt) A -28, B -13, C 18, D 18, pot 5."""
    phone.open("/session/1")
    phone.tap("Ledger")
    phone.tap("Score sheet")
    phone.read("Deal 3, Cilla dealt: Astrid -3, Bengt -13, Cilla -7, Dag 23; pot 0")
    phone.read("Deal 6, Bengt dealt: Astrid -28, Bengt -13, Cilla 18, Dag 18; pot 5")
    phone.shot("score-sheet-phone")
    # Issue 63: the headings stood 2 px apart and "Astrid" ran into "Bengt". To the eye each
    # is a word of its own: ink, then paper at least as wide as a space, then the next.
    assert words_seen(phone, "Deal", "Pot") == [
        "Deal", "Dealer", "Astrid", "Bengt", "Cilla", "Dag", "Pot"]


SPACE = 6  # px of paper between two words at 14 px: more than between two of a word's letters


def words_seen(ui: Ui, first: str, last: str) -> list[str]:
    """The words of the line from the text ``first`` to the text ``last``, as the eye parts
    them in the picture (a run of ink, a space's width of paper, the next), each named by
    the text laid out where it begins."""
    start, end = (ui.shown(words).first.bounding_box() for words in (first, last))
    assert start is not None
    assert end is not None
    ui.next_frame()
    left, top, height = start["x"], start["y"], start["height"]
    picture = Image.open(io.BytesIO(ui.page.screenshot(clip={
        "x": left, "y": top, "width": end["x"] + end["width"] - left, "height": height})))
    ink = [any(picture.convert("L").getpixel((x, y)) < 128 for y in range(picture.height))
           for x in range(picture.width)]
    begins = [x for x in range(len(ink)) if ink[x] and not any(ink[max(0, x - SPACE):x])]
    texts = ui.page.evaluate("""([top, bottom]) => [...document.querySelectorAll('flt-semantics')]
        .filter(node => !node.querySelector('flt-semantics'))
        .map(node => [node.getBoundingClientRect(), (node.innerText || '').trim()])
        .filter(([box]) => box.top >= top - 1 && box.bottom <= bottom + 1)
        .map(([box, text]) => [box.left, box.right, text])""", [top, top + height])
    return [next((text for x0, x1, text in texts if x0 - 1 <= left + x <= x1 + 1), "?")
            for x in begins]
