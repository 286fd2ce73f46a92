"""Where each screen is: its routes, as patterns, read both ways. ``place_of`` parses the
route the browser is at into the screen and what it names; ``route_to`` writes the route
of a screen. What a screen loads, hears and draws is its record (screen_list.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import quote, unquote

from scorekeeper.core.head_to_head import FIRST_YEAR
from scorekeeper.session import session_number

_MOST_DIGITS = 40  # far past any deal's number; int() refuses past 4,300 digits


@dataclass(frozen=True, slots=True)
class Place:
    # a screen of ROUTES, or missing: a session's address that names no session
    screen: str
    session_id: int | None = None
    deal_index: int | None = None  # the deal corrected (0-based), on "edit"
    group: str | None = None  # the group shown, on "group"; a player's page's choice
    rule: str | None = None  # the paragraph a "why?" opened, on "rules"
    player: str | None = None  # a player's page ("player"), and their "rival" beside them
    rival: str | None = None
    year: int | None = None  # a player's page's choice of year


def _session_screen(screen: str) -> tuple[str, ...]:
    return (f"/session/{{session}}/{screen}",)


# A player's page (and a rival beside them) with the group and year chosen on it.
_CHOICES = ("", "/group/{group}", "/year/{year}", "/group/{group}/year/{year}")

ROUTES: dict[str, tuple[str, ...]] = {
    "home": ("/",),
    "new": ("/new",),
    "players": ("/players",),
    "settings": ("/settings",),
    "table": ("/session/{session}",),
    "again": _session_screen("again"),  # the session's next evening, set up anew
    "edit": ("/session/{session}/edit/{deal}",),
    "ledger": _session_screen("ledger"),
    "sheet": _session_screen("sheet"),
    "charts": _session_screen("charts"),
    "protocol": _session_screen("protocol"),
    "settle": _session_screen("settle"),
    "room": _session_screen("room"),
    "card": _session_screen("card"),
    "rules": ("/session/{session}/rules", "/session/{session}/rules/{rule}"),
    # the table, read-only, opened from the club's evening (its own host records it)
    "watch": _session_screen("watch"),
    "group": ("/group/{group}",),
    "tonight": ("/group/{group}/tonight",),  # the group's tables tonight
    "player": tuple(f"/player/{{player}}{chosen}" for chosen in _CHOICES),
    "rival": tuple(f"/player/{{player}}/versus/{{rival}}{chosen}" for chosen in _CHOICES),
}


def place_of(route: str) -> Place:
    """``/session/1/edit/5`` is deal 6 of session 1 corrected; an unknown route is home, and
    a session's route with a number no session can have (``/session/100000000000000000000``:
    past the database's INTEGER) is a session that is not there."""
    parts = _parts(route.split("?")[0])
    for screen, patterns in ROUTES.items():
        for pattern in patterns:
            if (named := _matched(_parts(pattern), parts)) is not None:
                return Place(screen, **named)
    if (len(parts) >= 2 and parts[0] == "session" and parts[1].isdigit()
            and session_number(parts[1]) is None):
        return Place("missing")
    return Place("home")


def route_to(screen: str, **named: str | int | None) -> str:
    """The route of ``screen`` with what it names (None: not chosen), as ``place_of``
    reads it back: ``route_to("player", player="Åsa", year=2026)`` is
    ``/player/%C3%85sa/year/2026``."""
    given = {name: value for name, value in named.items() if value is not None}
    for pattern in ROUTES[screen]:
        if {part[1:-1] for part in _parts(pattern) if part[0] == "{"} == given.keys():
            return "/" + "/".join(quote(str(given[part[1:-1]]), safe="")
                                  if part[0] == "{" else part for part in _parts(pattern))
    raise ValueError(f"no route of {screen} names {sorted(given)}")


def _parts(route: str) -> list[str]:
    return [part for part in route.split("/") if part]


def _matched(pattern: list[str], parts: list[str]) -> dict[str, object] | None:
    """What ``parts`` name where ``pattern`` has a {name}, as Place's fields; None if they
    do not follow it."""
    if len(pattern) != len(parts):
        return None
    named: dict[str, object] = {}
    for expected, part in zip(pattern, parts, strict=True):
        if expected[0] != "{":
            if part != expected:
                return None
            continue
        field, read = _NAMED[expected[1:-1]]
        if (value := read(part)) is None:
            return None
        named[field] = value
    return named


def _name(part: str) -> str | None:
    """A group's or a player's name, as an address quotes it; a blank one is none."""
    name = unquote(part)
    return name if name.strip() else None


def _deal(part: str) -> int | None:
    """Digits as an address writes them: ASCII ones ("²" is a digit to Python, and no
    number to ``int``), and few enough to read at once."""
    return int(part) if part.isascii() and part.isdigit() and len(part) <= _MOST_DIGITS \
        else None


def _year(part: str) -> int | None:
    """Four digits, as ``core.head_to_head.year_asked`` takes them."""
    return int(part) if (len(part) == 4 and part.isascii() and part.isdigit()
                         and part >= str(FIRST_YEAR)) else None


def _rule(part: str) -> str | None:
    """A paragraph's anchor as the rulebook names them (``single_pot``); anything else in
    the address is no paragraph."""
    return part if 0 < len(part) <= 40 and all(
        c.isascii() and (c.islower() or c == "_") for c in part) else None


# What each {name} of a pattern is on the Place, and how its part of the route is read.
_NAMED: dict[str, tuple[str, Callable[[str], object | None]]] = {
    "session": ("session_id", session_number), "deal": ("deal_index", _deal),
    "rule": ("rule", _rule), "group": ("group", _name), "player": ("player", _name),
    "rival": ("rival", _name), "year": ("year", _year),
}
