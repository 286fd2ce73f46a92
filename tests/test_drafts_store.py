"""The half-entered deal in the database (scorekeeper.store.drafts, Scorebook's draft
methods), on SQLite and PostgreSQL; and revision 0005, which adds it to an existing
database.

The session is RULES.md's worked example after its six deals: deal 7 is Cilla's.
"""

from __future__ import annotations

import pytest
from sqlalchemy import Connection, Engine, create_engine, event, inspect, text

from scorekeeper.core import Deal
from scorekeeper.session import ConflictError, Scorebook
from scorekeeper.store.database import REVISIONS, connect, migrate
from scorekeeper.store.drafts import draft_of, drop_draft, keep_draft
from scorekeeper.store.sessions import SessionStore, StoreError
from tests.conftest import database_counts, worked_example
from tests.test_migrations import store_as_0001, version_of

HALF = Deal(tricks={"Dag": 2, "Astrid": 1})  # two players' tricks tapped, three to go
EVERY_FIELD = Deal(passed=("Bengt",), widow="Dag", tricks={"Dag": 3, "Astrid": 1},
                   fouls=("Astrid",), forfeit_to="Dag", buy_down=("Cilla",), interrupted=True)
PHONE, TABLET = "phone", "tablet"


def example(book: Scorebook) -> int:
    return book.import_session("Friday at the cabin", worked_example()).id


def test_a_kept_draft_reads_back_as_the_same_deal(book):
    session_id = example(book)
    keep_draft(book.store.engine, session_id, PHONE, EVERY_FIELD)
    assert draft_of(book.store.engine, session_id, PHONE) == EVERY_FIELD


def test_a_session_without_a_draft_has_none(book):
    assert draft_of(book.store.engine, example(book), PHONE) is None


def test_the_next_tap_replaces_the_draft_kept_before(book):
    session_id = example(book)
    keep_draft(book.store.engine, session_id, PHONE, HALF)
    more = Deal(tricks={"Dag": 2, "Astrid": 1, "Bengt": 1})
    keep_draft(book.store.engine, session_id, PHONE, more)
    assert draft_of(book.store.engine, session_id, PHONE) == more
    assert database_counts(book.store.engine)["drafts"] == 1  # one draft, not one per tap


def test_two_devices_keep_their_own_drafts_of_the_same_deal(book):
    session_id = example(book)
    there = Deal(tricks={"Dag": 3, "Astrid": 2})
    keep_draft(book.store.engine, session_id, PHONE, HALF)
    keep_draft(book.store.engine, session_id, TABLET, there)
    assert draft_of(book.store.engine, session_id, PHONE) == HALF
    assert draft_of(book.store.engine, session_id, TABLET) == there


def test_a_dropped_draft_is_gone_and_only_that_devices(book):
    session_id = example(book)
    keep_draft(book.store.engine, session_id, PHONE, HALF)
    keep_draft(book.store.engine, session_id, TABLET, HALF)
    drop_draft(book.store.engine, session_id, PHONE)
    drop_draft(book.store.engine, session_id, PHONE)  # dropping nothing is nothing
    assert draft_of(book.store.engine, session_id, PHONE) is None
    assert draft_of(book.store.engine, session_id, TABLET) == HALF


def test_a_draft_is_not_a_change_of_the_session(book):
    session_id = example(book)
    before = book.open(session_id)
    counts = database_counts(book.store.engine)
    keep_draft(book.store.engine, session_id, PHONE, HALF)
    after = book.open(session_id)
    assert after.version == before.version  # no other page has anything to reload
    assert after.updated_at == before.updated_at
    assert book.store.deals(session_id) == list(worked_example().deals)
    assert database_counts(book.store.engine) == {**counts, "drafts": 1}


def test_a_draft_for_a_session_that_does_not_exist_is_refused(book):
    with pytest.raises(StoreError) as refused:
        keep_draft(book.store.engine, 99, PHONE, HALF)
    assert refused.value.message.key == "store.no_session"
    assert database_counts(book.store.engine)["drafts"] == 0


def test_removing_the_session_removes_its_drafts(book):
    session_id = example(book)
    keep_draft(book.store.engine, session_id, PHONE, HALF)
    book.store.remove(session_id)
    assert database_counts(book.store.engine)["drafts"] == 0


def test_a_draft_that_no_longer_reads_as_a_deal_is_no_draft(book):
    session_id = example(book)
    keep_draft(book.store.engine, session_id, PHONE, HALF)
    with book.store.engine.begin() as db:
        db.execute(text("UPDATE drafts SET record = '{\"tricks\": 7}'"))
    assert draft_of(book.store.engine, session_id, PHONE) is None


def test_the_draft_outlives_deal_7_recorded_on_another_device_and_an_undo(book):
    session_id = example(book)
    book.keep_draft(session_id, HALF, PHONE)
    other = Scorebook(SessionStore(book.store.engine))  # another device on the same database
    opened, _ = other.record(session_id, Deal(tricks={"Dag": 5}), book.open(session_id).version)
    assert book.draft(session_id, PHONE) == HALF
    other.undo(session_id, opened.version)
    assert book.draft(session_id, PHONE) == HALF
    book.drop_draft(session_id, PHONE)  # this device saved it
    assert book.draft(session_id, PHONE) is None


def test_the_deal_saved_takes_its_draft_along_and_only_that_devices(book):
    session_id = example(book)
    book.keep_draft(session_id, Deal(tricks={"Dag": 5}), PHONE)
    book.keep_draft(session_id, HALF, TABLET)
    book.record(session_id, Deal(tricks={"Dag": 5}), book.open(session_id).version,
                drafted_on=PHONE)
    assert book.draft(session_id, PHONE) is None
    assert book.draft(session_id, TABLET) == HALF


def test_a_deal_refused_leaves_its_draft_kept(book):
    session_id = example(book)
    stale = book.open(session_id).version
    book.record(session_id, Deal(tricks={"Astrid": 5}), stale)  # another device was first
    book.keep_draft(session_id, HALF, PHONE)
    with pytest.raises(ConflictError):
        book.record(session_id, Deal(tricks={"Dag": 5}), stale, drafted_on=PHONE)
    assert book.draft(session_id, PHONE) == HALF


# What a commit waits for, as the database says inside the transaction: SQLite's
# synchronous level (2, FULL: the disk) and PostgreSQL's synchronous_commit.
ASKED = {"sqlite": "PRAGMA synchronous", "postgresql": "SHOW synchronous_commit"}
FOR_THE_DISK = {"sqlite": "2", "postgresql": "on"}


def commits_waiting_for_the_disk(engine: Engine) -> list[bool]:
    """From now on, for each transaction committed on ``engine``: did it wait for the disk?"""
    waited: list[bool] = []
    asked, durable = ASKED[engine.dialect.name], FOR_THE_DISK[engine.dialect.name]

    @event.listens_for(engine, "commit")
    def _committing(connection: Connection) -> None:
        waited.append(str(connection.exec_driver_sql(asked).scalar()) == durable)

    return waited


def test_a_tap_kept_as_a_draft_does_not_wait_for_the_disk(book):
    """A draft outlives the app killed; a power cut costs the last few taps, not a deal."""
    session_id = example(book)
    waited = commits_waiting_for_the_disk(book.store.engine)
    book.keep_draft(session_id, HALF, PHONE)
    book.drop_draft(session_id, PHONE)  # emptied again, tap by tap
    assert waited == [False, False]


def test_a_change_of_the_session_after_a_draft_waits_for_the_disk_again(book):
    session_id = example(book)
    book.keep_draft(session_id, HALF, PHONE)
    waited = commits_waiting_for_the_disk(book.store.engine)
    book.undo(session_id, book.open(session_id).version)  # a transaction on either database
    assert waited == [True]


def test_revision_0005_adds_drafts_to_an_existing_database(db_url):
    session_id = store_as_0001(db_url)  # a session as revision 0001 wrote it
    old = create_engine(db_url)
    try:
        migrate(old, "0004")
        assert "drafts" not in inspect(old).get_table_names()
    finally:
        old.dispose()
    engine = connect(db_url)
    try:
        assert version_of(db_url) == [REVISIONS[-1]]
        assert "drafts" in inspect(engine).get_table_names()
        assert draft_of(engine, session_id, PHONE) is None  # a session from before has none
        keep_draft(engine, session_id, PHONE, HALF)
        assert draft_of(engine, session_id, PHONE) == HALF
        assert Scorebook(SessionStore(engine)).open(session_id).state.deals == 6
    finally:
        engine.dispose()
