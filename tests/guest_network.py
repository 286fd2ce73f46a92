"""The second machine of the network-display tests (tests/e2e/test_table_display_on_the_network.py):
for each pytest-xdist worker, a network namespace linked to this one by a veth pair, made
once by the run's controller before any browser starts and taken away after the last.

Made for each test, the link came and went under the other workers' browsers: Chromium
takes any change of the machine's links or addresses for a change of network and fails
the page loads under way with ERR_NETWORK_CHANGED, to 127.0.0.1 as well (a page of
test_one_phone_screen.py failed so, on another worker, in a full run). Neither end gets an
IPv6 link-local address, whose arrival seconds later would be such a change too.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterable

from tests.ports import FIRST

# A second run on one machine (SCOREKEEPER_TEST_PORTS moves its ports) has networks of its
# own too: with the same names, each run's controller took the other's away as a killed
# run's leftovers, and its guests' pages timed out.
RUN = (FIRST // 1000) % 40  # 20 for a run on the usual ports (10.231.*, as before)


def host_ip(worker: int) -> str:
    """This machine's address on the worker's link (the table's host)."""
    return f"10.{211 + RUN}.{worker}.1"


def guest_ip(worker: int) -> str:
    return f"10.{211 + RUN}.{worker}.2"


def namespace(worker: int) -> str:
    return f"skguest{RUN}w{worker}"


def _ends(worker: int) -> tuple[str, str]:
    return f"skh{RUN}w{worker}", f"skg{RUN}w{worker}"


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True)


def can_link() -> bool:
    """Namespaces and links are made as root."""
    return os.geteuid() == 0


def link_guests(workers: Iterable[int]) -> None:
    """A guest namespace and its link for each worker, in place of any a killed run left
    (they would hold the worker's addresses, and the new link would not route)."""
    for worker in workers:
        unlink_guests([worker])
        name, (host_end, guest_end) = namespace(worker), _ends(worker)
        _ip("netns", "add", name)
        _ip("link", "add", host_end, "type", "veth", "peer", "name", guest_end)
        _ip("link", "set", host_end, "addrgenmode", "none")
        _ip("link", "set", guest_end, "netns", name)
        _ip("addr", "add", f"{host_ip(worker)}/30", "dev", host_end)
        _ip("link", "set", host_end, "up")
        inside = ("netns", "exec", name, "ip")
        _ip(*inside, "link", "set", guest_end, "addrgenmode", "none")
        _ip(*inside, "addr", "add", f"{guest_ip(worker)}/30", "dev", guest_end)
        _ip(*inside, "link", "set", guest_end, "up")
        _ip(*inside, "link", "set", "lo", "up")


def unlink_guests(workers: Iterable[int]) -> None:
    for worker in workers:
        subprocess.run(["ip", "link", "del", _ends(worker)[0]], capture_output=True)
        subprocess.run(["ip", "netns", "del", namespace(worker)], capture_output=True)


def is_linked(worker: int) -> bool:
    listed = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True).stdout
    return namespace(worker) in (line.split()[0] for line in listed.splitlines()
                                       if line.strip())
