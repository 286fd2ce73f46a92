"""Issue 63: a group's sessions and its evenings, each counted one way and said with its
own word everywhere. An evening is a date (RULES.md, "Groups and the running tab"; README,
"Season table"); the tab counts the group's finished sessions (FORMAT.md, `sessions`).

The Friday group played twice on 2 December 2026, both times RULES.md's worked example
("Fredag i stugan", SEK, 0.50 a unit; money Astrid -13.50, Bengt -6.00, Cilla +9.50, Dag
+10.00): two finished sessions, one evening.
"""

from __future__ import annotations

import io
import json
from datetime import date
from pathlib import Path

import pytest
from pypdf import PdfReader

from scorekeeper.formats.evening_names import evening_list_names
from scorekeeper.formats.result_card import tab_card
from scorekeeper.session import choose_database, open_scorebook
from tests.conftest import EXAMPLE_FILE, run_cli_here, store_files

GROUP = "Friday group"
DEC_2, DEC_3 = date(2026, 12, 2), date(2026, 12, 3)


def session_file(tmp: Path, number: int, day: str) -> Path:
    document = json.loads(EXAMPLE_FILE.read_text(encoding="utf-8"))
    document.update(name="Fredag i stugan", group=GROUP, played_on=day, finished=True)
    path = tmp / f"{number}.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.fixture
def one_evening(db_url: str, tmp_path: Path) -> str:
    store_files(db_url, session_file(tmp_path, 1, "2026-12-02"),
                session_file(tmp_path, 2, "2026-12-02"))
    return db_url


def cli(url: str, *args: str) -> str:
    result = run_cli_here(url, *args)
    assert result.returncode == 0, result.stderr
    return result.stdout.replace("\N{NO-BREAK SPACE}", " ")


def test_the_tab_counts_two_sessions_and_one_evening_on_every_surface(one_evening, tmp_path):
    assert json.loads(cli(one_evening, "tab", GROUP, "--json"))["sessions"] == 2
    assert cli(one_evening, "tab", GROUP).splitlines()[0] == (
        "Friday group: running tab of 2 finished sessions over 1 evening")
    assert cli(one_evening, "--lang", "sv", "tab", GROUP).splitlines()[0] == (
        "Friday group: löpande räkning över 2 avslutade sessioner under 1 kväll")
    # The season: one evening each, the sessions' money added up (Dag +20.00, his evening).
    season = json.loads(cli(one_evening, "season", GROUP, "--json"))["players"]
    assert [(p["name"], p["evenings"], p["evenings_won"], p["money"]) for p in season] == [
        ("Dag", 1, 1, "20.00"), ("Cilla", 1, 0, "19.00"), ("Bengt", 1, 0, "-12.00"),
        ("Astrid", 1, 0, "-27.00")]
    pdf = tmp_path / "tab.pdf"
    cli(one_evening, "export-tab", GROUP, "--format", "pdf", "-o", str(pdf))
    sheet = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(
        io.BytesIO(pdf.read_bytes())).pages)
    assert "Friday group: running tab of 2 finished sessions over 1 evening" in sheet
    book = open_scorebook(choose_database(one_evening))
    try:
        shown = book.group(GROUP)
    finally:
        book.store.engine.dispose()
    assert (shown.tab.sessions, shown.tab.evenings) == (2, 1)
    for language, said in (("en", "Tab of 2 finished sessions over 1 evening"),
                           ("de", "Rechnung: 2 beendete Sitzungen über 1 Abend"),
                           ("fr", "Ardoise de 2 séances terminées sur 1 soirée")):
        card = tab_card(GROUP, shown.money, shown.tab, [], DEC_3, language)
        assert card.subtitle.split(" · ")[0] == said


def test_a_tab_of_one_session_an_evening_counts_its_evenings(db_url, tmp_path):
    store_files(db_url, session_file(tmp_path, 1, "2026-12-02"),
                session_file(tmp_path, 2, "2026-12-09"))
    assert cli(db_url, "tab", GROUP).splitlines()[0] == (
        "Friday group: running tab of 2 finished evenings")


def test_two_sessions_of_one_evening_are_told_apart_in_the_groups_list():
    # (id, name, date, finished) as the group's list holds them, in the order stored.
    evenings = [(4, "Fredag i stugan", "2026-11-25", True),
                (7, "Fredag i stugan", "2026-12-02", True),
                (9, "Fredag i stugan", "2026-12-02", False),
                (11, "english", "2026-12-09", True)]
    assert evening_list_names(evenings, "en") == {
        4: "Fredag i stugan",
        7: "Fredag i stugan, session 1 of 2",
        9: "Fredag i stugan, session 2 of 2",
        11: "English Rams no. 11"}
    assert evening_list_names(evenings, "sv")[9] == "Fredag i stugan, session 2 av 2"
