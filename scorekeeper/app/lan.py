"""The table display on the local network: a join code, and who watches or scores.

One room per running app, shared by every browser that connects. A device on the
host itself (loopback) is the host; any other needs the join code shown on the
host's screen, and then only watches until the host grants it scoring.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
from dataclasses import dataclass, field


def join_code() -> str:
    return f"{secrets.randbelow(1_000_000):06d}"


def is_local(address: str | None) -> bool:
    if not address:
        return False
    try:
        return ipaddress.ip_address(address.split("%")[0]).is_loopback
    except ValueError:
        return address == "localhost"


@dataclass(slots=True)
class Viewer:
    key: str  # the browser session
    address: str
    may_score: bool = False


@dataclass(slots=True)
class LanRoom:
    code: str = field(default_factory=join_code)
    viewers: dict[str, Viewer] = field(default_factory=dict)
    session_id: int | None = None  # the session the host shows

    def admits(self, code: str) -> bool:
        return hmac.compare_digest(code.strip(), self.code)

    def join(self, key: str, address: str) -> Viewer:
        return self.viewers.setdefault(key, Viewer(key, address))

    def leave(self, key: str) -> None:
        self.viewers.pop(key, None)

    def grant(self, key: str, may_score: bool) -> None:
        if key in self.viewers:
            self.viewers[key].may_score = may_score
