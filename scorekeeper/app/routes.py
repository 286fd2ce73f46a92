"""Where a route leads, parsed once: the screen, and the session and deal it is about. The
model loads what the place shows when the route changes; the shell draws its screen."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote, unquote

# "watch": the table, read-only, opened from the club's evening (its own host records it)
SESSION_SCREENS = ("ledger", "sheet", "charts", "protocol", "settle", "room", "card", "rules",
                   "watch")


@dataclass(frozen=True, slots=True)
class Place:
    # home, new, players, settings; a group, or its tables tonight; a session's table,
    # edit, again (its next evening set up anew), or one of SESSION_SCREENS
    screen: str
    session_id: int | None = None
    deal_index: int | None = None  # the deal corrected (0-based), on "edit"
    group: str | None = None  # the group shown, on "group"
    rule: str | None = None  # the paragraph a "why?" opened, on "rules"


def place_of(route: str) -> Place:
    """``/session/1/edit/5`` is deal 6 of session 1 corrected; an unknown route is home."""
    parts = [part for part in route.split("?")[0].split("/") if part]
    match parts:
        case ["new" | "players" | "settings" as screen]:
            return Place(screen)
        case ["session", number] if number.isdigit():
            return Place("table", int(number))
        case ["session", number, "again"] if number.isdigit():
            return Place("again", int(number))
        case ["session", number, "edit", deal] if number.isdigit() and deal.isdigit():
            return Place("edit", int(number), int(deal))
        case ["session", number, "rules", anchor] if number.isdigit() and _is_anchor(anchor):
            return Place("rules", int(number), rule=anchor)
        case ["session", number, screen] if number.isdigit() and screen in SESSION_SCREENS:
            return Place(screen, int(number))
        case ["group", name] if unquote(name).strip():
            return Place("group", group=unquote(name))
        case ["group", name, "tonight"] if unquote(name).strip():
            return Place("tonight", group=unquote(name))
        case _:
            return Place("home")


def group_route(name: str) -> str:
    """Where a group's screen is: ``/group/Friday%20group``."""
    return f"/group/{quote(name, safe='')}"


def tonight_route(name: str) -> str:
    """Where a group's tables tonight are: ``/group/Friday%20group/tonight``."""
    return f"{group_route(name)}/tonight"


def _is_anchor(text: str) -> bool:
    """A paragraph's anchor as the rulebook names them (``single_pot``); anything else in
    the address is no paragraph."""
    return 0 < len(text) <= 40 and all(c.isascii() and (c.islower() or c == "_") for c in text)
