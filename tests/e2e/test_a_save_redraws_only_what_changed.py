"""A Save redraws only what it changed: the parts of the screen whose view changed are drawn
again, the patch sent to the browser holds only the changed properties, and Flet's debug
lines are not even asked for.

The app runs watched (tests/e2e/render_watch.py): every component drawn and every debug
line asked of a Flet logger is written down. The page is the cabin's evening on a phone
(390x844), deal 7 entered as a scorer does (Dag 2, Astrid 1, Bengt 1, Cilla 1) and saved;
what is counted is from the tap on Save to the server's reply.

The figures are set from the bare Flet page of tests/bench/tap_bench.py (BARE_TABLE: the
same bar, four rows of name, duty, score, money, six counts and Pass, and a Save bar,
written the plain way), counted the same way on 2026-11-29 with the same deal entered and
saved: its Save sets 19 properties by hand (for each row the score, the score as a screen
reader reads it, the money, the count chosen back to none; then the heading, the line
above Save and Save's label) and draws no component. Every one of the limits below starts
from those 19 changes and adds, line by line, what this screen shows that the bare page
does not; anything more is a part drawn or a control sent that nothing asked for.
"""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext

from tests.e2e.conftest import (
    CABIN,
    FRAMES_WAIT,
    PATCH_CONTROL,
    Server,
    Ui,
    only_fallback_fonts,
    sets_fallback_fonts,
    start_server,
    stop_server,
    told,
    tricks_button,
)

DEAL_7 = {"Dag": 2, "Astrid": 1, "Bengt": 1, "Cilla": 1}
PLAYERS = len(DEAL_7)

# The components a Save must draw again (the bare page draws none: it sets 19 properties).
MUST_DRAW = {
    # The new session handed down the screen: the app, the table screen and the entry.
    "App": 1, "TableScreen": 1, "DealEntry": 1,
    # Each row's score and money changed (the bare page's 4 scores and 4 money figures):
    # the row and its heading.
    "PlayerRow": PLAYERS, "Heading": PLAYERS,
    # Each row's chosen count went back to none (the bare page's 4 counts): its buttons,
    # and of the six counts the one that was chosen and 0, chosen again.
    "Buttons": PLAYERS, "CountButton": 2 * PLAYERS,
    # The deal's heading (the bare page's heading) and the pot, folded above the rows.
    "AssistantFold": 1,
    # What the deal did and Save's label (the bare page's line above Save and its label).
    "SaveBar": 1,
}

# The patch operations a Save must send; the bare page's 19 are marked as such.
MUST_SEND = {
    # For each row, as on the bare page: the score, what a screen reader reads of it, the
    # money (3); the chosen count back to none (1 on the bare page, one style): here the
    # count tapped and 0 each change their colour, their fill and their "selected" (6).
    "each row's score, money and counts": PLAYERS * (3 + 6),
    # Cilla's 1 was not tapped but followed from the others' tricks: its mark goes.
    "the count that followed": 1,
    # What this screen shows that the bare page does not, which deal 7 changes: what the
    # rules ask of each player now, and the pot's share on each row, gone with the pot.
    "each row's duty and pot share": PLAYERS * 2,
    # The dealer's colour leaves Cilla's row for Dag's.
    "the dealer's row": 2,
    # The heading and what a screen reader reads of it (the bare page: the heading); the
    # pot, read out likewise; the fold's line (who speaks first, how to deal).
    "the fold": 5,
    # What the deal did (bare: the line); Undo's label; Clear, which goes; Save's label
    # (bare: the label), and Save off until the next deal's tricks are in.
    "the Save bar": 5,
}
# The rows keep their places from deal to deal: none is moved; and the Save bar's buttons
# theirs, as Clear goes: nothing is sent whole, Save itself not either.
CONTROLS_SENT_WHOLE = 0


def sent_whole(value: Any) -> list[dict]:
    """The controls a patch operation carries whole, each with its kind ("_c") and props."""
    if isinstance(value, dict):
        return [*([value] if "_c" in value else []),
                *(control for item in value.values() for control in sent_whole(item))]
    if isinstance(value, list):
        return [control for item in value for control in sent_whole(item)]
    return []


def replies(wire: list[tuple[str, tuple[int, dict] | None]]) -> list[tuple[int, dict]]:
    """The changes the server sent the page, but for the fonts it sends on its own clock."""
    return [frame for way, frame in wire if way == "got" and frame is not None
            and frame[0] == PATCH_CONTROL and not only_fallback_fonts(frame)]


def test_a_save_draws_and_sends_only_what_it_changed(browser: Browser, tmp_path: Path):
    watched = tmp_path / "render.log"
    watched.touch()
    server = start_server(tmp_path, module="tests.e2e.render_watch",
                          SCOREKEEPER_RENDER_LOG=str(watched))
    wire: list[tuple[str, tuple[int, dict] | None]] = []  # the page's socket, both ways
    try:
        server.holds(CABIN)
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        page.on("websocket", lambda socket: (
            socket.on("framesent", lambda payload: wire.append(("sent", told(payload)))),
            socket.on("framereceived", lambda payload: wire.append(("got", told(payload))))))
        ui = Ui(page, server.url)
        ui.open("/session/1")
        ui.see("Save deal 7")
        first_tap = len(wire)
        tapped_counts = [tricks_button(player, count) for player, count in DEAL_7.items()
                         if player != "Cilla"]  # her 1 follows from the others' tricks
        for button in tapped_counts:
            ui.tap(button)
        # Save is tapped once every count's reply and the fonts are in: with a draft written
        # slowly to the disk (a full run's load), a count's reply came after Save was
        # tapped, inside the Save's window, and the Save seemed answered twice.
        deadline = time.monotonic() + FRAMES_WAIT / 1000
        while not (any(sets_fallback_fonts(frame) for _, frame in wire) and len(
                replies(wire[first_tap:])) >= len(tapped_counts)):
            assert time.monotonic() < deadline, "the counts' replies or the fonts never came"
            page.evaluate("0")  # a round trip: the socket's news reach the test
        before = len(watched.read_text(encoding="utf-8").splitlines())
        tapped = len(wire)
        ui.tap("Save deal 7")
        ui.see("Save deal 8")  # the reply is in: what the server drew for it is written
        during = watched.read_text(encoding="utf-8").splitlines()[before:]
        context.close()
    finally:
        stop_server(server)
    patches = [frame[1]["patch"][1:] for frame in replies(wire[tapped:])]
    drawn = Counter(line.removeprefix("drew ") for line in during if line.startswith("drew "))
    operations = [operation for patch in patches for operation in patch]
    assert len(patches) == 1, f"a Save is one reply, not {len(patches)}"
    assert drawn <= Counter(MUST_DRAW), (
        f"a Save drew {sum(drawn.values())} components, not the {sum(MUST_DRAW.values())} "
        f"whose views it changed; more: {dict(drawn - Counter(MUST_DRAW))}")
    assert len(operations) <= sum(MUST_SEND.values()), (
        f"a Save sent {len(operations)} patch operations (the bare page 19; this screen's "
        f"changes {sum(MUST_SEND.values())}):\n" + "\n".join(map(str, operations)))
    whole = [control["_c"] for operation in operations for control in sent_whole(operation)]
    assert len(whole) <= CONTROLS_SENT_WHOLE, f"a Save sent controls whole: {whole}"
    asked = Counter(line for line in during if line.startswith("debug "))
    assert not asked, f"Flet's debug lines were asked for, though off: {dict(asked)}"


def the_cabin_on_a_phone(browser: Browser, server: Server,
                         wire: list[tuple[str, tuple[int, dict] | None]]
                         ) -> tuple[BrowserContext, Ui]:
    """The cabin's table open on a phone (390x844), every frame the server sends it kept
    in ``wire``."""
    server.holds(CABIN)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.on("websocket", lambda socket: socket.on(
        "framereceived", lambda payload: wire.append(("got", told(payload)))))
    ui = Ui(page, server.url)
    ui.open("/session/1")
    ui.see("Save deal 7")
    return context, ui


def test_save_keeps_its_control_as_clear_comes_and_a_question_opens_above_it(
        browser: Browser, tmp_path: Path):
    """A deal's first tap brings Clear in beside Save, and "Someone joins" opens its panel
    above the Save bar: in neither is Save sent anew (a button drawn anew under a finger
    pressing it loses the press, and a keyboard's focus with it), nor the bar."""
    server = start_server(tmp_path)
    wire: list[tuple[str, tuple[int, dict] | None]] = []
    try:
        context, ui = the_cabin_on_a_phone(browser, server, wire)
        page = ui.page
        sent: dict[str, list[tuple[str, object]]] = {}  # per tap: each control's kind, words
        for tap, shown in ((tricks_button("Dag", 2), "Clear deal 7"),
                           ("Someone joins", "Sit down")):
            before = len(wire)
            ui.tap(tap)
            ui.see(shown)
            deadline = time.monotonic() + FRAMES_WAIT / 1000
            while not replies(wire[before:]):
                assert time.monotonic() < deadline, f"no reply to {tap}"
                page.evaluate("0")
            sent[tap] = [(control["_c"], control.get("content"))
                         for _, body in replies(wire[before:])
                         for operation in body["patch"][1:] for control in sent_whole(operation)]
        context.close()
    finally:
        stop_server(server)
    for tap, controls in sent.items():
        assert ("FilledButton", "Save deal 7") not in controls, f"{tap}: Save was sent anew"
    assert ("IconButton", None) in sent[tricks_button("Dag", 2)], "Clear never came"
    assert ("FilledButton", "Sit down") in sent["Someone joins"], "the panel never came"


def test_a_pass_of_the_root_that_changes_nothing_on_the_table_draws_only_the_root(
        browser: Browser, tmp_path: Path):
    """The fonts for other scripts arrive a moment after the first screen (shell.App,
    FALLBACKS_AFTER): the root draws again for its own state, and the table, its entry and
    its rows, handed what they were handed before, are left as they are (a screen handed
    the app was drawn again at every pass of the root: the table and its entry, 3 where 1
    is needed)."""
    watched = tmp_path / "render.log"
    watched.touch()
    server = start_server(tmp_path, module="tests.e2e.render_watch",
                          SCOREKEEPER_RENDER_LOG=str(watched))
    wire: list[tuple[str, tuple[int, dict] | None]] = []
    try:
        context, ui = the_cabin_on_a_phone(browser, server, wire)
        page = ui.page
        deadline = time.monotonic() + FRAMES_WAIT / 1000
        while not any(sets_fallback_fonts(frame) for _, frame in wire):
            assert time.monotonic() < deadline, "the fonts never came"
            page.evaluate("0")
        drawn = [line.removeprefix("drew ")
                 for line in watched.read_text(encoding="utf-8").splitlines()
                 if line.startswith("drew ")]
        context.close()
    finally:
        stop_server(server)
    assert "TableScreen" in drawn, "the table was never drawn"
    # The last pass is the fonts': from the root's last draw on, nothing else is drawn.
    fonts_pass = drawn[len(drawn) - 1 - drawn[::-1].index("App"):]
    assert fonts_pass == ["App"], f"the fonts' pass drew {fonts_pass}"
