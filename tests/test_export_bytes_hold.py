"""The example sessions export to the very bytes they exported to before the layers were
straightened (tests/examples/exports, written by commit d07ceb8's code): a refactoring
that changes a file a person keeps is caught here. JSON and the standings are the same in
every language; the ledger CSV names its reasons in the reader's; the score sheet is held
by its text (its PDF bytes carry the moment they were made)."""

from __future__ import annotations

import io
from datetime import date

import pytest
from pypdf import PdfReader

from scorekeeper.i18n import date as day_text
from tests.conftest import REPO

EXAMPLES = REPO / "tests" / "examples"
HELD = EXAMPLES / "exports"
STEMS = ("friday-at-the-cabin", "mattmar-saturday")


def imported(book, stem: str):  # type: ignore[no-untyped-def]
    return book.import_file((EXAMPLES / f"{stem}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("stem", STEMS)
def test_the_session_file_is_the_same_bytes(book, stem: str):
    session = imported(book, stem)
    exported = book.export(session.id, "json", "en")[1]
    # What was added since: the uid the session got when stored, on the line after the
    # format (FORMAT.md, "Everything in one file"); the rest is byte for byte as held.
    uid = f'  "uid": "{session.uid}",\n'.encode()
    assert exported.split(b"\n")[2] == uid.rstrip(b"\n")
    assert exported.replace(uid, b"") == (HELD / f"{stem}.json").read_bytes()


@pytest.mark.parametrize("stem", STEMS)
def test_the_standings_are_the_same_bytes(book, stem: str):
    session = imported(book, stem)
    held = (HELD / f"{stem}.standings.csv").read_bytes()
    assert book.export(session.id, "standings", "en")[1] == held


@pytest.mark.parametrize("stem", STEMS)
@pytest.mark.parametrize("language", ["sv", "en", "de"])
def test_the_ledger_csv_is_the_same_bytes(book, stem: str, language: str):
    session = imported(book, stem)
    held = (HELD / f"{stem}.{language}.csv").read_bytes()
    assert book.export(session.id, "csv", language)[1] == held


@pytest.mark.parametrize("stem", STEMS)
def test_the_score_sheet_reads_the_same(book, stem: str):
    session = imported(book, stem)
    sheet = book.export(session.id, "pdf", "en")[1]
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(sheet)).pages)
    held = (HELD / f"{stem}.en.pdf.txt").read_text(encoding="utf-8")
    # The sheet is dated the day it is made, as English writes a date (i18n/figures.py);
    # the held one was made on 21 November 2026.
    assert text == held.replace("21 Nov 2026", day_text(date.today(), "en"))
