"""What each screen of a session shows, read and worked out before it is drawn: a screen
only draws, it never reads the store or replays deals."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorekeeper.session import OpenSession

LEDGER_FIRST = 10  # the newest deals the ledger opens with (see SessionShown.show_earlier)


def worked_out(session: OpenSession, screen: str, language: str, *, undo: bool = False,
               ledger_shown: int = LEDGER_FIRST) -> OpenSession:
    """``session`` with what ``screen`` shows worked out now; ``undo``: with the deal Undo
    would take back (the host's own table)."""
    if screen in ("table", "watch", "tonight"):
        session.work_out("guide", "scores", "closing")
        if undo and not session.finished:
            session.work_out("newest_deal")  # what Undo would take back
    elif screen in ("ledger", "sheet"):
        session.ledger_page(ledger_shown)
        session.work_out("payments_made", "closing")
    elif screen == "edit":
        session.work_out("history")  # the deal corrected, and the state before it
    elif screen == "charts":
        session.work_out("chart")
    elif screen == "protocol":
        session.work_out("games")
    elif screen == "settle":
        session.code_pictures(language)  # what is owed, details, payments
        session.work_out("payments_made", "plan_change")
    elif screen == "card":
        session.result_card(language)
    return session
