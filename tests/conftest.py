"""Shared helpers for the rule tests: build tables and sessions the way RULES.md writes them."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import Iterable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest

from scorekeeper.core import Deal, RuleError, Session, Table, make_money, make_table
from tests.guest_network import can_link, link_guests, unlink_guests
from tests.lanes import BrowserLanes
from tests.postgres import postgres_server


def session_of(
    variant: str,
    players: Iterable[str],
    deals: Iterable[Deal] = (),
    *,
    options: dict[str, object] | None = None,
    unit: str = "1",
    first_dealer: str | None = None,
) -> Session:
    table = make_table(variant, list(players), first_dealer, options, make_money(unit))
    return Session.replay(table, deals)


def as_read(shown: str | None) -> str | None:
    """A screen's words as a person reads them: the no-break space that holds a figure to
    the word before it (i18n/figures.py's figures_held) reads as a space."""
    return None if shown is None else " ".join(shown.split())


def refusal(session: Session, deal: Deal) -> RuleError:
    """The rule a deal breaks: recording it must be refused."""
    with pytest.raises(RuleError) as caught:
        session.record(deal)
    return caught.value


def scores(session: Session) -> dict[str, int]:
    """The protocol scores (countdown and count-up games) after the last deal."""
    return dict(session.state.scores)


def units(session: Session) -> dict[str, int]:
    """Every player's net units, the way the RULES.md tables list them."""
    per_unit = session.table.money.minor_per_unit
    return {p: session.state.balances[p] // per_unit for p in session.state.everyone}


def pot(session: Session) -> int:
    return session.state.pot // session.table.money.minor_per_unit


# --- The store: fresh databases on SQLite and PostgreSQL -------------------------------------
#
# Every store test runs against both back ends. SQLite is a file in the test's tmp_path;
# PostgreSQL is one private server for the whole run (tests/postgres.py), with a new database
# per test, created through an autocommit connection and dropped (WITH FORCE) afterwards.


BACKENDS = ("sqlite", "postgresql")
REPO = Path(__file__).resolve().parents[1]
EXAMPLE_FILE = REPO / "tests" / "examples" / "friday-at-the-cabin.json"
EXAMPLE_NAMES = ("Astrid", "Bengt", "Cilla", "Dag")  # A, B, C, D of RULES.md's worked example


def worked_example_table(names: tuple[str, str, str, str] = EXAMPLE_NAMES) -> Table:
    """RULES.md's worked example: english, four players, one unit = 0.50 (SEK, as the
    example file has it), A deals first."""
    return make_table("english", list(names), names[0], {}, make_money("0.50", "SEK"))


def worked_example_deals(names: tuple[str, str, str, str] = EXAMPLE_NAMES) -> list[Deal]:
    """The six deals of the worked example, as the table reports them (no dealer given)."""
    a, b, c, d = names
    return [
        Deal(tricks={b: 2, c: 3, a: 0, d: 0}),
        Deal(passed=(c,), tricks={d: 1, a: 4, b: 0}),
        Deal(general=d, tricks={d: 5}),
        Deal(general=a, tricks={a: 1, c: 1}),
        Deal(passed=(b, c), conceded=True),
        Deal(passed=(d, b), tricks={c: 3, a: 2}, fouls=(a,), forfeit_to=c),
    ]


def worked_example(names: tuple[str, str, str, str] = EXAMPLE_NAMES) -> Session:
    return Session.replay(worked_example_table(names), worked_example_deals(names))


def url_of(engine) -> str:  # type: ignore[no-untyped-def]
    """The engine's URL as text a subprocess can use (the test servers have no password)."""
    return engine.url.render_as_string(hide_password=False)


def database_counts(engine) -> dict[str, int]:  # type: ignore[no-untyped-def]
    """Rows per table: what "the database is unchanged" is checked against."""
    from sqlalchemy import func, select
    from sqlalchemy.orm import Session as Db

    from scorekeeper.store.models import (
        DealRow,
        DraftRow,
        EntryRow,
        GroupRow,
        PaymentRow,
        PlayerRow,
        SeatRow,
        SessionRow,
        StandingRow,
    )

    tables = {"sessions": SessionRow, "deals": DealRow, "entries": EntryRow,
              "players": PlayerRow, "seats": SeatRow, "standings": StandingRow,
              "payments": PaymentRow, "groups": GroupRow, "drafts": DraftRow}
    with Db(engine) as db:
        return {name: db.scalar(select(func.count()).select_from(model)) or 0
                for name, model in tables.items()}


def run_cli(url: str, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``python -m scorekeeper --db URL ARGS...`` in a subprocess, the way a person runs it."""
    env = {k: v for k, v in os.environ.items() if k not in ("SCOREKEEPER_DB", "SCOREKEEPER_LANG")}
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--db", url, *args],
        capture_output=True, text=True, encoding="utf-8", cwd=REPO, env=env, timeout=timeout,
    )


def run_cli_here(url: str, *args: str, env: dict[str, str] | None = None
                 ) -> subprocess.CompletedProcess[str]:
    """``scorekeeper --db URL ARGS...`` run by the command line's own ``main`` in this
    process, and ended as its process ends: every engine the command opened is disposed,
    closing its database files (kept open, a later command in this process would find
    SQLite's -shm index already mapped, and no command after a full disk would meet what
    a new process meets). Starting Python and SQLAlchemy for each command took 1 CPU-s; the
    tests of the executable itself use ``run_cli``. An exception the command did not turn
    into an exit status is raised here, where a process would print its traceback. ``env``:
    environment variables the command runs with, as a process would have been given them."""
    from click.testing import CliRunner
    from sqlalchemy import Engine, event

    from scorekeeper.cli import main

    opened: set[Engine] = set()

    def note(connection) -> None:  # type: ignore[no-untyped-def]
        opened.add(connection.engine)

    event.listen(Engine, "engine_connect", note)
    try:
        result = CliRunner().invoke(main, ["--db", url, *args],
                                    env={"SCOREKEEPER_DB": None, "SCOREKEEPER_LANG": None,
                                         **(env or {})})
    finally:
        event.remove(Engine, "engine_connect", note)
        for engine in opened:
            engine.dispose()
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return subprocess.CompletedProcess(["scorekeeper", "--db", url, *args], result.exit_code,
                                       result.stdout, result.stderr)


def store_files(url: str, *session_files: Path) -> None:
    """Store each session file (sessions 1, 2, ...) with the scorebook's own import, as
    ``scorekeeper import`` does, here in the test's process: for a test's set-up. The
    command is tested on its own (tests/test_cli_store.py); started for a set-up it took
    1.3 CPU-s a file, nearly all of it starting Python and SQLAlchemy."""
    from scorekeeper.session import choose_database, open_scorebook

    scorebook = open_scorebook(choose_database(url))  # as the command opens it
    try:
        for session_file in session_files:
            scorebook.import_file(session_file.read_text(encoding="utf-8"))
    finally:
        scorebook.store.engine.dispose()


# One private PostgreSQL server for the whole run. Under pytest-xdist the controller starts
# it when it starts the first worker and hands every worker its URL; run without workers,
# the first test that needs it starts it. Each test gets a database of its own on it.
SHARED_POSTGRES = pytest.StashKey[tuple[ExitStack, str]]()
GUESTS_LINKED = pytest.StashKey[list[int]]()


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> BrowserLanes | None:
    """The browser tests in lanes beside the others (tests/lanes.py), where xdist would
    hand out "load" (its default, which tests/run.sh uses)."""
    return BrowserLanes(config, log) if config.getoption("dist") == "load" else None


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node) -> None:  # type: ignore[no-untyped-def]
    """On the run's controller, before the worker starts: the shared PostgreSQL server,
    and the worker's guest network, made before any browser runs (tests/guest_network.py)."""
    config = node.config
    if SHARED_POSTGRES not in config.stash:
        running = ExitStack()
        config.stash[SHARED_POSTGRES] = running, running.enter_context(postgres_server())
    node.workerinput["postgres_url"] = config.stash[SHARED_POSTGRES][1]
    if can_link():
        worker = int(node.gateway.id.removeprefix("gw")) + 1  # as tests/ports.py numbers them
        link_guests([worker])
        config.stash.setdefault(GUESTS_LINKED, []).append(worker)


def pytest_unconfigure(config: pytest.Config) -> None:
    if SHARED_POSTGRES in config.stash:
        config.stash[SHARED_POSTGRES][0].close()
    unlink_guests(config.stash.get(GUESTS_LINKED, []))


@pytest.fixture(scope="session")
def postgres_url(request: pytest.FixtureRequest) -> Iterator[str]:
    """The URL of the run's PostgreSQL server's first (empty) database."""
    handed = getattr(request.config, "workerinput", {}).get("postgres_url")
    if handed is not None:
        yield handed
        return
    with postgres_server() as url:
        yield url


@contextmanager
def fresh_postgres_database(server_url: str) -> Iterator[str]:
    """A new, empty database on the server at ``server_url``, dropped afterwards."""
    import psycopg
    from sqlalchemy.engine import make_url

    server = make_url(server_url)
    admin = server.set(drivername="postgresql").render_as_string(hide_password=False)
    name = f"t_{uuid.uuid4().hex}"
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    try:
        yield server.set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def _fresh_database(request: pytest.FixtureRequest, tmp_path: Path, backend: str
                    ) -> Iterator[str]:
    if backend == "sqlite":
        yield f"sqlite:///{tmp_path}/t.db"
        return
    with fresh_postgres_database(request.getfixturevalue("postgres_url")) as url:
        yield url


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The URL of a fresh, empty database (no schema yet) on each back end."""
    with _fresh_database(request, tmp_path, request.param) as url:
        yield url


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path: Path):  # type: ignore[no-untyped-def]
    """A fresh SessionStore on a fresh database, migrated to head, on each back end."""
    from scorekeeper.store.database import connect
    from scorekeeper.store.sessions import SessionStore

    with _fresh_database(request, tmp_path, request.param) as url:
        engine = connect(url)
        try:
            yield SessionStore(engine)
        finally:
            engine.dispose()


@pytest.fixture(scope="module")
def fuzz_database(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """One SQLite database for a module's fuzzing cases (tests/fuzzing.py): (url, engine,
    folder); each case checks the database is unchanged by a refusal, not that it is empty."""
    from scorekeeper.store.database import connect

    folder = tmp_path_factory.mktemp("fuzz")
    url = f"sqlite:///{folder / 'fuzz.db'}"
    engine = connect(url)
    yield url, engine, folder
    engine.dispose()


@pytest.fixture
def book(store):  # type: ignore[no-untyped-def]
    """The scorebook (the session layer: every use case) over ``store``."""
    from scorekeeper.session.scorebook import Scorebook

    return Scorebook(store)


@pytest.fixture
def cabin_book(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """The worked example, "Friday at the cabin" (session 1), in a scorebook over a SQLite
    file of its own, on a device with a data folder (and so a device id) of its own."""
    from scorekeeper.app.draft import device_id
    from scorekeeper.session.scorebook import Scorebook
    from scorekeeper.store.database import connect
    from scorekeeper.store.sessions import SessionStore

    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "data"))
    device_id.cache_clear()
    engine = connect(f"sqlite:///{tmp_path / 't.db'}")
    book = Scorebook(SessionStore(engine))
    book.import_session("Friday at the cabin", worked_example())
    yield book
    engine.dispose()
    device_id.cache_clear()


def replayed(book, session_id: int):  # type: ignore[no-untyped-def]
    """The session as stored, and its deals replayed by the rules (for edits and exports)."""
    opened = book.open(session_id)
    return opened, opened.history
