"""Every export of a session as bytes: one module for the command line and the app, so
a file saved from the settle-up screen is the very file ``scorekeeper export`` writes."""

from __future__ import annotations

import io
import json
from collections.abc import Mapping, Sequence
from datetime import date
from typing import TYPE_CHECKING, Literal

from scorekeeper.core import Session, Transfer, close
from scorekeeper.formats.csv_export import ENCODING, write_ledger, write_standings
from scorekeeper.formats.session_file import PLAIN, Evening, dump_session
from scorekeeper.i18n import session_title

if TYPE_CHECKING:  # the payments package is loaded only by what draws codes
    from scorekeeper.payments import Offer, PaymentDetails

Export = Literal["json", "csv", "standings", "pdf", "png"]
SUFFIX: dict[Export, str] = {"json": "json", "csv": "csv", "standings": "csv", "pdf": "pdf",
                             "png": "png"}


def export(kind: Export, name: str, session: Session, language: str, day: date, *,
           evening: Evening = PLAIN,
           offers: Sequence[tuple[Transfer, Offer]] = (),
           details: Mapping[str, PaymentDetails] | None = None) -> bytes:
    """``json``: the lossless session file (FORMAT.md), with its ``evening`` (payments,
    group, date, finished); ``csv``: every ledger entry, the end-of-session pot rule last,
    then a row per payment (and a ``finished`` row once it is); ``standings``: a row per
    player; ``pdf``: the score sheet, with the payments and ``offers`` (each transfer
    still owed, with its codes); ``png``:
    the result card for the group chat. The sheet and the card say whether the session is
    finished."""
    if kind == "json":
        document = dump_session(name, session, evening, stored_on=day)
        return (json.dumps(document, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
    if kind == "pdf":
        # fpdf2 is large: loaded only when a score sheet is asked for.
        from scorekeeper.formats.pdf_sheet import score_sheet

        return score_sheet(session_title(name, session.table.rules.variant, language),
                           session, day, language, offers=offers,
                           details=details or {}, payments=evening.payments,
                           finished=evening.finished)
    if kind == "png":
        # Pillow and the card's fonts: loaded only when a card is asked for.
        from scorekeeper.formats.card_picture import card_png
        from scorekeeper.formats.result_card import session_card

        return card_png(session_card(name, session, evening.played_on or day,
                                     evening.payments, language, group=evening.group,
                                     finished=evening.finished))
    closing = close(session.table, session.state)
    out = io.StringIO(newline="")
    if kind == "csv":
        write_ledger(out, session_title(name, session.table.rules.variant, language),
                     session.table, [*session.entries, *closing.entries], language,
                     payments=evening.payments, finished=evening.finished)
    elif kind == "standings":
        write_standings(out, session.table, session.state, closing)
    else:
        raise ValueError(f"no export called {kind!r}")
    return out.getvalue().encode(ENCODING)


# Names Windows keeps for devices whatever follows them ("CON.json" is the console).
WINDOWS_DEVICES = frozenset({"CON", "PRN", "AUX", "NUL", "CONIN", "CONOUT",
                             *(f"{port}{n}" for port in ("COM", "LPT") for n in "0123456789¹²³")})


def file_name(name: str, kind: Export) -> str:
    """A file name from the session's name that every file system takes."""
    slug = "".join(c if c.isalnum() else "-" for c in name).strip("-")[:60] or "session"
    if slug.upper() in WINDOWS_DEVICES:
        slug += "-session"
    return f"{slug}{'-standings' if kind == 'standings' else ''}.{SUFFIX[kind]}"
