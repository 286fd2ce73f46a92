"""What a row's number (a session's id) can be: the id columns are INTEGER, 32 bits on
PostgreSQL (SQLite's hold 64), so a number past 2,147,483,647 names no row anywhere and
never reaches a driver, which would fail on it (``OverflowError``) rather than find
nothing. Without SQLAlchemy: a route is read before the database layer has loaded."""

from __future__ import annotations

LARGEST_ID = 2**31 - 1


def row_number(written: str) -> int | None:
    """The number ``written`` in ASCII digits (``"12"``), if a row can have it."""
    if not (written.isascii() and written.isdigit()) or len(written) > len(str(LARGEST_ID)):
        return None
    number = int(written)
    return number if 0 < number <= LARGEST_ID else None


def may_be_id(number: int) -> bool:
    """Can a row have ``number`` as its id?"""
    return 0 < number <= LARGEST_ID
