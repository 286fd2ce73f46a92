"""The app in Chromium: time to the first usable screen, and memory, against bare Flet."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from scorekeeper.session.scorebook import Scorebook
from scorekeeper.store.database import connect
from scorekeeper.store.sessions import SessionStore
from tests.bench.data import club, session_of
from tests.bench.rows import Row
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, FIRST_PAINT, free_port, painted

HELLO = """
import sys
import flet as ft
ft.run(lambda page: page.add(ft.Text("Hello, table")), view=None, host="127.0.0.1",
       port=int(sys.argv[1]), no_cdn=True)
"""
# The floor for memory: bare Flet with the database library the brief requires, opening the
# same database through SQLModel and drawing one screen from it (the session and its deals).
HELLO_DATABASE = """
import sys
import flet as ft
from sqlmodel import Field, Session, SQLModel, create_engine, select


class Sessions(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    name: str
    deal_count: int


engine = create_engine(sys.argv[1])


def main(page: ft.Page) -> None:
    with Session(engine) as db:
        biggest = db.exec(select(Sessions).order_by(Sessions.deal_count.desc())).first()
    page.add(ft.Text(f"Hello, {biggest.name}: {biggest.deal_count} deals"))


ft.run(main, view=None, host="127.0.0.1", port=int(sys.argv[2]), no_cdn=True)
"""
# Starts on this machine range over more than a second for the same app (2.7 to 4.5 s),
# so the medians need more than five starts each to hold still.
ROUNDS = 9


class Served:
    """A server process, and what it takes to have its first screen usable in Chromium."""

    def __init__(self, command: list[str], env: dict[str, str], ready_text: str,
                 path: str = "/") -> None:
        self.command, self.env, self.ready_text, self.path = command, env, ready_text, path

    def first_screen(self, browser: Browser) -> tuple[float, int]:
        """Seconds from starting the server to the first usable screen; peak RSS (kB)."""
        port = free_port()
        started = time.perf_counter()
        process = subprocess.Popen([*self.command, str(port)], env=self.env,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            page = browser.new_page(viewport={"width": 1000, "height": 900})
            url = f"http://127.0.0.1:{port}{self.path}"
            while True:
                try:
                    page.goto(url)
                    break
                except Exception:
                    if process.poll() is not None:
                        raise RuntimeError(" ".join(self.command)) from None
                    time.sleep(0.05)
            placeholder = page.locator("flt-semantics-placeholder")
            placeholder.wait_for(state="attached", timeout=FIRST_PAINT)
            placeholder.dispatch_event("click")
            box = page.wait_for_function(
                """text => {
                    // a figure is held to its word by a no-break space: a person sees a space
                    const node = [...document.querySelectorAll('flt-semantics')].find(node =>
                        (node.getAttribute('aria-label') || node.innerText || '')
                            .replace(/\\s+/g, ' ').includes(text));
                    if (!node) return null;
                    const r = node.getBoundingClientRect();
                    return r.width && r.height ? {x: r.x, y: r.y, width: r.width,
                                                  height: r.height} : null;
                }""",
                arg=self.ready_text, timeout=FIRST_PAINT).json_value()
            # The words are in the page before they are painted (the client may still
            # show its spinner, or be loading fonts): usable is when they are drawn.
            while not _painted_now(page, box):
                if time.perf_counter() - started > FIRST_PAINT / 1000:
                    raise RuntimeError(f"{self.ready_text!r} was never painted")
                time.sleep(0.02)
            elapsed = time.perf_counter() - started
            page.close()
            return elapsed, _peak_rss(process.pid)
        finally:
            process.terminate()
            process.wait(timeout=20)


def _painted_now(page: Page, box: dict[str, float]) -> bool:
    """The box shows the words drawn; not yet when the browser took too long to say (a
    busy machine can stall one screenshot for half a minute: the run goes on, not down)."""
    try:
        return painted(page.screenshot(clip=box, timeout=5_000))
    except PlaywrightTimeoutError:
        return False


def _peak_rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise RuntimeError("no VmHWM")


def app_in_chromium(folder: Path) -> list[Row]:
    hello = folder / "hello.py"
    hello.write_text(HELLO)
    hello_database = folder / "hello_database.py"
    hello_database.write_text(HELLO_DATABASE)
    data = folder / "app-data"
    data.mkdir(exist_ok=True)
    env = {**os.environ, "FLET_APP_STORAGE_DATA": str(data)}
    empty = f"sqlite:///{folder / 'empty.db'}"
    full = f"sqlite:///{folder / 'club.db'}"  # the club's ten years, built for store_bench
    connect(empty).dispose()
    book = Scorebook(SessionStore(connect(full)))
    if not book.summaries():
        club(book, sessions=1000, deals_each=200)
    ten_thousand = book.import_session("ten thousand deals", session_of(10_000))
    book.store.engine.dispose()

    def app(url: str, ready: str, path: str = "/") -> Served:
        return Served([sys.executable, "-m", "scorekeeper", "--db", url, "serve", "--port"],
                      env, ready, path)

    bare = Served([sys.executable, str(hello)], env, "Hello, table")
    contenders = {
        "bare": bare,
        "bare_database": Served([sys.executable, str(hello_database), full], env,
                                "Hello, ten thousand deals"),
        "empty": app(empty, "New session"),
        "club": app(full, "New session"),
        "serving": app(full, f"Save deal {ten_thousand.state.deals + 1}",
                       f"/session/{ten_thousand.id}"),
    }
    times: dict[str, list[float]] = {name: [] for name in contenders}
    peaks: dict[str, list[int]] = {name: [] for name in contenders}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(ROUNDS):  # in turns, so each figure meets the same machine
            for name, served in contenders.items():
                elapsed, peak = served.first_screen(browser)
                times[name].append(elapsed)
                peaks[name].append(peak)
        browser.close()
    median = {name: statistics.median(values) for name, values in times.items()}
    peak = {name: statistics.median(values) for name, values in peaks.items()}
    rows = []
    for name, label, of in (("empty", "empty database", ""),
                            ("club", "the million-entry database", ", a club's database")):
        ratio = median[name] / median["bare"]
        rows.append(Row(f"app start to first usable screen in Chromium{of}",
                        f"{label}; from starting the server to \"New session\" painted "
                        f"(the bare page: its line painted); {ROUNDS} starts each, in turns",
                        "≤ 1.3 × bare Flet \"hello\"",
                        f"{ratio:.2f} × ({median[name]:.2f} s vs {median['bare']:.2f} s)",
                        ratio <= 1.3))
    mb = {name: value / 1024 for name, value in peak.items()}
    ratio = peak["serving"] / peak["bare"]
    rows.append(Row("memory of the running app",
                    f"serving the 10,000-deal session (median of {ROUNDS} starts)",
                    "peak RSS ≤ 1.3 × bare Flet",
                    f"{mb['serving']:.0f} MB vs {mb['bare']:.0f} MB: {ratio:.2f} × (bare Flet "
                    f"with SQLModel opening the same database: {mb['bare_database']:.0f} MB, "
                    "the next row)", ratio <= 1.3))
    ratio = peak["serving"] / peak["bare_database"]
    rows.append(Row("memory of the running app, against the same tools",
                    f"serving the 10,000-deal session, against bare Flet opening the same "
                    f"database through SQLModel and drawing one screen from it (median of "
                    f"{ROUNDS} starts each, in turns)", "peak RSS ≤ 1.2 × bare Flet + SQLModel",
                    f"{mb['serving']:.0f} MB vs {mb['bare_database']:.0f} MB: {ratio:.2f} ×",
                    ratio <= 1.2))
    return rows
