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

# The fair floor: bare Flet drawing what the table screen draws at 390 px (a bar with its
# links, the fold's line, the deal's heading, four rows of name, duty, score and money over
# six trick counts and Pass, and a Save bar), written the plain way, with none of this
# app's code. Save gives Astrid her tricks and the others their flights, and draws the
# new deal: the same changes a saved deal makes on the rows.
BARE_TABLE = """
import sys
import flet as ft

PLAYERS = ["Astrid", "Bengt", "Cilla", "Dag"]


def main(page: ft.Page) -> None:
    scores = dict.fromkeys(PLAYERS, 0)
    chosen = dict.fromkeys(PLAYERS, 0)
    deal = [61]

    def count_style(selected: bool) -> ft.ButtonStyle:
        return ft.ButtonStyle(
            bgcolor=ft.Colors.PRIMARY if selected else None,
            color=ft.Colors.ON_PRIMARY if selected else ft.Colors.ON_SURFACE,
            side=ft.BorderSide(1, ft.Colors.OUTLINE), padding=ft.Padding.all(0),
            text_style=ft.TextStyle(size=18, weight=ft.FontWeight.BOLD))

    def row(player: str) -> dict:
        name = ft.Text(player, size=16, weight=ft.FontWeight.BOLD)
        about = ft.Text("may pass", size=10, color=ft.Colors.ON_SURFACE_VARIANT)
        score = ft.Text("0", size=22, weight=ft.FontWeight.BOLD)
        said = ft.Semantics(label=f"{player}: 0", container=True, exclude_semantics=True,
                            content=score)
        money = ft.Text("SEK 0.00", size=12)
        buttons = []
        for count in range(6):
            button = ft.OutlinedButton(str(count), width=44, height=44, style=count_style(False),
                                       on_click=lambda _, p=player, c=count: choose(p, c))
            label = f"{player} {count} trick{'' if count == 1 else 's'}"
            buttons.append(ft.Semantics(label=label, button=True, content=button))
        passing = ft.Semantics(label=f"{player} passes", button=True,
                               content=ft.OutlinedButton("Pass", height=44))
        box = ft.Container(
            padding=ft.Padding.symmetric(horizontal=8, vertical=2),
            border_radius=ft.BorderRadius.all(12), bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
            content=ft.Column(spacing=1, controls=[
                ft.Row(spacing=6, controls=[
                    ft.Column(spacing=0, expand=True, controls=[name, about]), said,
                    ft.Column([money], spacing=0)]),
                ft.Row(spacing=4, controls=[
                    ft.Row(buttons, spacing=2, run_spacing=2, wrap=True, expand=True),
                    passing])]))
        return {"box": box, "score": score, "said": said, "money": money,
                "buttons": buttons, "about": about}

    rows = {player: row(player) for player in PLAYERS}
    heading = ft.Text("Deal 61: Astrid deals", size=18, weight=ft.FontWeight.BOLD)
    fold = ft.Text("Pot: 5 · single pot: everyone plays, a trick pays 1", size=14)
    told = ft.Text("5 tricks still to give", size=16, weight=ft.FontWeight.BOLD)
    save = ft.FilledButton("Save deal 61", icon=ft.Icons.CHECK, height=52, expand=True,
                           on_click=lambda: saved())

    def choose(player: str, count: int) -> None:
        chosen[player] = count
        for number, button in enumerate(rows[player]["buttons"]):
            button.content.style = count_style(number == count)

    def saved() -> None:
        for player in PLAYERS:
            scores[player] += chosen[player] or -1
            line = rows[player]
            line["score"].value = str(scores[player])
            line["said"].label = f"{player}: {scores[player]}"
            line["money"].value = f"SEK {scores[player] / 2:.2f}"
            for button in line["buttons"]:
                button.content.style = count_style(False)
            chosen[player] = 0
        deal[0] += 1
        dealer = PLAYERS[(deal[0] - 1) % 4]
        heading.value = f"Deal {deal[0]}: {dealer} deals"
        told.value = f"Deal {deal[0] - 1} saved: Astrid +5"
        save.content = f"Save deal {deal[0]}"

    bar = ft.AppBar(title=ft.Text("An evening", size=18, weight=ft.FontWeight.BOLD),
                    bgcolor=ft.Colors.SURFACE_CONTAINER, actions=[
        ft.IconButton(icon) for icon in (ft.Icons.RECEIPT_LONG, ft.Icons.SHOW_CHART,
                                         ft.Icons.PAYMENTS, ft.Icons.WIFI)])
    page.padding = 0
    page.add(ft.SafeArea(expand=True, content=ft.Column(expand=True, spacing=0, controls=[
        bar, ft.Container(expand=True, padding=ft.Padding.all(6), content=ft.Column(
            expand=True, spacing=6, controls=[
                fold, heading,
                ft.Column([rows[p]["box"] for p in PLAYERS], spacing=4, expand=True),
                ft.Container(
                    padding=ft.Padding.symmetric(horizontal=10, vertical=6),
                    border_radius=ft.BorderRadius.all(14), bgcolor=ft.Colors.SURFACE_CONTAINER,
                    content=ft.Column(spacing=4, controls=[told, ft.Row([save], spacing=8)])),
            ]))])))


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
    total, reply = page.evaluate(TIMED_TAP, [button, prefix, before])
    return total, reply if reply is not None else total


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
    our_cpu, bare_cpu = folder / "ours.cpu", folder / "bare.cpu"
    our_cpu.touch()
    bare_cpu.touch()
    table, table_url = _serve(folder, "bare_table", WATCHED + BARE_TABLE,
                              SCOREKEEPER_CPU_LOG=str(bare_cpu), PYTHONPATH=str(REPO))
    evening = folder / "tap-evening.json"
    evening.write_text(json.dumps(dump_session("An evening", session_of(DEALS_BEFORE))))
    server = start_server(folder / "tap", module="tests.bench.cpu_watch",
                          SCOREKEEPER_CPU_LOG=str(our_cpu))
    taps: dict[str, list[tuple[float, float]]] = {"ours": [], "counter": [], "table": []}
    cpu: dict[str, list[float]] = {"ours": [], "table": []}
    try:
        assert server.cli("import", str(evening)).returncode == 0
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            plain = _bare_page(browser, counter_url, "Count 0")
            bare = Ui(_bare_page(browser, table_url, "Save deal 61"), table_url)
            app = browser.new_page(viewport={"width": 390, "height": 844})
            app.add_init_script(HEAR_REPLIES)
            ui = Ui(app, server.url)
            ui.open("/session/1")
            ui.see(f"Save deal {DEALS_BEFORE + 1}", timeout=FIRST_PAINT)
            for number in range(DEALS_BEFORE + 1, DEALS_BEFORE + 1 + TAPS):
                for page in (ui, bare):  # in turns; the deal is entered untimed
                    page.page.get_by_role("button", name=tricks_button("Astrid", 5),
                                          exact=True).first.click()
                    page.page.wait_for_timeout(300)
                ours_before, bare_before = _lines(our_cpu), _lines(bare_cpu)
                taps["ours"].append(timed_tap(app, f"Save deal {number}", "Astrid: "))
                ui.see(f"Save deal {number + 1}")
                taps["table"].append(timed_tap(bare.page, f"Save deal {number}", "Astrid: "))
                cpu["ours"].append(cpu_ms(_new_lines(our_cpu, ours_before)))
                cpu["table"].append(cpu_ms(_new_lines(bare_cpu, bare_before)))
                taps["counter"].append(timed_tap(plain, "Add one", "Count "))
                app.wait_for_timeout(300)
            browser.close()
    finally:
        for process in (counter, table):
            process.terminate()
            process.wait(timeout=20)
        stop_server(server)
    store_ms = _recording_ms(server.db)
    total = {name: statistics.median(t for t, _ in timed) for name, timed in taps.items()}
    reply = {name: statistics.median(r for _, r in timed) for name, timed in taps.items()}
    ratio, table_ratio = total["ours"] / total["counter"], total["ours"] / total["table"]
    server_ratio = reply["ours"] / reply["table"]
    # After the reply: the browser applying the change, laying it out and painting it.
    drawing = {name: statistics.median(t - r for t, r in timed) for name, timed in taps.items()}
    cpu_ours, cpu_bare = statistics.median(cpu["ours"]), statistics.median(cpu["table"])
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
            "Save changes the scores, the money, the heading and the Save button",
            "≤ 1.3 × the bare page; its server's share ≤ 2 ×",
            f"{table_ratio:.2f} × ({total['ours']:.0f} ms vs {total['table']:.0f} ms, "
            f"medians); the server's reply after {reply['ours']:.0f} ms vs "
            f"{reply['table']:.0f} ms: {server_ratio:.2f} ×; of our server's part, "
            f"recording the deal durably takes {store_ms:.1f} ms (the same session's store, "
            "timed after the taps), which the bare page does not do; the rest is the "
            "components drawing the changed parts and Flet diffing them (the server's CPU: "
            f"the next row, {cpu_ours:.1f} ms against {cpu_bare:.1f}; on "
            f"{os.cpu_count()} cores the browser draws the button's press at the same "
            "time); after the reply, the "
            f"browser took {drawing['ours']:.0f} ms against {drawing['table']:.0f} to lay "
            "out and paint the change",
            table_ratio <= 1.3 and server_ratio <= 2),
        Row("server CPU per Save", "the same taps: the CPU time the server's process spent "
            "from the Save's event to the last message it sent back (every thread, the "
            "durable write included), against the bare same-rows page's server",
            "≤ 15 ms, the bare page 8 to 10",
            f"{cpu_ours:.1f} ms vs {cpu_bare:.1f} ms (medians of {TAPS})", cpu_ours <= 15),
    ]


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as scratch:
        for row in tap_to_new_score(Path(scratch)):
            print(row)
