"""The command line's small print (issue: "a refusal is one short line, numbers are
numbers"): a refusal quotes at most 20 characters of a name whichever command refuses
it, a refused import is one line, a negative amount is an amount refused in words, and
an amount is written as FORMAT.md writes it or as the language writes money.

One finished evening of the Tab group (RULES.md's worked example, SEK)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from scorekeeper.cli import main
from scorekeeper.store.database import connect
from tests.conftest import EXAMPLE_FILE, database_counts, store_files

GROUP = "Tab group"
LONG = "x" * 10_000
QUOTED = "x" * 20 + "…"  # README: a refusal quotes at most 20 characters


def evening(folder: Path, day: str, **more: object) -> Path:
    document = json.loads(EXAMPLE_FILE.read_text(encoding="utf-8"))
    document.update(group=GROUP, played_on=day, finished=True, **more)
    path = folder / f"{day}.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


@pytest.fixture
def tab_group(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'club.db'}"
    store_files(url, evening(tmp_path, "2026-11-06"))
    return url


def run(url: str, *args: str) -> Result:
    return CliRunner().invoke(main, ["--db", url, *args])


def one_line(result: Result) -> str:
    """The refusal: exit status 2, one line on standard error, nothing on standard out."""
    assert result.exit_code == 2, (result.output, result.exception)
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    return line


def unchanged(url: str, *args: str) -> str:
    """``args`` refused in one line, and the database as it was."""
    engine = connect(url)
    before = database_counts(engine)
    line = one_line(run(url, *args))
    assert database_counts(engine) == before
    engine.dispose()
    return line


@pytest.mark.parametrize("args", [
    ["pay", GROUP, "--from", LONG, "--to", "Dag", "0.50"],
    ["pay", GROUP, "--from", "Astrid", "--to", LONG, "0.50"],
    ["tab", LONG], ["season", LONG], ["export-tab", LONG],
    ["pay", LONG, "--from", "Astrid", "--to", "Dag", "0.50"],
], ids=["pay-from", "pay-to", "tab", "season", "export-tab", "pay-group"])
def test_a_refusal_quotes_at_most_20_characters_of_a_name(tab_group, args):
    line = unchanged(tab_group, *args)
    assert QUOTED in line, line[:80]
    assert "x" * 21 not in line, line[:80]


def test_a_refused_import_says_so_in_one_line(tab_group, tmp_path):
    without_money = json.loads(evening(tmp_path, "2026-11-13").read_text(encoding="utf-8"))
    del without_money["money"]
    path = tmp_path / "no-money.json"
    path.write_text(json.dumps(without_money), encoding="utf-8")
    assert unchanged(tab_group, "import", str(path)) == (
        "the group plays in SEK; this session is in -")


@pytest.mark.parametrize(("typed", "said"), [
    ("-5", "a payment must be more than nothing, not -5"),
    ("-0.50", "a payment must be more than nothing, not -0.50"),
    ("-1e309", "-1e309 is not an amount of money"),
    ("-Infinity", "-Infinity is not an amount of money"),
])
def test_a_negative_amount_is_an_amount_refused_in_one_line(tab_group, typed, said):
    assert unchanged(tab_group, "pay", GROUP, "--from", "Astrid", "--to", "Dag", typed) == said


@pytest.mark.parametrize("typed", [
    "1_000", "1e2", "1E-2", "+5", "Infinity", "NaN",
    "\u0665", "\u096b", "\uff15",  # 5 in Arabic-Indic, Devanagari and full-width digits
    "\u0661\u066b\u0665\u0660",  # 1.50 in Arabic-Indic digits and decimal separator
])
def test_what_is_no_amount_is_refused_in_words(tab_group, typed):
    assert unchanged(tab_group, "pay", GROUP, "--from", "Astrid", "--to", "Dag", typed) == (
        f"{typed} is not an amount of money")


@pytest.mark.parametrize(("language", "typed", "paid"), [
    ("en", "0.50", "0.50"), ("en", "1,000.00", "1000.00"), ("en", " 2 ", "2.00"),
    ("sv", "0.50", "0.50"),  # as FORMAT.md writes it, in any language
    ("sv", "1 000,50", "1000.50"), ("de", "1.000,50", "1000.50"), ("fr", "0,50", "0.50"),
])
def test_an_amount_is_read_as_format_md_or_the_language_writes_it(tab_group, language,
                                                                  typed, paid):
    assert run(tab_group, "--lang", language, "pay", GROUP, "--from", "Astrid", "--to",
               "Dag", typed).exit_code == 0
    shown = json.loads(run(tab_group, "tab", GROUP, "--json").stdout)
    assert shown["players"][0]["paid"] == paid
