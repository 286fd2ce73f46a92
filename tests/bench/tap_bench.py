"""Tap to new score: from tapping Save to the new score in the page, against a bare Flet page
whose button changes a text, both timed the same way in the same browser, in turns.

The clock runs inside the page: it starts as the button gets its click and stops when the
page's accessibility tree (what a screen reader reads, drawn with the frame) first holds the
changed text. Both pages are served by their own process on this machine."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

from scorekeeper.formats.session_file import dump_session
from scorekeeper.session.scorebook import Scorebook
from scorekeeper.store.database import connect
from scorekeeper.store.sessions import SessionStore
from tests.bench.bare_pages import BARE_COMPONENTS, BARE_TABLE, COUNTER
from tests.bench.cpu_watch import cpu_ms
from tests.bench.data import session_of
from tests.bench.rows import Row
from tests.bench.store_bench import Recorder
from tests.bench.timing import median_ms
from tests.conftest import REPO
from tests.e2e.conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    FIRST_PAINT,
    FRAMES_WAIT,
    Ui,
    free_port,
    start_server,
    stop_server,
    tricks_button,
)

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

# The sentence a screen reader reads for a figure: "Astrid: 46", "Count 3". The app keeps
# a name and its figure together with a no-break space, which a person reads as a space.
READOUT = """prefix => [...document.querySelectorAll('flt-semantics')]
    .map(node => (node.getAttribute('aria-label') || node.innerText || '')
        .replace(/\\s+/g, ' ').trim())
    .find(text => text.startsWith(prefix) && text.split(':').length <= 2)"""

# Calls ``changed`` once the readout that starts with ``prefix`` is no longer ``before``.
ON_CHANGE = """(prefix, before, changed) => {
    const readout = () => (""" + READOUT + """)(prefix);
    const watch = new MutationObserver(() => {
        const now = readout();
        if (now !== undefined && now !== before) {
            watch.disconnect();
            changed();
        }
    });
    watch.observe(document.body, {subtree: true, childList: true, attributes: true,
                                  characterData: true});
}"""

# Click the button, then resolve with the milliseconds until the readout changed, and
# until the server's first reply arrived.
TIMED_TAP = """
([button, prefix, before]) => new Promise(resolve => {
    const started = performance.now();
    window.__replies = [];
    (""" + ON_CHANGE + """)(prefix, before, () => {
        const reply = window.__replies.length ? window.__replies[0] - started : null;
        resolve([performance.now() - started, reply]);
    });
    button.click();
    setTimeout(() => resolve(null), WAIT);
})
""".replace("WAIT", str(FRAMES_WAIT))

# The same, pressed as a finger presses: the clock starts at the pointer's press, and the
# press's ripple is drawn while the server works, as on a phone. The click above is what a
# screen reader sends, which starts no ripple.
PRESSED_TAP = """
([prefix, before]) => { window.__pressed = new Promise(resolve => {
    let started = null;
    document.addEventListener('pointerdown', () => { started = performance.now(); },
                              {capture: true, once: true});
    (""" + ON_CHANGE + """)(prefix, before, () => resolve(performance.now() - started));
    setTimeout(() => resolve(null), WAIT);
}); }
""".replace("WAIT", str(FRAMES_WAIT))

TAPS = 15
DEALS_BEFORE = 60  # an evening's deals already on the table


def _recording_ms(database: str) -> float:
    """What the store takes to record one more deal of the tapped session (median of 15)."""
    engine = connect(database)
    try:
        book = Scorebook(SessionStore(engine))
        return median_ms(Recorder(book, book.open(1), seed=5), runs=15)
    finally:
        engine.dispose()


def timed_tap(page: Page, label: str, prefix: str) -> tuple[float, float]:
    """Milliseconds from the tap to the changed readout, and to the server's reply."""
    before = page.evaluate(READOUT, prefix)
    button = page.get_by_role("button", name=label, exact=True).first.element_handle()
    timed = page.evaluate(TIMED_TAP, [button, prefix, before])
    assert timed is not None, f"{label}: no readout starting {prefix!r} changed from {before!r}"
    total, reply = timed
    return total, reply if reply is not None else total


def pressed_tap(page: Page, label: str, prefix: str) -> float:
    """Milliseconds from a pointer's press on the button to the changed readout."""
    page.evaluate(PRESSED_TAP, [prefix, page.evaluate(READOUT, prefix)])
    button = page.get_by_role("button", name=label, exact=True).first.bounding_box()
    assert button is not None, f"{label} is not laid out"
    page.mouse.click(button["x"] + button["width"] / 2, button["y"] + button["height"] / 2)
    pressed = page.evaluate("window.__pressed")
    assert pressed is not None, f"{label}: no readout starting {prefix!r} changed"
    return float(pressed)


# The font a bare Flet page draws in: Flutter's own, served by flet-web with no CDN. The
# bare pages never fetch the app's (MAIN_FONT); each page is waited on for the font it draws.
BARE_FONT = "/assets/fonts/roboto.woff2"


def _open(page: Page, url: str, ready: str) -> None:
    ui = Ui(page, url)
    ui.open("/", font=BARE_FONT)
    ui.see(ready, timeout=FIRST_PAINT)


def _serve(folder: Path, name: str, code: str, **env: str
           ) -> tuple[subprocess.Popen[bytes], str]:
    script = folder / f"{name}.py"
    script.write_text(code)
    port = free_port()
    process = subprocess.Popen([sys.executable, str(script), str(port)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env={**os.environ, **env})
    return process, f"http://127.0.0.1:{port}"


# The bare table, its server's CPU per tap written as the app's is (tests/bench/cpu_watch.py).
WATCHED = "import tests.bench.cpu_watch\ntests.bench.cpu_watch.watch()\n"


def _new_lines(log: Path, before: int) -> list[str]:
    return log.read_text(encoding="utf-8").splitlines()[before:]


def _lines(log: Path) -> int:
    return len(log.read_text(encoding="utf-8").splitlines())


def _bare_page(browser: Browser, url: str, ready: str) -> Page:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.add_init_script(HEAR_REPLIES)
    for _ in range(100):  # the process may still be starting
        try:
            page.goto(f"{url}/")
            break
        except Exception:
            time.sleep(0.1)
    _open(page, url, ready)
    return page


def tap_to_new_score(folder: Path) -> list[Row]:
    counter, counter_url = _serve(folder, "counter", COUNTER)
    logs = {name: folder / f"{name}.cpu" for name in ("ours", "table", "components")}
    for log in logs.values():
        log.touch()
    # The two bare tables: written by hand, and written as components (bare_pages.py).
    tables = {name: _serve(folder, f"bare_{name}", WATCHED + code,
                           SCOREKEEPER_CPU_LOG=str(logs[name]), PYTHONPATH=str(REPO),
                           SCOREKEEPER_BARE_BOOK=str(folder / f"bare_{name}.db"))
              for name, code in (("table", BARE_TABLE), ("components", BARE_COMPONENTS))}
    evening = folder / "tap-evening.json"
    evening.write_text(json.dumps(dump_session("An evening", session_of(DEALS_BEFORE))))
    server = start_server(folder / "tap", module="tests.bench.cpu_watch",
                          SCOREKEEPER_CPU_LOG=str(logs["ours"]))
    taps: dict[str, list[tuple[float, float]]] = {name: [] for name in (*logs, "counter")}
    pressed: dict[str, list[float]] = {name: [] for name in logs}
    cpu: dict[str, list[float]] = {name: [] for name in logs}
    try:
        assert server.cli("import", str(evening)).returncode == 0
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            plain = _bare_page(browser, counter_url, "Count 0")
            app = browser.new_page(viewport={"width": 390, "height": 844})
            app.add_init_script(HEAR_REPLIES)
            ui = Ui(app, server.url)
            ui.open("/session/1")
            ui.see(f"Save deal {DEALS_BEFORE + 1}", timeout=FIRST_PAINT)
            pages = {"ours": ui, **{name: Ui(_bare_page(browser, url, "Save deal 61"), url)
                                    for name, (_, url) in tables.items()}}
            # Each round clicks Save on every page, then presses it (the next deal).
            for number in range(DEALS_BEFORE + 1, DEALS_BEFORE + 1 + 2 * TAPS):
                clicked = (number - DEALS_BEFORE) % 2 == 1
                for name, shown in pages.items():  # in turns; the deal is entered untimed
                    page = shown.page
                    page.get_by_role("button", name=tricks_button("Astrid", 5),
                                     exact=True).first.click()
                    page.wait_for_timeout(300)
                    before = _lines(logs[name])
                    if clicked:
                        taps[name].append(timed_tap(page, f"Save deal {number}", "Astrid: "))
                    else:
                        pressed[name].append(pressed_tap(page, f"Save deal {number}",
                                                         "Astrid: "))
                    shown.see(f"Save deal {number + 1}")
                    if clicked:
                        cpu[name].append(cpu_ms(_new_lines(logs[name], before)))
                if clicked:
                    taps["counter"].append(timed_tap(plain, "Add one", "Count "))
                app.wait_for_timeout(300)
            browser.close()
    finally:
        for process in (counter, *(process for process, _ in tables.values())):
            process.terminate()
            process.wait(timeout=20)
        stop_server(server)
    return _rows(taps, pressed, cpu, _recording_ms(server.db))


def _rows(taps: dict[str, list[tuple[float, float]]], pressed: dict[str, list[float]],
          cpu: dict[str, list[float]], store_ms: float) -> list[Row]:
    total = {name: statistics.median(t for t, _ in timed) for name, timed in taps.items()}
    reply = {name: statistics.median(r for _, r in timed) for name, timed in taps.items()}
    # After the reply: the browser applying the change, laying it out and painting it.
    drawing = {name: statistics.median(t - r for t, r in timed) for name, timed in taps.items()}
    spent = {name: statistics.median(times) for name, times in cpu.items()}
    press = {name: statistics.median(times) for name, times in pressed.items()}
    ratio, table_ratio = total["ours"] / total["counter"], total["ours"] / total["table"]
    server_ratio = reply["ours"] / reply["table"]
    style_ratio = total["components"] / total["table"]
    return [
        Row("tap to new score in Chromium", f"Save in a {DEALS_BEFORE}-deal English "
            f"session at 390x844, {TAPS} taps, against a bare Flet page whose button "
            "changes a text", "≤ 1.5 × the bare page",
            f"{ratio:.2f} × ({total['ours']:.0f} ms vs {total['counter']:.0f} ms, medians; "
            f"the server's reply arrived after {reply['ours']:.0f} ms vs "
            f"{reply['counter']:.0f} ms, the rest is the browser drawing it; against the "
            "same rows drawn by bare Flet: the next row)", ratio <= 1.5),
        Row("tap to new score in Chromium, against the same rows",
            "the same taps, in turns, against a bare Flet page drawing the same bar, four "
            "rows (name, duty, score, money, six trick counts, Pass) and Save bar, whose "
            "Save changes the scores, the money, the heading and the Save button and records "
            "the deal as durably as ours (its row, the players' entries and totals, a "
            "version, in one SQLite transaction, synchronous FULL), written by hand (its "
            "properties set by the handler); beside them, the same page written as "
            "components (one observable, memoized rows and counts)",
            "≤ 1.3 × the bare page; its server's share ≤ 2 ×",
            f"{table_ratio:.2f} × ({total['ours']:.0f} ms vs {total['table']:.0f} ms, "
            f"medians); the server's reply after {reply['ours']:.0f} ms vs "
            f"{reply['table']:.0f} ms: {server_ratio:.2f} ×; each records the deal as "
            "durably (one SQLite transaction, synchronous FULL: ours takes "
            f"{store_ms:.1f} ms, the same session's store timed after the taps, warm; "
            "within a tap about three times as long); the rest of ours is the "
            "components drawing the changed parts and Flet diffing them (the server's CPU: "
            f"the next row, {spent['ours']:.1f} ms against {spent['table']:.1f}; on "
            f"{os.cpu_count()} cores the browser draws the button's press at the same "
            f"time); after the reply, the browser took {drawing['ours']:.0f} ms against "
            f"{drawing['table']:.0f} to lay out and paint the change. The same rows as bare "
            f"Flet components: {total['components']:.0f} ms, {style_ratio:.2f} × the page "
            f"by hand (reply after {reply['components']:.0f} ms, server CPU "
            f"{spent['components']:.1f} ms), what the declarative style costs before any of "
            f"this app's code; ours against it: {total['ours'] / total['components']:.2f} ×. "
            f"Pressed as a finger presses ({TAPS} more Saves, timed from the pointer's press, "
            "the press's ripple drawn while the server works; the taps above are a screen "
            f"reader's click): {press['ours']:.0f} ms against {press['table']:.0f}, "
            f"{press['ours'] / press['table']:.2f} × (the components page "
            f"{press['components']:.0f} ms)",
            table_ratio <= 1.3 and server_ratio <= 2),
        Row("server CPU per Save", "the same taps: the CPU time the server's process spent "
            "from the Save's event to the last message it sent back (every thread, the "
            "durable write included), against the bare same-rows page's server",
            "≤ 15 ms, the bare page 8 to 10",
            f"{spent['ours']:.1f} ms vs {spent['table']:.1f} ms (medians of {TAPS}; the "
            f"same rows as bare Flet components: {spent['components']:.1f} ms)",
            spent["ours"] <= 15),
    ]


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as scratch:
        for row in tap_to_new_score(Path(scratch)):
            print(row)
