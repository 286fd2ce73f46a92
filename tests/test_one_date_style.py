"""One date style for a language (issue 63: "2026-12-02" in lists, "2 dec. 2026" on the
cards): every date a person reads is written by i18n/figures.py's ``date``, on the score
sheet, the tab's sheet and the command line's list as on the result card. (A file's name
keeps the ISO date: it sorts, and it is no sentence.)"""

from __future__ import annotations

import io
import re
from datetime import date

import pytest
from pypdf import PdfReader

from scorekeeper.formats.exports import export
from scorekeeper.i18n import date as day_text
from tests.conftest import REPO, run_cli_here, store_files
from tests.evening import evening

ISO = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
CABIN = REPO / "tests" / "examples" / "friday-at-the-cabin.json"
NOV_20 = date(2026, 11, 20)


@pytest.mark.parametrize(("language", "written"), [
    ("sv", "20 nov. 2026"), ("en", "20 Nov 2026"), ("de", "20.11.2026"), ("fr", "20 nov. 2026")])
def test_the_score_sheet_writes_its_date_as_the_result_card_does(language, written):
    assert day_text(NOV_20, language).replace("\u00a0", " ") == written
    pdf = export("pdf", "Fredag", evening(), language, NOV_20)
    sheet = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert written in sheet.replace("\u00a0", " ")
    assert not ISO.search(sheet)


def test_the_command_lines_list_of_sessions_writes_the_day_as_its_language_does(tmp_path):
    url = f"sqlite:///{tmp_path / 'scorekeeper.db'}"
    store_files(url, CABIN)
    listed = run_cli_here(url, "--lang", "de", "sessions")
    assert listed.returncode == 0, listed.stderr
    # the cabin's evening, 2026-11-20, as German writes a date (and as home dates it)
    assert "20.11.2026" in listed.stdout
    assert not ISO.search(listed.stdout)
