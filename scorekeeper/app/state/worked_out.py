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
        session.guide, session.scores, session.closing  # noqa: B018 (worked out once)
        if undo and not session.finished:
            session.newest_deal  # noqa: B018 (what Undo would take back)
    elif screen == "ledger":
        session.ledger_page(ledger_shown)
        session.payments_made, session.closing  # noqa: B018
    elif screen == "edit":
        session.history  # noqa: B018 (the deal corrected, and the state before it)
    elif screen == "charts":
        session.chart  # noqa: B018
    elif screen == "protocol":
        session.games  # noqa: B018
    elif screen == "settle":
        session.code_pictures(language)  # what is owed, details, payments
        session.payments_made  # noqa: B018
    elif screen == "card":
        session.result_card(language)
    return session
