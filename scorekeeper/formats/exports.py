"""Every export of a session as bytes: one module for the command line and the app, so
a file saved from the settle-up screen is the very file ``scorekeeper export`` writes."""

from __future__ import annotations

import io
import json
from collections.abc import Collection, Mapping, Sequence
from datetime import date
from typing import TYPE_CHECKING, Literal

from scorekeeper.core import PaidTransfer, Session, Transfer, close
from scorekeeper.formats.csv_export import ENCODING, write_ledger, write_standings
from scorekeeper.formats.session_file import dump_session

if TYPE_CHECKING:  # the payments package is loaded only by what draws codes
    from scorekeeper.payments import Offer, PaymentDetails

Export = Literal["json", "csv", "standings", "pdf"]
SUFFIX: dict[Export, str] = {"json": "json", "csv": "csv", "standings": "csv", "pdf": "pdf"}


def export(kind: Export, name: str, session: Session, language: str, day: date, *,
           paid: Collection[PaidTransfer] = (),
           payments: Sequence[tuple[Transfer, Offer]] = (),
           details: Mapping[str, PaymentDetails] | None = None) -> bytes:
    """``json``: the lossless session file (FORMAT.md) with the ``paid`` ticks added as
    ``paid_transfers``; ``csv``: every ledger entry, the end-of-session pot rule last, then
    a row per transfer ticked paid; ``standings``: a row per player; ``pdf``: the score
    sheet, with ``payments`` (each transfer's codes) to be paid by scanning."""
    if kind == "json":
        from scorekeeper.formats.session_payments import with_payments

        document = with_payments(dump_session(name, session), session.table, paid)
        return (json.dumps(document, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
    if kind == "pdf":
        # fpdf2 is large: loaded only when a score sheet is asked for.
        from scorekeeper.formats.pdf_sheet import score_sheet

        return score_sheet(name, session, day, language, payments=payments,
                           details=details or {}, paid=paid)
    closing = close(session.table, session.state)
    out = io.StringIO(newline="")
    if kind == "csv":
        write_ledger(out, name, session.table, [*session.entries, *closing.entries], language,
                     paid=[t for t in closing.transfers if (t.payer, t.payee, t.minor) in paid])
    elif kind == "standings":
        write_standings(out, session.table, session.state, closing)
    else:
        raise ValueError(f"no export called {kind!r}")
    return out.getvalue().encode(ENCODING)


def file_name(name: str, kind: Export) -> str:
    """A file name from the session's name that every file system takes."""
    slug = "".join(c if c.isalnum() else "-" for c in name).strip("-")[:60] or "session"
    return f"{slug}{'-standings' if kind == 'standings' else ''}.{SUFFIX[kind]}"
