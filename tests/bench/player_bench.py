"""Open a player's page over a club's 5,000 evenings against opening a table screen, as a
person does it in headless Chromium at 390x844: tap an evening in play on the home screen
and wait for its table (its Save button), then, from the players screen, tap a player's
record and wait for their places. Timed as ledger_bench times its screens: inside the page,
from the pointer going down to the accessibility tree holding the awaited text, each
sample on a freshly started server."""

from __future__ import annotations

import statistics
from pathlib import Path

from playwright.sync_api import sync_playwright

from scorekeeper.session.scorebook import Scorebook
from scorekeeper.store.database import connect
from scorekeeper.store.sessions import SessionStore
from tests.bench.data import session_of
from tests.bench.group_bench import POOL, club_evenings
from tests.bench.ledger_bench import timed_open
from tests.bench.rows import Row
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, Ui, start_server, stop_server

SAMPLES = 7
TONIGHT, DEALS = "Tonight", 60
PLAYER = POOL[0]


def samples(folder: Path) -> tuple[list[float], list[float], int]:
    """Milliseconds to open the table screen, then the player's page, per sample; and how
    many evenings the player's page counts."""
    database = f"sqlite:///{folder / 'club.db'}"
    engine = connect(database)
    book = Scorebook(SessionStore(engine))
    club_evenings(book)
    book.import_session(TONIGHT, session_of(DEALS))  # in play: its table has Save
    evenings = book.player_record(PLAYER).places.evenings
    engine.dispose()
    tables, pages = [], []
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for sample in range(SAMPLES):
            server = start_server(folder / f"sample-{sample}", db=database)
            try:
                page = browser.new_page(viewport={"width": 390, "height": 844})
                ui = Ui(page, server.url)
                ui.open("/")  # not timed: the home screen
                tables.append(timed_open(page, f"Open {TONIGHT}", f"Save deal {DEALS + 1}"))
                ui.go("/players")  # not timed: the players screen
                pages.append(timed_open(page, f"{PLAYER}'s record",
                                        f"{evenings} evenings, first in "))
                page.close()
            finally:
                stop_server(server)
        browser.close()
    return tables, pages, evenings


def player_page_and_table(folder: Path) -> list[Row]:
    tables, pages, evenings = samples(folder)
    page_ms, table_ms = statistics.median(pages), statistics.median(tables)
    ratio = page_ms / table_ms
    return [Row("open a player's page in Chromium",
                f"{PLAYER} over a club's 5,000 finished evenings ({evenings:,} of them "
                f"theirs) at 390x844, from the players screen, {SAMPLES} samples each on a "
                f"freshly started server, against opening a {DEALS}-deal table from the "
                "home screen", "≤ 1.5 × the table screen",
                f"{ratio:.2f} × (player's page {page_ms:.0f} ms vs table {table_ms:.0f} ms, "
                "medians)", ratio <= 1.5)]


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as scratch:
        tables, pages, _ = samples(Path(scratch))
        print("table ms:", " ".join(f"{t:.0f}" for t in tables))
        print("player's page ms:", " ".join(f"{t:.0f}" for t in pages))
