"""Open the ledger screen of a 10,000-deal session against opening its table screen, as a
person does it in headless Chromium: tap the session on the home screen and wait for the
table (its Save button), then tap Ledger and wait for the newest deal's card.

Both clocks run inside the page, in turns within one sample: each starts as the pointer
goes down on the button and stops when the page's accessibility tree (what a screen reader reads,
drawn with the frame) first holds the awaited text. Every sample is a freshly started
server on the same database, so nothing the app worked out before is cached."""

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
)

DEALS = 10_000
SAMPLES = 7
NAME = "A long evening"

# Start watching for ``text``: the clock starts when the pointer goes down on the page (the
# tap Playwright makes next) and stops when some node of the accessibility tree holds it,
# read as a person reads it (tests/conftest.py's as_read): the no-break space that holds a
# figure to the word before it ("It adds\u00a021000 sessions") is a space.
WATCH = """
awaited => {
    const read = said => (said || '').replace(/\\s+/g, ' ');
    const text = read(awaited);
    const shown = () => [...document.querySelectorAll('flt-semantics')].some(node =>
        read(node.getAttribute('aria-label')).includes(text)
        || read(node.innerText).includes(text));
    let started = null;
    window.addEventListener('pointerdown', () => { started = performance.now(); },
                            {capture: true, once: true});
    window.__opened = new Promise((resolve, reject) => {
        setTimeout(() => reject(new Error(`never shown: ${text}`)), 120000);
        const watch = new MutationObserver(() => {
            if (started !== null && shown()) {
                watch.disconnect();
                resolve(performance.now() - started);
            }
        });
        watch.observe(document.body, {subtree: true, childList: true, attributes: true,
                                      characterData: true});
    });
}
"""


def timed_open(page: Page, label: str, text: str) -> float:
    """Milliseconds from tapping ``label`` until ``text`` is on screen."""
    button = page.get_by_role("button", name=label, exact=True).first
    button.wait_for(state="attached", timeout=FIRST_PAINT)
    page.evaluate(WATCH, text)
    button.click()
    return page.evaluate("() => window.__opened")


def samples(folder: Path) -> tuple[list[float], list[float]]:
    """Milliseconds to open the table screen, and then the ledger screen, per sample."""
    evening = folder / "long-evening.json"
    evening.write_text(json.dumps(dump_session(NAME, session_of(DEALS))))
    tables, ledgers = [], []
    database = f"sqlite:///{folder / 'ledger.db'}"
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for sample in range(SAMPLES):
            server = start_server(folder / f"sample-{sample}", db=database)
            try:
                if sample == 0:
                    assert server.cli("import", str(evening)).returncode == 0
                page = browser.new_page(viewport={"width": 390, "height": 844})
                Ui(page, server.url).open("/")  # not timed: the home screen
                tables.append(timed_open(page, f"Open {NAME}", f"Save deal {DEALS + 1}"))
                page.wait_for_timeout(500)  # not timed: the table is on screen
                ledgers.append(timed_open(page, "Ledger", f"Deal {DEALS} · "))
                page.close()
            finally:
                stop_server(server)
        browser.close()
    return tables, ledgers


def ledger_and_table(folder: Path) -> list[Row]:
    tables, ledgers = samples(folder)
    ledger_ms, table_ms = statistics.median(ledgers), statistics.median(tables)
    ratio = ledger_ms / table_ms
    return [Row("open the ledger screen in Chromium",
                f"a {DEALS:,}-deal English session at 390x844, {SAMPLES} samples each on a "
                "freshly started server, against opening its table screen from the home screen",
                "≤ 1.5 × the table screen",
                f"{ratio:.2f} × (ledger {ledger_ms:.0f} ms vs table {table_ms:.0f} ms, medians)",
                ratio <= 1.5)]


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as scratch:
        tables, ledgers = samples(Path(scratch))
        print("table ms:", " ".join(f"{t:.0f}" for t in tables))
        print("ledger ms:", " ".join(f"{t:.0f}" for t in ledgers))
