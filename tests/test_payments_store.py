"""Payment details in the roster (scorekeeper.store.roster) and payments in the session,
on SQLite and PostgreSQL; revision 0004, which adds details to an existing database, and
revision 0007, which turns the paid ticks of before into payments.

The session is RULES.md's worked example; its settle-up is A→D 10.00, A→C 3.50 and
B→C 6.00 (in öre: 1000, 350, 600).
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from sqlalchemy import column, create_engine, insert, inspect
from sqlalchemy import table as sa_table

from scorekeeper.core import Transfer
from scorekeeper.core.owed import Handover
from scorekeeper.core.payee import DETAIL_FIELDS
from scorekeeper.payments import PaymentDetails, payment_details
from scorekeeper.session.scorebook import Scorebook
from scorekeeper.store.database import connect, migrate
from scorekeeper.store.models import DETAIL_COLUMNS
from scorekeeper.store.payments import session_payments
from scorekeeper.store.roster import payment_details as stored_details
from scorekeeper.store.sessions import ConflictError, SessionStore, StoreError
from tests.conftest import worked_example
from tests.test_migrations import store_as_0001

DAG = payment_details(swish="070-123 45 67")
URS = payment_details(iban="DE89370400440532013000", holder="Urs Kälin",
                      qr_iban="CH9300762011623852957", postcode="8001", town="Zürich")


def test_the_roster_keeps_a_column_for_every_payment_detail(book):
    # The fields are listed once (core/payee.py); the migrations must have made a column
    # for each of them in the players table the store reads and writes.
    made = {column["name"] for column in inspect(book.store.engine).get_columns("players")}
    assert set(DETAIL_FIELDS) <= made


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


def test_a_payment_is_kept_as_an_amount_and_moves_the_version_on(book):
    stored = example(book)
    after = book.pay(stored.id, "Astrid", "Dag", 500, stored.version)
    assert after.version == stored.version + 1
    assert [p.handover for p in session_payments(book.store.engine, stored.id)] == [
        Handover("Astrid", "Dag", 500)]
    assert book.open(stored.id).version == after.version


def test_paying_the_same_amount_twice_is_two_payments(book):
    # Money moved twice is two payments (someone paid 5.00, later 5.00 more): both count.
    stored = example(book)
    once = book.pay(stored.id, "Astrid", "Dag", 500, stored.version)
    book.pay(stored.id, "Astrid", "Dag", 500, once.version)
    assert book.open(stored.id).paid["Astrid"] == 1000


def test_two_phones_paying_the_same_transfer_at_once_store_one_payment(book):
    stored = example(book)
    book.pay(stored.id, "Astrid", "Dag", 1000, stored.version)
    with pytest.raises(ConflictError) as refused:
        # the second phone still shows the version before the first payment
        book.pay(stored.id, "Astrid", "Dag", 1000, stored.version)
    assert refused.value.message.key == "store.conflict"
    assert len(session_payments(book.store.engine, stored.id)) == 1


def test_a_finished_session_can_still_be_paid(book):
    stored = example(book)
    finished = book.finish(stored.id, stored.version)
    after = book.pay(stored.id, "Bengt", "Cilla", 600, finished.version)
    assert after.finished
    assert after.transfers == (Transfer("Astrid", "Dag", 1000), Transfer("Astrid", "Cilla", 350))


def test_removing_a_session_removes_its_payments(book):
    stored = example(book)
    book.pay(stored.id, "Astrid", "Dag", 1000, stored.version)
    book.store.remove(stored.id)
    assert session_payments(book.store.engine, stored.id) == []


def test_revision_0004_adds_details_to_an_existing_database(db_url):
    session_id = store_as_0001(db_url)
    engine = connect(db_url)
    try:
        schema = inspect(engine)
        assert {"swish", "iban", "holder", "qr_iban", "postcode", "town", "country"} <= {
            c["name"] for c in schema.get_columns("players")}
        # the players from before have no details; the session from before can be paid
        book = Scorebook(SessionStore(engine))
        assert book.payment_details(["Astrid"]) == {}
        stored = book.open(session_id)
        assert book.pay(session_id, "Astrid", "Dag", 1000, stored.version).paid["Dag"] == -1000
        book.set_payment_details("Dag", DAG)
        assert book.payment_details(["Dag"]) == {"Dag": DAG}
    finally:
        engine.dispose()


def test_revision_0007_turns_every_tick_into_a_payment_of_its_amount(db_url):
    session_id = store_as_0001(db_url)
    engine = create_engine(db_url)
    try:
        migrate(engine, "0006")
        ticked = sa_table("paid_transfers", column("session_id"), column("payer"),
                          column("payee"), column("minor"), column("paid_at"))
        with engine.begin() as db:
            # A tick the later deals made obsolete (the settle-up has A→D 10.00, not 9.99)
            # and one that still matches: both were money that changed hands.
            db.execute(insert(ticked), [
                {"session_id": session_id, "payer": "Astrid", "payee": "Dag", "minor": 999,
                 "paid_at": datetime(2026, 11, 20, 22, 0, tzinfo=UTC)},
                {"session_id": session_id, "payer": "Bengt", "payee": "Cilla", "minor": 600,
                 "paid_at": datetime(2026, 11, 20, 22, 5, tzinfo=UTC)}])
    finally:
        engine.dispose()
    engine = connect(db_url)
    try:
        assert "paid_transfers" not in inspect(engine).get_table_names()
        session = Scorebook(SessionStore(engine)).open(session_id)
        assert session.handovers == (Handover("Astrid", "Dag", 999),
                                     Handover("Bengt", "Cilla", 600))
        # Still owed: Astrid -13.50 + 9.99 = -3.51, Bengt 0, Cilla +3.50, Dag +0.01: the
        # cent left of Astrid's 10.00 to Dag, and her 3.50 to Cilla.
        assert session.transfers == (Transfer("Astrid", "Dag", 1),
                                     Transfer("Astrid", "Cilla", 350))
        assert session.played_on == date(2026, 11, 20)  # the day it was created
    finally:
        engine.dispose()
