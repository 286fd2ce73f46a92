"""Hostile text through the command line: a session name or currency that would crash an
encoder, a database or a terminal is refused in one line with exit status 2 and changes
nothing; `scorekeeper sessions` prints names stored before they were checked safely."""

from __future__ import annotations

import json
import re
import time

import pytest
from click.testing import CliRunner
from sqlalchemy import insert, select
from sqlalchemy.orm import Session as Db

from scorekeeper.cli import main
from scorekeeper.i18n import template_for
from scorekeeper.store.models import SeatRow, SessionRow
from tests.conftest import EXAMPLE_FILE, database_counts, url_of, worked_example

# JSON as a file carries them: \ud800 is JSON's own escape of a lone surrogate.
HOSTILE_SESSION_NAMES = {
    "lone-surrogate": "Friday \\ud800 night",
    "nul": "Friday \\u0000 night",
    "escape-codes": "Friday \\u001b[2J\\u001b[H night",
    "carriage-return": "Friday\\r0  2026-01-01  Fake session",
    "bidi-override": "Friday \\u202e thgin",
}


def document_text(**changes: str) -> str:
    """The example file with raw JSON text put in for some fields."""
    document = json.loads(EXAMPLE_FILE.read_text(encoding="utf-8"))
    for field in changes:
        document[field] = f"@@{field}@@"
    body = json.dumps(document, ensure_ascii=False)
    for field, raw in changes.items():
        body = body.replace(f'"@@{field}@@"', raw)
    return body


def invoke(url: str, *args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, ["--db", url, *args])


def says(key: str, line: str) -> bool:
    """The line is the English message ``key``, whatever its parameters."""
    template = template_for(key, "en", {})  # a counting message: its general form will do
    pattern = ".*".join(re.escape(part) for part in re.split(r"\{[a-z_]+\}", template))
    return re.fullmatch(pattern, line) is not None


def refused_with_exit_2(result, key: str) -> str:  # type: ignore[no-untyped-def]
    assert result.exit_code == 2, (result.output, repr(result.exception))
    assert isinstance(result.exception, SystemExit)
    (line,) = result.stderr.splitlines()
    assert says(key, line), line
    assert line.isprintable()
    assert len(line) < 200
    assert result.stdout == ""
    return line


@pytest.mark.parametrize("case", sorted(HOSTILE_SESSION_NAMES))
def test_a_hostile_session_name_is_refused_on_import_and_changes_nothing(book, tmp_path, case):
    kept = book.import_session("Kept", worked_example())
    before = database_counts(book.store.engine)
    path = tmp_path / "night.json"
    path.write_text(document_text(name=f'"{HOSTILE_SESSION_NAMES[case]}"'), encoding="utf-8")
    result = invoke(url_of(book.store.engine), "import", str(path))
    line = refused_with_exit_2(result, "text.session_name_forbidden")
    assert line.startswith("the session's name 'Friday")
    assert database_counts(book.store.engine) == before
    assert book.open(kept.id).state == worked_example().state


@pytest.mark.parametrize("case", sorted(HOSTILE_SESSION_NAMES))
def test_a_hostile_session_name_is_refused_on_replay(tmp_path, case):
    path = tmp_path / "night.json"
    path.write_text(document_text(name=f'"{HOSTILE_SESSION_NAMES[case]}"'), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path)])
    refused_with_exit_2(result, "text.session_name_forbidden")


@pytest.mark.parametrize(("money", "key"), [
    ('{"currency": "=CMD|\' /C CALC\'!A0", "unit": "1"}', "setup.currency_unknown"),
    ('{"currency": "S\\u0000K", "unit": "1"}', "setup.currency_unknown"),
    ('{"currency": "\\ud800", "unit": "1"}', "setup.currency_unknown"),
    ('{"currency": "SEK", "unit": "1e-1000100"}', "setup.unit_finer_than_minor"),
    ('{"currency": "SEK", "unit": 1e-1000100}', "setup.unit_finer_than_minor"),
    ('{"currency": "SEK", "unit": "1e1000000"}', "setup.unit_too_large"),
])
def test_a_hostile_currency_or_unit_is_refused_on_import_and_replay(book, tmp_path, money, key):
    before = database_counts(book.store.engine)
    path = tmp_path / "night.json"
    path.write_text(document_text(money=money), encoding="utf-8")
    line = refused_with_exit_2(invoke(url_of(book.store.engine), "import", str(path)), key)
    assert line == refused_with_exit_2(CliRunner().invoke(main, ["replay", str(path)]), key)
    assert database_counts(book.store.engine) == before


def test_a_ten_megabyte_currency_is_refused_at_once_in_a_short_line(tmp_path):
    path = tmp_path / "night.json"
    path.write_text(document_text(money=json.dumps({"currency": "E" * 10_000_000})),
                    encoding="utf-8")
    started = time.monotonic()
    result = CliRunner().invoke(main, ["replay", str(path)])
    refused_with_exit_2(result, "setup.currency_unknown")
    assert time.monotonic() - started < 10


def test_sessions_prints_names_stored_before_they_were_checked_safely(book):
    kept = book.import_session("Kept", worked_example())
    with Db(book.store.engine) as db, db.begin():
        row = db.get(SessionRow, kept.id)
        assert row is not None
        row.name = "Friday\x1b[2J\x1b[H\r   9  2026-01-01  Fake session\n\u202egnirts"
        seat = db.scalars(select(SeatRow).where(SeatRow.session_id == kept.id)).first()
        assert seat is not None
        seat.name = "Ast\x07rid\x9b31m"
        db.execute(insert(SessionRow).values(
            name="Second", variant="english", options="{}", first_dealer="Astrid", unit="1",
            status="in_play", version=0, deal_count=0, leaders="[]",
            created_at=row.created_at, updated_at=row.updated_at))
    result = invoke(url_of(book.store.engine), "sessions")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 2  # one per session: no line made up by a stored CR or LF
    assert all(line.isprintable() for line in lines)
    assert any("Friday?[2J?[H?   9  2026-01-01  Fake session??gnirts" in line for line in lines)
    assert any("Ast?rid?31m" in line for line in lines)


@pytest.mark.parametrize("raw", ['"Ast\\u0000rid"', '"Ast\\ud800rid"', '"\\u202eAstrid"'])
def test_a_player_name_with_nul_surrogate_or_bidi_is_refused_on_import(book, tmp_path, raw):
    before = database_counts(book.store.engine)
    path = tmp_path / "night.json"
    body = document_text(players=f'[{raw}, "Bengt", "Cilla", "Dag"]', first_dealer='"Bengt"')
    path.write_text(body, encoding="utf-8")
    refused_with_exit_2(invoke(url_of(book.store.engine), "import", str(path)),
                        "text.name_forbidden")
    assert database_counts(book.store.engine) == before
