"""`scorekeeper serve --host 0.0.0.0`: the table display for the local network.

A second device is a real browser in a network namespace of its own (a test host
made here, reached over a veth pair), so the app sees it as another machine; a forged
client is a raw websocket speaking Flet's wire from the same namespace (flet_wire.py).
All traffic stays inside the namespace's veth pair and the loopback.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Playwright

from tests.e2e.conftest import (
    CABIN,
    CHROMIUM_ARGS,
    HEADLESS_CHROMIUM,
    POLL,
    HeldSocket,
    Server,
    Ui,
    no_save,
    start_server,
    stop_server,
    tap_all,
    taps_shown,
    tricks_button,
    with_motion,
)
from tests.e2e.flet_wire import visit
from tests.e2e.test_table_at_a_glance import three_then_the_cabin
from tests.guest_network import (
    can_link,
    guest_ip,
    host_ip,
    is_linked,
    link_guests,
    namespace,
    unlink_guests,
)
from tests.ports import WORKER
from tests.qr_decode import zxing

# Each pytest-xdist worker's guests are on a network of its own (tests/guest_network.py).
HOST_IP, GUEST_IP = host_ip(WORKER), guest_ip(WORKER)
REPO = Path(__file__).resolve().parents[2]
NAME_FIELD = "Name of this device (e.g. Bengt's phone)"
DEVICES = "Devices on the network"


@pytest.fixture(scope="session")
def _guest_link() -> Iterator[str]:
    """The worker's guest namespace, made by the run's controller before the browsers
    started; made here in a run without workers, where no page loads while it is made."""
    if not can_link():
        raise RuntimeError("the network-display test makes a network namespace: run as root")
    if is_linked(WORKER):
        yield namespace(WORKER)
        return
    link_guests([WORKER])
    try:
        yield namespace(WORKER)
    finally:
        unlink_guests([WORKER])


@pytest.fixture
def guest_namespace(_guest_link: str) -> str:
    """A second machine on the table's network: its own namespace, linked by veth."""
    return _guest_link


def serving(tmp_path: Path, module: str = "scorekeeper") -> Iterator[Server]:
    running = start_server(tmp_path, host="0.0.0.0", module=module)
    yield running
    stop_server(running)


@pytest.fixture
def lan_server(tmp_path: Path) -> Iterator[Server]:
    yield from serving(tmp_path)


@pytest.fixture
def quick_lan_server(tmp_path: Path) -> Iterator[Server]:
    """The same server, its answers after wrong codes a tenth as slow (quick_answers.py)."""
    yield from serving(tmp_path, module="tests.e2e.quick_answers")


@pytest.fixture
def guest_browser(playwright: Playwright, guest_namespace: str, tmp_path: Path
                  ) -> Iterator[Browser]:
    """Chromium started inside the guest's namespace (Playwright drives it over pipes)."""
    wrapper = tmp_path / "chromium-in-guest"
    wrapper.write_text(
        f'#!/bin/sh\nexec ip netns exec {guest_namespace} {HEADLESS_CHROMIUM} "$@"\n')
    wrapper.chmod(0o755)
    launched = with_motion(playwright.chromium.launch(executable_path=str(wrapper),
                                                      args=CHROMIUM_ARGS))
    yield launched
    launched.close()


def join_code(server: Server) -> str:
    """The code the server printed when it started (as the host's chip writes it): it
    prints it before it listens, so it is in the log once the server can be reached."""
    log = Path(server.data).parent / "server.log"
    found = re.search(r"Join code: ([2-9A-Z]{4}-[2-9A-Z]{4})", log.read_text())
    assert found, "the server printed no join code"
    return found.group(1)


def chip(host: Ui) -> str:
    """The join code the host's chip reads out."""
    return next(readout.removeprefix("Join code: ") for readout in host.readouts("Join code: ")
                if re.fullmatch(r"Join code: [2-9A-Z]{4}-[2-9A-Z]{4}", readout))


def wrong_code(code: str) -> str:
    return "2222-2222" if code != "2222-2222" else "3333-3333"


def guest_at(browser: Browser, server: Server) -> tuple[Ui, Page]:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.set_default_timeout(20_000)
    port = server.url.rsplit(":", 1)[1]
    guest = Ui(page, f"http://{HOST_IP}:{port}")
    guest.open("/session/1")
    guest.see("Enter the join code")
    return guest, page


def offer(guest: Ui, code: str, name: str = "Bengt's phone") -> None:
    guest.type(NAME_FIELD, name)
    guest.type("Join code", code)
    guest.tap("Join")


def host_at(browser: Browser, server: Server) -> tuple[Ui, Page]:
    page = browser.new_page(viewport={"width": 1000, "height": 1100})
    page.set_default_timeout(20_000)
    host = Ui(page, server.url)
    host.open("/session/1")
    return host, page


def test_a_device_on_the_network_needs_the_join_code_and_only_watches(
    browser: Browser, guest_browser: Browser, lan_server: Server
):
    lan_server.holds(CABIN)
    code = join_code(lan_server)
    host, host_page = host_at(browser, lan_server)
    host.read(f"Join code: {code}")
    host.shot("room-chip-desktop-light")

    guest, guest_page = guest_at(guest_browser, lan_server)
    guest.shot("join-phone-light")
    offer(guest, wrong_code(code))
    guest.see("That is not the join code")
    guest.shot("join-refused-phone-light")
    assert not guest.readouts("Astrid: ")  # nothing of the table is shown

    guest.type("Join code", code.lower().replace("-", " "))  # as a person may type it
    guest.tap("Join")
    guest.see("Astrid: -28")
    assert guest_page.get_by_role("button", name="Save deal 7").count() == 0  # watches only
    guest.shot("table-viewer-phone-light")
    guest_page.set_viewport_size({"width": 430, "height": 1600})  # a tall phone: all in view

    # The host opens the devices panel and grants scoring; the guest records, the host sees.
    host.tap(f"{DEVICES} (1)")
    host.see("Bengt's phone may record deals")
    host.see(GUEST_IP)
    host.shot("room-panel-desktop-light")
    host_page.get_by_role("switch", name="Bengt's phone may record deals").click()
    guest.see("Save deal 7")
    # Issue 9: a guest allowed to record was shown Back, Ledger, Charts and Settle up, which
    # did nothing: a guest has the table only, so none of them is offered.
    for offered in ("Back", "Ledger", "Charts", "Settle up", "Undo deal 6"):
        assert guest_page.get_by_role("button", name=offered, exact=True).count() == 0, offered
    for player, tricks in {"Dag": 2, "Astrid": 1, "Bengt": 1, "Cilla": 1}.items():
        guest.tap(tricks_button(player, tricks))
    guest.tap("Save deal 7")
    host.see("Save deal 8")
    host.see("Dag: 22")


def test_a_guest_who_scores_follows_the_host_to_another_table_and_sees_its_own_players(
    browser: Browser, guest_browser: Browser, lan_server: Server, tmp_path: Path
):
    """The host moves from a table of three to the cabin's four, both at version 1: the
    guest's table follows, drawn anew for the cabin (not from the seats the three's table
    had worked out for version 1, which left Dag without a row)."""
    three_then_the_cabin(lan_server, tmp_path)
    code = join_code(lan_server)
    host, host_page = host_at(browser, lan_server)
    host.see("Save deal 1")
    guest, _ = guest_at(guest_browser, lan_server)
    offer(guest, code)
    host.tap(f"{DEVICES} (1)")
    host_page.get_by_role("switch", name="Bengt's phone may record deals").click()
    guest.see("Save deal 1")
    host.go("/session/2")
    guest.see("Deal 7: Cilla deals")
    for player in ("Astrid", "Bengt", "Cilla", "Dag"):
        assert guest.in_view(f"{player} passes"), player


def test_a_guest_allowed_to_score_is_asked_when_the_host_saves_its_deal_first(
    browser: Browser, guest_browser: Browser, lan_server: Server, tmp_path: Path
):
    """One hand is one deal for a guest that scores too: the host saves deal 7 while the
    guest's phone holds another hand half-entered for it, and the phone asks, as a second
    host's screen does (test_drafts.py), before anything is saved. (Its guarded scorebook
    refused it the name of the device that saved deal 7: no question, and a dead Save.)"""
    lan_server.holds(CABIN)
    code = join_code(lan_server)
    host, _ = host_at(browser, lan_server)
    host.see("Save deal 7")
    guest, _ = guest_at(guest_browser, lan_server)
    offer(guest, code)
    guest.see("Astrid: -28")
    host.tap(f"{DEVICES} (1)")
    host.toggle("Bengt's phone may record deals")
    guest.see("Save deal 7")

    tap_all(guest, {"Dag": 2, "Astrid": 1})  # Bengt's phone, two taps into deal 7
    host.record(7, {"Dag": 3, "Astrid": 2})  # the host's hand, saved first
    # Deal 7 is Cilla's: she antes 5 into the 5 left, a double pot of 10, a trick pays 2.
    # Dag 3 tricks +6, Astrid 2 +4; Bengt flies, 5 into the pot; Cilla antes 5 and flies,
    # 10 in all. The pot keeps the two flights' 10.
    guest.read("Deal 7 was saved on another device: Astrid +4 · Bengt -5 · Cilla -10 · "
               "Dag +6. Yours is another hand.")
    guest.see("Astrid: -24")
    no_save(guest)
    taps_shown(guest, {"Dag": 2, "Astrid": 1})
    guest.shot("draft-asked-when-the-host-saves-phone-light")

    guest.tap("Mine is deal 8")
    guest.see("Save deal 8")
    tap_all(guest, {"Bengt": 1, "Cilla": 1})
    guest.tap("Save deal 8")
    guest.see("Save deal 9")
    # Deal 8 is Dag's: he antes 5 into the 10, a pot of 15, a trick pays 3. Dag 2 tricks
    # +6 (25 after his ante), Astrid, Bengt and Cilla 1 each, +3; nobody flies, the pot
    # is empty.
    after = {"Astrid": -21, "Bengt": -15, "Cilla": 11, "Dag": 25}
    host.see("Save deal 9")
    for ui in (guest, host):
        ui.see("Dag: 25")
        assert ui.scores(list(after)) == after
    stored = lan_server.replay(1, tmp_path)
    assert stored["deals"] == 8
    assert [player["units"] for player in stored["players"]] == list(after.values())


def test_the_host_can_remove_a_device_and_it_is_back_at_the_join_code(
    browser: Browser, guest_browser: Browser, lan_server: Server
):
    lan_server.holds(CABIN)
    code = join_code(lan_server)
    host, _ = host_at(browser, lan_server)
    guest, _ = guest_at(guest_browser, lan_server)
    offer(guest, code)
    guest.see("Astrid: -28")
    host.tap(f"{DEVICES} (1)")
    host.tap("Remove Bengt's phone")
    guest.see("Enter the join code")
    assert not guest.readouts("Astrid: ")
    host.see("Nobody has joined yet.")


def test_a_remove_tapped_before_the_hosts_screen_caught_up_removes_the_device_it_named(
    browser: Browser, guest_browser: Browser, lan_server: Server
):
    # Three devices joined. The host removes Astrid's phone, and taps Remove on Bengt's
    # before the page has drawn the rows closing up: Bengt's phone goes, Cilla's tablet,
    # whose row moved into the place of Bengt's on the server's side, stays.
    lan_server.holds(CABIN)
    code = join_code(lan_server)
    page = browser.new_page(viewport={"width": 1000, "height": 1100})
    page.set_default_timeout(20_000)
    host = Ui(page, lan_server.url)
    held = HeldSocket(host)
    host.open("/session/1")
    for device in ("Astrid's phone", "Bengt's phone", "Cilla's tablet"):
        guest, _ = guest_at(guest_browser, lan_server)
        offer(guest, code, name=device)
        guest.see("Astrid: -28")
    host.tap(f"{DEVICES} (3)")
    host.see("Cilla's tablet may record deals")
    held.tap_ahead_of_the_screen("Remove Astrid's phone", "Remove Bengt's phone")
    host.see(f"{DEVICES} (1)")
    assert host.readouts("Remove ") == ["Remove Cilla's tablet"]


def test_a_guest_who_leaves_stays_on_the_hosts_list_as_away_until_removed(
    browser: Browser, guest_browser: Browser, lan_server: Server
):
    lan_server.holds(CABIN)
    code = join_code(lan_server)
    host, _ = host_at(browser, lan_server)
    guest, guest_page = guest_at(guest_browser, lan_server)
    offer(guest, code, name="Cilla's tablet")
    guest.see("Astrid: -28")
    host.tap(f"{DEVICES} (1)")
    host.see("Cilla's tablet may record deals")
    guest_page.close()
    # Gone from the table, not from the host's list: still there to remove or to revoke.
    host.see(f"{GUEST_IP} · away")
    host.tap("Remove Cilla's tablet")
    host.see("Nobody has joined yet.")
    host.see(f"{DEVICES} (0)")


class DroppableSocket:
    """The page's connection to the app, routed through the test so that it can be cut,
    as a phone's Wi-Fi drops it, and kept down until the test lets it back: the page then
    reconnects on its own, as Flet's does."""

    def __init__(self, page: Page) -> None:
        self.routes: list = []  # type: ignore[type-arg]
        self.down = False
        page.route_web_socket(re.compile(r".*/ws$"), self._connect)

    def _connect(self, route) -> None:  # type: ignore[no-untyped-def]
        if self.down:  # the page tries again while the network is away: no answer
            route.close()
            return
        route.connect_to_server()
        self.routes.append(route)

    def drop(self) -> None:
        self.down = True
        self.routes[-1].close()

    def back(self) -> None:
        self.down = False


def test_a_guest_whose_connection_drops_is_away_and_needs_the_new_code_to_come_back(
    browser: Browser, guest_browser: Browser, lan_server: Server
):
    lan_server.holds(CABIN)
    code = join_code(lan_server)
    host, _ = host_at(browser, lan_server)
    page = guest_browser.new_page(viewport={"width": 390, "height": 844})
    page.set_default_timeout(20_000)
    socket = DroppableSocket(page)
    guest = Ui(page, f"http://{HOST_IP}:{lan_server.url.rsplit(':', 1)[1]}")
    guest.open("/session/1")
    offer(guest, code)
    guest.see("Astrid: -28")
    host.tap(f"{DEVICES} (1)")
    host_page = host.page
    host_page.get_by_role("switch", name="Bengt's phone may record deals").click()
    guest.see("Save deal 7")

    # The connection drops and comes back with the code unchanged: in again, as before.
    socket.drop()
    host.see(f"{GUEST_IP} · away")
    socket.back()
    host_page.wait_for_function(
        "ip => ![...document.querySelectorAll('flt-semantics')].some(n => "
        "(n.innerText || '').includes(ip + ' · away'))", arg=GUEST_IP, polling=POLL)
    # Flet's client keeps drawing what it showed before the drop, and its taps no longer
    # reach the controls the server has (the redraw sent with the reconnection does not
    # reach the screen); opened again, the page shows where the device stands: still
    # allowed to record.
    guest.open("/session/1")
    guest.see("Save deal 7")
    guest.record(7, {"Dag": 2, "Astrid": 1, "Bengt": 1, "Cilla": 1})
    host.see("Save deal 8")

    # It drops again; the host, no longer trusting it, makes a new code meanwhile.
    socket.drop()
    host.see(f"{GUEST_IP} · away")
    host.tap("New join code")
    socket.back()
    # The page came back: its browser session is not enough, the device is out of the room.
    host.see("Nobody has joined yet.")
    host.see(f"{DEVICES} (0)")
    guest.open("/session/1")  # as above
    guest.see("Enter the join code")
    assert not guest.readouts("Astrid: ")
    offer(guest, chip(host))
    guest.see("Astrid: -26")  # in again with the new code (after deal 7), watching only
    assert page.get_by_role("button", name="Save deal 8").count() == 0


def test_a_new_code_on_request_and_the_old_one_stops_working(
    browser: Browser, guest_browser: Browser, lan_server: Server
):
    lan_server.holds(CABIN)
    old = join_code(lan_server)
    host, _ = host_at(browser, lan_server)
    host.read(f"Join code: {old}")
    host.tap(f"{DEVICES} (0)")
    host.tap("New join code")
    # A code that begins with a digit is held to "Join code:" by a no-break space, as every
    # figure is to the word before it (i18n/figures.py): read as a space, as a person reads it.
    host.page.wait_for_function(
        """old => [...document.querySelectorAll('flt-semantics')]
            .map(node => (node.getAttribute('aria-label') || node.innerText || '')
                .replace(/\\s+/g, ' ').trim())
            .some(said => /^Join code: [2-9A-Z]{4}-[2-9A-Z]{4}$/.test(said)
                          && said !== 'Join code: ' + old)""", arg=old, polling=POLL)
    new = chip(host)
    assert re.fullmatch(r"[2-9A-Z]{4}-[2-9A-Z]{4}", new)
    assert new != old

    guest, _ = guest_at(guest_browser, lan_server)
    offer(guest, old)
    guest.see("That is not the join code")
    guest.type("Join code", new)
    guest.tap("Join")
    guest.see("Astrid: -28")


def test_wrong_codes_lock_a_device_then_everyone_until_the_host_lets_them_try_again(
    browser: Browser, guest_browser: Browser, quick_lan_server: Server
):
    """3 tries per device; after 10 wrong codes in all, even the right one is refused."""
    quick_lan_server.holds(CABIN)
    code = join_code(quick_lan_server)
    host, _ = host_at(browser, quick_lan_server)
    host.tap(f"{DEVICES} (0)")

    first, _ = guest_at(guest_browser, quick_lan_server)
    first.type(NAME_FIELD, "Stranger")
    for _ in range(3):
        first.type("Join code", wrong_code(code))
        first.tap("Join", answer=False)  # the second and third refusal change nothing shown
        first.see("That is not the join code")
    first.type("Join code", code)
    first.tap("Join")
    first.see("This device gave too many wrong codes")
    assert not first.readouts("Astrid: ")

    # Two more devices use their three tries, a fourth gives the tenth wrong code.
    for n in range(3):
        other, other_page = guest_at(guest_browser, quick_lan_server)
        other.type(NAME_FIELD, f"Stranger {n}")
        for _ in range(3 if n < 2 else 1):
            other.type("Join code", wrong_code(code))
            other.tap("Join", answer=False)
            other.see("That is not the join code" if n < 2 else "Joining is paused")
        if n < 2:
            other_page.close()
    last = other
    last.type("Join code", code)
    last.tap("Join")
    last.see("Joining is paused after too many wrong codes")
    assert not last.readouts("Astrid: ")

    host.see("Joining is locked after 10 wrong codes")
    host.shot("room-locked-desktop-light")
    host.tap("Let devices try again")
    last.type("Join code", code)
    last.tap("Join")
    last.see("Astrid: -28")


def test_a_guest_that_claims_the_hosts_address_stays_a_guest(
    guest_namespace: str, lan_server: Server, tmp_path: Path
):
    """The forged client registers, then overwrites page.client_ip with 127.0.0.1 at once
    (the race that won 26 of 30 tries): it gets the join screen, and never the code."""
    lan_server.holds(CABIN)
    code = join_code(lan_server)
    port = lan_server.url.rsplit(":", 1)[1]
    spoof = json.dumps([{"id": 1, "props": {"client_ip": "127.0.0.1"}}])
    # Five forged clients at once, none of which may win the race. Each listens until the
    # server has been silent for 4 s: one after another, they kept the run waiting 20 s.
    heard = [tmp_path / f"heard-{forged}.bin" for forged in range(5)]
    forgers = [subprocess.Popen(
        ["ip", "netns", "exec", guest_namespace, sys.executable, "-m",
         "tests.e2e.flet_wire", f"ws://{HOST_IP}:{port}/ws", "/session/1", str(told), spoof],
        cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)}) for told in heard]
    try:
        assert [forger.wait(timeout=60) for forger in forgers] == [0] * len(forgers)
    finally:
        for forger in forgers:
            forger.kill()
    for told in heard:
        received = told.read_bytes()
        assert b"Enter the join code" in received
        assert code.encode() not in received
        assert code.replace("-", "").encode() not in received
        assert b"Join code: " not in received
        assert b"Astrid" not in received  # nothing of the table either


def test_the_api_pages_are_not_served(lan_server: Server):
    for path in ("/docs", "/openapi.json", "/redoc", "/docs/oauth2-redirect"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(lan_server.url + path, timeout=10)
        assert refused.value.code == 404, path
    with urllib.request.urlopen(lan_server.url + "/", timeout=10) as app:
        assert app.status == 200


def test_pages_that_go_away_mid_update_are_dropped_quietly(browser: Browser, lan_server: Server):
    """Pages come and go on the loopback while the host records and undoes deals: every
    change is heard by pages whose connection has gone. The server fixture fails the
    test if one traceback reaches the log."""
    lan_server.holds(CABIN)
    port = lan_server.url.rsplit(":", 1)[1]
    host, host_page = host_at(browser, lan_server)
    host_page.set_viewport_size({"width": 1000, "height": 1800})  # the whole deal in view
    host.see("Save deal 7")
    recording = threading.Event()

    def come_and_go() -> None:
        while not recording.is_set():
            asyncio.run(visit(f"ws://127.0.0.1:{port}/ws", "/session/1", [], listen=0.3))
            recording.wait(0.1)

    visitors = [threading.Thread(target=come_and_go)]
    for visitor in visitors:
        visitor.start()
    try:
        for _ in range(3):
            host.record(7, {"Dag": 2, "Astrid": 1, "Bengt": 1, "Cilla": 1})
            host.tap("Undo deal 7")
            host.tap("Undo")
            host.see("Save deal 7")
    finally:
        recording.set()
        for visitor in visitors:
            visitor.join(timeout=60)
    host.see("Astrid: -28")


def test_a_host_on_a_phone_shows_the_address_to_scan_and_the_guest_scans_and_joins(
    browser: Browser, guest_browser: Browser, lan_server: Server
):
    """Issue 26: guests were never told where to go (the address was in a terminal line),
    and a phone's devices panel drew a guest's address a letter a line."""
    lan_server.holds(CABIN)
    code = join_code(lan_server)
    address = f"http://{HOST_IP}:{lan_server.url.rsplit(':', 1)[1]}"
    page = browser.new_page(viewport={"width": 390, "height": 844})
    guest_page = guest_browser.new_page(viewport={"width": 390, "height": 844})
    host = Ui(page, lan_server.url)
    try:
        host.open("/session/1")
        host.see("Save deal 7")
        host.tap("Join code and address for guests")
        host.read(f"Join code: {code}")
        host.see(address)
        # What a guest's camera reads from the host's screen is the address to open. The
        # host scrolls to it: a machine on several networks shows a code for each (this
        # one has a link to every worker's guest), and the screen draws only what is in view.
        node = page.locator(f'flt-semantics[aria-label="Code to scan: {address}"]').first
        host.scroll_to(node)
        found = zxing(host.picture(node))
        assert [text.decode("utf-8") for text in found] == [address]
        host.shot("room-phone-light")

        guest = Ui(guest_page, address)
        guest.open("/")
        guest.see("Enter the join code")
        offer(guest, code)
        guest.see("Astrid: -28")  # the table the host shows

        host.see("Bengt's phone may record deals")
        shown = page.get_by_text(GUEST_IP, exact=True).first.bounding_box()
        assert shown is not None
        assert shown["height"] < 2 * 18  # one line of 13 px type, not a letter a line
        host.shot("room-devices-phone-light")
    finally:
        guest_page.close()
        page.close()
