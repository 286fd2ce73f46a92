"""Every export of a session as bytes: one module for the command line and the app, so
a file saved from the settle-up screen is the very file ``scorekeeper export`` writes.

A new export is one ``ExportFormat`` added to ``SESSION_EXPORTS`` (here, or by a plugin
calling ``SESSION_EXPORTS.add``): the command line offers it, refuses it to a terminal if it
is binary, names its file and the scorebook makes it, all from that one record."""

from __future__ import annotations

import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING

from scorekeeper.core import N_, Session, Transfer, close
from scorekeeper.formats.csv_export import ENCODING, write_ledger, write_standings
from scorekeeper.formats.registry import ExportFormat, Exports
from scorekeeper.formats.session_file import PLAIN, Evening, dump_session
from scorekeeper.i18n import session_title

if TYPE_CHECKING:  # the payments package is loaded only by what draws codes
    from scorekeeper.payments import Offer, PaymentDetails

Export = str  # an export's key: "json", "csv", "standings", "pdf", "png", or one added


@dataclass(frozen=True, slots=True)
class SessionSource:
    """What a session's export is made from."""

    name: str
    session: Session
    language: str
    day: date
    evening: Evening = PLAIN
    offers: Sequence[tuple[Transfer, Offer]] = ()  # each transfer still owed, with its codes
    details: Mapping[str, PaymentDetails] = field(default_factory=dict)

    @property
    def title(self) -> str:
        return session_title(self.name, self.session.table.rules.variant, self.language)


def _json(source: SessionSource) -> bytes:
    """The lossless session file (FORMAT.md), with its ``evening`` (payments, group,
    date, finished)."""
    document = dump_session(source.name, source.session, source.evening, stored_on=source.day)
    return (json.dumps(document, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def _ledger_csv(source: SessionSource) -> bytes:
    """Every ledger entry, the end-of-session pot rule last, then a row per payment (and
    a ``finished`` row once it is)."""
    session, evening = source.session, source.evening
    closing = close(session.table, session.state)
    out = io.StringIO(newline="")
    write_ledger(out, source.title, session.table, [*session.entries, *closing.entries],
                 source.language, payments=evening.payments, finished=evening.finished)
    return out.getvalue().encode(ENCODING)


def _standings_csv(source: SessionSource) -> bytes:
    """A row per player."""
    session = source.session
    out = io.StringIO(newline="")
    write_standings(out, session.table, session.state, close(session.table, session.state))
    return out.getvalue().encode(ENCODING)


def _score_sheet(source: SessionSource) -> bytes:
    """The score sheet, with the payments and each transfer still owed with its codes."""
    # fpdf2 is large: loaded only when a score sheet is asked for.
    from scorekeeper.formats.pdf_sheet import score_sheet

    evening = source.evening
    return score_sheet(source.title, source.session, source.day, source.language,
                       offers=source.offers, details=source.details,
                       payments=evening.payments, finished=evening.finished)


def _result_card(source: SessionSource) -> bytes:
    """The result card for the group chat."""
    # Pillow and the card's fonts: loaded only when a card is asked for.
    from scorekeeper.formats.card_picture import card_png
    from scorekeeper.formats.result_card import session_card

    evening = source.evening
    return card_png(session_card(source.name, source.session, evening.played_on or source.day,
                                 evening.payments, source.language, group=evening.group,
                                 finished=evening.finished))


SESSION_EXPORTS: Exports[SessionSource] = Exports(
    ExportFormat("json", "json", _json, label=N_("ui.export_json"), icon="data_object"),
    ExportFormat("csv", "csv", _ledger_csv, label=N_("ui.export_csv"), icon="table_view"),
    ExportFormat("standings", "csv", _standings_csv, tail="-standings"),
    ExportFormat("pdf", "pdf", _score_sheet, needs_file=N_("cli.pdf_needs_file"), codes=True,
                 label=N_("ui.export_pdf"), icon="picture_as_pdf"),
    ExportFormat("png", "png", _result_card, needs_file=N_("cli.png_needs_file")),
)


def export(kind: Export, name: str, session: Session, language: str, day: date, *,
           evening: Evening = PLAIN,
           offers: Sequence[tuple[Transfer, Offer]] = (),
           details: Mapping[str, PaymentDetails] | None = None) -> bytes:
    """The session as the export called ``kind`` (``ValueError`` if none is); ``offers``
    and ``details`` are read only by an export made with payment codes. The sheet and
    the card say whether the session is finished."""
    return SESSION_EXPORTS[kind].make(SessionSource(name, session, language, day, evening,
                                                    offers, details or {}))


# Names Windows keeps for devices whatever follows them ("CON.json" is the console).
WINDOWS_DEVICES = frozenset({"CON", "PRN", "AUX", "NUL", "CONIN", "CONOUT",
                             *(f"{port}{n}" for port in ("COM", "LPT") for n in "0123456789¹²³")})


def file_stem(name: str) -> str:
    """The part of a file name made from a name, that every file system takes."""
    slug = "".join(c if c.isalnum() else "-" for c in name).strip("-")[:60] or "session"
    if slug.upper() in WINDOWS_DEVICES:
        slug += "-session"
    return slug


def file_name(name: str, kind: Export) -> str:
    """A file name from the session's name that every file system takes."""
    return SESSION_EXPORTS[kind].file_name(file_stem(name))
