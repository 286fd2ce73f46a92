"""What a version of a session keeps of what it read and worked out, by name: made once,
on first use (``kept``), and handed on by that name to a next version where it is still
true (``OpenSession.carry_over``). A name of its own, not the property's: renaming a
property does not lose what a next version is handed."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

Made = TypeVar("Made")  # what a version keeps of what it worked out



class Kept:
    """The names under which a version keeps what it read and worked out."""

    HISTORY, LEDGER, LEDGER_PAGE = "history", "ledger", "ledger_page"
    DETAILS, PAYMENTS, NEWEST = "payment_details", "payments_made", "newest_deal"
    # What stays true for a next version with the same deals (a payment, a move to a group).
    SAME_DEALS = frozenset({HISTORY, LEDGER, LEDGER_PAGE})


# How each kept view is made, by its name: what ``OpenSession.work_out`` makes ahead.
MAKERS: dict[str, Callable[[Any], Any]] = {}


def kept(key: str) -> Callable[[Callable[[Any], Made]], Any]:
    """A property of a version worked out on first use and kept under ``key``: a name of
    its own, so that a next version can be handed it (``carry_over``) by that name."""
    def worked_out(make: Callable[[Any], Made]) -> Any:
        MAKERS[key] = make
        return property(lambda session: session._kept(key, lambda: make(session)),
                        doc=make.__doc__)

    return worked_out


def named(key: Hashable) -> Hashable:
    """What a key names: a per-language or per-size key is (name, language or size)."""
    return key[0] if isinstance(key, tuple) else key
