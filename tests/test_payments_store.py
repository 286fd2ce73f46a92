"""Payment details in the roster (scorekeeper.store.roster) and paid ticks in the session,
on SQLite and PostgreSQL; and revision 0004, which adds them to an existing database.

The session is RULES.md's worked example; its settle-up is A→D 10.00, A→C 3.50 and
B→C 6.00 (in öre: 1000, 350, 600).
"""

from __future__ import annotations

import pytest
from sqlalchemy import inspect

from scorekeeper.core import Transfer
from scorekeeper.payments import PaymentDetails, payment_details
from scorekeeper.payments.details import DETAIL_FIELDS
from scorekeeper.session.scorebook import Scorebook
from scorekeeper.store.database import connect
from scorekeeper.store.models import DETAIL_COLUMNS
from scorekeeper.store.payments import paid_transfers
from scorekeeper.store.roster import payment_details as stored_details
from scorekeeper.store.sessions import ConflictError, SessionStore, StoreError
from tests.conftest import worked_example
from tests.test_migrations import store_as_0001

DAG = payment_details(swish="070-123 45 67")
URS = payment_details(iban="DE89370400440532013000", holder="Urs Kälin",
                      qr_iban="CH9300762011623852957", postcode="8001", town="Zürich")
A_TO_D = ("Astrid", "Dag", 1000)


def test_the_roster_keeps_a_column_for_every_payment_detail():
    assert set(DETAIL_COLUMNS) == set(DETAIL_FIELDS)


def example(book: Scorebook):  # type: ignore[no-untyped-def]
    return book.import_session("Friday at the cabin", worked_example())


def test_payment_details_are_kept_with_the_roster(book):
    example(book)
    assert book.set_payment_details("dag", DAG) == "Dag"  # the name as the roster has it
    assert book.set_payment_details("Urs", URS) == "Urs"  # a new name joins the roster
    assert "Urs" in book.roster()
    found = book.payment_details(["DAG", "Urs", "Astrid", "Nobody"])
    assert found == {"DAG": DAG, "Urs": URS}  # Astrid gave none, Nobody is not seated


def test_a_roster_is_imported_whole_or_not_at_all(book):
    book.set_payment_details("Dag", DAG)
    # A player listed without details is added; what the roster keeps for Dag stays.
    assert book.import_roster({"dag": PaymentDetails(), "Urs": URS}) == ["Dag", "Urs"]
    assert book.payment_details(["Dag", "Urs"]) == {"Dag": DAG, "Urs": URS}
    with pytest.raises(StoreError):  # the second name holds a control character
        book.import_roster({"Astrid": DAG, "Ce\x07cilia": URS})
    assert book.roster() == ["Dag", "Urs"]


def test_empty_details_clear_what_was_kept(book):
    book.set_payment_details("Dag", DAG)
    book.set_payment_details("Dag", PaymentDetails())
    assert book.payment_details(["Dag"]) == {}
    assert stored_details(book.store.engine, ["Dag"]) == {"Dag": dict.fromkeys(DETAIL_COLUMNS)}


def test_a_transfer_ticked_paid_is_kept_and_moves_the_version_on(book):
    stored = example(book)
    after = book.set_paid(stored.id, Transfer(*A_TO_D), True, stored.version)
    assert after.version == stored.version + 1
    assert paid_transfers(book.store.engine, stored.id) == {A_TO_D}
    assert book.open(stored.id).version == after.version
    again = book.set_paid(stored.id, Transfer(*A_TO_D), False, after.version)
    assert paid_transfers(book.store.engine, stored.id) == set()
    assert again.version == after.version + 1


def test_ticking_twice_keeps_one_tick(book):
    stored = example(book)
    once = book.set_paid(stored.id, Transfer(*A_TO_D), True, stored.version)
    book.set_paid(stored.id, Transfer(*A_TO_D), True, once.version)
    assert paid_transfers(book.store.engine, stored.id) == {A_TO_D}


def test_a_tick_from_a_stale_screen_is_refused_and_changes_nothing(book):
    stored = example(book)
    book.set_paid(stored.id, Transfer(*A_TO_D), True, stored.version)
    with pytest.raises(ConflictError) as refused:
        # the second phone still shows the version before the first tick
        book.set_paid(stored.id, Transfer("Bengt", "Cilla", 600), True, stored.version)
    assert refused.value.message.key == "store.conflict"
    assert paid_transfers(book.store.engine, stored.id) == {A_TO_D}
    assert book.open(stored.id).version == stored.version + 1


def test_only_a_transfer_of_the_settle_up_can_be_ticked(book):
    stored = example(book)
    with pytest.raises(StoreError) as refused:
        book.set_paid(stored.id, Transfer("Astrid", "Dag", 999), True, stored.version)
    assert refused.value.message.key == "store.no_such_transfer"
    assert paid_transfers(book.store.engine, stored.id) == set()
    assert book.open(stored.id).version == stored.version


def test_a_finished_session_can_still_be_ticked_paid(book):
    stored = example(book)
    finished = book.finish(stored.id, stored.version)
    after = book.set_paid(stored.id, Transfer("Bengt", "Cilla", 600), True, finished.version)
    assert after.finished
    assert paid_transfers(book.store.engine, stored.id) == {("Bengt", "Cilla", 600)}


def test_removing_a_session_removes_its_ticks(book):
    stored = example(book)
    book.set_paid(stored.id, Transfer(*A_TO_D), True, stored.version)
    book.store.remove(stored.id)
    assert paid_transfers(book.store.engine, stored.id) == set()


def test_revision_0004_adds_details_and_ticks_to_an_existing_database(db_url):
    session_id = store_as_0001(db_url)
    engine = connect(db_url)
    try:
        schema = inspect(engine)
        assert {"swish", "iban", "holder", "qr_iban", "postcode", "town", "country"} <= {
            c["name"] for c in schema.get_columns("players")}
        assert "paid_transfers" in schema.get_table_names()
        # the players from before have no details; the session from before can be ticked
        book = Scorebook(SessionStore(engine))
        assert book.payment_details(["Astrid"]) == {}
        stored = book.open(session_id)
        book.set_paid(session_id, Transfer(*A_TO_D), True, stored.version)
        assert paid_transfers(engine, session_id) == {A_TO_D}
        book.set_payment_details("Dag", DAG)
        assert book.payment_details(["Dag"]) == {"Dag": DAG}
    finally:
        engine.dispose()
