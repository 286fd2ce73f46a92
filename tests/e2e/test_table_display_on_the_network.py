"""`scorekeeper serve --host 0.0.0.0`: the table display for the local network.

A second device is a real browser in a network namespace of its own (a test host
made here, reached over a veth pair), so the app sees it as another machine.
"""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright

from tests.e2e.conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    Server,
    Ui,
    start_server,
    stop_server,
    tricks_button,
)

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "friday-at-the-cabin.json"
HOST_IP, GUEST_IP = "10.231.7.1", "10.231.7.2"


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True)


@pytest.fixture
def guest_namespace(tmp_path: Path) -> Iterator[str]:
    """A second machine on the table's network: its own namespace, linked by veth."""
    if os.geteuid() != 0:
        raise RuntimeError("the network-display test makes a network namespace: run as root")
    name = f"skguest{secrets.token_hex(3)}"
    host_end, guest_end = f"skh{name[-6:]}", f"skg{name[-6:]}"
    ip("netns", "add", name)
    try:
        ip("link", "add", host_end, "type", "veth", "peer", "name", guest_end)
        ip("link", "set", guest_end, "netns", name)
        ip("addr", "add", f"{HOST_IP}/30", "dev", host_end)
        ip("link", "set", host_end, "up")
        ip("netns", "exec", name, "ip", "addr", "add", f"{GUEST_IP}/30", "dev", guest_end)
        ip("netns", "exec", name, "ip", "link", "set", guest_end, "up")
        ip("netns", "exec", name, "ip", "link", "set", "lo", "up")
        yield name
    finally:
        subprocess.run(["ip", "link", "del", host_end], capture_output=True)
        subprocess.run(["ip", "netns", "del", name], capture_output=True)


@pytest.fixture
def lan_server(tmp_path: Path) -> Iterator[Server]:
    running = start_server(tmp_path, host="0.0.0.0")
    yield running
    stop_server(running)


@pytest.fixture
def guest_browser(playwright: Playwright, guest_namespace: str, tmp_path: Path
                  ) -> Iterator[Browser]:
    """Chromium started inside the guest's namespace (Playwright drives it over pipes)."""
    wrapper = tmp_path / "chromium-in-guest"
    wrapper.write_text(f'#!/bin/sh\nexec ip netns exec {guest_namespace} {CHROMIUM} "$@"\n')
    wrapper.chmod(0o755)
    launched = playwright.chromium.launch(executable_path=str(wrapper), args=CHROMIUM_ARGS)
    yield launched
    launched.close()


def join_code(server: Server) -> str:
    log = Path(server.data).parent / "server.log"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        found = re.search(r"Join code: (\d{6})", log.read_text())
        if found:
            return found.group(1)
        time.sleep(0.2)
    raise AssertionError("the server printed no join code")


def test_a_device_on_the_network_needs_the_join_code_and_only_watches(
    browser: Browser, guest_browser: Browser, lan_server: Server
):
    assert lan_server.cli("import", str(EXAMPLE)).returncode == 0
    code = join_code(lan_server)
    port = lan_server.url.rsplit(":", 1)[1]

    host_page = browser.new_page(viewport={"width": 1000, "height": 1100})
    host = Ui(host_page, lan_server.url)
    host.open("/session/1")
    host.read(f"Join code: {code}")

    guest_page = guest_browser.new_page(viewport={"width": 390, "height": 844})
    guest = Ui(guest_page, f"http://{HOST_IP}:{port}")
    guest.open("/session/1")
    guest.see("Enter the join code")
    wrong = "000000" if code != "000000" else "111111"
    guest.type("Join code", wrong)
    guest.tap("Join")
    guest.see("That is not the join code")
    guest.shot("join-refused-phone-light")
    assert not guest.readouts("Astrid: ")  # nothing of the table is shown

    guest.type("Join code", code)
    guest.tap("Join")
    guest.see("Astrid: -28")
    assert guest_page.get_by_role("button", name="Save deal 7").count() == 0  # watches only
    guest.shot("table-viewer-phone-light")
    guest_page.set_viewport_size({"width": 430, "height": 1600})  # a tall phone: all in view

    # The host grants scoring; the guest can now record the deal, and the host sees it.
    host.see(f"{GUEST_IP} may record deals")
    host_page.get_by_role("switch", name=f"{GUEST_IP} may record deals").click()
    guest.see("Save deal 7")
    for player, tricks in {"Dag": 2, "Astrid": 1, "Bengt": 1, "Cilla": 1}.items():
        guest.tap(tricks_button(player, tricks))
    guest.tap("Save deal 7")
    host.see("Save deal 8")
    host.see("Dag: 22")
