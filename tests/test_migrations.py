"""The schema migrates (Alembic) every time the store opens: a database from revision 0001
is upgraded and its sessions open; a database from a newer Scorekeeper is refused rather
than damaged. On SQLite and on PostgreSQL."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, MetaData, create_engine, insert, inspect, select, text

from scorekeeper.core import Session, deal_of_record
from scorekeeper.i18n import text as say
from scorekeeper.session.scorebook import Scorebook
from scorekeeper.store.database import (
    APPLICATION_ID,
    MIGRATIONS,
    REVISIONS,
    DatabaseTooNewError,
    connect,
    migrate,
)
from scorekeeper.store.row_writing import ENTRY_COLUMNS, entry_tuples
from scorekeeper.store.sessions import SessionStore
from tests.conftest import (
    EXAMPLE_FILE,
    EXAMPLE_NAMES,
    replayed,
    run_cli_here,
    worked_example,
    worked_example_table,
)


def _head() -> str:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None
    return head


HEAD = _head()  # the newest revision this version of Scorekeeper writes

# The worked example's totals per player after its six deals, by hand: deals gone in
# (A all but 5; B 1-4; C 1, 3, 4, 6; D 1-4, as D conceded 5 and passed 6), tricks
# (A 0+4+0+1+2, B 2, C 3+1+3, D 1+5), flights (A and D in deal 1, B in deal 2) and
# öre before the end of the session (units x 50).
STANDINGS = {
    "Astrid": (5, 7, 1, -1400),
    "Bengt": (4, 2, 1, -650),
    "Cilla": (4, 7, 0, 900),
    "Dag": (4, 6, 1, 900),
}


def downgrade(engine: Engine, revision: str) -> None:
    """The schema taken back to ``revision``, as an older Scorekeeper left it."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, revision)


def version_of(url: str) -> list[str]:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return list(connection.scalars(text("SELECT version_num FROM alembic_version")))
    finally:
        engine.dispose()


def store_as_0001(url: str) -> int:
    """A database at revision 0001 holding the example file's session, written the way
    revision 0001 wrote it: players, session, seats, deals (the FORMAT.md deal objects as
    JSON, no state after them), the ledger's entries, standings. Returns the session's
    id."""
    engine = create_engine(url)
    try:
        migrate(engine, "0001")
        tables = MetaData()
        tables.reflect(bind=engine)
        assert "state_after" not in tables.tables["deals"].columns
        document = json.loads(EXAMPLE_FILE.read_text(encoding="utf-8"))
        stamp = datetime(2026, 11, 20, 21, 30, tzinfo=UTC)
        with engine.begin() as db:
            ids = {}
            for name in EXAMPLE_NAMES:
                ids[name] = db.execute(insert(tables.tables["players"]).values(
                    name=name, name_key=name.casefold(), created_at=stamp)).inserted_primary_key[0]
            session_id = db.execute(insert(tables.tables["sessions"]).values(
                name=document["name"], variant="english", options="{}", first_dealer="Astrid",
                currency="SEK", unit="0.50", status="in_play", version=6, deal_count=6,
                created_at=stamp, updated_at=stamp)).inserted_primary_key[0]
            for seat, name in enumerate(EXAMPLE_NAMES):
                db.execute(insert(tables.tables["seats"]).values(
                    session_id=session_id, seat=seat, player_id=ids[name], name=name))
                played, tricks, flights, minor = STANDINGS[name]
                db.execute(insert(tables.tables["standings"]).values(
                    session_id=session_id, player_id=ids[name], deals_played=played,
                    tricks=tricks, flights=flights, minor=minor, games_won=0))
            for number, deal in enumerate(document["deals"], start=1):
                db.execute(insert(tables.tables["deals"]).values(
                    session_id=session_id, number=number, record=json.dumps(deal),
                    recorded_at=stamp))
            ledger = entry_tuples(session_id, worked_example().entries, {})
            db.execute(insert(tables.tables["entries"]),
                       [dict(zip(ENTRY_COLUMNS, row, strict=True)) for row in ledger])
        return session_id
    finally:
        engine.dispose()


def test_a_fresh_database_upgraded_to_0001_only_has_the_first_schema(db_url):
    engine = create_engine(db_url)
    try:
        migrate(engine, "0001")
        schema = inspect(engine)
        assert {"players", "sessions", "seats", "deals", "entries", "standings"} <= set(
            schema.get_table_names())
        assert "state_after" not in {c["name"] for c in schema.get_columns("deals")}
    finally:
        engine.dispose()
    assert version_of(db_url) == ["0001"]


def test_a_session_stored_by_revision_0001_opens_after_the_upgrade(db_url):
    session_id = store_as_0001(db_url)
    engine = connect(db_url)
    try:
        assert version_of(db_url) == [HEAD]
        assert "state_after" in {c["name"] for c in inspect(engine).get_columns("deals")}
        book = Scorebook(SessionStore(engine))
        stored = book.open(session_id)
        expected = worked_example()
        assert stored.name == "Friday at the cabin"
        assert stored.table == worked_example_table()
        assert stored.version == 6
        assert stored.state == expected.state
        document = json.loads(EXAMPLE_FILE.read_text(encoding="utf-8"))
        assert book.store.deals(session_id) == [deal_of_record(d) for d in document["deals"]]
        assert replayed(book, session_id)[1].steps == expected.steps
        (english, _total) = book.lifetime("astrid")
        assert (english.sessions, english.deals_played, english.tricks, english.flights) == (
            1, 5, 7, 1)
        # and the session goes on: deal 7 (Cilla deals, a double pot of 5 + 5)
        seventh = deal_of_record({"dealer": "Cilla", "tricks": {"Dag": 5}})
        after, _ = book.record(session_id, seventh, stored.version)
        assert after.state == Session.replay(expected.table, [*expected.deals, seventh]).state
    finally:
        engine.dispose()


def test_a_session_stored_by_revision_0001_has_its_state_and_leaders_kept_by_the_upgrade(
        db_url):
    # Revision 0006 fills in, once, what revision 0001 did not keep, so that no read of a
    # session ever writes: the state after the newest deal, and who leads (RULES.md's
    # worked example before its end: Cilla and Dag both on +18 units, but the standings
    # rank pot games by money after the end-of-session rule: Dag 10.00, Cilla 9.50).
    session_id = store_as_0001(db_url)
    engine = connect(db_url)
    try:
        with engine.connect() as connection:
            kept = connection.scalars(text(
                "SELECT state_after FROM deals WHERE number = 6")).one()
            leaders = connection.scalars(text(
                "SELECT leaders FROM sessions WHERE id = :id"), {"id": session_id}).one()
        assert kept is not None
        assert json.loads(kept)["deals"] == 6
        assert json.loads(leaders) == ["Dag"]
    finally:
        engine.dispose()


def test_revision_0016_counts_the_general_rams_a_pot_session_stored_before_had_won(db_url):
    # The worked example's deal 3: Dag declared General Rams and took all five tricks. A
    # database at revision 0015 kept its states without the General Rams won and its
    # standings with no wins (an English Rams session counted none); the upgrade counts it.
    session_id = store_as_0001(db_url)
    engine = create_engine(db_url)
    try:
        migrate(engine, "0015")
        with engine.begin() as connection:
            kept = connection.scalars(text(
                "SELECT state_after FROM deals WHERE number = 6")).one()
            before = {key: value for key, value in json.loads(kept).items()
                      if key != "generals_won"}  # as revision 0015's Scorekeeper kept it
            connection.execute(text("UPDATE deals SET state_after = :kept WHERE number = 6"),
                               {"kept": json.dumps(before)})
    finally:
        engine.dispose()
    engine = connect(db_url)
    try:
        book = Scorebook(SessionStore(engine))
        assert book.open(session_id).state.generals_won == {"Dag": 1}
        assert book.lifetime("Dag")[0].won == {"general_rams": 1}
        assert book.lifetime("Astrid")[0].won == {"general_rams": 0}  # hers was lost
    finally:
        engine.dispose()


def stamp_newer(url: str) -> None:
    engine = connect(url)
    try:
        Scorebook(SessionStore(engine)).import_session("Friday at the cabin", worked_example())
        with engine.begin() as connection:
            connection.execute(text("UPDATE alembic_version SET version_num = 'ffff'"))
    finally:
        engine.dispose()


def test_a_database_from_a_newer_scorekeeper_is_refused(db_url):
    stamp_newer(db_url)
    with pytest.raises(DatabaseTooNewError) as refused:
        connect(db_url)
    assert refused.value.revision == "ffff"
    assert version_of(db_url) == ["ffff"]


def test_the_cli_refuses_a_database_from_a_newer_scorekeeper(db_url):
    stamp_newer(db_url)
    result = run_cli_here(db_url, "sessions")
    assert result.returncode != 0
    assert result.stdout == ""
    assert result.stderr.splitlines() == [say("store.too_new", revision="ffff")]
    assert version_of(db_url) == ["ffff"]
    check = create_engine(db_url)
    try:
        with check.connect() as connection:
            assert connection.scalar(select(text("count(*)")).select_from(
                text("deals"))) == 6
    finally:
        check.dispose()


def test_the_store_knows_every_revision_in_order():
    # database.REVISIONS lets an up-to-date database open without Alembic; it must list
    # exactly the revisions in migrations/versions, oldest first.
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    scripts = ScriptDirectory.from_config(config)
    chain = [script.revision for script in scripts.walk_revisions()][::-1]
    assert tuple(chain) == REVISIONS


def open_at_the_barrier(barrier, told, url: str) -> None:  # type: ignore[no-untyped-def]
    """One process opening a new database when the other does (a server starting while a
    command imports): what it met, or "opened"."""
    from scorekeeper.store.database import connect as opening

    try:
        barrier.wait()
        opening(url).dispose()
        told.put("opened")
    except Exception as error:
        # With SQLite's own words and extended code: "store.busy" alone (seen once under
        # the full suite's load, never in 350 runs alone) does not say what met the lock.
        cause = error.__cause__
        code = getattr(getattr(cause, "orig", None), "sqlite_errorcode", None)
        told.put(f"{type(error).__name__}: {error} (from {cause!r}, code {code})")
    finally:
        told.put(None)


@pytest.mark.parametrize("db_url", ["postgresql", "sqlite"], indirect=True)
@pytest.mark.parametrize("attempt", range(3))
def test_two_processes_opening_a_new_database_at_once_both_find_it_made(db_url, attempt):
    """Both create the schema only once between them (on PostgreSQL the second creating the
    same tables failed on the catalogue's unique index, "pg_type_typname_nsp_index")."""
    from tests.racing import two_processes

    assert two_processes(open_at_the_barrier, db_url) == ["opened", "opened"]
    assert version_of(db_url) == [HEAD]


def test_a_new_file_switched_to_its_log_while_another_writes_it_waits_and_opens(tmp_path):
    """SQLite answers a journal-mode switch that meets another connection's write on a new
    file with "database is locked" at once, without its busy wait; the store waits for
    that write to end (as it waits for any lock) and opens the database."""
    import sqlite3
    import threading

    path = tmp_path / "t.db"
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute(f"PRAGMA application_id = {APPLICATION_ID}")  # ours, not yet in WAL mode
    writer.execute("BEGIN IMMEDIATE")
    opened: list[object] = []

    def open_it() -> None:
        try:
            connect(f"sqlite:///{path}").dispose()
            opened.append("opened")
        except Exception as error:
            opened.append(error)

    opening = threading.Thread(target=open_it)
    opening.start()
    opening.join(timeout=0.5)  # the time a refusal takes is nil; a wait lasts
    assert opened == []  # not refused
    assert opening.is_alive()  # but waiting
    writer.execute("COMMIT")
    writer.close()
    opening.join(timeout=30)
    assert opened == ["opened"]
    assert version_of(f"sqlite:///{path}") == [HEAD]


def test_revision_0012_gives_every_stored_session_and_payment_a_uid_of_its_own(db_url):
    engine = connect(db_url)
    try:
        book = Scorebook(SessionStore(engine))
        first = book.import_session("Friday at the cabin", worked_example())
        second = book.import_session("Friday again", worked_example())
        for session in (first, second):
            book.pay(session.id, "Astrid", "Dag", 500, book.open(session.id).version)
        downgrade(engine, "0011")
        assert "uid" not in {c["name"] for c in inspect(engine).get_columns("sessions")}
        migrate(engine)
        with engine.connect() as connection:
            uids = [*connection.scalars(text("SELECT uid FROM sessions")),
                    *connection.scalars(text("SELECT uid FROM payments"))]
        assert len(uids) == 4
        assert len(set(uids)) == 4
        assert all(uid is not None for uid in uids)
        assert Scorebook(SessionStore(engine)).open(first.id).uid in uids
    finally:
        engine.dispose()
