"""A group's records kept as its sessions finish (revision 0019, session/records_keeping.py):
each finished evening is folded into its group's kept records in the change that finishes
it, and a server that has not yet worked them out reads them from there, the same records
as worked out from every evening; when the group's finished sessions are no longer those
they were folded from, they are worked out from every evening again. The upgrade to revision
0019 folds the evenings stored before. On SQLite and on PostgreSQL."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import text

from scorekeeper.core.group_records import GroupRecords, group_records
from scorekeeper.formats.session_file import Evening
from scorekeeper.session import head_to_head
from scorekeeper.session.head_to_head import KeptRecords
from scorekeeper.session.scorebook import Scorebook
from scorekeeper.store.database import connect
from scorekeeper.store.errors import DamagedSessionError
from scorekeeper.store.sessions import SessionStore
from scorekeeper.store.statistics import finished_mark, played_evenings
from tests.conftest import worked_example, worked_example_deals, worked_example_table
from tests.test_migrations import downgrade

SWAPPED = ("Dag", "Cilla", "Bengt", "Astrid")  # the same deals, other players in each seat


def finished(book: Scorebook, name: str, day: str, names: tuple[str, str, str, str] = (
        "Astrid", "Bengt", "Cilla", "Dag")) -> None:
    book.import_session(name, worked_example(names),
                        evening=Evening((), "Club", date.fromisoformat(day), True))


def from_every_evening(book: Scorebook) -> GroupRecords:
    return group_records(played_evenings(book.store.engine, group="Club"))


def read_fresh(book: Scorebook, monkeypatch: pytest.MonkeyPatch) -> GroupRecords:
    """The records as a server that has not yet worked them out reads them, reading the
    kept fold only: reading every evening fails."""
    def every_evening(*_: object, **__: object) -> None:
        raise AssertionError("read every evening")

    with monkeypatch.context() as patched:
        patched.setattr(head_to_head, "played_evenings", every_evening)
        return KeptRecords().of(book.groups, "Club")


def test_each_finished_evening_is_folded_into_its_groups_kept_records(book, monkeypatch):
    finished(book, "First", "2026-03-06")
    finished(book, "Second", "2026-03-13", SWAPPED)
    kept = read_fresh(book, monkeypatch)
    assert kept == from_every_evening(book)
    assert kept.evenings == 2


def test_an_evening_finished_at_the_table_is_folded_in_too(book, monkeypatch):
    finished(book, "First", "2026-03-06")
    tonight = book.create("Tonight", worked_example_table(SWAPPED), group="Club")
    for deal in worked_example_deals(SWAPPED):
        tonight, _ = book.record(tonight.id, deal, tonight.version)
    book.finish(tonight.id, tonight.version)
    assert read_fresh(book, monkeypatch) == from_every_evening(book)


def test_an_evening_older_than_the_newest_is_folded_again_with_every_evening(
        book, monkeypatch):
    finished(book, "Second", "2026-03-13", SWAPPED)
    finished(book, "First", "2026-03-06")  # comes first: the runs count from it
    assert read_fresh(book, monkeypatch) == from_every_evening(book)


def test_a_payment_on_a_finished_evening_leaves_its_records_kept(book, monkeypatch):
    finished(book, "First", "2026-03-06")
    first = book.open(1)
    book.pay(first.id, "Astrid", "Dag", 100, first.version)
    assert read_fresh(book, monkeypatch) == from_every_evening(book)


def test_an_evening_removed_is_worked_out_from_every_evening_until_the_next_finish(
        book, monkeypatch):
    finished(book, "First", "2026-03-06")
    finished(book, "Second", "2026-03-13", SWAPPED)
    book.store.remove(2)
    with pytest.raises(AssertionError, match="read every evening"):
        read_fresh(book, monkeypatch)  # the fold is of two evenings, the group has one
    records = KeptRecords().of(book.groups, "Club")
    assert records.evenings == 1
    assert records == from_every_evening(book)
    finished(book, "Third", "2026-03-20", SWAPPED)
    assert read_fresh(book, monkeypatch) == from_every_evening(book)
    assert read_fresh(book, monkeypatch).evenings == 2


def test_the_mark_moves_on_when_a_removed_evening_is_put_back_with_its_id_and_version(book):
    finished(book, "First", "2026-03-06")
    finished(book, "Second", "2026-03-13")
    mark = finished_mark(book.store.engine, "Club")
    book.store.remove(2)
    finished(book, "Second", "2026-03-13", SWAPPED)  # SQLite may give it the same id
    assert finished_mark(book.store.engine, "Club") != mark


def test_revision_0019_folds_each_groups_records_from_the_evenings_stored_before(
        db_url, monkeypatch):
    engine = connect(db_url)
    book = Scorebook(SessionStore(engine))
    finished(book, "First", "2026-03-06")
    finished(book, "Second", "2026-03-13", SWAPPED)
    downgrade(engine, "0018")  # as an older Scorekeeper left them: no records kept
    engine.dispose()
    engine = connect(db_url)
    try:
        book = Scorebook(SessionStore(engine))
        kept = read_fresh(book, monkeypatch)
        assert kept == from_every_evening(book)
        assert kept.evenings == 2
    finally:
        engine.dispose()


def test_a_damaged_evening_of_the_group_leaves_its_records_unkept_and_the_finish_stored(
        book, monkeypatch):
    finished(book, "First", "2026-03-06")
    with book.store.engine.begin() as connection:  # its places no longer read
        connection.execute(text("UPDATE sessions SET places = '[[1' WHERE id = 1"))
    finished(book, "Second", "2026-03-13", SWAPPED)  # folds again from every evening: fails
    assert book.open(2).finished
    with pytest.raises(AssertionError, match="read every evening"):
        read_fresh(book, monkeypatch)  # nothing kept for the two evenings there are
    with pytest.raises(DamagedSessionError):
        KeptRecords().of(book.groups, "Club")  # read from every evening: the damage named
