"""Browser tests: the real app served on 127.0.0.1, driven in headless Chromium.

Flutter draws on a canvas; its accessibility tree appears in the DOM once switched
on, and that tree (labels a screen reader reads) is what these tests press.
"""

from __future__ import annotations

import io
import json
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path

import msgpack
import pytest
from PIL import Image
from playwright.sync_api import (
    Browser,
    Locator,
    Page,
    Playwright,
    WebSocket,
    WebSocketRoute,
    sync_playwright,
)

from scorekeeper.app.fonts import FAMILY, FONTS
from tests.conftest import REPO, run_cli_here, store_files
from tests.e2e.warm_start import Cold, Forked, Starter
from tests.ports import free_port

# The browser the tests drive: Chromium's headless shell (Debian's chromium-headless-shell,
# the engine Playwright itself drives headless): the same Blink, V8 and Skia as chromium, of
# the same version, without the windowed browser around them. It draws the app's screens as
# chromium does (of 148 screenshots, 132 came out byte for byte the same; the other 16 differ
# as any two runs do: a data folder's path, a room's code, a scroll bar fading) and needs a
# third less CPU to start the app's page (1.7 CPU-s against 2.7). The suite, CPU-bound on two
# cores, ran its main part in 18 min 9 s against 20 min 30 s.
HEADLESS_CHROMIUM = "/usr/bin/chromium-headless-shell"
CHROMIUM = "/usr/bin/chromium"  # what a person runs: the benchmarks measure in it
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
    # The tests talk only to addresses they own: no name resolves here, so whatever a page
    # would ask of another host fails at once, the same on every machine, and nothing
    # leaves this one (test_screens.py holds that a page load asks none).
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1, EXCLUDE 10.*",
    # Each page compiles the client's 12 MB of WebAssembly (main.dart.wasm, skwasm.wasm) with
    # V8's baseline compiler, then its hot functions again with the optimising one, in the
    # background, for a page the test closes seconds later. The baseline code draws the same
    # frames: 0.3 CPU-s less per page opened, 5 % less CPU over the browser tests.
    "--js-flags=--liftoff-only",
]
# Playwright waits for the page's web fonts before each screenshot. The app has none (Flutter
# draws its text with fonts it loads itself; document.fonts is empty), and that wait once
# hung 30 s on a loaded machine. Ui.picture waits for a painted, settled frame instead.
os.environ["PW_TEST_SCREENSHOT_NO_FONTS_READY"] = "1"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
CABIN = EXAMPLES / "friday-at-the-cabin.json"
# The line atop every screen while the club's database server is away.
LOST = ("The database server cannot be reached; trying again. "
        "What you type stays here until it can be saved.")
# Material's longest transition (a route, 300 ms) in the browser's frames, at 60 a second.
STILL_FRAMES = 20
FRAMES_WAIT = 20_000  # ms: as long as any other wait for the page (set_default_timeout)
# ms between two looks for what a test waits for. Playwright's default looks at every frame
# the browser draws, which keeps an idle page drawing at 60 frames a second and runs the
# look (every node of the screen reader's tree) each time: eight workers' pages fought the
# app's own drawing for the CPU.
POLL = 100
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


@dataclass
class Server:
    url: str
    db: str
    data: Path
    process: Forked | Cold

    def cli(self, *args: str) -> subprocess.CompletedProcess[str]:
        """``scorekeeper --db DB ARGS...`` with the server's data folder, run in the test's
        process (tests/conftest.py's run_cli_here): the server itself is the executable."""
        return run_cli_here(self.db, *args, env={"FLET_APP_STORAGE_DATA": str(self.data)})

    def holds(self, *session_files: Path) -> None:
        """The session files stored (sessions 1, 2, ...), as ``scorekeeper import`` would."""
        store_files(self.db, *session_files)

    def replay(self, session_id: int, tmp: Path) -> dict:
        exported = tmp / f"session-{session_id}.json"
        assert self.cli("export", str(session_id), "--format", "json", "-o",
                        str(exported)).returncode == 0
        result = self.cli("replay", str(exported), "--json")
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout)


# A field tapped gets the browser's focus at once, but Flutter edits it only later, once
# its next semantics update has reached the page: then it writes the field's text and
# selection into the input (wiping whatever was typed there before) and sets the input's
# `autocorrect` to "on" or "off" from the field's configuration. So a field about to be
# tapped is marked "not-yet", and it has the keyboard when that mark is gone. (Typed into
# too early, "0,50" was wiped by the field's own "" and the app never heard it.) A field
# that already has the keyboard is not marked: nothing would take the mark away.
NOT_YET_EDITING = """field => {
    if (document.activeElement !== field) field.setAttribute('autocorrect', 'not-yet');
}"""

# What the browser does on its back or forward button: the address changes in the page, and
# the page is told (Flutter's router listens for popstate), with no new load.
GO_TO = """path => {
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate', {state: null}));
}"""

# The app's own font, where the page fetches it, and whether the page has fetched it.
MAIN_FONT = "/" + FONTS[FAMILY]
FETCHED = """url => performance.getEntriesByType('resource')
    .some(entry => new URL(entry.name).pathname === url && entry.responseEnd > 0)"""

# The control is no longer where it was (``top``): a scroll has been drawn.
MOVED_FROM = "([node, top]) => node.getBoundingClientRect().top !== top"

# The field is found by its name at every look, not held: a field the app replaces (the
# player's name, emptied for the next one) leaves a held element behind, out of the page.
HAS_KEYBOARD = """label => {
    const typing = document.activeElement;
    const fields = [...document.querySelectorAll('[data-semantics-role="text-field"]')]
        .filter(field => (field.getAttribute('aria-label') || '').replace(/\\s+/g, ' ') === label);
    if (fields.includes(typing)) return typing.getAttribute('autocorrect') !== 'not-yet';
    if (!typing?.closest('flt-text-editing-host')) return false;
    const over = typing.getBoundingClientRect();
    return over.height > 0 && fields.some(field => {
        const under = field.getBoundingClientRect();
        return over.left >= under.left && over.right <= under.right
            && over.top >= under.top && over.bottom <= under.bottom;
    });
}"""


def _env(data: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, "FLET_APP_STORAGE_DATA": str(data), "PYTHONUNBUFFERED": "1", **extra}


def start_server(tmp: Path, *, host: str = "127.0.0.1", db: str | None = None,
                 module: str = "scorekeeper", cold: bool = False, db_flag: bool = True,
                 **env: str) -> Server:
    """``scorekeeper serve`` on a free port, its log in ``tmp/server.log``; ``db`` defaults
    to a SQLite file of its own, ``module`` is what ``python -m`` runs (a watched app),
    ``env`` adds environment variables; without ``db_flag``, no ``--db``: the database is
    the one the environment, the settings or the default choose. Forked from this worker's
    warm starter (tests/e2e/warm_start.py), or ``cold``, Python and all."""
    port = free_port()
    data = tmp / "data"
    data.mkdir(parents=True, exist_ok=True)
    db = db or f"sqlite:///{tmp / 'scorekeeper.db'}"
    args = [*(["--db", db] if db_flag else []), "serve", "--host", host, "--port", str(port)]
    if cold:
        with (tmp / "server.log").open("wb") as log:
            process: Forked | Cold = Cold([sys.executable, "-m", module, *args], stdout=log,
                                          stderr=subprocess.STDOUT, env=_env(data, **env),
                                          cwd=REPO)
    else:
        process = Starter.of_this_worker().start(module, args, _env(data, **env), REPO,
                                                 tmp / "server.log")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if process.ended():
                raise RuntimeError((tmp / "server.log").read_text()) from None
            time.sleep(0.05)
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


@pytest.fixture
def cabin(server: Server) -> Server:
    """The server holding the worked example's evening (tests/examples/friday-at-the-cabin.json)
    as session 1: six deals played, deal 7 is Cilla's."""
    server.holds(CABIN)
    return server


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


# The browser tests see the app as a person who asked their system for reduced motion
# does: Flutter draws a tap's ripple and a button's change of colour in a frame or two, not
# in frames every 17 ms for 0.4 s, each rasterised by SwiftShader on the CPU (the English
# evening: 49 CPU-s and 34 s in motion, 32 CPU-s and 25 s reduced; the GPU process half
# of it). What the app does is the same; a test marked ``in_motion`` sees the animations.
MOTION = {"reduced_motion": "reduce"}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "in_motion: the browser draws the app's animations")


@pytest.fixture(autouse=True)
def _motion(request: pytest.FixtureRequest) -> None:
    moving = request.node.get_closest_marker("in_motion") is not None
    MOTION["reduced_motion"] = "no-preference" if moving else "reduce"


def with_motion(launched: Browser) -> Browser:
    """``launched``, whose new contexts and pages (a page of its own context) move as the
    test asks (MOTION) unless told."""
    context, page = launched.new_context, launched.new_page
    launched.new_context = lambda **options: context(**{**MOTION, **options})  # type: ignore[method-assign]
    launched.new_page = lambda **options: page(**{**MOTION, **options})  # type: ignore[method-assign]
    return launched


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    launched = with_motion(playwright.chromium.launch(executable_path=HEADLESS_CHROMIUM,
                                                      args=CHROMIUM_ARGS))
    yield launched
    launched.close()


@pytest.fixture(autouse=True)
def _no_page_left_open(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every page a test opened in the shared browser is closed with the test. A page left
    open keeps drawing: once its server is gone, Flet's client animates its "reconnecting"
    spinner for ever, and a dozen such pages took the CPU every later test needed."""
    yield
    if "browser" in request.fixturenames:
        for context in request.getfixturevalue("browser").contexts:
            context.close()


def tricks_button(player: str, count: int) -> str:
    """What a screen reader calls a trick button: "Astrid 1 trick", "Astrid 2 tricks"."""
    return f"{player} {count} trick{'' if count == 1 else 's'}"


def in_english(amount: str, currency: str) -> str:
    """An amount as the English screens write it (CLDR en_GB): the currency code before the
    figure, the minus before both: ``-13.50`` SEK is ``-SEK 13.50``."""
    sign, figure = ("-", amount[1:]) if amount.startswith("-") else ("", amount)
    return f"{sign}{currency} {figure}"


# Flet's wire (flet/messaging/protocol.py): each frame is [action, body] in msgpack, after a
# zero byte. The client reports a person's taps and keys as control events, and what they
# type as an update of the field's properties.
PATCH_CONTROL, CONTROL_EVENT, UPDATE_CONTROL_PROPS = 2, 3, 4
PAGE = 1  # the page's control id: its events (resize, brightness, keys) are not a control's


def told(payload: bytes | str) -> tuple[int, dict] | None:
    """A frame on the page's socket, either way, as (action, body); None for anything else
    (a text frame, or a data channel's frame, which starts with another byte)."""
    if isinstance(payload, str) or not payload.startswith(b"\x00"):
        return None
    action, body = msgpack.unpackb(payload[1:], strict_map_key=False)
    return action, body


def sets_fallback_fonts(frame: tuple[int, dict] | None) -> bool:
    """The change gives the page its fonts for other scripts and emoji, sent once its first
    screen is up (app/shell.py, FALLBACKS_AFTER), on the app's own clock."""
    return (frame is not None and frame[0] == PATCH_CONTROL and frame[1]["id"] == PAGE
            and any(_a_font(operation) for operation in frame[1]["patch"][1:]))


def only_fallback_fonts(frame: tuple[int, dict] | None) -> bool:
    """The change is those fonts and nothing else: nobody's answer. (Drawn in the same pass
    as a tap's answer, the fonts come in the answer's frame, which is an answer.)"""
    return sets_fallback_fonts(frame) and all(
        _a_font(operation) for operation in frame[1]["patch"][1:])  # type: ignore[index]


def _a_font(operation: list) -> bool:
    return len(operation) > 2 and operation[2] in FONTS


def a_change(payload: bytes | str) -> bool:
    """The server sent the page a change of what it shows (the fonts sent on their own
    clock are not one: taken for a tap's answer, they left that answer to come after the
    next tap, which then seemed answered twice)."""
    frame = told(payload)
    return frame is not None and frame[0] == PATCH_CONTROL and not only_fallback_fonts(frame)


def a_control_event(payload: bytes | str) -> bool:
    """The client told the server of a tap, a toggle or a pick on one of its controls."""
    frame = told(payload)
    return frame is not None and frame[0] == CONTROL_EVENT and frame[1]["target"] != PAGE


def a_page_event(name: str):  # type: ignore[no-untyped-def]
    def matches(payload: bytes | str) -> bool:
        frame = told(payload)
        return frame is not None and frame[0] == CONTROL_EVENT and frame[1]["name"] == name
    return matches


def a_value(text: str):  # type: ignore[no-untyped-def]
    """The client told the server that a field now holds ``text``."""
    def matches(payload: bytes | str) -> bool:
        frame = told(payload)
        return (frame is not None and frame[0] == UPDATE_CONTROL_PROPS
                and frame[1]["props"].get("value") == text)
    return matches


@dataclass
class Ui:
    """The app as a person uses it: tap what is labelled, type, read what is shown.

    Every tap, key and text waits until the browser has told the server (its frame is on
    the page's socket), and a tap or key until the server has sent back what changed. The
    server handles a page's events in the order they come, so whatever the test does next
    reaches the app after it: no pause stands in for that."""

    page: Page
    base: str
    taps: int = 0
    shots: list[str] = field(default_factory=list)
    socket: WebSocket | None = None

    def __post_init__(self) -> None:
        self.page.on("websocket", self._connected)

    def _connected(self, socket: WebSocket) -> None:
        self.socket = socket

    def telling(self, what=a_control_event):  # type: ignore[no-untyped-def]
        """``with ui.telling(): ...`` returns once the page sent the server a frame ``what``
        accepts (by default a control's event: a tap)."""
        return self._frame("framesent", what)

    def answered(self):  # type: ignore[no-untyped-def]
        """``with ui.answered(): ...`` returns once the server sent the page a change."""
        return self._frame("framereceived", a_change)

    def _frame(self, direction: str, what):  # type: ignore[no-untyped-def]
        if self.socket is None:
            raise AssertionError("the page has no connection to the app: open() it first")
        return self.socket.expect_event(direction, predicate=what)

    def open(self, path: str = "/", font: str = MAIN_FONT) -> None:
        """Load the page at ``path``, and return once its first screen is drawn in the
        app's own font (``font``, the path the page fetches it from: a bare Flet page of a
        benchmark draws in Flutter's own, which it fetches instead). Flutter draws that screen
        first in a narrower font of its own, while the app's is fetched, and lays it out
        again once the font is in: buttons move, a row of two wraps into two rows, and a
        tap at the moment they move was lost (the group's tab on the phone's home screen
        jumped 42 pixels down, and a full run's first tap on it never reached the app). The
        font is laid out in the frames after its file has come."""
        # The page's own load is bounded as its first paint is: a test that lowers the
        # page's default wait (20 s) met a load slower than that once, under a full suite.
        with self.page.expect_websocket(timeout=FIRST_PAINT) as connected:
            self.page.goto(self.base + path, timeout=FIRST_PAINT)
        self.socket = connected.value
        placeholder = self.page.locator("flt-semantics-placeholder")
        placeholder.wait_for(state="attached", timeout=FIRST_PAINT)
        placeholder.dispatch_event("click")
        self.page.wait_for_function(FETCHED, arg=font, polling=POLL, timeout=FIRST_PAINT)
        self.next_frame(STILL_FRAMES)

    def go(self, path: str) -> None:
        """Go to ``path`` in the page already open, as the browser's back and forward
        buttons take a person: the app hears the new address and draws its screen, without
        loading the page again. (A screen reached so is drawn byte for byte as one opened
        by its address; opening costs Chromium 1.7 CPU-s, going 0.5 with its picture.)"""
        with self.answered():
            self.page.evaluate(GO_TO, path)

    def tap(self, label: str, *, answer: bool = True) -> None:
        """One tap on the button (or chip) a screen reader calls ``label``, at a person's
        pace: once the app has answered it with a change of the screen. A tap while the
        screen is still changing from the last one can land on a control Flutter is
        replacing, and is lost; no person taps that fast. ``answer=False`` for a tap the
        app answers with the screen it already shows (a second wrong join code)."""
        button = self.page.get_by_role("button", name=label, exact=True).first
        with self.answered() if answer else nullcontext(), self.telling():
            button.click()
        self.taps += 1

    def press(self, key: str) -> None:
        """One key on the keyboard, told to the app as the page's keyboard event."""
        with self.answered(), self.telling(a_page_event("keyboard_event")):
            self.page.keyboard.press(key)

    def submit(self) -> None:
        """Enter in the field that has the keyboard, told to the app as the field's submit."""
        with self.telling():
            self.page.keyboard.press("Enter")

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
        """One tap on the switch ``label``, scrolled to first if it is below the fold or
        under the Start bar: a click where the page's tree puts a covered switch lands on
        what covers it (the money switch of a Mattmar session, under Start, stayed off)."""
        switch = self.page.get_by_role("switch", name=label, exact=True)
        self.scroll_to(switch)
        with self.telling():
            switch.click()
        self.taps += 1

    def scroll_up_to(self, text: str) -> None:
        """Scroll the screen, as a thumb does, until ``text`` is at its top, under the bar:
        what a screenshot of the part below it is to show."""
        node = self.shown(text).first
        for _ in range(10):
            box = node.bounding_box()
            if box is not None and 60 <= box["y"] < 140:
                break
            self.page.mouse.move(195, 500)
            self.page.mouse.wheel(0, box["y"] - 80 if box is not None else 250)
            self.next_frame(5)
        self.page.mouse.move(389, 60)  # the thumb lifted: no control is hovered

    def scroll_to(self, control: Locator) -> None:
        """Scroll the screen with the mouse wheel, as a person does, until ``control``
        can be tapped: each turn of the wheel brings it towards the middle of the screen
        (at least 150 pixels), and waits until it has moved."""
        viewport = self.page.viewport_size or {"width": 390, "height": 844}
        middle = viewport["height"] / 2
        self.page.mouse.move(viewport["width"] / 2, middle)
        while not control.evaluate(IN_VIEW):
            top = control.evaluate("node => node.getBoundingClientRect().top")
            turn = top - middle
            self.page.mouse.wheel(0, max(turn, 150) if turn >= 0 else min(turn, -150))
            self.page.wait_for_function(MOVED_FROM, arg=[control.element_handle(), top],
                                        polling="raf")

    def focus(self, label: str) -> None:
        """Tap into the field a screen reader calls ``label``, and wait until it has the
        keyboard. A field below the fold of a phone is scrolled to first, as a person
        does. (A click at where the page's tree puts an off-screen field lands on whatever
        Flutter draws there: once it was the chip of another game. And a field given the
        browser's focus without a tap, as this did for a field below the fold, now and
        then never had the keyboard: twice in about twenty full runs, each time right
        after another field was typed into. Flutter's web engine puts the browser's focus
        back on the field it is editing when it moves to another of its elements, flutter
        #166857; a tap reaches Flutter as a tap, which moves the keyboard itself.)"""
        field = self.page.get_by_role("textbox", name=label, exact=True)
        field.evaluate(NOT_YET_EDITING)
        self.scroll_to(field)
        field.click()
        self.has_keyboard(label)

    def has_keyboard(self, label: str) -> None:
        """Wait until the field ``label`` has the keyboard. Flutter edits either in the
        field's own input (focused from the screen reader's tree) or in an input of its
        own that it lays over the field being edited (focused by the app, at first paint)."""
        self.page.wait_for_function(HAS_KEYBOARD, arg=label, polling=POLL)

    def type(self, label: str, text: str) -> None:
        """Replace what the field ``label`` holds with ``text``, as a paste does, and wait
        until the app has heard it.

        Pasted with one space too many, then that space taken back: the app hears the text
        even when the field already held it ("SEK" pasted over the default "SEK" changes
        nothing, and nothing is told)."""
        self.focus(label)
        self.page.keyboard.press("Control+A")
        self.page.keyboard.insert_text(text + " ")
        with self.telling(a_value(text)):
            self.page.keyboard.press("Backspace")

    def type_keys(self, text: str, delay: int) -> None:
        """Type ``text`` into the field that has the keyboard, one key every ``delay`` ms,
        as a person types."""
        with self.telling(a_value(text)):
            self.page.keyboard.type(text, delay=delay)

    def add_player(self, name: str) -> None:
        self.type("Player's name", name)
        self.tap("Add player")
        self.see(f"Remove {name}")

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
            if not self.chosen(tricks_button(player, count)):  # a deal given back by Undo
                self.tap(tricks_button(player, count))
        self.tap(f"Save deal {number}")
        self.see(f"Save deal {number + 1}")

    def chosen(self, label: str) -> bool:
        """Is the button ``label`` shown as chosen? (Flutter marks it aria-current.)"""
        button = self.page.get_by_role("button", name=label, exact=True).first
        return button.get_attribute("aria-current") == "true"

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
            arg=text, polling=POLL, timeout=timeout)

    def read(self, text: str, timeout: int = 15_000) -> None:
        """Wait until ``text`` is read out whole (a figure, a transfer, a refusal)."""
        self.shown(text).first.wait_for(state="attached", timeout=timeout)

    def shown(self, text: str) -> Locator:
        """``text``, whole, where the screen shows it. Not the screen reader's announcer,
        which holds a notice's words for a moment as it reads them out: looked for in the
        whole page, a notice the Save bar said again was found twice, and a wait for it to
        go refused to pick one."""
        return self.page.locator("flt-semantics-host").get_by_text(text, exact=True)

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
        """Keep what a person sees once the screen has settled (see ``picture``)."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        (SCREENSHOTS / f"{name}.png").write_bytes(self.picture())
        self.shots.append(name)

    def picture(self, of: Locator | None = None) -> bytes:
        """The page (or the part ``of`` it) as a person sees it once it has settled: the
        text a screen reader reads is there before the page is painted (the client's
        "Working..." spinner, a dialog still fading in, an image still being decoded), so
        wait for a painted frame that stays the same over as many of the browser's frames
        as the app's longest animation takes."""
        take = (of or self.page).screenshot
        self.next_frame()
        frame = take()
        for _ in range(40):
            self.next_frame(STILL_FRAMES)
            before, frame = frame, take()
            if frame == before and painted(frame):
                return frame
        # Said here rather than by whatever reads the picture next ("zxing read nothing").
        state = "changing" if frame != before else "one colour, never painted"
        raise AssertionError(f"{of or 'the page'} was still {state} after 40 looks, "
                             f"{STILL_FRAMES} frames apart")

    def next_frame(self, frames: int = 2) -> None:
        """Wait until the browser has drawn ``frames`` more frames of this page, in front (as
        the device a person looks at): what the app last sent is on the canvas."""
        self.page.bring_to_front()
        # A page that draws no frame at all would leave the promise waiting for ever (an
        # evaluation has no timeout of its own): after FRAMES_WAIT it says so instead.
        drew = self.page.evaluate("""([frames, wait]) => Promise.race([
            new Promise(drawn => {
                const next = left => left ? requestAnimationFrame(() => next(left - 1))
                                          : drawn(true);
                next(frames);
            }),
            new Promise(stuck => setTimeout(() => stuck(false), wait)),
        ])""", [frames, FRAMES_WAIT])
        assert drew, f"the page drew no frame in {FRAMES_WAIT} ms"


def taps_shown(ui: Ui, tricks: dict[str, int]) -> None:
    """Each player's tapped count is the chosen one, and no longer the 0 it started at."""
    for player, count in tricks.items():
        ui.see(tricks_button(player, count))
        ui.page.wait_for_function(
            """label => [...document.querySelectorAll('flt-semantics[role=button]')].some(n =>
                (n.getAttribute('aria-label') || '').replace(/\\s+/g, ' ') === label
                && n.getAttribute('aria-current') === 'true')""",
            arg=tricks_button(player, count), timeout=15_000, polling=POLL)
        assert not ui.chosen(tricks_button(player, 0))


def tap_all(ui: Ui, tricks: dict[str, int]) -> None:
    for player, count in tricks.items():
        ui.tap(tricks_button(player, count))


def no_save(ui: Ui) -> None:
    """Save is gone while the question is open: nothing can be saved before an answer."""
    assert ui.page.get_by_role("button", name=re.compile(r"^Save deal")).count() == 0


def pass_on_a_single_pot(ui: Ui) -> str:
    """On the worked example's table (session 1): deal 7 (pot 5 + ante 5 = 10, five tricks
    at 2, nobody looed) empties the pot, so deal 8 is a single pot, and Astrid's pass is
    refused. What the refusal says."""
    ui.open("/session/1")
    ui.see("Save deal 7")
    ui.record(7, {"Dag": 2, "Astrid": 1, "Bengt": 1, "Cilla": 1})
    ui.tap("Astrid passes")
    ui.tap(tricks_button("Dag", 5))
    refusal = "Deal 8: single pot - everyone must play, but Astrid passed"
    ui.see(refusal)
    return refusal


def painted(png: bytes) -> bool:
    """More than one colour in the picture: something is drawn (a blank frame, or the
    background where words are still to come, is one colour)."""
    with Image.open(io.BytesIO(png)) as frame:
        return len(frame.convert("L").getcolors(maxcolors=256) or range(256)) > 1


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    report = yield
    if report.when == "call":
        item.stash[FAILED] = report.failed
    return report


FAILED = pytest.StashKey[bool]()


class HeldSocket:
    """A page whose connection to the app is routed through the test, which can hold back
    what the app sends for a while: the page goes on showing the screen as it was, as a
    slow phone does for a moment after a tap, while the person's next tap already goes out."""

    def __init__(self, ui: Ui) -> None:
        self.ui = ui
        self.route: WebSocketRoute | None = None
        self.held: list[bytes | str] | None = None  # None: nothing held, all goes through
        ui.page.route_web_socket(re.compile(r".*/ws$"), self._connect)

    def _connect(self, route: WebSocketRoute) -> None:
        self.route = route
        route.connect_to_server().on_message(self._from_app)

    def _from_app(self, message: bytes | str) -> None:
        if self.held is None:
            assert self.route is not None
            self.route.send(message)
        else:
            self.held.append(message)

    def tap_ahead_of_the_screen(self, first: str, then: str) -> None:
        """Tap the button ``first``, then ``then`` where the page still shows it, before the
        page has drawn the app's answer to the first tap; then let the page draw."""
        self.held = []
        for label in (first, then):
            answers = self._answers_held() + 1
            with self.ui.telling():
                self.ui.page.get_by_role("button", name=label, exact=True).first.click()
            deadline = time.monotonic() + FRAMES_WAIT / 1000
            while self._answers_held() < answers:  # the app has taken the tap
                assert time.monotonic() < deadline, f"the app never answered {label}"
                self.ui.page.evaluate("0")  # a round trip: the socket's news reach the test
        held, self.held = self.held, None
        assert self.route is not None
        for message in held:
            self.route.send(message)

    def tap_as_it_changes(self, change: Callable[[], object], label: str,
                          drawn: Callable[[], object]) -> None:
        """Press the button ``label``, set off ``change`` (something the app redraws the
        screen for, unasked), and lift the finger once the page has drawn it (``drawn``
        returns then): a tap that spans the redraw."""
        self.held = []
        change()
        deadline = time.monotonic() + FRAMES_WAIT / 1000
        while not self._answers_held():
            assert time.monotonic() < deadline, "the app never redrew the screen"
            self.ui.page.evaluate("0")  # a round trip: the socket's news reach the test
        box = self.ui.page.get_by_role("button", name=label, exact=True).first.bounding_box()
        assert box is not None
        mouse = self.ui.page.mouse
        mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        mouse.down()
        held, self.held = self.held, None
        assert self.route is not None
        for message in held:
            self.route.send(message)
        drawn()
        with self.ui.telling():
            mouse.up()

    def _answers_held(self) -> int:
        return sum(a_change(message) for message in self.held or [])


def keep_failure(request: pytest.FixtureRequest, page: Page, tmp_path: Path) -> None:
    """When the test failed: what the screen showed, kept beside the test's files, and the
    app's last words, printed with the test's report."""
    if not request.node.stash.get(FAILED, False):
        return
    page.screenshot(path=str(tmp_path / "failure.png"))
    print(f"screenshot of the failure: {tmp_path / 'failure.png'}")
    log = (tmp_path / "server.log").read_text(errors="replace").splitlines()
    print("the app's last words:", *[line for line in log if "INFO" not in line][-40:],
          sep="\n")


@pytest.fixture
def phone(request: pytest.FixtureRequest, browser: Browser, server: Server,
          tmp_path: Path) -> Iterator[Ui]:
    """A phone's screen, allowed to use the clipboard (as a person allows it once)."""
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  accept_downloads=True)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield Ui(page, server.url)
    keep_failure(request, page, tmp_path)
    context.close()


@pytest.fixture
def ui(request: pytest.FixtureRequest, browser: Browser, server: Server,
       tmp_path: Path) -> Iterator[Ui]:
    context = browser.new_context(viewport={"width": 1000, "height": 1100})
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield Ui(page, server.url)
    keep_failure(request, page, tmp_path)
    context.close()


@pytest.fixture
def held(ui: Ui) -> HeldSocket:
    """The desktop page of ``ui`` (everything in view), its connection to the app able to
    be held back."""
    return HeldSocket(ui)
