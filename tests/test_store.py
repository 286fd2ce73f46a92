"""A session recorded, corrected and finished (scorekeeper/session/changes.py, writing
through the store) on SQLite and PostgreSQL: what is recorded is what the rules compute,
a refused change writes nothing, and money is kept exactly.

Figures are RULES.md's worked example (english, four players, one unit = 0.50): units
A -28, B -13, C +18, D +18 and 5 in the pot before the end of the session; money
A -13.50, B -6.00, C +9.50, D +10.00 after it.
"""

from __future__ import annotations

import json

import pytest
from sqlalchemy import inspect, select, text, update
from sqlalchemy.orm import Session as Db

from scorekeeper.core import (
    POT,
    Deal,
    Payment,
    RuleError,
    Session,
    balances_of,
    make_money,
    make_table,
)
from scorekeeper.core.standings import leaders
from scorekeeper.core.table import stored_table
from scorekeeper.i18n import render
from scorekeeper.session.scorebook import Scorebook
from scorekeeper.store.models import DealRow, EntryRow, PlayerRow, StandingRow
from scorekeeper.store.sessions import ConflictError, StoreError
from scorekeeper.store.statistics import Lifetime
from tests.conftest import (
    database_counts,
    replayed,
    worked_example,
    worked_example_deals,
    worked_example_table,
)

UNIT = 50  # öre in one unit of the worked example


def units_of(state) -> dict[str, int]:  # type: ignore[no-untyped-def]
    return {p: m // UNIT for p, m in state.balances.items() if p != POT}


def record_all(book: Scorebook, deals: list[Deal], name: str = "Friday at the cabin",
               table=None):  # type: ignore[no-untyped-def]
    stored = book.create(name, table or worked_example_table())
    for deal in deals:
        stored, _ = book.record(stored.id, deal, stored.version)
    return stored


# RULES.md's table: dealer, pot after, A, B, C, D after each deal
ROWS = [
    ("Astrid", 10, -10, 2, 3, -5),
    ("Bengt", 5, 2, -8, 3, -2),
    ("Cilla", 0, -3, -13, -7, 23),
    ("Dag", 10, -23, -8, -2, 23),
    ("Astrid", 15, -23, -8, -2, 18),
    ("Bengt", 5, -28, -13, 18, 18),
]


def test_recording_the_worked_example_deal_by_deal_gives_the_state_of_a_replay(book):
    table, deals = worked_example_table(), worked_example_deals()
    stored = book.create("Friday at the cabin", table)
    assert stored.version == 0
    assert stored.state.deals == 0
    for number, (deal, row) in enumerate(zip(deals, ROWS, strict=True), start=1):
        stored, step = book.record(stored.id, deal, stored.version)
        dealer, pot, *players = row
        assert step.deal.dealer == dealer
        assert stored.state.pot == pot * UNIT
        assert list(units_of(stored.state).values()) == players
        expected = Session.replay(table, deals[:number])
        assert stored.version == number
        assert step == expected.steps[-1]
        assert stored.state == expected.state
        assert book.open(stored.id).state == expected.state
    assert units_of(stored.state) == {"Astrid": -28, "Bengt": -13, "Cilla": 18, "Dag": 18}
    assert stored.state.pot == 5 * UNIT
    whole = worked_example()
    assert book.store.deals(stored.id) == list(whole.deals)
    assert book.store.entries(stored.id) == list(whole.entries)
    again, history = replayed(book, stored.id)
    assert again.state == whole.state
    assert history.steps == whole.steps


def test_a_refused_deal_writes_nothing(book):
    deals = worked_example_deals()
    stored = record_all(book, deals[:3])
    before = (book.open(stored.id), book.store.deals(stored.id), book.store.entries(stored.id),
              database_counts(book.store.engine))
    # Deal 4 is a single pot (the pot is empty after General Rams): nobody may pass.
    illegal = Deal(passed=("Bengt",), tricks={"Astrid": 3, "Cilla": 2})
    with pytest.raises(RuleError) as refused:
        book.record(stored.id, illegal, stored.version)
    assert refused.value.deal == 4
    assert refused.value.message.key == "refused.single_pot"
    after = (book.open(stored.id), book.store.deals(stored.id), book.store.entries(stored.id),
             database_counts(book.store.engine))
    assert after == before
    assert after[0].version == 3
    assert after[0].state.deals == 3


def test_undo_removes_the_last_deal(book):
    deals = worked_example_deals()
    stored = record_all(book, deals)
    undone = book.undo(stored.id, stored.version)
    expected = Session.replay(worked_example_table(), deals[:5])
    assert undone.version == stored.version + 1
    assert undone.state == expected.state
    assert book.open(stored.id).state == expected.state
    assert book.store.deals(stored.id) == list(expected.deals)
    assert book.store.entries(stored.id) == list(expected.entries)
    assert units_of(undone.state) == {"Astrid": -23, "Bengt": -8, "Cilla": -2, "Dag": 18}
    # and the deal can be recorded again
    redone, _ = book.record(stored.id, deals[5], undone.version)
    assert redone.state == worked_example().state


def test_editing_a_past_deal_recomputes_every_deal_after_it(book):
    deals = worked_example_deals()
    stored = record_all(book, deals)
    # Deal 1 again, but Dag took a trick from Cilla: the pot after it is 5, not 10, so
    # deal 2 pays 2 a trick, not 3, and every later amount follows from there.
    edited = Deal(tricks={"Bengt": 2, "Cilla": 2, "Dag": 1, "Astrid": 0})
    after = book.edit(stored.id, 0, edited, stored.version)
    expected = Session.replay(worked_example_table(), [edited, *deals[1:]])
    assert after.version == stored.version + 1
    assert after.state == expected.state
    assert book.open(stored.id).state == expected.state
    assert book.store.deals(stored.id) == list(expected.deals)
    assert book.store.entries(stored.id) == list(expected.entries)
    # By hand: A -10/-2/-7/-27/-27/-32, B 2/-8/-13/-8/-8/-13, C 2/2/-8/-3/-3/17,
    # D 1/3/28/28/23/23; 5 left in the pot.
    assert units_of(after.state) == {"Astrid": -32, "Bengt": -13, "Cilla": 17, "Dag": 23}
    assert after.state.pot == 5 * UNIT
    deal_2 = [e for e in book.store.entries(stored.id, 2, 2) if isinstance(e, Payment)]
    assert {(e.payee, e.minor) for e in deal_2 if e.payer == POT} == {
        ("Dag", 2 * UNIT), ("Astrid", 8 * UNIT)}


def test_an_edit_that_breaks_a_later_deal_is_refused_and_writes_nothing(book):
    stored = record_all(book, worked_example_deals())
    before = (book.open(stored.id), book.store.deals(stored.id), book.store.entries(stored.id),
              database_counts(book.store.engine))
    # Nobody flies in deal 1, so the pot is empty again and deal 2 is a single pot,
    # in which Cilla may not pass.
    with pytest.raises(RuleError) as refused:
        book.edit(stored.id, 0, Deal(tricks={"Bengt": 2, "Cilla": 1, "Dag": 1, "Astrid": 1}),
                   stored.version)
    assert refused.value.deal == 2
    assert refused.value.message.key == "refused.single_pot"
    assert (book.open(stored.id), book.store.deals(stored.id), book.store.entries(stored.id),
            database_counts(book.store.engine)) == before


def test_a_stale_version_is_refused_as_a_conflict(book):
    deals = worked_example_deals()
    stored = record_all(book, deals[:2])
    with pytest.raises(ConflictError) as refused:
        book.record(stored.id, deals[2], stored.version - 1)
    assert refused.value.message.key == "store.conflict_recorded"
    assert render(refused.value.message) == "someone else recorded deal 2: reload"
    with pytest.raises(ConflictError) as refused:
        book.undo(stored.id, stored.version - 1)
    assert refused.value.message.key == "store.conflict"
    assert book.open(stored.id).version == stored.version
    assert book.open(stored.id).state.deals == 2


def test_a_deal_keeps_the_name_of_the_device_that_recorded_it(book):
    """Another device whose half-entered deal was overtaken is told where it was saved."""
    deals = worked_example_deals()
    stored = record_all(book, deals[:1])
    book.record(stored.id, deals[1], stored.version, by="Bengt's phone")
    assert book.recorded_by(stored.id, 1) is None  # the host gives no name
    assert book.recorded_by(stored.id, 2) == "Bengt's phone"
    assert book.recorded_by(stored.id, 3) is None  # no such deal


def test_deleting_a_deal_recomputes_every_deal_after_it(book):
    deals = worked_example_deals()
    stored = record_all(book, deals)
    after = book.delete(stored.id, 4, stored.version)  # deal 5, the concession
    expected = Session.replay(worked_example_table(), deals).delete(4)
    assert after.version == stored.version + 1
    assert after.state == expected.state
    assert book.open(stored.id).state == expected.state
    assert book.store.deals(stored.id) == list(expected.deals)
    assert book.store.entries(stored.id) == list(expected.entries)
    # By hand: the former deal 6 is now dealt by Astrid into a pot of 15 (share 3):
    # Cilla 3 tricks (+9) and Astrid's 2 forfeited to her (+6); Astrid antes 5, fouls 5.
    assert [d.dealer for d in book.store.deals(stored.id)] == [
        "Astrid", "Bengt", "Cilla", "Dag", "Astrid"]
    assert units_of(after.state) == {"Astrid": -33, "Bengt": -8, "Cilla": 13, "Dag": 23}


def test_finishing_writes_the_end_of_session_entries_as_deal_0(book):
    stored = record_all(book, worked_example_deals())
    finished = book.finish(stored.id, stored.version)
    assert finished.finished
    assert book.open(stored.id).finished
    end = book.store.entries(stored.id, 0, 0)
    # The 5 units left are split 1 each; the rest (1) goes to Dag, forehand of the next deal.
    assert all(isinstance(e, Payment) and e.deal == 0 and e.payer == POT for e in end)
    assert {e.payee: e.minor for e in end} == {  # type: ignore[union-attr]
        "Dag": 2 * UNIT, "Astrid": UNIT, "Bengt": UNIT, "Cilla": UNIT}
    money = balances_of(book.store.entries(stored.id))
    assert money.pop(POT, 0) == 0
    assert money == {"Astrid": -1350, "Bengt": -600, "Cilla": 950, "Dag": 1000}


def test_finishing_a_session_with_an_empty_pot_writes_no_end_entries(book):
    # After deal 3 (Dag's General Rams took the pot) nothing is left to split.
    stored = record_all(book, worked_example_deals()[:3])
    assert stored.state.pot == 0
    finished = book.finish(stored.id, stored.version)
    assert finished.finished
    assert book.store.entries(stored.id, 0, 0) == []
    assert units_of(book.open(stored.id).state) == {
        "Astrid": -3, "Bengt": -13, "Cilla": -7, "Dag": 23}


def test_a_finished_session_refuses_further_deals(book):
    deals = worked_example_deals()
    stored = record_all(book, deals[:5])
    finished = book.finish(stored.id, stored.version)
    before = database_counts(book.store.engine)
    with pytest.raises(StoreError) as refused:
        book.record(stored.id, deals[5], finished.version)
    assert refused.value.message.key == "store.finished"
    for change in (lambda: book.undo(stored.id, finished.version),
                   lambda: book.delete(stored.id, 0, finished.version),
                   lambda: book.finish(stored.id, finished.version)):
        with pytest.raises(StoreError) as refused:
            change()
        assert refused.value.message.key == "store.finished"
    assert database_counts(book.store.engine) == before
    assert book.open(stored.id).version == finished.version


def test_the_roster_is_reused_across_sessions(book):
    record_all(book, worked_example_deals()[:2], "Friday")
    three = make_table("english", ["Cilla", "Astrid", "Erik"], "Cilla")
    book.create("Saturday", three)
    assert sorted(book.roster()) == ["Astrid", "Bengt", "Cilla", "Dag", "Erik"]
    assert book.add_player("Bengt") == "Bengt"
    assert database_counts(book.store.engine)["players"] == 5


def test_the_roster_is_case_insensitive(book):
    book.create("One", make_table("english", ["Åsa", "Bengt", "Cilla"]))
    book.create("Two", make_table("english", ["åsa", "BENGT", "Cilla"]))
    assert book.add_player("  ÅSA ") == "Åsa"
    assert sorted(book.roster()) == ["Bengt", "Cilla", "Åsa"]
    with Db(book.store.engine) as db:
        assert db.scalars(select(PlayerRow.name)).all().count("Åsa") == 1
    assert [row.sessions for row in book.lifetime("åsa")] == [2, 2]


def test_removing_a_session_deletes_its_rows_and_keeps_the_others(book):
    gone = record_all(book, worked_example_deals(), "Gone")
    book.finish(gone.id, book.open(gone.id).version)
    kept = record_all(book, worked_example_deals()[:2], "Kept")
    book.store.remove(gone.id)
    assert [s.id for s in book.summaries()] == [kept.id]
    with pytest.raises(StoreError) as refused:
        book.open(gone.id)
    assert refused.value.message.key == "store.no_session"
    counts = database_counts(book.store.engine)
    assert counts["sessions"] == 1
    assert counts["deals"] == 2
    assert counts["entries"] == len(book.store.entries(kept.id))
    assert counts["seats"] == counts["standings"] == 4
    assert counts["players"] == 4  # the roster outlives the session
    assert book.open(kept.id).state == Session.replay(worked_example_table(),
                                                      worked_example_deals()[:2]).state


def test_summaries_list_sessions_newest_first_with_players_and_leaders(book):
    first = record_all(book, worked_example_deals()[:2], "Friday")
    second = book.create("Saturday", make_table("english", ["Erik", "Astrid", "Fia"]))
    # Recording in Friday's session makes it the latest again.
    first = book.open(first.id)
    first, _ = book.record(first.id, worked_example_deals()[2], first.version)
    summaries = book.summaries()
    assert [s.id for s in summaries] == [first.id, second.id]
    friday, saturday = summaries
    assert friday.name == "Friday"
    assert friday.variant == "english"
    assert friday.players == ("Astrid", "Bengt", "Cilla", "Dag")
    assert friday.deals == 3
    assert friday.status == "in_play"
    # after deal 3: A -3, B -13, C -7, D +23, the pot empty (Dag's General Rams took it)
    assert friday.leaders == ("Dag",)
    assert friday.standings is not None
    assert [(p.player, p.place) for p in friday.standings.placings] == [
        ("Dag", 1), ("Astrid", 2), ("Cilla", 3), ("Bengt", 4)]
    assert saturday.players == ("Erik", "Astrid", "Fia")
    assert saturday.standings is not None
    assert saturday.standings.placings == ()
    assert saturday.deals == 0
    assert saturday.leaders == ()


def test_summaries_name_the_same_leaders_as_the_session(book):
    # A mattmar session without money: Astrid won the only game, so she leads, as
    # sessions.leaders() says; money (all zero) decides nothing here.
    table = make_table("mattmar", ["Astrid", "Bengt", "Cilla"], None, {"start": 5, "games": 1})
    deals = [Deal(tricks={"Bengt": 2, "Astrid": 3}), Deal(tricks={"Astrid": 2, "Cilla": 3})]
    stored = record_all(book, deals, "Mattmar", table)
    assert leaders(stored.table, stored.state) == ("Astrid",)
    (summary,) = book.summaries()
    assert set(summary.leaders) == {"Astrid"}


def test_lifetime_statistics_add_up_over_sessions_and_games(book):
    # english: the worked example, finished (Astrid is A): she went in in deals 1, 2, 3, 4
    # and 6 (not 5, dealt to her and conceded), took 0+4+0+1+2 = 7 tricks, flew once
    # (deal 1; General Rams has no flights) and ends on -13.50.
    english = record_all(book, worked_example_deals())
    book.finish(english.id, english.version)
    # mattmar with money, 1 game from 5 points, one unit = 2.00 SEK, seated as "astrid":
    # deal 1 (astrid deals): Bengt 2, Cilla flew (10, pays 1), astrid 3 -> 2;
    # deal 2 (Bengt deals): astrid 2 -> 0, Cilla 3, Bengt flew (pays 1): astrid wins the
    # game and its pot of 3 stakes + 2 flights = 5 units; she paid 1: +4 units = +8.00.
    table = make_table("mattmar", ["astrid", "Bengt", "Cilla"], None,
                       {"money": True, "start": 5, "games": 1}, make_money("2", "SEK"))
    deals = [Deal(tricks={"Bengt": 2, "astrid": 3}), Deal(tricks={"astrid": 2, "Cilla": 3})]
    record_all(book, deals, "Mattmar", table)  # the game's pot is paid out: nothing to close

    # What is won, each in its family's terms: English Rams has no games, and Astrid lost
    # the General Rams she declared (deal 4); she won Mattmar's one game.
    assert book.lifetime("ASTRID") == [
        Lifetime("english", sessions=1, deals_played=5, tricks=7, flights=1,
                 won={"general_rams": 0}, money={"SEK": -1350}),
        Lifetime("mattmar", sessions=1, deals_played=2, tricks=5, flights=0,
                 won={"games": 1}, money={"SEK": 800}),
        Lifetime("*", sessions=2, deals_played=7, tricks=12, flights=1,
                 won={"general_rams": 0, "games": 1}, money={"SEK": -550}),
    ]
    # Dag declared General Rams in deal 3 and took all five tricks.
    assert book.lifetime("Dag")[0].won == {"general_rams": 1}
    assert book.lifetime("Nobody") == []


def test_money_is_stored_as_whole_minor_units(book):
    stored = record_all(book, worked_example_deals())
    book.finish(stored.id, stored.version)
    columns = {(table, c["name"]): c["type"] for table in ("entries", "standings")
               for c in inspect(book.store.engine).get_columns(table)}
    for key in (("entries", "minor"), ("standings", "minor")):
        assert columns[key].python_type is int, columns[key]
    with Db(book.store.engine) as db:
        entries = db.execute(text("SELECT payer, payee, minor FROM entries "
                                  "WHERE kind = 'payment'")).all()
        standings = db.execute(
            select(PlayerRow.name, StandingRow.minor).join(
                PlayerRow, PlayerRow.id == StandingRow.player_id)).all()
    assert entries
    assert all(type(minor) is int for _, _, minor in entries)
    assert all(type(minor) is int for _, minor in standings)
    assert dict(standings) == {"Astrid": -1350, "Bengt": -600, "Cilla": 950, "Dag": 1000}
    net: dict[str, int] = {}
    for payer, payee, minor in entries:
        net[payer] = net.get(payer, 0) - minor
        net[payee] = net.get(payee, 0) + minor
    assert sum(net.values()) == 0
    assert net.pop(POT) == 0
    assert net == dict(standings)


def test_a_session_whose_states_were_never_kept_is_replayed_when_read_and_the_read_writes_nothing(
        book):
    # The deals, but no state after any of them (what revision 0001 left behind, before
    # the 0006 data migration fills them in).
    stored = record_all(book, worked_example_deals()[:5])
    with book.store.engine.begin() as connection:
        connection.execute(update(DealRow).values(state_after=None))
    book = Scorebook(book.store)  # as the next start of the app opens what is on disk
    expected = Session.replay(worked_example_table(), worked_example_deals()[:5])
    assert book.open(stored.id).state == expected.state
    with Db(book.store.engine) as db:
        assert set(db.scalars(select(DealRow.state_after))) == {None}
    after, _ = book.record(stored.id, worked_example_deals()[5], stored.version)
    assert after.state == worked_example().state
    with Db(book.store.engine) as db:
        states = db.scalars(select(DealRow.state_after).order_by(DealRow.number)).all()
    assert len(states) == 6
    assert states[-1] is not None  # the newest deal's state is kept for the next one
    assert json.loads(states[-1])["deals"] == 6
    assert database_counts(book.store.engine)["entries"] == len(list(worked_example().entries))


def test_entries_of_a_deal_range(book):
    stored = record_all(book, worked_example_deals())
    whole = worked_example()
    assert book.store.entries(stored.id, 3, 4) == [
        e for e in whole.entries if 3 <= e.deal <= 4]
    with Db(book.store.engine) as db:
        numbers = db.scalars(select(EntryRow.deal_number).distinct()).all()
    assert sorted(numbers) == [1, 2, 3, 4, 5, 6]


# Names a Scorekeeper from before names were checked could seat: a control character, a
# name not in NFC ("e" and a combining acute), spaces around it. Stored as such in the seat,
# the deals, the states and the entries; the JSON columns escape the control character.
OLD_NAMES = [("Ben\x07gt", "Ben\\u0007gt"), ("Be\u0301ngt", "Be\u0301ngt"), (" Bengt ", " Bengt ")]


@pytest.mark.parametrize(("old", "in_json"), OLD_NAMES)
def test_a_session_seating_a_name_from_before_names_were_checked_still_opens(book, old,
                                                                             in_json):
    stored = record_all(book, worked_example_deals()[:5])
    with book.store.engine.begin() as connection:
        for table, column, written in (("seats", "name", old), ("deals", "record", in_json),
                                       ("deals", "state_after", in_json),
                                       ("entries", "payer", old), ("entries", "payee", old),
                                       ("entries", "player", old),
                                       ("entries", "reason_params", in_json)):
            connection.execute(text(f"UPDATE {table} SET {column} = replace({column}, "
                                    ":name, :old)"), {"name": "Bengt", "old": written})
    book = Scorebook(book.store)  # as the next start of the app opens what is on disk
    names = ("Astrid", old, "Cilla", "Dag")
    as_stored = stored_table("english", names, "Astrid", {}, make_money("0.50", "SEK"))
    opened = book.open(stored.id)
    assert opened.table == as_stored
    assert opened.state == Session.replay(as_stored, worked_example_deals(names)[:5]).state
    _, history = replayed(book, stored.id)
    assert history.state == opened.state
    after, _ = book.record(stored.id, worked_example_deals(names)[5], stored.version)
    # RULES.md's worked example, whatever the name: A -28, B -13, C +18, D +18.
    assert units_of(after.state) == {"Astrid": -28, old: -13, "Cilla": 18, "Dag": 18}
