"""The session layer (scorekeeper.session): one open session behind every screen and every
command, each command carrying the version the screen was drawn from."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from functools import partial
from pathlib import Path

import pytest
from sqlalchemy import update

from scorekeeper.core import Deal, RuleError
from scorekeeper.formats.session_file import Evening
from scorekeeper.session import ConflictError, Scorebook, choose_database
from scorekeeper.store.database import connect
from scorekeeper.store.models import SessionRow
from scorekeeper.store.sessions import SessionStore
from tests.conftest import (
    EXAMPLE_FILE,
    REPO,
    run_cli_here,
    store_files,
    worked_example,
    worked_example_table,
)
from tests.racing import at_once

# Deal 7 of the worked example's table, as two devices might each enter it: Cilla deals a
# double pot of 5; everyone plays.
DEAL_7_HERE = Deal(tricks={"Dag": 2, "Astrid": 1, "Bengt": 1, "Cilla": 1})
DEAL_7_THERE = Deal(tricks={"Dag": 5})


@pytest.fixture
def scorebook(db_url: str) -> Iterator[Scorebook]:
    engine = connect(db_url)
    yield Scorebook(SessionStore(engine))
    engine.dispose()


def imported_example(scorebook: Scorebook) -> int:
    example = worked_example()
    return scorebook.import_session("Friday at the cabin", example).id


def test_a_command_with_the_version_the_screen_saw_is_carried_out(scorebook: Scorebook):
    session = scorebook.open(imported_example(scorebook))
    recorded, _ = scorebook.record(session.id, DEAL_7_HERE, session.version)
    assert recorded.state.deals == 7
    assert recorded.version == session.version + 1


def test_a_stale_version_is_refused_with_reload_and_nothing_is_written(scorebook: Scorebook):
    session = scorebook.open(imported_example(scorebook))
    scorebook.record(session.id, DEAL_7_THERE, session.version)  # another device, first
    with pytest.raises(ConflictError) as refused:
        scorebook.record(session.id, DEAL_7_HERE, session.version)
    assert refused.value.message.key == "store.conflict_recorded"
    assert refused.value.message.params == {"deal": 7}
    stored = scorebook.open(session.id)
    assert stored.state.deals == 7
    assert stored.deals[6].tricks == {"Dag": 5}


@pytest.mark.parametrize("command", ["undo", "delete", "edit", "finish", "export"])
def test_every_command_refuses_a_stale_version(scorebook: Scorebook, command: str):
    session = scorebook.open(imported_example(scorebook))
    scorebook.record(session.id, DEAL_7_THERE, session.version)
    stale = session.version
    calls = {
        "undo": lambda: scorebook.undo(session.id, stale),
        "delete": lambda: scorebook.delete(session.id, 0, stale),
        "edit": lambda: scorebook.edit(session.id, 0, Deal(tricks={"Bengt": 5}), stale),
        "finish": lambda: scorebook.finish(session.id, stale),
        "export": lambda: scorebook.export(session.id, "json", "en", stale),
    }
    with pytest.raises(ConflictError):
        calls[command]()
    assert scorebook.open(session.id).state.deals == 7


def race(url: str, tries: int) -> tuple[int, int]:
    """Two devices (two engines, as two processes have) record the same deal number at
    once, over and over. Returns (deals stored, refusals)."""
    engines = [connect(url), connect(url)]
    books = [Scorebook(SessionStore(engine)) for engine in engines]
    session_id = books[0].create("race", worked_example_table()).id
    refused = 0
    for _ in range(tries):
        seen = [book.open(session_id) for book in books]  # both screens show deal N
        assert seen[0].version == seen[1].version
        deal = Deal(tricks={"Bengt": 5})
        results = at_once(*(partial(book.record, session_id, deal, shown.version)
                            for book, shown in zip(books, seen, strict=True)))
        refusals = [result for result in results if isinstance(result, ConflictError)]
        assert len(refusals) == 1, results  # one saved, the other told to reload
        refused += 1
    stored = books[0].open(session_id)
    for engine in engines:
        engine.dispose()
    return stored.state.deals, refused


def test_two_devices_racing_for_the_same_deal_store_it_once_every_time(db_url: str):
    deals, refused = race(db_url, 200)
    assert deals == 200  # none lost, none stored twice
    assert refused == 200


def _device(url: str, session_id: int, tries: int, turn, results) -> None:  # type: ignore[no-untyped-def]
    """One device in a process of its own: both read deal N, then both try to save it."""
    engine = connect(url)
    book = Scorebook(SessionStore(engine))
    for _ in range(tries):
        version = book.open(session_id).version
        turn.wait()  # both screens now show the same deal
        try:
            book.record(session_id, Deal(tricks={"Bengt": 5}), version)
            results.put("saved")
        except ConflictError:
            results.put("refused")
        turn.wait()  # the round is over before the next deal is read
    engine.dispose()


def test_two_processes_racing_for_the_same_deal_store_it_once_every_time(db_url: str):
    """As two app servers on one database: two processes, each with its own engine."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    engine = connect(db_url)
    session_id = Scorebook(SessionStore(engine)).create("race", worked_example_table()).id
    engine.dispose()  # no connection of this process is copied into the two devices
    tries = 100
    turn, results = context.Barrier(2), context.Queue()
    devices = [context.Process(target=_device, args=(db_url, session_id, tries, turn, results))
               for _ in range(2)]
    for device in devices:
        device.start()
    outcomes = [results.get(timeout=120) for _ in range(2 * tries)]
    for device in devices:
        device.join(timeout=60)
    assert outcomes.count("saved") == tries
    assert outcomes.count("refused") == tries
    engine = connect(db_url)
    stored = Scorebook(SessionStore(engine)).open(session_id)
    assert stored.state.deals == tries
    assert [row.number for row in stored.ledger] == list(range(1, tries + 1))
    engine.dispose()


def test_the_stored_deals_are_numbered_without_gaps_after_a_race(db_url: str):
    race(db_url, 30)
    engine = connect(db_url)
    book = Scorebook(SessionStore(engine))
    session = book.open(1)
    assert [row.number for row in session.ledger] == list(range(1, 31))
    engine.dispose()


def test_a_change_another_process_makes_is_heard(db_url: str):
    here_engine, there_engine = connect(db_url), connect(db_url)
    here, there = Scorebook(SessionStore(here_engine)), Scorebook(SessionStore(there_engine))
    session = here.open(imported_example(here))
    heard = threading.Event()
    stop = here.subscribe(lambda changed: changed == session.id and heard.set())
    there.record(session.id, DEAL_7_THERE, session.version)
    assert heard.wait(10), "the other process's deal was not heard in 10 s"
    stop()
    assert here.open(session.id).state.deals == 7
    here_engine.dispose()
    there_engine.dispose()


def test_a_change_made_here_is_told_to_every_listener_at_once(scorebook: Scorebook):
    session = scorebook.open(imported_example(scorebook))
    first: list[int | None] = []
    second: list[int | None] = []
    stops = [scorebook.subscribe(first.append), scorebook.subscribe(second.append)]
    scorebook.record(session.id, DEAL_7_HERE, session.version)
    for stop in stops:
        stop()
    assert session.id in first
    assert session.id in second


class CountingStore(SessionStore):
    """The store, counting how often the deals are read."""

    reads = 0

    def deals(self, session_id: int) -> list[Deal]:
        CountingStore.reads += 1
        return super().deals(session_id)


def test_what_follows_from_a_session_is_worked_out_once_per_version(db_url: str):
    engine = connect(db_url)
    session_id = Scorebook(SessionStore(engine)).import_session("Friday", worked_example()).id
    book = Scorebook(CountingStore(engine))  # as on another device: nothing known yet
    CountingStore.reads = 0
    session = book.open(session_id)
    for _ in range(3):  # three redraws of the ledger and the charts
        assert len(session.ledger) == 6
        assert len(session.chart) == 4
    assert CountingStore.reads == 1
    engine.dispose()


def test_recording_a_deal_does_not_read_the_deals_again(db_url: str):
    engine = connect(db_url)
    session_id = Scorebook(SessionStore(engine)).import_session("Friday", worked_example()).id
    book = Scorebook(CountingStore(engine))
    session = book.open(session_id)
    assert len(session.ledger) == 6
    CountingStore.reads = 0
    recorded, _ = book.record(session_id, DEAL_7_HERE, session.version)
    assert len(recorded.ledger) == 7
    assert CountingStore.reads == 0
    engine.dispose()


def test_a_deal_the_table_checked_as_it_drew_save_is_not_checked_again(
        scorebook: Scorebook, monkeypatch: pytest.MonkeyPatch):
    """The rules run once a Save: the step the table's check worked out for the deal at
    this version is what is stored; a step of another deal is not taken for it."""
    from scorekeeper.core import record
    from scorekeeper.session import changes

    session = scorebook.import_session("Friday", worked_example())
    checked = record(session.table, session.state, DEAL_7_HERE)
    ruled: list[Deal] = []
    monkeypatch.setattr(changes, "record", lambda table, state, deal: (
        ruled.append(deal), record(table, state, deal))[1])
    after, step = scorebook.record(session.id, DEAL_7_HERE, session.version, checked=checked)
    assert ruled == []
    assert step is checked
    assert after.state == checked.state  # what the rules said is what was stored
    undone = scorebook.undo(session.id, after.version)
    scorebook.record(session.id, DEAL_7_THERE, undone.version, checked=checked)
    assert ruled == [DEAL_7_THERE]


@pytest.mark.parametrize(("fmt", "extra"), [("json", ()), ("csv", ()), ("csv", ("--standings",))])
def test_an_export_is_the_same_bytes_from_the_command_line_and_the_app(
    db_url: str, tmp_path: Path, fmt: str, extra: tuple[str, ...]
):
    store_files(db_url, EXAMPLE_FILE)
    out = tmp_path / f"out.{fmt}"
    exported = run_cli_here(db_url, "export", "1", "--format", fmt, *extra, "-o", str(out))
    assert exported.returncode == 0, exported.stderr
    engine = connect(db_url)
    book = Scorebook(SessionStore(engine))
    kind = "standings" if extra else fmt
    _, body = book.export(1, kind, "en", book.open(1).version)  # type: ignore[arg-type]
    engine.dispose()
    assert body == out.read_bytes()


def test_the_pdf_has_the_same_text_from_the_command_line_and_the_app(db_url: str,
                                                                      tmp_path: Path):
    from pypdf import PdfReader

    store_files(db_url, EXAMPLE_FILE)
    out = tmp_path / "sheet.pdf"
    assert run_cli_here(db_url, "export", "1", "--format", "pdf", "-o", str(out)).returncode == 0
    engine = connect(db_url)
    _, body = Scorebook(SessionStore(engine)).export(1, "pdf", "en")
    engine.dispose()
    app_pdf = tmp_path / "app.pdf"
    app_pdf.write_bytes(body)

    def text_of(path: Path) -> str:
        return "\n".join(page.extract_text() for page in PdfReader(path).pages)

    assert text_of(app_pdf) == text_of(out)
    assert "Astrid pays Dag SEK" in text_of(out)


# --- which database -----------------------------------------------------------------------


@pytest.fixture
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path))
    monkeypatch.delenv("SCOREKEEPER_DB", raising=False)
    return tmp_path


def saved_settings(folder: Path, url: str) -> None:
    (folder / "settings.json").write_text(f'{{"database_url": "{url}"}}', encoding="utf-8")


def test_without_a_choice_the_database_is_sqlite_in_the_data_folder(data_folder: Path):
    choice = choose_database()
    assert (choice.url, choice.source) == (f"sqlite:///{data_folder / 'scorekeeper.db'}",
                                           "default")


def test_the_club_database_saved_in_the_settings_comes_before_the_default(data_folder: Path):
    saved_settings(data_folder, "sqlite:////club/club.db")
    assert choose_database().source == "settings"
    assert choose_database().url == "sqlite:////club/club.db"


def test_the_environment_comes_before_the_settings(data_folder: Path,
                                                   monkeypatch: pytest.MonkeyPatch):
    saved_settings(data_folder, "sqlite:////club/club.db")
    monkeypatch.setenv("SCOREKEEPER_DB", "sqlite:////env/env.db")
    assert (choose_database().url, choose_database().source) == ("sqlite:////env/env.db",
                                                                 "environment")


def test_db_on_the_command_line_comes_before_everything(data_folder: Path,
                                                        monkeypatch: pytest.MonkeyPatch):
    saved_settings(data_folder, "sqlite:////club/club.db")
    monkeypatch.setenv("SCOREKEEPER_DB", "sqlite:////env/env.db")
    choice = choose_database("sqlite:////flag/flag.db")
    assert (choice.url, choice.source) == ("sqlite:////flag/flag.db", "flag")


def test_where_names_the_database_and_never_its_password(tmp_path: Path):
    url = "postgresql+psycopg://club:secret@db.example.org/scorekeeper"
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--db", url, "where"], capture_output=True,
        text=True, cwd=REPO, env={"PATH": "/usr/bin:/bin", "FLET_APP_STORAGE_DATA": str(tmp_path)},
    )
    assert result.returncode == 0, result.stderr
    assert "postgresql+psycopg://club:***@db.example.org/scorekeeper" in result.stdout
    assert "chosen with --db" in result.stdout
    assert "secret" not in result.stdout


def test_the_command_line_and_the_app_open_the_database_saved_in_the_settings(
    tmp_path: Path,
):
    """The app saves a club database; `scorekeeper sessions` then lists that database's
    sessions, not the default one's."""
    import subprocess
    import sys

    club = tmp_path / "club.db"
    saved_settings(tmp_path, f"sqlite:///{club}")
    env = {"PATH": "/usr/bin:/bin", "FLET_APP_STORAGE_DATA": str(tmp_path)}

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "scorekeeper", *args], capture_output=True,
                              text=True, cwd=REPO, env=env)

    assert cli("import", str(EXAMPLE_FILE)).returncode == 0
    assert club.exists()
    assert not (tmp_path / "scorekeeper.db").exists()
    assert "Friday at the cabin" in cli("sessions").stdout


# --- arrows point inward ------------------------------------------------------------------


def test_tonight_is_every_table_of_the_group_that_played_within_an_evening(
        scorebook: Scorebook):
    """The club's evening: the group's sessions of today (or last night) changed in the
    last twelve hours, those in play before the finished, each in the order stored;
    another group's table, the group's own table left unfinished last week, and last
    week's evening imported from its file today are not tonight's."""
    table = worked_example_table()
    first = scorebook.create("Table 1", table, group="Club")
    done = scorebook.create("Table 2", table, group="Club")
    scorebook.finish(done.id, done.version)
    third = scorebook.create("Table 3", table, group="Club")
    scorebook.create("At home", table, group="Family")
    left = scorebook.create("Left unfinished", table, group="club")  # the same group
    with scorebook.store.engine.begin() as connection:
        connection.execute(update(SessionRow).where(SessionRow.id == left.id).values(
            updated_at=datetime.now(UTC) - timedelta(days=7),
            played_on=date.today() - timedelta(days=7)))
    scorebook.import_session("Last Friday", worked_example(), evening=Evening(
        group="Club", played_on=date.today() - timedelta(days=7)))
    assert [s.name for s in scorebook.tonight("CLUB")] == ["Table 1", "Table 3", "Table 2"]
    assert [s.id for s in scorebook.tonight("Club")][:2] == [first.id, third.id]


def test_tonight_of_a_group_that_is_not_there_is_refused(scorebook: Scorebook):
    with pytest.raises(RuleError) as refused:
        scorebook.tonight("Nobody")
    assert refused.value.message.key == "store.no_group"


@pytest.mark.parametrize("source", ["flag", "environment", "settings", "default"])
def test_the_scorebook_names_the_database_it_was_opened_on(source, tmp_path, monkeypatch):
    """What Settings shows is the database the app opened, however it was chosen: the one
    ``scorekeeper where`` names, never the data folder's when another was given."""
    from dataclasses import replace

    from scorekeeper.session import choose_database, open_scorebook
    from scorekeeper.session.where import DB_ENV
    from scorekeeper.settings import load_settings, save_settings

    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "data"))
    monkeypatch.delenv(DB_ENV, raising=False)
    chosen = f"sqlite:///{tmp_path / f'{source}.db'}"
    flag = chosen if source == "flag" else None
    if source == "environment":
        monkeypatch.setenv(DB_ENV, chosen)
    if source == "settings":
        save_settings(replace(load_settings(), database_url=chosen))
    if source == "default":
        chosen = f"sqlite:///{tmp_path / 'data' / 'scorekeeper.db'}"
    choice = choose_database(flag)
    assert choice.source == source
    assert open_scorebook(choice).database_shown == chosen
