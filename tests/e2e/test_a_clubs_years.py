"""A club's years on a phone: home and a group's screen each show a screenful of the
latest (ten), and the rest is one tap away, "Show all"; each session with its places, best
first, and the figure each rests on (RULES.md, "Standings of a session"). The group's
records and who beats whom; a player's page opened from the group, and a rival tapped on
it side by side (RULES.md, "who beats whom").

Twelve finished evenings of the worked example in one group, played on 1 to 12 October:
each ends Dag +10.00 (the pot's indivisible rest), Cilla +9.50, Bengt -6.00, Astrid -13.50.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.e2e.conftest import CABIN, Server, Ui

GROUP = "Thursday club"
EVENINGS = 12


def twelve_evenings(server: Server, tmp: Path) -> None:
    base = json.loads(CABIN.read_text(encoding="utf-8"))
    evenings = [tmp / f"evening-{day}.json" for day in range(1, EVENINGS + 1)]
    for day, evening in enumerate(evenings, start=1):
        evening.write_text(json.dumps({**base, "name": f"Evening {day}", "group": GROUP,
                                       "played_on": f"2026-10-{day:02d}", "finished": True,
                                       "payments": []}), encoding="utf-8")
    server.holds(*evenings)


def evening_tiles(phone: Ui) -> list[str]:
    """The lines of the group's evenings on screen, top to bottom."""
    return [said for said in phone.readouts("") if EVENING_TILE.fullmatch(said)]


EVENING_TILE = re.compile(r"\d{1,2} Oct 2026 · Evening \d{1,2}")
PLACES = "1. Dag +SEK 10.00 · 2. Cilla +SEK 9.50 · 3. Bengt -SEK 6.00 · 4. Astrid -SEK 13.50"


def evening_tile(day: int) -> str:
    """A line of the group's evenings: its day as English writes a date, then its name."""
    return f"{day} Oct 2026 · Evening {day}"


def test_a_group_shows_its_evenings_its_records_and_a_players_page_and_rival(
        phone: Ui, server: Server, tmp_path: Path):
    twelve_evenings(server, tmp_path)
    phone.open("/")
    phone.tap(f"Tab: {GROUP}")
    phone.see(f"Running tab: {EVENINGS} finished evenings")
    phone.see(evening_tile(12))
    phone.see(evening_tile(3))
    # Newest first, the ten latest: the 12th down to the 3rd, each with its places.
    assert evening_tiles(phone) == [evening_tile(day) for day in range(12, 2, -1)]
    assert phone.readouts(PLACES) == [PLACES] * 10
    phone.scroll_up_to("Season 2026")
    assert phone.readouts("1. Dag: ") == [
        "1. Dag: 12 evenings, 12 won, SEK 120.00, 12 flights, SEK 10.00 an evening"]
    phone.shot("group-season-places-phone")
    phone.scroll_up_to("Evenings")
    phone.shot("group-evenings-places-phone")
    phone.tap(f"Show all {EVENINGS} evenings")
    phone.read(evening_tile(1))  # whole: the 11th's line holds the 1st's as a part
    assert evening_tiles(phone) == [evening_tile(day) for day in range(12, 0, -1)]
    assert phone.readouts(PLACES) == [PLACES] * EVENINGS  # the older two's too
    assert not phone.readouts(f"Show all {EVENINGS} evenings")
    the_records_a_player_and_a_rival(phone)


FIRST = "Evening 1, 1 Oct 2026"  # the first evening to reach a record holds it


def the_records_a_player_and_a_rival(phone: Ui) -> None:
    """Each evening (the worked example) Dag +10.00 with a General Rams won and 5.00 from
    the pot in one deal, Cilla +9.50 with 10.00 in deal 6, Bengt -6.00, Astrid -13.50:
    twelve times over."""
    phone.scroll_up_to("Records")
    assert phone.readouts("Best evening: ") == [f"Best evening: Dag +SEK 10.00, {FIRST}"]
    assert phone.readouts("Biggest pot taken in one deal: ") == [
        f"Biggest pot taken in one deal: Cilla SEK 10.00, {FIRST}"]
    assert phone.readouts("Longest run in the money: ") == [
        "Longest run in the money: Cilla and Dag, 12 evenings in a row"]
    assert phone.readouts("Most General Rams won: ") == ["Most General Rams won: Dag, 12"]
    phone.shot("group-records-phone")
    phone.scroll_up_to("Who beats whom")
    # every pair all twelve evenings, the one placed higher always ahead
    for first, second in [("Bengt", "Astrid"), ("Cilla", "Astrid"), ("Cilla", "Bengt"),
                          ("Dag", "Astrid"), ("Dag", "Bengt"), ("Dag", "Cilla")]:
        assert phone.readouts(f"{first} against {second}: ") == [
            f"{first} against {second}: ahead in 12, level in 0, behind in 0"]
    phone.shot("group-who-beats-whom-phone")
    phone.scroll_up_to("Records")
    phone.tap("Dag")
    phone.see("12 evenings, first in 12 (100%), average place 1.0")
    assert phone.readouts("English Rams: ") == [
        "English Rams: first in 12 of 12 evenings (100%), average place 1.0"]
    assert phone.readouts("In the money: ") == [
        "In the money: 12 evenings in a row at most, 12 now"]
    # Dag flew in the first deal of every evening
    assert phone.readouts("Without a flight: ") == [
        "Without a flight: 0 evenings in a row at most, 0 now"]
    assert phone.readouts("Astrid: ") == [
        "Astrid: 12 evenings together, ahead in 12, level in 0, behind in 0, +SEK 120.00"]
    assert phone.readouts("General Rams: ") == ["General Rams: 12 won, 0 lost"]
    assert phone.readouts("Biggest pot taken in one deal: ") == [
        f"Biggest pot taken in one deal: SEK 5.00, {FIRST}"]
    phone.shot("player-phone")
    phone.tap("Astrid: 12 evenings together, ahead in 12, level in 0, behind in 0, +SEK 120.00")
    phone.see("Dag against Astrid")
    phone.see("12 finished sessions together, level in 0")
    assert phone.readouts("Dag ahead in ") == ["Dag ahead in 12, Astrid in 0"]
    # 12 x +10.00 and 12 x -13.50
    assert phone.readouts("Dag +SEK") == ["Dag +SEK 120.00, Astrid -SEK 162.00"]
    assert phone.readouts("Evening 12, ") == [
        "Evening 12, 12 Oct 2026: Dag place 1, Astrid place 4 · Dag ahead"
        " · Dag +SEK 10.00, Astrid -SEK 13.50"]
    phone.shot("rival-phone")


def test_home_shows_the_ten_latest_sessions_and_all_of_them_one_tap_away(
        phone: Ui, server: Server, tmp_path: Path):
    twelve_evenings(server, tmp_path)
    phone.open("/")
    # Imported in order, so the latest changed is the last imported.
    phone.see("Open Evening 12")
    phone.see("Open Evening 3")
    assert phone.readouts("Open Evening ") == [f"Open Evening {day}" for day in range(12, 2, -1)]
    # each session's game, day and deals, then its places, best first
    phone.see("English Rams · 12 Oct 2026 · 6 deals · finished")
    phone.see(PLACES)
    phone.shot("home-places-phone")
    phone.tap(f"Show all {EVENINGS} sessions")
    # By its whole name: "Open Evening 12", there from the start, holds "Open Evening 1".
    phone.page.get_by_role("button", name="Open Evening 1", exact=True).wait_for(
        state="attached")
    assert phone.readouts("Open Evening ") == [f"Open Evening {day}" for day in range(12, 0, -1)]
    assert not phone.readouts(f"Show all {EVENINGS} sessions")
