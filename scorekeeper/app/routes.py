"""Where a route leads, parsed once: the screen, and the session and deal it is about. The
model loads what the place shows when the route changes; the shell draws its screen."""

from __future__ import annotations

from dataclasses import dataclass, replace
from urllib.parse import quote, unquote

from scorekeeper.core.head_to_head import FIRST_YEAR
from scorekeeper.session import session_number

_MOST_DIGITS = 40  # far past any deal's number; int() refuses past 4,300 digits
# "watch": the table, read-only, opened from the club's evening (its own host records it)
SESSION_SCREENS = ("ledger", "sheet", "charts", "protocol", "settle", "room", "card", "rules",
                   "watch")


@dataclass(frozen=True, slots=True)
class Place:
    # home, new, players, settings; a group, or its tables tonight; a session's table,
    # edit, again (its next evening set up anew), or one of SESSION_SCREENS; missing: a
    # session's address that names no session
    screen: str
    session_id: int | None = None
    deal_index: int | None = None  # the deal corrected (0-based), on "edit"
    group: str | None = None  # the group shown, on "group"; a player's page's choice
    rule: str | None = None  # the paragraph a "why?" opened, on "rules"
    player: str | None = None  # a player's page ("player"), and their "rival" beside them
    rival: str | None = None
    year: int | None = None  # a player's page's choice of year


def place_of(route: str) -> Place:
    """``/session/1/edit/5`` is deal 6 of session 1 corrected; an unknown route is home, and
    a session's route with a number no session can have (``/session/100000000000000000000``:
    past the database's INTEGER) is a session that is not there."""
    parts = [part for part in route.split("?")[0].split("/") if part]
    match parts:
        case ["new" | "players" | "settings" as screen]:
            return Place(screen)
        case ["session", number] if (found := session_number(number)) is not None:
            return Place("table", found)
        case ["session", number, "again"] if (found := session_number(number)) is not None:
            return Place("again", found)
        case ["session", number, "edit", deal] if (
                (found := session_number(number)) is not None and _is_number(deal)):
            return Place("edit", found, int(deal))
        case ["session", number, "rules", anchor] if (
                (found := session_number(number)) is not None and _is_anchor(anchor)):
            return Place("rules", found, rule=anchor)
        case ["session", number, screen] if (
                (found := session_number(number)) is not None and screen in SESSION_SCREENS):
            return Place(screen, found)
        case ["session", number, *_] if number.isdigit() and session_number(number) is None:
            return Place("missing")
        case ["group", name] if unquote(name).strip():
            return Place("group", group=unquote(name))
        case ["group", name, "tonight"] if unquote(name).strip():
            return Place("tonight", group=unquote(name))
        case ["player", name, "versus", rival, *chosen] if _named(name, rival):
            return _chosen(Place("rival", player=unquote(name), rival=unquote(rival)), chosen)
        case ["player", name, *chosen] if _named(name):
            return _chosen(Place("player", player=unquote(name)), chosen)
        case _:
            return Place("home")


def group_route(name: str) -> str:
    """Where a group's screen is: ``/group/Friday%20group``."""
    return f"/group/{quote(name, safe='')}"


def tonight_route(name: str) -> str:
    """Where a group's tables tonight are: ``/group/Friday%20group/tonight``."""
    return f"{group_route(name)}/tonight"


def player_route(name: str, group: str | None = None, year: int | None = None) -> str:
    """Where a player's page is, with the group and year chosen on it:
    ``/player/Astrid/group/Friday%20group/year/2026``."""
    return f"/player/{quote(name, safe='')}{_choices(group, year)}"


def rival_route(name: str, rival: str, group: str | None = None, year: int | None = None,
                ) -> str:
    """Where two players are side by side: ``/player/Astrid/versus/Bengt`` (and choices)."""
    return (f"/player/{quote(name, safe='')}/versus/{quote(rival, safe='')}"
            f"{_choices(group, year)}")


def _choices(group: str | None, year: int | None) -> str:
    return (f"/group/{quote(group, safe='')}" if group else "") + (
        f"/year/{year}" if year else "")


def _named(*names: str) -> bool:
    return all(unquote(name).strip() for name in names)


def _chosen(place: Place, chosen: list[str]) -> Place:
    """``place`` with the choices the rest of the route names (``_choices``); a route
    with anything else leads home."""
    group, year = None, None
    match chosen:
        case []:
            pass
        case ["group", name] if _named(name):
            group = unquote(name)
        case ["year", number] if _is_year(number):
            year = int(number)
        case ["group", name, "year", number] if _named(name) and _is_year(number):
            group, year = unquote(name), int(number)
        case _:
            return Place("home")
    return replace(place, group=group, year=year)


def _is_number(text: str) -> bool:
    """Digits as an address writes them: ASCII ones ("²" is a digit to Python, and no
    number to ``int``), and few enough to read at once."""
    return text.isascii() and text.isdigit() and len(text) <= _MOST_DIGITS


def _is_year(text: str) -> bool:
    """Four digits, as ``core.head_to_head.year_asked`` takes them."""
    return len(text) == 4 and text.isascii() and text.isdigit() and text >= str(FIRST_YEAR)


def _is_anchor(text: str) -> bool:
    """A paragraph's anchor as the rulebook names them (``single_pot``); anything else in
    the address is no paragraph."""
    return 0 < len(text) <= 40 and all(c.isascii() and (c.islower() or c == "_") for c in text)
