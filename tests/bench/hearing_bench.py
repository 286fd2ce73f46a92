"""A club's servers hearing each other: a deal saved through one app server, shown on a
page of another server on the same PostgreSQL (told by the database's notifications).

Both pages are in one browser on this machine, so one wall clock (``Date.now()``) times
both: the tap on Save in the first page, and the first frame of the second page whose
accessibility tree asks for the next deal. The first page's own redraw is timed alongside,
to say how much of the wait is the hearing."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from scorekeeper.formats.session_file import dump_session
from tests.bench.data import session_of
from tests.bench.rows import Row
from tests.e2e.conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    FIRST_PAINT,
    Ui,
    start_server,
    stop_server,
    tricks_button,
)
from tests.postgres import postgres_server

DEALS_BEFORE = 60
SAVES = 15

# Resolves with the wall clock's milliseconds when ``text`` is first in the page's tree.
WATCH_FOR = """text => {
    const seen = () => [...document.querySelectorAll('flt-semantics')].some(node =>
        (node.getAttribute('aria-label') || node.innerText || '').replace(/\\s+/g, ' ')
            .includes(text));  // a figure's no-break space, read as the space it looks
    window.__seen = new Promise(resolve => {
        const watch = new MutationObserver(() => {
            if (seen()) { watch.disconnect(); resolve(Date.now()); }
        });
        watch.observe(document.body, {subtree: true, childList: true, attributes: true,
                                      characterData: true});
    });
}"""
CLICK = "button => { const now = Date.now(); button.click(); return now; }"


def _ready(ui: Ui, number: int) -> None:
    ui.open("/session/1")
    ui.see(f"Save deal {number}", timeout=FIRST_PAINT)


def _save_and_hear(saving: Ui, hearing: Ui, number: int) -> tuple[int, int]:
    """Milliseconds from the tap on Save deal ``number`` to the next deal asked for in the
    saving page, and in the hearing page."""
    saving.tap(tricks_button("Astrid", 5))  # not timed: the deal is entered
    saving.page.wait_for_timeout(300)
    for page in (saving.page, hearing.page):
        page.evaluate(WATCH_FOR, f"Save deal {number + 1}")
    save = saving.page.get_by_role("button", name=f"Save deal {number}", exact=True)
    tapped = saving.page.evaluate(CLICK, save.first.element_handle())
    shown_here, heard_there = (_seen(saving.page), _seen(hearing.page))
    return shown_here - tapped, heard_there - tapped


def _seen(page: Page) -> int:
    return page.evaluate("() => window.__seen")


def deal_heard_on_another_server(folder: Path) -> list[Row]:
    evening = folder / "hearing-evening.json"
    evening.write_text(json.dumps(dump_session("An evening", session_of(DEALS_BEFORE))))
    with postgres_server(durable=True) as url:
        servers = [start_server(folder / name, db=url) for name in ("first", "second")]
        try:
            assert servers[0].cli("import", str(evening)).returncode == 0
            with sync_playwright() as driver:
                browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                saving, hearing = (Ui(browser.new_page(viewport={"width": 390, "height": 844}),
                                      server.url) for server in servers)
                for ui in (saving, hearing):
                    _ready(ui, DEALS_BEFORE + 1)
                timings = [_save_and_hear(saving, hearing, number)
                           for number in range(DEALS_BEFORE + 1, DEALS_BEFORE + 1 + SAVES)]
                browser.close()
        finally:
            for server in servers:
                stop_server(server)
    here = statistics.median(own for own, _ in timings)
    there = sorted(heard for _, heard in timings)
    median = statistics.median(there)
    return [Row("a deal saved on one server, on a page of another", f"two app servers on one "
                f"PostgreSQL, a page of each at 390x844; {SAVES} deals saved on the first in a "
                f"{DEALS_BEFORE}-deal session, from the tap on Save to the next deal asked for "
                "on the other server's page", "median ≤ 150 ms",
                f"{median:.0f} ms (most {there[-1]:.0f} ms; the saving page itself: "
                f"{here:.0f} ms)", median <= 150)]


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as scratch:
        for row in deal_heard_on_another_server(Path(scratch)):
            print(row)
