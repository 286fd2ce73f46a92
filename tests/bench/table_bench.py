"""Taps and scrolls per deal: an English and a Mattmar evening entered through the app on a
390x844 phone, the way a scorer enters them (passes, the rarer events, the tricks that are
not 0 and do not follow from the others, Save). A scroll is counted whenever the control
to tap was not on screen when the finger went for it: off the phone's screen, scrolled
out of its list, or under the Save bar."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.bench.rows import Row
from tests.e2e.conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    Ui,
    start_server,
    stop_server,
    tricks_button,
)

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
PHONE = {"width": 390, "height": 844}


def taps_for(deal: dict, number: int, players: list[str]) -> list[str]:
    """What a scorer taps for ``deal`` (a FORMAT.md deal object), in order."""
    taps = [f"{player} passes" for player in deal.get("pass", [])]
    if deal.get("misdeal"):
        taps.append("Misdeal")
    if deal.get("conceded"):
        taps.append("RH conceded")
    if deal.get("widow"):
        taps += ["Widow", f"{deal['widow']} took the widow"]
    if deal.get("general"):
        taps += ["General Rams", f"{deal['general']} declared General Rams"]
    for player in deal.get("fouls", []):
        taps += ["Foul", f"{player} fouled"]
    if deal.get("forfeit_to"):
        taps += ["Forfeit to", f"Forfeit to {deal['forfeit_to']}"]
    # Zero is already chosen, and when every player in the deal but one has a count, the
    # last one's follows: tap whichever of the two ways takes fewer taps, as a scorer would.
    tricks = deal.get("tricks", {})
    given = [(p, n) for p, n in tricks.items() if n]
    active = [p for p in players if p not in deal.get("pass", [])]
    follows = not any(deal.get(k) for k in ("general", "misdeal", "conceded", "interrupted"))
    if follows and given and len(active) - 1 < len(given):
        last = given[-1][0]
        given = [(p, tricks.get(p, 0)) for p in active if p != last]
    taps += [tricks_button(player, count) for player, count in given]
    taps += [f"{player} buys down" for player in deal.get("buy_down", [])]
    taps.append(f"Save deal {number}")
    return taps


def evening(name: str, folder: Path) -> Row:
    document = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    deals, document["deals"] = document["deals"], []
    setup = folder / f"setup-{name}"
    setup.write_text(json.dumps(document), encoding="utf-8")
    server = start_server(folder / name.removesuffix(".json"))
    try:
        assert server.cli("import", str(setup)).returncode == 0
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport=PHONE)
            ui = Ui(page, server.url)
            ui.open("/session/1")
            ui.see("Save deal 1")
            per_deal, scrolls = [], 0
            for number, deal in enumerate(deals, start=1):
                taps = taps_for(deal, number, document["players"])
                for label in taps:
                    # Looked for as a person looks, on the screen as drawn: the last tap's
                    # answer is in once ``tap`` returns, and on the canvas a frame later.
                    ui.next_frame()
                    if not ui.in_view(label):
                        scrolls += 1
                    ui.tap(label)
                ui.see(f"Save deal {number + 1}")
                per_deal.append(len(taps))
            browser.close()
    finally:
        stop_server(server)
    players = len(document["players"])
    median = statistics.median(per_deal)
    return Row(
        what=f"Taps and scrolls per deal ({document['variant']})",
        workload=f"the {len(deals)} deals of tests/examples/{name}, {players} players, "
                 "entered on a 390x844 phone",
        target=f"≤ {players} taps a typical deal, no scrolling",
        measured=f"median {median:g} taps a deal (most {max(per_deal)}), {scrolls} scrolls",
        met=median <= players and scrolls == 0,
    )


def taps_and_scrolls(folder: Path) -> list[Row]:
    return [evening("friday-at-the-cabin.json", folder),
            evening("mattmar-saturday.json", folder)]
