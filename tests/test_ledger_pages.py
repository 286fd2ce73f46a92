"""The ledger's newest deals without replaying the whole session: the store keeps the state
after every 100th deal (and the newest), and a page of the newest deals is replayed from
the nearest kept state before it."""

from __future__ import annotations

import pytest
from sqlalchemy import Engine, select, update
from sqlalchemy.orm import Session as Db

import scorekeeper.session.changes as changes
from scorekeeper.core import Deal, Session, State, Table, make_money, make_table, record, seating
from scorekeeper.session import Scorebook
from scorekeeper.store.database import connect
from scorekeeper.store.models import DealRow
from scorekeeper.store.sessions import SessionStore
from scorekeeper.store.snapshot import load_state
from tests.test_migrations import downgrade

# Tricks by seat in the order of play, cycled: a legal English deal, everyone playing.
SPREADS = ((2, 1, 1, 1), (0, 3, 2, 0), (1, 1, 0, 3), (5, 0, 0, 0), (0, 0, 4, 1))


def english_table() -> Table:
    return make_table("english", ["Astrid", "Bengt", "Cilla", "Dag"], options={},
                      money=make_money("0.50", "SEK"))


def long_session(count: int) -> Session:
    table = english_table()
    session = Session(table)
    state = session.state
    deals = []
    for number in range(count):
        order = seating(table, state).order
        deal = Deal(tricks=dict(zip(order, SPREADS[number % len(SPREADS)], strict=True)))
        state = record(table, state, deal).state
        deals.append(deal)
    return Session.replay(table, deals)


def kept_states(engine: Engine, session_id: int) -> dict[int, int]:
    """Deal number -> the deal count of the state kept with it, for every deal with one."""
    with Db(engine) as db:
        rows = db.execute(select(DealRow.number, DealRow.state_after)
                          .where(DealRow.session_id == session_id,
                                 DealRow.state_after.is_not(None))
                          .order_by(DealRow.number)).all()
    return {number: load_state(kept).deals for number, kept in rows}


def kept_state_after(engine: Engine, session_id: int, number: int) -> State:
    """The state the store kept with deal ``number``."""
    with Db(engine) as db:
        kept = db.scalar(select(DealRow.state_after).where(DealRow.session_id == session_id,
                                                           DealRow.number == number))
    return load_state(kept)


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of every deal the session layer replays, in order."""
    replayed: list[int] = []
    real = changes.record

    def counted(table, state, deal):  # type: ignore[no-untyped-def]
        replayed.append(state.deals + 1)
        return real(table, state, deal)

    monkeypatch.setattr(changes, "record", counted)
    return replayed


def test_an_import_keeps_the_state_after_every_hundredth_deal_and_the_newest(book):
    stored = book.import_session("Long", long_session(250))
    assert kept_states(book.store.engine, stored.id) == {100: 100, 200: 200, 250: 250}


def test_a_kept_state_is_the_state_the_rules_reach_after_that_deal(book):
    whole = long_session(250)
    stored = book.import_session("Long", whole)
    kept = kept_state_after(book.store.engine, stored.id, 200)
    assert kept == whole.steps[199].state


def test_the_newest_thirty_are_replayed_from_the_state_kept_after_deal_200(book, replays):
    whole = long_session(250)
    stored = book.import_session("Long", whole)
    replays.clear()
    steps = changes.recent_steps(book.store, stored.id, stored.table, 250, 30)
    # Deals 221..250 are shown; the nearest state kept at or before deal 220 is deal 200's.
    assert replays == list(range(201, 251))
    assert steps == whole.steps[220:]


def test_the_page_of_the_newest_deals_is_the_tail_of_the_whole_ledger(db_url: str):
    engine = connect(db_url)
    book = Scorebook(SessionStore(engine))
    session_id = book.import_session("Long", long_session(250)).id
    paged = Scorebook(SessionStore(engine)).open(session_id)  # as on another device
    whole = Scorebook(SessionStore(engine)).open(session_id).ledger
    assert paged.deal_count == 250
    assert paged.ledger_page(30) == whole[220:]
    assert [row.number for row in paged.ledger_page(30)] == list(range(221, 251))
    assert paged.ledger_page(60) == whole[190:]
    assert paged.ledger_page(300) == whole
    assert paged.ledger_page(0) == ()
    engine.dispose()


def test_after_an_early_deal_is_edited_the_page_and_the_kept_states_follow_it(book):
    whole = long_session(250)
    stored = book.import_session("Long", whole)
    book.edit(stored.id, 4, Deal(tricks={"Astrid": 5}), stored.version)
    expected = whole.edit(4, Deal(tricks={"Astrid": 5}))
    assert kept_states(book.store.engine, stored.id) == {100: 100, 200: 200, 250: 250}
    kept = kept_state_after(book.store.engine, stored.id, 200)
    assert kept == expected.steps[199].state
    newest = changes.recent_steps(book.store, stored.id, stored.table, 250, 30)
    assert newest == expected.steps[220:]


def test_an_undo_leaves_no_state_kept_beyond_the_last_deal(book):
    whole = long_session(201)
    stored = book.import_session("Long", whole)
    undone = book.undo(stored.id, stored.version)
    assert kept_states(book.store.engine, stored.id) == {100: 100, 200: 200}
    undone = book.undo(stored.id, undone.version)
    assert kept_states(book.store.engine, stored.id) == {100: 100, 199: 199}
    newest = changes.recent_steps(book.store, stored.id, stored.table, 199, 30)
    assert newest == whole.steps[169:199]


def test_a_session_without_its_hundredth_states_is_replayed_from_the_start_and_the_read_writes_nothing(  # noqa: E501
        book, replays):
    whole = long_session(250)
    stored = book.import_session("Long", whole)
    with book.store.engine.begin() as connection:
        connection.execute(update(DealRow).where(DealRow.number < 250).values(state_after=None))
    replays.clear()
    assert changes.recent_steps(book.store, stored.id, stored.table, 250, 30) == whole.steps[220:]
    assert replays == list(range(1, 251))
    assert kept_states(book.store.engine, stored.id) == {250: 250}


def test_the_upgrade_keeps_the_hundredth_states_a_session_stored_before_lacks(db_url: str):
    # As stored before every 100th state was kept: only the newest deal has its state.
    # Revision 0006 keeps the others once, at the upgrade, so no read has to.
    engine = connect(db_url)
    session_id = Scorebook(SessionStore(engine)).import_session("Long", long_session(250)).id
    with engine.begin() as connection:
        connection.execute(update(DealRow).where(DealRow.number < 250).values(state_after=None))
    downgrade(engine, "0005")
    engine.dispose()
    engine = connect(db_url)  # what the next start of the app does: upgrade to the newest
    assert kept_states(engine, session_id) == {100: 100, 200: 200, 250: 250}
    engine.dispose()


def test_a_session_with_no_state_kept_at_all_still_gives_its_newest_deals(book):
    whole = long_session(120)
    stored = book.import_session("Long", whole)
    with book.store.engine.begin() as connection:
        connection.execute(update(DealRow).values(state_after=None))
    assert changes.recent_steps(book.store, stored.id, stored.table, 120, 30) == whole.steps[90:]


def test_opening_the_ledger_page_reads_no_whole_history(db_url: str):
    engine = connect(db_url)
    session_id = Scorebook(SessionStore(engine)).import_session("Long", long_session(250)).id
    asked: list[int] = []

    class CountingStore(SessionStore):
        def deals(self, session_id: int) -> list[Deal]:
            raise AssertionError("the whole session was read")

        def kept_before(self, session_id: int, first: int, last: int):  # type: ignore[no-untyped-def]
            asked.append(last - first)
            return super().kept_before(session_id, first, last)

    session = Scorebook(CountingStore(engine)).open(session_id)
    assert asked == [1]  # the open's own check: the newest deal replayed from the last kept
    asked.clear()
    for _ in range(3):  # three redraws of the ledger screen
        assert len(session.ledger_page(30)) == 30
    assert len(session.ledger_page(60)) == 60  # "show earlier"
    assert asked == [30, 60]
    engine.dispose()


def ramsen_session(count: int) -> Session:
    """Ramsen, four players, a game every six deals or so (Bo reaches 21 first)."""
    table = make_table("ramsen", ["Ann", "Bo", "Cid", "Dag"], "Ann", {"money": True},
                       make_money("1", "SEK"))
    hands = ({"Ann": 2, "Bo": 2, "Cid": 1}, {"Ann": 1, "Bo": 3, "Cid": 1},
             {"Bo": 1, "Cid": 2, "Dag": 2})
    return Session.replay(table, [Deal(tricks=hands[n % 3]) for n in range(count)])


def test_a_state_kept_for_the_ledger_holds_the_game_in_play_not_every_game_before(book):
    whole = ramsen_session(250)
    stored = book.import_session("Long", whole)
    kept = kept_state_after(book.store.engine, stored.id, 200)
    state, exact = kept, whole.steps[199].state
    assert len(state.games) == len(exact.games) > 1
    assert state.games[-1] == exact.games[-1]
    assert state.scores == exact.scores
    with pytest.raises(LookupError):  # the games before were not kept with it
        list(state.games)
    # The newest state keeps every game: the protocol and the winners read them.
    assert list(book.open(stored.id).state.games) == list(whole.state.games)


def test_a_ramsen_page_of_the_newest_deals_is_the_tail_of_the_whole_ledger(book):
    whole = ramsen_session(250)
    stored = book.import_session("Long", whole)
    steps = changes.recent_steps(book.store, stored.id, stored.table, 250, 30)
    assert [step.entries for step in steps] == [step.entries for step in whole.steps[220:]]
    assert [step.state.scores for step in steps] == [s.state.scores for s in whole.steps[220:]]


def test_undo_takes_back_the_newest_deal_read_alone_with_no_replay(book, replays):
    whole = long_session(250)
    stored = book.import_session("Long", whole)
    replays.clear()
    assert book.open(stored.id).newest_deal == whole.steps[-1].deal
    assert replays == []


def test_the_deal_just_recorded_is_undos_without_reading_it_back(book, monkeypatch):
    stored = book.import_session("Long", long_session(250))
    opened = book.open(stored.id)
    deal = Deal(tricks=dict(zip(seating(opened.table, opened.state).order, SPREADS[0],
                                strict=True)))
    recorded, _ = book.record(stored.id, deal, opened.version)
    kept = book.store.deal(stored.id, 251)  # as the store keeps it: with its dealer
    assert kept is not None
    assert kept.tricks == deal.tricks

    def unread(session_id: int, number: int) -> Deal:
        raise AssertionError("the deal just recorded was read back")

    monkeypatch.setattr(book.store, "deal", unread)
    assert recorded.newest_deal == kept
