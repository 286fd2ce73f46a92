"""The printed score sheet (formats/pdf_sheet.py) is read at the table: a season of deals
or games prints as many pages as an evening, and the sheet renders. No database in these
tests: they are not the store's, and so not in tests/run.sh's pure-Python pass."""

from __future__ import annotations

import io
import subprocess
from datetime import date

from pypdf import PdfReader

from scorekeeper.core import Session
from scorekeeper.formats.pdf_sheet import score_sheet
from tests.bench.data import deals, english_table
from tests.conftest import worked_example
from tests.test_exports import SWEDES, pdf_text
from tests.test_ledger_pages import ramsen_session


def test_a_long_session_prints_its_first_300_deals_and_says_the_csv_has_every_deal():
    """A session of 50,000 deals printed 945 pages in five minutes: the sheet is read at the
    table, so it stops at deal 300 and its pages do not grow with the deals."""
    table = english_table()
    sheets = {count: score_sheet("Season", Session.replay(table, deals(table, count)),
                                 date(2026, 11, 21)) for count in (400, 1000)}
    said = pdf_text(sheets[1000])
    assert "Deals 301 to 1000 are not printed here: the CSV export has every deal." in said
    assert len(PdfReader(io.BytesIO(sheets[400])).pages) == len(
        PdfReader(io.BytesIO(sheets[1000])).pages)


def test_a_session_of_many_games_prints_its_first_100_games():
    session = ramsen_session(1500)
    games = len(session.state.games)
    assert games > 100
    said = pdf_text(score_sheet("Season", session, date(2026, 11, 21)))
    assert (f"Games 101 to {games} are not printed here: their deals are in the CSV export."
            in said)
    assert "Game 100 won by" in said
    assert "Game 101 won by" not in said


def test_pdf_score_sheet_renders_to_png(tmp_path):
    # Rendered once, for the eye: the engineer looks at the PNG by hand.
    session = worked_example(SWEDES)
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(score_sheet("Friday at the cabin", session, date(2026, 11, 21)))
    subprocess.run(["pdftoppm", "-png", "-r", "50", str(pdf), str(tmp_path / "sheet")],
                   check=True, capture_output=True, timeout=60)
    pages = sorted(tmp_path.glob("sheet*.png"))
    assert pages
    assert pages[0].stat().st_size > 0
    assert pages[0].read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
