"""Payment details in the roster and paid ticks in the session (scorekeeper.store.payments),
on SQLite and PostgreSQL; and revision 0004, which adds them to an existing database.

The session is RULES.md's worked example; its settle-up is A→D 10.00, A→C 3.50 and
B→C 6.00 (in öre: 1000, 350, 600).
"""

from __future__ import annotations

import pytest
from sqlalchemy import inspect

from scorekeeper.payments import PaymentDetails, payment_details
from scorekeeper.store.database import connect
from scorekeeper.store.payments import (
    import_roster,
    paid_transfers,
    set_paid,
    set_payment_details,
)
from scorekeeper.store.payments import (
    payment_details as stored_details,
)
from scorekeeper.store.sessions import ConflictError, SessionStore, StoreError
from tests.conftest import worked_example
from tests.test_migrations import store_as_0001

DAG = payment_details(swish="070-123 45 67")
URS = payment_details(iban="DE89370400440532013000", holder="Urs Kälin",
                      qr_iban="CH9300762011623852957", postcode="8001", town="Zürich")
A_TO_D = ("Astrid", "Dag", 1000)


def example(store: SessionStore):  # type: ignore[no-untyped-def]
    return store.import_session("Friday at the cabin", worked_example())


def test_payment_details_are_kept_with_the_roster(store):
    example(store)
    engine = store.engine
    assert set_payment_details(engine, "dag", DAG) == "Dag"  # the name as the roster has it
    assert set_payment_details(engine, "Urs", URS) == "Urs"  # a new name joins the roster
    assert "Urs" in store.roster()
    found = stored_details(engine, ["DAG", "Urs", "Astrid", "Nobody"])
    assert found == {"DAG": DAG, "Urs": URS, "Astrid": PaymentDetails()}


def test_a_roster_is_imported_whole_or_not_at_all(store):
    set_payment_details(store.engine, "Dag", DAG)
    # A player listed without details is added; what the roster keeps for Dag stays.
    assert import_roster(store.engine, {"dag": PaymentDetails(), "Urs": URS}) == ["Dag", "Urs"]
    assert stored_details(store.engine, ["Dag", "Urs"]) == {"Dag": DAG, "Urs": URS}
    with pytest.raises(StoreError):  # the second name holds a control character
        import_roster(store.engine, {"Astrid": DAG, "Ce\x07cilia": URS})
    assert store.roster() == ["Dag", "Urs"]


def test_empty_details_clear_what_was_kept(store):
    set_payment_details(store.engine, "Dag", DAG)
    set_payment_details(store.engine, "Dag", PaymentDetails())
    assert stored_details(store.engine, ["Dag"]) == {"Dag": PaymentDetails()}


def test_a_transfer_ticked_paid_is_kept_and_moves_the_version_on(store):
    stored = example(store)
    after = set_paid(store.engine, stored.id, *A_TO_D, True, stored.version)
    assert after.version == stored.version + 1
    assert paid_transfers(store.engine, stored.id) == {A_TO_D}
    assert store.get(stored.id).version == after.version
    again = set_paid(store.engine, stored.id, *A_TO_D, False, after.version)
    assert paid_transfers(store.engine, stored.id) == set()
    assert again.version == after.version + 1


def test_ticking_twice_keeps_one_tick(store):
    stored = example(store)
    once = set_paid(store.engine, stored.id, *A_TO_D, True, stored.version)
    set_paid(store.engine, stored.id, *A_TO_D, True, once.version)
    assert paid_transfers(store.engine, stored.id) == {A_TO_D}


def test_a_tick_from_a_stale_screen_is_refused_and_changes_nothing(store):
    stored = example(store)
    set_paid(store.engine, stored.id, *A_TO_D, True, stored.version)
    with pytest.raises(ConflictError) as refused:
        # the second phone still shows the version before the first tick
        set_paid(store.engine, stored.id, "Bengt", "Cilla", 600, True, stored.version)
    assert refused.value.message.key == "store.conflict"
    assert paid_transfers(store.engine, stored.id) == {A_TO_D}
    assert store.get(stored.id).version == stored.version + 1


def test_only_a_transfer_of_the_settle_up_can_be_ticked(store):
    stored = example(store)
    with pytest.raises(StoreError) as refused:
        set_paid(store.engine, stored.id, "Astrid", "Dag", 999, True, stored.version)
    assert refused.value.message.key == "store.no_such_transfer"
    assert paid_transfers(store.engine, stored.id) == set()
    assert store.get(stored.id).version == stored.version


def test_a_finished_session_can_still_be_ticked_paid(store):
    stored = example(store)
    finished = store.finish(stored.id, stored.version)
    after = set_paid(store.engine, stored.id, "Bengt", "Cilla", 600, True, finished.version)
    assert after.finished
    assert paid_transfers(store.engine, stored.id) == {("Bengt", "Cilla", 600)}


def test_removing_a_session_removes_its_ticks(store):
    stored = example(store)
    set_paid(store.engine, stored.id, *A_TO_D, True, stored.version)
    store.remove(stored.id)
    assert paid_transfers(store.engine, stored.id) == set()


def test_revision_0004_adds_details_and_ticks_to_an_existing_database(db_url):
    session_id = store_as_0001(db_url)
    engine = connect(db_url)
    try:
        schema = inspect(engine)
        assert {"swish", "iban", "holder", "qr_iban", "postcode", "town", "country"} <= {
            c["name"] for c in schema.get_columns("players")}
        assert "paid_transfers" in schema.get_table_names()
        # the players from before have no details; the session from before can be ticked
        assert stored_details(engine, ["Astrid"]) == {"Astrid": PaymentDetails()}
        stored = SessionStore(engine).get(session_id)
        set_paid(engine, session_id, *A_TO_D, True, stored.version)
        assert paid_transfers(engine, session_id) == {A_TO_D}
        set_payment_details(engine, "Dag", DAG)
        assert stored_details(engine, ["Dag"]) == {"Dag": DAG}
    finally:
        engine.dispose()
