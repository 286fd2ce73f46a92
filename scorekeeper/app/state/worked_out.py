"""What a screen of a session shows, read and worked out before it is drawn: a screen only
draws, it never reads the store or replays deals. Each screen's record (screen_list.py)
names the one of these it shows."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorekeeper.session import OpenSession

LEDGER_FIRST = 10  # the newest deals the ledger opens with (see SessionShown.show_earlier)


@dataclass(frozen=True, slots=True)
class Showing:
    """How the page shows its session: in its language, the ledger with its newest deals."""

    language: str
    ledger_shown: int = LEDGER_FIRST


WorksOut = Callable[["OpenSession", Showing], None]


def a_table(session: OpenSession, showing: Showing) -> None:
    """A table as a guest, a club's evening or a watcher sees it: without Undo; once
    finished, with everyone's place."""
    session.work_out("guide", "scores", "closing")
    if session.finished:
        session.work_out("standings")


def the_hosts_table(session: OpenSession, showing: Showing) -> None:
    """The host's own table: with the deal Undo would take back."""
    a_table(session, showing)
    if not session.finished:
        session.work_out("newest_deal")


def the_ledger(session: OpenSession, showing: Showing) -> None:
    session.ledger_page(showing.ledger_shown)
    session.work_out("payments_made", "closing")


def a_deal_corrected(session: OpenSession, showing: Showing) -> None:
    session.work_out("history")  # the deal corrected, and the state before it


def the_charts(session: OpenSession, showing: Showing) -> None:
    session.work_out("chart")


def the_protocol(session: OpenSession, showing: Showing) -> None:
    session.work_out("games")


def the_settle_up(session: OpenSession, showing: Showing) -> None:
    session.code_pictures(showing.language)  # what is owed, details, payments
    session.work_out("payments_made", "plan_change")


def the_card(session: OpenSession, showing: Showing) -> None:
    session.result_card(showing.language)


def nothing_more(session: OpenSession, showing: Showing) -> None:
    """A screen that shows the session as it is read (its rules, its room, its next
    evening set up anew)."""
