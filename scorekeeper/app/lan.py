"""The table display on the local network: a join code, and who watches or scores.

One room per running app, shared by every browser that connects. A device on the
host itself (a loopback peer, see ``peer.py``) is the host; any other needs the join
code shown on the host's screen, and then only watches until the host grants it scoring.

How long a stranger needs to guess the code: 8 characters from 31 symbols are
31**8 = 852,891,037,441 codes. Joining is locked for everyone after LOCK_AFTER = 10
wrong codes, for LOCK_SECONDS = 15 minutes (or until the host lets devices in again), so
a stranger gets at most 40 guesses an hour: 240 in a six-hour evening, a chance of
240 / 852,891,037,441, about 1 in 3.5 billion. Even with no lock at all, at the 389
guesses a second measured against the old six-digit code, half the codes take
852,891,037,441 / 2 / 389 s, about 35 years. A device (one browser session) gets
WRONG_PER_DEVICE = 3 tries, and every answer after a wrong code comes slower.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
import time
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

# No 0/O, 1/I/L: a code read off a screen across the table is read without doubt.
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 8
WRONG_PER_DEVICE = 3
LOCK_AFTER = 10  # wrong codes from all devices together
LOCK_SECONDS = 15 * 60
SLOWER_BY = 0.5  # seconds added to every answer per wrong code so far ...
SLOWEST = 3.0  # ... up to this


def join_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def shown(code: str) -> str:
    """The code as the host's screen writes it: two groups of four ("K7QM-3XPA")."""
    return f"{code[:4]}-{code[4:]}"


def typed_code(text: str) -> str:
    """What a guest typed, as compared: upper case, without spaces or dashes."""
    return "".join(ch for ch in text.upper() if ch not in " -\u00a0\t")


def is_local(address: str | None) -> bool:
    """A loopback address (or "localhost"): only this machine can be there."""
    if not address:
        return False
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return address == "localhost"
    mapped = getattr(ip, "ipv4_mapped", None)  # ::ffff:127.0.0.1 is the IPv4 loopback
    return (mapped or ip).is_loopback


class Verdict(Enum):
    ADMITTED = "admitted"
    WRONG = "wrong"
    DEVICE_LOCKED = "device_locked"  # this device used up its tries
    ROOM_LOCKED = "room_locked"  # too many wrong codes overall: wait, or ask the host


@dataclass(slots=True)
class Viewer:
    key: str  # the browser session
    name: str  # what the guest typed: "Bengt's phone"
    address: str
    code: str = ""  # the join code it came in with: back after a drop only while in force
    may_score: bool = False
    away: bool = False  # its page lost its connection: shown to the host, may come back


@dataclass(slots=True)
class LanRoom:
    code: str = field(default_factory=join_code)
    addresses: tuple[str, ...] = ()  # where guests open the table display
    scan_codes: tuple[bytes, ...] = ()  # each address as a PNG to scan, in the same order
    viewers: dict[str, Viewer] = field(default_factory=dict)
    session_id: int | None = None  # the session the host shows
    failures: int = 0  # wrong codes since the host last let devices in again
    device_failures: dict[str, int] = field(default_factory=dict)
    locked_until: float | None = None
    clock: Callable[[], float] = time.monotonic

    # --- joining ---
    def answer_delay(self) -> float:
        """How long the next answer waits: longer the more wrong codes there were."""
        return min(SLOWER_BY * self.failures, SLOWEST)

    def locked(self) -> bool:
        """Joining is locked after too many wrong codes, until the wait is over."""
        if self.locked_until is None:
            return False
        if self.clock() < self.locked_until:
            return True
        self.unlock()  # the wait is over: a fresh count
        return False

    def minutes_locked(self) -> int:
        """Whole minutes (rounded up) until joining opens again; 0 when open."""
        if not self.locked() or self.locked_until is None:
            return 0
        return max(1, -int(-(self.locked_until - self.clock()) // 60))

    def try_join(self, key: str, typed: str, name: str, address: str) -> Verdict:
        """A device offers a code; ``name`` is already checked (core.text.player_name)."""
        if self.locked():
            return Verdict.ROOM_LOCKED
        if self.device_failures.get(key, 0) >= WRONG_PER_DEVICE:
            return Verdict.DEVICE_LOCKED
        if hmac.compare_digest(typed_code(typed).encode(), self.code.encode()):
            self.viewers[key] = Viewer(key, name, address, self.code)
            return Verdict.ADMITTED
        self.failures += 1
        self.device_failures[key] = self.device_failures.get(key, 0) + 1
        if self.failures >= LOCK_AFTER:
            self.locked_until = self.clock() + LOCK_SECONDS
            return Verdict.ROOM_LOCKED
        return Verdict.WRONG

    def unlock(self) -> None:
        """The host lets devices try again (or the wait is over)."""
        self.failures = 0
        self.device_failures.clear()
        self.locked_until = None

    def new_code(self) -> str:
        """A fresh code: the old one stops working; who is here stays, and a device that is
        away comes back only with the new code."""
        self.code = join_code()
        return self.code

    # --- who is in ---
    def away(self, key: str) -> None:
        """The device's page lost its connection: it stays on the host's list, marked, so
        the host can still remove it or stop its scoring."""
        if key in self.viewers:
            self.viewers[key].away = True

    def back(self, key: str) -> bool:
        """The same page reconnected: in again only if the host kept it and its code is
        still the code in force. The browser session alone never lets a device back in:
        after a new code (the host's answer to a device it no longer trusts) it must enter
        the new one."""
        viewer = self.viewers.get(key)
        if viewer is None:
            return False
        if not hmac.compare_digest(viewer.code.encode(), self.code.encode()):
            self.leave(key)
            return False
        viewer.away = False
        return True

    def leave(self, key: str) -> None:
        """A page that has gone, or a device the host removed: dropped quietly."""
        self.viewers.pop(key, None)
        self.device_failures.pop(key, None)

    def grant(self, key: str, may_score: bool) -> None:
        if key in self.viewers:
            self.viewers[key].may_score = may_score

    def may_score(self, key: str) -> bool:
        viewer = self.viewers.get(key)
        return viewer is not None and viewer.may_score and not viewer.away
