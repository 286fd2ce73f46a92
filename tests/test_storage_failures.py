"""Storage failures reach the user as one sentence and exit status 1, never a traceback,
and lose nothing (store/failures.py); a file that is not Scorekeeper's is refused without
a byte of it changing (store/database.py). On SQLite and, where it applies, PostgreSQL."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest
from click.testing import CliRunner
from sqlalchemy import Engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError

from scorekeeper.cli import main
from scorekeeper.i18n import text
from scorekeeper.session.scorebook import Scorebook
from scorekeeper.store.database import APPLICATION_ID, connect
from scorekeeper.store.failures import StorageError, storage_error
from scorekeeper.store.sessions import SessionStore
from tests.conftest import (
    EXAMPLE_FILE,
    REPO,
    database_counts,
    fresh_postgres_database,
    run_cli_here,
    worked_example,
)
from tests.ports import free_port

MATTMAR_FILE = EXAMPLE_FILE.with_name("mattmar-saturday.json")


def checksum(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def refused_in_one_line(result: subprocess.CompletedProcess[str], key: str, **params: str
                        ) -> None:
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.splitlines() == [text(key, **params)]
    assert result.stdout == ""


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


def stored_example(path: Path) -> None:
    result = run_cli_here(sqlite_url(path), "import", str(EXAMPLE_FILE))
    assert result.returncode == 0, result.stderr


# --- files that are not a database ------------------------------------------------------


def test_random_bytes_as_the_database_are_refused_and_left_alone(tmp_path):
    path = tmp_path / "noise.db"
    path.write_bytes(os.urandom(8192))
    before = checksum(path)
    result = run_cli_here(sqlite_url(path), "sessions")
    refused_in_one_line(result, "store.not_a_database", file=str(path))
    assert checksum(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["noise.db"]


@pytest.mark.parametrize("length", [50, 6000])
def test_a_truncated_database_is_refused_in_one_line(tmp_path, length):
    whole = tmp_path / "whole.db"
    stored_example(whole)
    path = tmp_path / "cut.db"
    path.write_bytes(whole.read_bytes()[:length])
    result = run_cli_here(sqlite_url(path), "show", "1")
    key = "store.not_a_database" if length < 100 else "store.damaged"
    refused_in_one_line(result, key, file=str(path))


def foreign_plain(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE recipes (name TEXT, minutes INTEGER)")
        db.execute("INSERT INTO recipes VALUES ('pancakes', 20)")


def foreign_with_sessions(path: Path) -> None:
    with sqlite3.connect(path) as db:  # a web framework's session store, say
        db.execute("CREATE TABLE sessions (key TEXT PRIMARY KEY, data BLOB, expires REAL)")
        db.execute("INSERT INTO sessions VALUES ('abc', x'00ff', 1.5)")


def foreign_alembic(path: Path) -> None:
    with sqlite3.connect(path) as db:  # another program's Alembic-managed schema
        db.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) PRIMARY KEY)")
        db.execute("INSERT INTO alembic_version VALUES ('7c1e2a9b04d3')")
        db.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total NUMERIC)")


def foreign_view_only(path: Path) -> None:
    with sqlite3.connect(path) as db:  # no table at all, but not empty: a view
        db.execute("CREATE VIEW today AS SELECT date('now') AS day")


def foreign_user_version(path: Path) -> None:
    with sqlite3.connect(path) as db:  # no table yet, but another program stamped it
        db.execute("PRAGMA user_version = 7")


def foreign_write_ahead(path: Path) -> None:
    db = sqlite3.connect(path)  # another program's file in WAL mode, closed (log folded in)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("CREATE TABLE notes (line TEXT)")
    db.execute("INSERT INTO notes VALUES ('milk')")
    db.commit()
    db.close()


def foreign_dropped_tables(path: Path) -> None:
    db = sqlite3.connect(path)  # it held a table and an index once: pages, a schema cookie
    db.execute("CREATE TABLE notes (line TEXT)")
    db.execute("CREATE INDEX notes_by_line ON notes (line)")
    db.execute("INSERT INTO notes VALUES ('milk')")
    db.commit()
    db.execute("DROP TABLE notes")  # and no object left
    db.commit()
    db.close()


def foreign_empty_write_ahead(path: Path) -> None:
    db = sqlite3.connect(path)  # nothing in it, but another program chose WAL mode
    db.execute("PRAGMA journal_mode=WAL")
    db.close()


@pytest.mark.parametrize("make", [foreign_plain, foreign_with_sessions, foreign_alembic,
                                  foreign_view_only, foreign_user_version,
                                  foreign_write_ahead, foreign_dropped_tables,
                                  foreign_empty_write_ahead])
@pytest.mark.parametrize("command", [["sessions"], ["import", str(EXAMPLE_FILE)]])
def test_another_programs_sqlite_file_is_refused_byte_for_byte_unchanged(tmp_path, make,
                                                                         command):
    path = tmp_path / "theirs.db"
    make(path)
    before = checksum(path)
    result = run_cli_here(sqlite_url(path), *command)
    refused_in_one_line(result, "store.foreign_file", file=str(path))
    assert checksum(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["theirs.db"]  # no -wal, no -shm
    # The journal mode as the file's header has it (byte 18: 2 is WAL, 1 the rollback
    # journal), read without opening the file: still the other program's choice.
    assert path.read_bytes()[18] == (
        2 if make in (foreign_write_ahead, foreign_empty_write_ahead) else 1)


def flipped(path: Path) -> None:
    """Ten bytes of the second page (a b-tree page's header) turned over."""
    damaged = bytearray(path.read_bytes())
    for at in range(4096, 4106):
        damaged[at] ^= 0xFF
    path.write_bytes(bytes(damaged))


def last_page_zeroed(path: Path) -> None:
    damaged = bytearray(path.read_bytes())
    damaged[-4096:] = bytes(4096)
    path.write_bytes(bytes(damaged))


@pytest.mark.parametrize("damage", [flipped, last_page_zeroed])
@pytest.mark.parametrize("command", [["sessions"], ["show", "1"], ["players"],
                                     ["import", str(EXAMPLE_FILE)]])
def test_a_damaged_database_is_refused_in_one_line_and_left_as_it_is(tmp_path, damage,
                                                                     command):
    """Found on opening (PRAGMA quick_check), before anything is written into it: flipped
    bytes gave an 85-line UnicodeDecodeError; a zeroed last page went unnoticed."""
    path = tmp_path / "scorekeeper.db"
    stored_example(path)
    damage(path)
    before = checksum(path)
    result = run_cli_here(sqlite_url(path), *command)
    refused_in_one_line(result, "store.damaged", file=str(path))
    assert checksum(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["scorekeeper.db"]


def test_a_new_database_and_its_folder_are_the_owners_alone(tmp_path):
    """It holds the players' payment details: not readable by others on the machine."""
    path = tmp_path / "new" / "scorekeeper.db"
    stored_example(path)
    assert path.stat().st_mode & 0o777 == 0o600
    assert path.parent.stat().st_mode & 0o777 == 0o700


def test_a_new_database_carries_scorekeepers_mark(tmp_path):
    path = tmp_path / "new.db"
    stored_example(path)
    assert path.read_bytes()[68:72] == b"SkRm"
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


def test_an_empty_file_is_made_into_a_scorekeeper_database(tmp_path):
    path = tmp_path / "empty.db"
    path.touch()
    stored_example(path)
    assert path.read_bytes()[68:72] == b"SkRm"


def test_the_first_page_of_a_new_database_with_nothing_chosen_in_it_is_ours(tmp_path):
    """The one page SQLite writes first: no schema ever, no user_version, the rollback
    journal it starts with. Nothing of anyone's is in it."""
    path = tmp_path / "new.db"
    db = sqlite3.connect(path)
    db.execute("PRAGMA application_id = 0")
    db.commit()
    db.close()
    assert path.stat().st_size == path.read_bytes()[16] * 256
    stored_example(path)
    assert path.read_bytes()[68:72] == b"SkRm"


def test_a_database_from_before_the_mark_is_ours_and_gets_it(tmp_path):
    path = tmp_path / "old.db"
    stored_example(path)
    db = sqlite3.connect(path)  # as a Scorekeeper from before the mark left it
    db.execute("PRAGMA application_id = 0")
    db.commit()
    db.close()  # the last connection checkpoints the log into the file
    assert path.read_bytes()[68:72] == b"\0\0\0\0"
    result = run_cli_here(sqlite_url(path), "show", "1")
    assert result.returncode == 0, result.stderr
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


# --- places that cannot be written ------------------------------------------------------


def test_a_folder_that_cannot_be_made_is_one_line(tmp_path):
    (tmp_path / "a-file").write_text("not a folder")
    path = tmp_path / "a-file" / "scorekeeper" / "scorekeeper.db"
    result = run_cli_here(sqlite_url(path), "sessions")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith(text("store.cannot_open", file=str(path), reason="")[:40])


def run_cli_read_only(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The CLI with ``folder`` read-only. Root may write whatever the file's mode says, so
    as root the folder is bind-mounted read-only in a mount namespace of the run's own;
    otherwise the folder and its files lose their write permission."""
    command = [sys.executable, "-m", "scorekeeper", *args]
    env = {k: v for k, v in os.environ.items() if k not in ("SCOREKEEPER_DB", "SCOREKEEPER_LANG")}
    if os.geteuid() == 0:
        script = 'mount --bind -o ro "$0" "$0" && exec "$@"'
        command = ["unshare", "--mount", "sh", "-c", script, str(folder), *command]
        return subprocess.run(command, capture_output=True, text=True, cwd=REPO, env=env,
                              timeout=120)
    for path in folder.iterdir():
        path.chmod(0o444)
    folder.chmod(0o555)
    try:
        return subprocess.run(command, capture_output=True, text=True, cwd=REPO, env=env,
                              timeout=120)
    finally:
        folder.chmod(0o755)


@pytest.mark.parametrize("command", [["sessions"], ["import", str(MATTMAR_FILE)]])
def test_a_read_only_sqlite_database_is_one_line_and_unchanged(tmp_path, command):
    folder = tmp_path / "archive"
    folder.mkdir()
    path = folder / "scorekeeper.db"
    stored_example(path)
    before = checksum(path)
    result = run_cli_read_only(folder, "--db", sqlite_url(path), *command)
    refused_in_one_line(result, "store.read_only", file=str(path))
    assert checksum(path) == before


def test_a_read_only_postgresql_database_refuses_the_import_and_keeps_what_it_has(
        postgres_url, tmp_path):
    with fresh_postgres_database(postgres_url) as url:  # a database of its own
        engine = connect(url)
        try:
            Scorebook(SessionStore(engine)).import_session("Friday at the cabin", worked_example())
            before = database_counts(engine)
            database = make_url(url).database
            with psycopg.connect(make_url(url).set(drivername="postgresql", database="postgres")
                                 .render_as_string(hide_password=False),
                                 autocommit=True) as admin:
                admin.execute(f'ALTER DATABASE "{database}" SET default_transaction_read_only = on')
            result = run_cli_here(url, "import", str(MATTMAR_FILE))
            assert result.returncode == 1, result.stderr
            assert "Traceback" not in result.stderr
            lines = [line for line in result.stderr.splitlines()
                     if not line.startswith(text("cli.importing"))]
            host = make_url(url)
            place = f"{host.host}:{host.port}/{database}"
            assert lines == [text("store.read_only", file=place)]
            engine.dispose()
            engine = connect(url)
            assert database_counts(engine) == before
        finally:
            engine.dispose()


# --- a full disk ------------------------------------------------------------------------


def test_a_full_disk_is_one_line_and_loses_nothing(tmp_path, monkeypatch):
    """SQLite's own limit on the file's pages stands in for a full disk: the write fails
    with SQLITE_FULL, exactly as it does when the disk runs out."""
    path = tmp_path / "scorekeeper.db"
    stored_example(path)
    # No free page left inside the file either (the upgrades freed some): every page the
    # import needs would grow the file.
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("VACUUM")
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.close()
    engine = connect(sqlite_url(path))
    before = database_counts(engine)
    engine.dispose()

    def no_more_pages(dbapi_connection: sqlite3.Connection, _record: object) -> None:
        dbapi_connection.execute(f"PRAGMA max_page_count = {pages}")

    event.listen(Engine, "connect", no_more_pages)
    try:
        result = CliRunner().invoke(main, ["--db", sqlite_url(path), "import",
                                           str(MATTMAR_FILE)])
    finally:
        event.remove(Engine, "connect", no_more_pages)
    assert result.exit_code == 1
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    lines = [line for line in result.stderr.splitlines()
             if not line.startswith(text("cli.importing"))]
    assert lines == [text("store.disk_full", file=str(path))]
    engine = connect(sqlite_url(path))
    try:
        assert database_counts(engine) == before
        assert Scorebook(SessionStore(engine)).open(1).history.state == worked_example().state
    finally:
        engine.dispose()


def test_postgresqls_disk_full_is_the_same_sentence():
    failure = OperationalError("INSERT", {}, psycopg.errors.DiskFull("could not extend file"))
    refused = storage_error(failure, "postgresql+psycopg://club:secret@db.example.org/club")
    assert isinstance(refused, StorageError)
    assert refused.message.key == "store.disk_full"
    assert refused.message.params["file"] == "db.example.org/club"  # never the password


# --- a server that does not answer --------------------------------------------------------


def test_an_unreachable_postgresql_server_is_one_line():
    port = free_port()  # nothing listens on it
    url = f"postgresql+psycopg://club:secret@127.0.0.1:{port}/club"
    result = run_cli_here(url, "sessions")
    refused_in_one_line(result, "store.unreachable", file=f"127.0.0.1:{port}/club")
    assert "secret" not in result.stderr


def test_the_store_turns_a_failure_mid_session_into_a_storage_error(book, monkeypatch):
    stored = book.import_session("Friday at the cabin", worked_example())
    if book.store.engine.dialect.name == "sqlite":
        def failing(*_args: object) -> None:
            failure = sqlite3.OperationalError("disk I/O error")
            failure.sqlite_errorcode = sqlite3.SQLITE_IOERR  # as SQLite's own error carries it
            raise failure
        event.listen(book.store.engine, "before_cursor_execute", failing)
        undo = lambda: event.remove(book.store.engine, "before_cursor_execute", failing)  # noqa: E731
    else:
        def failing(*_args: object, **_kwargs: object) -> None:
            raise psycopg.errors.AdminShutdown("terminating connection")
        # In the driver's cursor: on PostgreSQL a session is read through it directly.
        monkeypatch.setattr(psycopg.Cursor, "execute", failing)
        undo = monkeypatch.undo
    try:
        with pytest.raises(StorageError) as refused:
            book.open(stored.id)
    finally:
        undo()
    assert refused.value.message.key in ("store.io_error", "store.unreachable")
    assert book.open(stored.id).state == worked_example().state


@pytest.mark.parametrize(("url", "kind"), [("nosuchdb://somewhere/x", "nosuchdb"),
                                           ("mysql://club@somewhere/x", "mysql"),
                                           ("oracle://club@somewhere/x", "oracle")])
def test_a_url_of_a_database_scorekeeper_cannot_speak_to_is_one_line(url, kind):
    """Also the ones SQLAlchemy knows but whose driver is not installed (a traceback)."""
    refused_in_one_line(run_cli_here(url, "sessions"), "store.other_kind", file="somewhere/x",
                        kind=kind)


@pytest.mark.parametrize("url", ["postgresql://club@somewhere:notaport/x",
                                 "postgresql://club@[::1:55432/x"])
def test_an_address_that_cannot_be_read_is_one_line(url):
    refused_in_one_line(run_cli_here(url, "sessions"), "store.no_address")


@pytest.mark.parametrize(("url", "driver"), [("postgresql+pg8000://club@somewhere/x", "pg8000"),
                                             ("postgresql+asyncpg://club@somewhere/x", "asyncpg"),
                                             ("sqlite+pysqlcipher:///somewhere/x", "pysqlcipher")])
def test_a_driver_scorekeeper_does_not_ship_is_one_line(url, driver):
    """SQLAlchemy knows these drivers; importing one that is not installed was a traceback."""
    refused_in_one_line(run_cli_here(url, "sessions"), "store.other_driver",
                        file="somewhere/x", driver=driver)


def test_a_sqlite_address_with_options_is_refused_and_no_file_is_made(tmp_path):
    """pysqlite ignores options without ``uri=true`` and warns on standard error: the
    person's ``mode=ro`` would silently not hold."""
    path = tmp_path / "scorekeeper.db"
    refused_in_one_line(run_cli_here(f"{sqlite_url(path)}?mode=ro", "sessions"),
                        "store.sqlite_options", file=str(path))
    assert not path.exists()


@pytest.mark.parametrize(("body", "reason"), [(b"\xff\xfe{", "cli.not_utf8"),
                                              (None, "cli.no_such_file")])
def test_a_file_that_cannot_be_read_is_said_in_the_users_language(tmp_path, body, reason):
    """The system's own words ("'utf-8' codec can't decode byte 0xff") are English only."""
    given = tmp_path / "friday.json"
    if body is not None:
        given.write_bytes(body)
    for language in ("sv", "de", "en"):
        result = run_cli_here(sqlite_url(tmp_path / "scorekeeper.db"), "--lang", language,
                         "import", str(given))
        assert result.returncode == 2
        assert result.stderr.splitlines() == [text(
            "cli.cannot_read", language, file=str(given), reason=text(reason, language))]


def test_an_export_to_a_folder_that_does_not_exist_is_one_line(tmp_path):
    path = tmp_path / "scorekeeper.db"
    stored_example(path)
    out = tmp_path / "no-such-folder" / "ledger.csv"
    result = run_cli_here(sqlite_url(path), "export", "1", "--format", "csv", "-o", str(out))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr.splitlines()[-1] == text(
        "cli.cannot_write", file=str(out), reason=text("cli.no_such_file"))


def test_a_postgresql_user_that_does_not_exist_is_said_as_such(postgres_url):
    """'role "nobody_here" does not exist' was read as "has no such database"."""
    url = make_url(postgres_url).set(username="nobody_here").render_as_string(
        hide_password=False)
    result = run_cli_here(url, "sessions")
    host = make_url(url)
    refused_in_one_line(result, "store.no_role",
                        file=f"{host.host}:{host.port}/{host.database}")


def test_a_postgresql_database_that_does_not_exist_is_one_line(postgres_url):
    url = make_url(postgres_url).set(database="no_such_club").render_as_string(
        hide_password=False)
    result = run_cli_here(url, "sessions")
    host = make_url(url)
    refused_in_one_line(result, "store.no_database", file=f"{host.host}:{host.port}/no_such_club")
