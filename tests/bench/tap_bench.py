"""Tap to new score: from tapping Save to the new score in the page, against a bare Flet page
whose button changes a text, both timed the same way in the same browser, in turns.

The clock runs inside the page: it starts as the button gets its click and stops when the
page's accessibility tree (what a screen reader reads, drawn with the frame) first holds the
changed text. Both pages are served by their own process on this machine."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
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
    free_port,
    start_server,
    stop_server,
    tricks_button,
)

COUNTER = """
import sys
import flet as ft


def main(page: ft.Page) -> None:
    count = ft.Text("Count 0")

    def add_one() -> None:
        count.value = f"Count {int(count.value.split()[1]) + 1}"

    page.add(count, ft.Button("Add one", on_click=add_one))


ft.run(main, view=None, host="127.0.0.1", port=int(sys.argv[1]), no_cdn=True)
"""

# Every message from the server, timed: how much of a tap's wait is the server's reply.
HEAR_REPLIES = """
window.__replies = [];
const Socket = window.WebSocket;
window.WebSocket = function (...args) {
    const socket = new Socket(...args);
    socket.addEventListener('message', () => window.__replies.push(performance.now()));
    return socket;
};
window.WebSocket.prototype = Socket.prototype;
Object.assign(window.WebSocket, Socket);
"""

# The sentence a screen reader reads for a figure: "Astrid: 46", "Count 3".
READOUT = """prefix => [...document.querySelectorAll('flt-semantics')]
    .map(node => (node.getAttribute('aria-label') || node.innerText || '').trim())
    .find(text => text.startsWith(prefix) && text.split(':').length <= 2)"""

# Click the button, then resolve with the milliseconds until the readout changed, and
# until the server's first reply arrived.
TIMED_TAP = """
([button, prefix, before]) => new Promise(resolve => {
    const readout = () => (""" + READOUT + """)(prefix);
    const started = performance.now();
    window.__replies = [];
    const watch = new MutationObserver(() => {
        const now = readout();
        if (now !== undefined && now !== before) {
            watch.disconnect();
            const reply = window.__replies.length ? window.__replies[0] - started : null;
            resolve([performance.now() - started, reply]);
        }
    });
    watch.observe(document.body, {subtree: true, childList: true, attributes: true,
                                  characterData: true});
    button.click();
})
"""

TAPS = 15
DEALS_BEFORE = 60  # an evening's deals already on the table


def timed_tap(page: Page, label: str, prefix: str) -> tuple[float, float]:
    """Milliseconds from the tap to the changed readout, and to the server's reply."""
    before = page.evaluate(READOUT, prefix)
    button = page.get_by_role("button", name=label, exact=True).first.element_handle()
    total, reply = page.evaluate(TIMED_TAP, [button, prefix, before])
    return total, reply if reply is not None else total


def _open(page: Page, url: str, ready: str) -> None:
    Ui(page, url).open("/")
    Ui(page, url).see(ready, timeout=FIRST_PAINT)


def tap_to_new_score(folder: Path) -> list[Row]:
    counter = folder / "counter.py"
    counter.write_text(COUNTER)
    port = free_port()
    bare = subprocess.Popen([sys.executable, str(counter), str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    evening = folder / "tap-evening.json"
    evening.write_text(json.dumps(dump_session("An evening", session_of(DEALS_BEFORE))))
    server = start_server(folder / "tap")
    try:
        assert server.cli("import", str(evening)).returncode == 0
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            plain = browser.new_page(viewport={"width": 390, "height": 844})
            plain.add_init_script(HEAR_REPLIES)
            for _ in range(100):
                try:
                    plain.goto(f"http://127.0.0.1:{port}/")
                    break
                except Exception:
                    time.sleep(0.1)
            _open(plain, f"http://127.0.0.1:{port}", "Count 0")
            app = browser.new_page(viewport={"width": 390, "height": 844})
            app.add_init_script(HEAR_REPLIES)
            ui = Ui(app, server.url)
            ui.open("/session/1")
            ui.see(f"Save deal {DEALS_BEFORE + 1}", timeout=FIRST_PAINT)
            ours, theirs = [], []
            for number in range(DEALS_BEFORE + 1, DEALS_BEFORE + 1 + TAPS):
                ui.tap(tricks_button("Astrid", 5))  # not timed: the deal is entered
                app.wait_for_timeout(300)
                ours.append(timed_tap(app, f"Save deal {number}", "Astrid: "))
                ui.see(f"Save deal {number + 1}")
                theirs.append(timed_tap(plain, "Add one", "Count "))
                app.wait_for_timeout(300)
            browser.close()
    finally:
        bare.terminate()
        bare.wait(timeout=20)
        stop_server(server)
    ours_ms, theirs_ms = (statistics.median(t for t, _ in ours),
                          statistics.median(t for t, _ in theirs))
    reply_ms, bare_reply_ms = (statistics.median(r for _, r in ours),
                               statistics.median(r for _, r in theirs))
    ratio = ours_ms / theirs_ms
    return [Row("tap to new score in Chromium", f"Save in a {DEALS_BEFORE}-deal English "
                f"session at 390x844, {TAPS} taps, against a bare Flet page whose button "
                "changes a text", "≤ 1.5 × the bare page",
                f"{ratio:.2f} × ({ours_ms:.0f} ms vs {theirs_ms:.0f} ms, medians; the "
                f"server's reply arrived after {reply_ms:.0f} ms vs {bare_reply_ms:.0f} ms, "
                "the rest is the browser drawing it)",
                ratio <= 1.5)]


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as scratch:
        for row in tap_to_new_score(Path(scratch)):
            print(row)
