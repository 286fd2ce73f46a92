"""One registry per extension point (issue 47): an export is added in one place, the
registry, and the command line offers it, names its file and the scorebook makes it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.formats.exports import SESSION_EXPORTS, SessionSource, file_name
from scorekeeper.formats.registry import ExportFormat
from scorekeeper.formats.session_file import load_session
from scorekeeper.session.scorebook import Scorebook
from scorekeeper.store.database import connect
from scorekeeper.store.sessions import SessionStore
from tests.conftest import EXAMPLE_FILE


def names(source: SessionSource) -> bytes:
    return "\n".join(source.session.table.players).encode("utf-8") + b"\n"


@pytest.fixture
def txt() -> Iterator[ExportFormat[SessionSource]]:
    """A dummy export of the players' names, registered for one test and removed after."""
    made = ExportFormat("txt", "txt", names)
    SESSION_EXPORTS.add(made)
    try:
        yield made
    finally:
        SESSION_EXPORTS.remove("txt")


@pytest.fixture
def stored(tmp_path: Path) -> Iterator[tuple[str, Scorebook, int]]:
    url = f"sqlite:///{tmp_path / 'scorebook.db'}"
    engine = connect(url)
    try:
        loaded = load_session(EXAMPLE_FILE.read_text(encoding="utf-8"))
        book = Scorebook(SessionStore(engine))
        yield url, book, book.import_session(loaded.name, loaded.replay()).id
    finally:
        engine.dispose()


def test_an_export_added_to_the_registry_alone_is_offered_named_and_made(txt, stored):
    url, book, session_id = stored
    command = main.get_command(None, "export")  # type: ignore[arg-type]
    assert command is not None
    (fmt,) = [p for p in command.params if p.name == "fmt"]
    assert "txt" in fmt.type.choices  # type: ignore[attr-defined]

    _, body = book.export(session_id, "txt", "en")
    assert body == b"Astrid\nBengt\nCilla\nDag\n"
    assert file_name("Friday at the cabin", "txt") == "Friday-at-the-cabin.txt"

    result = CliRunner().invoke(main, ["--db", url, "export", str(session_id),
                                       "--format", "txt"])
    assert result.exit_code == 0, result.output
    assert result.stdout_bytes == body


def test_an_export_removed_from_the_registry_is_no_longer_offered(stored):
    url, book, session_id = stored
    SESSION_EXPORTS.add(ExportFormat("txt", "txt", names))
    SESSION_EXPORTS.remove("txt")
    result = CliRunner().invoke(main, ["--db", url, "export", str(session_id),
                                       "--format", "txt"])
    assert result.exit_code == 2  # click's usage error: no such choice
    with pytest.raises(ValueError, match="no export called 'txt'"):
        book.export(session_id, "txt", "en")


def test_a_binary_export_needs_a_file_by_its_record():
    result = CliRunner().invoke(main, ["--db", "sqlite://", "export", "1", "--format", "pdf"])
    assert result.exit_code == 2
    assert "a PDF needs a file" in result.output


def test_the_tab_exports_offered_are_the_tab_registrys():
    from scorekeeper.formats.tab_export import TAB_EXPORTS

    command = main.get_command(None, "export-tab")  # type: ignore[arg-type]
    assert command is not None
    (fmt,) = [p for p in command.params if p.name == "fmt"]
    offered = fmt.type.choices  # type: ignore[attr-defined]
    assert offered == TAB_EXPORTS.keys() == ("csv", "season", "pdf", "png")
