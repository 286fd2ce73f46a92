"""A club's years on a phone: home and a group's screen each show a screenful of the
latest (ten), and the rest is one tap away, "Show all".

Twelve finished evenings of the worked example in one group, played on 1 to 12 October.
"""

from __future__ import annotations

import json
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


def evening_tile(day: int) -> str:
    return f"2026-10-{day:02d} · Evening {day}"


def test_a_group_shows_its_ten_latest_evenings_and_all_of_them_one_tap_away(
        phone: Ui, server: Server, tmp_path: Path):
    twelve_evenings(server, tmp_path)
    phone.open("/")
    phone.tap(f"Tab: {GROUP}")
    phone.see(f"Running tab: {EVENINGS} finished evenings")
    phone.see(evening_tile(12))
    phone.see(evening_tile(3))
    # Newest first, the ten latest: the 12th down to the 3rd.
    assert phone.readouts("2026-10-") == [evening_tile(day) for day in range(12, 2, -1)]
    phone.tap(f"Show all {EVENINGS} evenings")
    phone.see(evening_tile(1))
    assert phone.readouts("2026-10-") == [evening_tile(day) for day in range(12, 0, -1)]
    assert not phone.readouts(f"Show all {EVENINGS} evenings")


def test_home_shows_the_ten_latest_sessions_and_all_of_them_one_tap_away(
        phone: Ui, server: Server, tmp_path: Path):
    twelve_evenings(server, tmp_path)
    phone.open("/")
    # Imported in order, so the latest changed is the last imported.
    phone.see("Open Evening 12")
    phone.see("Open Evening 3")
    assert phone.readouts("Open Evening ") == [f"Open Evening {day}" for day in range(12, 2, -1)]
    phone.tap(f"Show all {EVENINGS} sessions")
    # By its whole name: "Open Evening 12", there from the start, holds "Open Evening 1".
    phone.page.get_by_role("button", name="Open Evening 1", exact=True).wait_for(
        state="attached")
    assert phone.readouts("Open Evening ") == [f"Open Evening {day}" for day in range(12, 0, -1)]
    assert not phone.readouts(f"Show all {EVENINGS} sessions")
