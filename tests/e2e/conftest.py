"""Browser tests: the real app served on 127.0.0.1, driven in headless Chromium.

Flutter draws on a canvas; its accessibility tree appears in the DOM once switched
on, and that tree (labels a screen reader reads) is what these tests press.
"""

from __future__ import annotations

import io
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from PIL import Image
from playwright.sync_api import Browser, Page, Playwright, sync_playwright

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
FIRST_PAINT = 90_000  # ms: the first paint of the WASM client can take a while
# Whether a control shows whole: inside the screen, inside every list that clips it (the
# browser's semantics nodes keep the places of what is scrolled away), and not under
# something drawn over it (the Save bar). A test's click reaches it either way; a person's
# finger only when this holds.
IN_VIEW = """node => {
    const box = node.getBoundingClientRect();
    if (!box.height || box.top < 0 || box.bottom > innerHeight) return false;
    for (let up = node.parentElement; up; up = up.parentElement) {
        if (getComputedStyle(up).overflowY === 'visible') continue;
        const view = up.getBoundingClientRect();
        if (view.height && (box.top < view.top || box.bottom > view.bottom)) return false;
    }
    return node.contains(document.elementFromPoint(box.x + box.width / 2,
                                                   box.y + box.height / 2));
}"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Server:
    url: str
    db: str
    data: Path
    process: subprocess.Popen[bytes]

    def cli(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "scorekeeper", "--db", self.db, *args],
                              capture_output=True, text=True, check=False, env=_env(self.data))

    def replay(self, session_id: int, tmp: Path) -> dict:
        exported = tmp / f"session-{session_id}.json"
        assert self.cli("export", str(session_id), "--format", "json", "-o",
                        str(exported)).returncode == 0
        result = self.cli("replay", str(exported), "--json")
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout)


def _env(data: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, "FLET_APP_STORAGE_DATA": str(data), "PYTHONUNBUFFERED": "1", **extra}


def start_server(tmp: Path, *, host: str = "127.0.0.1", db: str | None = None,
                 **env: str) -> Server:
    """``scorekeeper serve`` on a free port, its log in ``tmp/server.log``; ``db`` defaults
    to a SQLite file of its own, ``env`` adds environment variables."""
    port = free_port()
    data = tmp / "data"
    data.mkdir(parents=True, exist_ok=True)
    db = db or f"sqlite:///{tmp / 'scorekeeper.db'}"
    log = (tmp / "server.log").open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "--db", db, "serve", "--host", host, "--port",
         str(port)],
        stdout=log, stderr=subprocess.STDOUT, env=_env(data, **env),
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if process.poll() is not None:
                raise RuntimeError((tmp / "server.log").read_text()) from None
            time.sleep(0.2)
    return Server(f"http://127.0.0.1:{port}", db, data, process)


def stop_server(server: Server) -> None:
    """Stop the server, and fail the test if the app logged a traceback or left a coroutine
    unawaited: a tap whose handler failed shows the person nothing, so the log must say it."""
    server.process.terminate()
    server.process.wait(timeout=20)
    log = (server.data.parent / "server.log").read_text(encoding="utf-8", errors="replace")
    troubles = [line for line in log.splitlines()
                if "Traceback (most recent call last)" in line or "was never awaited" in line]
    assert not troubles, f"the app's log shows a failure:\n{log[-4000:]}"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = start_server(tmp_path)
    yield running
    stop_server(running)


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield launched
    launched.close()


def tricks_button(player: str, count: int) -> str:
    """What a screen reader calls a trick button: "Astrid 1 trick", "Astrid 2 tricks"."""
    return f"{player} {count} trick{'' if count == 1 else 's'}"


def in_english(amount: str, currency: str) -> str:
    """An amount as the English screens write it (CLDR en_GB): the currency code before the
    figure, the minus before both: ``-13.50`` SEK is ``-SEK 13.50``."""
    sign, figure = ("-", amount[1:]) if amount.startswith("-") else ("", amount)
    return f"{sign}{currency} {figure}"


@dataclass
class Ui:
    """The app as a person uses it: tap what is labelled, type, read what is shown."""

    page: Page
    base: str
    taps: int = 0
    shots: list[str] = field(default_factory=list)

    def open(self, path: str = "/") -> None:
        self.page.goto(self.base + path)
        placeholder = self.page.locator("flt-semantics-placeholder")
        placeholder.wait_for(state="attached", timeout=FIRST_PAINT)
        placeholder.dispatch_event("click")

    def tap(self, label: str) -> None:
        """One tap on the button (or chip) a screen reader calls ``label``."""
        self.page.get_by_role("button", name=label, exact=True).first.click()
        self.taps += 1
        self.page.wait_for_timeout(120)  # a person's pace: the screen answers each tap

    def in_view(self, label: str) -> bool:
        """The button a screen reader calls ``label`` is on screen now, not scrolled away
        nor covered: a person could tap it without scrolling."""
        return self.page.get_by_role("button", name=label, exact=True).first.evaluate(IN_VIEW)

    def pick_file(self, button: str, path: Path) -> None:
        """Tap ``button``, and choose ``path`` in the file dialog it opens."""
        with self.page.expect_file_chooser() as chooser:
            self.tap(button)
        chooser.value.set_files(str(path))

    def toggle(self, label: str) -> None:
        self.page.get_by_role("switch", name=label, exact=True).click()
        self.taps += 1

    def type(self, label: str, text: str) -> None:
        box = self.page.get_by_role("textbox", name=label, exact=True)
        for attempt in range(3):
            box.click()
            # Flutter edits text in an input of its own, made when a field takes focus.
            self.page.wait_for_function(
                "() => ['INPUT', 'TEXTAREA'].includes(document.activeElement?.tagName)")
            self.page.keyboard.press("Control+A")
            self.page.keyboard.insert_text(text)
            try:
                self.page.wait_for_function("text => document.activeElement?.value === text",
                                            arg=text, timeout=3_000)
                break
            except Exception:
                if attempt == 2:
                    raise
        # Keystrokes reach the app as change events; let them land before the next tap.
        self.page.wait_for_timeout(400)

    def add_player(self, name: str) -> None:
        """Type a name and add it; a machine types faster than any person, so a name
        that did not arrive is typed again (a person would see it missing and retype)."""
        for attempt in range(3):
            self.type("Player's name", name)
            self.tap("Add player")
            try:
                self.see(f"Remove {name}", timeout=4_000)
                return
            except Exception:
                if attempt == 2:
                    raise

    def start_session(self, players: list[str], currency: str, unit: str,
                      game: str | None = None, name: str | None = None) -> None:
        """Home → New session → the game, the players in order, money → Start."""
        self.open("/")
        self.tap("New session")
        if name is not None:
            self.type("Name of the session (optional)", name)
        if game is not None:
            self.tap(f"Game: {game}")
        for player in players:
            self.add_player(player)
        self.toggle("Play for money")
        self.type("Currency", currency)
        self.type("Value of one unit", unit)
        self.read(f"{players[0]} deals first")
        self.tap("Start the session")
        self.see("Save deal 1")

    def record(self, number: int, tricks: dict[str, int], passes: tuple[str, ...] = (),
               extras: tuple[str, ...] = ()) -> None:
        """One deal the way a scorer enters it on the table screen: passes, the rarer
        events, tricks, save; then the next deal is ready."""
        for player in passes:
            self.tap(f"{player} passes")
        for extra in extras:
            self.tap(extra)
        for player, count in tricks.items():
            self.tap(tricks_button(player, count))
        self.tap(f"Save deal {number}")
        self.see(f"Save deal {number + 1}")

    def scores(self, players: list[str]) -> dict[str, int]:
        """Each player's score as the table screen reads it out ("Astrid: -28")."""
        shown = {}
        for player in players:
            readout = next(x for x in self.readouts(f"{player}: ") if x.count(":") == 1)
            shown[player] = int(readout.split(": ")[1])
        return shown

    def settles_as(self, replayed: dict, currency: str) -> None:
        """The settle-up screen shows the money and the transfers `replay` computes."""
        self.page.get_by_role("button", name="Settle up").click()
        self.see("Who pays whom")
        for transfer in replayed["transfers"]:
            self.read(f"{transfer['from']} pays {transfer['to']} "
                      f"{in_english(transfer['amount'], currency)}")
        for player in replayed["players"]:
            self.read(f"{player['name']}: {in_english(player['money'], currency)}")

    def see(self, text: str, timeout: int = 15_000) -> None:
        """Wait until ``text`` is on screen, as text or within what a screen reader reads."""
        # Amounts keep a no-break space between figure and currency; a person sees a space.
        self.page.wait_for_function(
            """text => [...document.querySelectorAll('flt-semantics')].some(node =>
                (node.getAttribute('aria-label') || '').replace(/\\s+/g, ' ').includes(text)
                || (node.innerText || '').replace(/\\s+/g, ' ').includes(text))""",
            arg=text, timeout=timeout)

    def read(self, text: str, timeout: int = 15_000) -> None:
        """Wait until ``text`` is read out whole (a figure, a transfer, a refusal)."""
        self.page.get_by_text(text, exact=True).first.wait_for(state="attached",
                                                              timeout=timeout)

    def readouts(self, prefix: str) -> list[str]:
        """Every whole sentence on screen that starts with ``prefix``."""
        return self.page.evaluate(
            """prefix => [...document.querySelectorAll('flt-semantics')]
                .map(node => (node.getAttribute('aria-label') || node.innerText || '')
                    .replace(/\\s+/g, ' ').trim())
                .filter(text => text.startsWith(prefix))""",
            prefix,
        )

    def shot(self, name: str) -> None:
        """Keep what a person sees once the screen has settled: the text a screen reader
        reads is there before the page is painted (the client's "Working..." spinner, or
        nothing yet, can still be on screen), so wait for two equal, painted frames."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        self.page.wait_for_timeout(600)
        before = b""
        for _ in range(40):
            frame = self.page.screenshot()
            if frame == before and painted(frame):
                break
            before = frame
            self.page.wait_for_timeout(250)
        (SCREENSHOTS / f"{name}.png").write_bytes(frame)
        self.shots.append(name)


def painted(png: bytes) -> bool:
    """More than one colour in the picture: something is drawn (a blank frame, or the
    background where words are still to come, is one colour)."""
    with Image.open(io.BytesIO(png)) as frame:
        return len(frame.convert("L").getcolors(maxcolors=256) or range(256)) > 1


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # A browser test is run again once if it fails: under load, headless Chromium now and
    # then loses a synthetic event before Flutter sees it. A real fault fails twice.
    for item in items:
        if "e2e" in item.nodeid:
            item.add_marker(pytest.mark.flaky(reruns=1))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    report = yield
    if report.when == "call":
        item.stash[FAILED] = report.failed
    return report


FAILED = pytest.StashKey[bool]()


@pytest.fixture
def phone(browser: Browser, server: Server) -> Iterator[Ui]:
    """A phone's screen, allowed to use the clipboard (as a person allows it once)."""
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  accept_downloads=True)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield Ui(page, server.url)
    context.close()


@pytest.fixture
def ui(request: pytest.FixtureRequest, browser: Browser, server: Server,
       tmp_path: Path) -> Iterator[Ui]:
    context = browser.new_context(viewport={"width": 1000, "height": 1100})
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield Ui(page, server.url)
    if request.node.stash.get(FAILED, False):
        # What the screen showed when the test failed: kept beside the test's files.
        page.screenshot(path=str(tmp_path / "failure.png"))
        print(f"screenshot of the failure: {tmp_path / 'failure.png'}")
        log = (tmp_path / "server.log").read_text(errors="replace").splitlines()
        print("the app's last words:", *[line for line in log if "INFO" not in line][-40:],
              sep="\n")
    context.close()
