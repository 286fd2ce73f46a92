"""A player's page and a group's records read from what each session keeps (revision
0017: everyone's General Rams and the most taken from the pot in one deal, beside the
places of 0015), written by every Save, an import and an undo, and filled in at the
upgrade for the sessions stored before. On SQLite and on PostgreSQL.

The worked example (RULES.md): Dag wins a General Rams in deal 3 taking the pot of 10
(5.00 at 0.50 a unit), Astrid loses one in deal 4; Astrid's most from the pot in one deal
is deal 2's 12 units (6.00), Cilla's deal 6's 20 (10.00); placed Dag, Cilla, Bengt, Astrid.
"""

from __future__ import annotations

import json
from datetime import date

import pytest
from sqlalchemy import text

from scorekeeper.core import RuleError, Session
from scorekeeper.core.group_records import Holders
from scorekeeper.core.records import Places
from scorekeeper.formats.session_file import Evening
from scorekeeper.session.scorebook import Scorebook
from scorekeeper.store.database import connect
from scorekeeper.store.sessions import SessionStore
from tests.conftest import worked_example, worked_example_deals, worked_example_table
from tests.test_migrations import downgrade


def finished(book: Scorebook, name: str, day: str, group: str | None = "Club") -> None:
    book.import_session(name, worked_example(),
                        evening=Evening((), group, date.fromisoformat(day), True))


def test_a_players_page_reads_the_feats_each_session_keeps(book):
    finished(book, "First", "2026-03-06")
    finished(book, "Second", "2027-01-08", group=None)
    dag = book.player_record("dag")  # any case
    assert dag.player == "Dag"
    assert dag.places == Places(2, 2, 1)
    assert (dag.generals_won, dag.generals_lost) == (2, 0)
    assert [(t.currency, t.minor) for t in dag.most_taken] == [("SEK", 500)]
    astrid = book.player_record("Astrid", year=2027)
    assert astrid.places == Places(1, 0, 4)
    assert (astrid.generals_won, astrid.generals_lost) == (0, 1)
    assert [(t.currency, t.minor) for t in astrid.most_taken] == [("SEK", 600)]
    assert book.player_record("Astrid", group="club").places.evenings == 1


def test_a_player_or_group_not_there_is_refused_in_words(book):
    finished(book, "First", "2026-03-06")
    with pytest.raises(RuleError) as unknown:
        book.player_record("Zed")
    assert unknown.value.message.key == "versus.unknown_player"
    with pytest.raises(RuleError) as no_group:
        book.player_record("Dag", group="Nowhere")
    assert no_group.value.message.key == "store.no_group"


def test_a_groups_records_and_who_beats_whom_over_its_finished_sessions(book):
    finished(book, "First", "2026-03-06")
    finished(book, "Second", "2026-03-13")
    finished(book, "Elsewhere", "2026-03-20", group=None)
    records = book.group_records("CLUB")
    assert records.evenings == 2
    assert [(r.player, r.minor) for r in records.best_evening] == [("Dag", 1000)]
    assert [(r.player, r.minor) for r in records.most_taken] == [("Cilla", 1000)]
    assert records.most_generals == Holders(("Dag",), 2)
    assert records.longest_in_the_money == Holders(("Cilla", "Dag"), 2)
    assert [(p.first, p.second, p.ahead, p.level, p.behind) for p in records.beats][:1] == [
        ("Bengt", "Astrid", 2, 0, 0)]


def test_every_save_keeps_the_feats_and_an_undo_takes_them_back(book):
    session = book.create("Live", worked_example_table())
    for deal in worked_example_deals()[:3]:
        session, _ = book.record(session.id, deal, session.version)
    # after deal 3: Dag's General Rams won, his pot of 10 units
    assert kept_feats(book, session.id)["Dag"] == [1, 0, 500]
    session = book.undo(session.id, session.version)
    assert kept_feats(book, session.id)["Dag"] == [0, 0, 150]  # deal 2's 3 units


def kept_feats(book: Scorebook, session_id: int) -> dict[str, list[int]]:
    with book.store.engine.connect() as connection:
        result, feats = connection.execute(text(
            "SELECT result, feats FROM sessions WHERE id = :id"), {"id": session_id}).one()
    return {kept[1]: done for kept, done in zip(json.loads(result), json.loads(feats),
                                                strict=True)}


def test_revision_0017_fills_in_the_feats_of_sessions_stored_before(db_url):
    engine = connect(db_url)
    book = Scorebook(SessionStore(engine))
    finished(book, "First", "2026-03-06")
    live = book.create("Live", worked_example_table())
    for deal in worked_example_deals()[:3]:
        live, _ = book.record(live.id, deal, live.version)
    downgrade(engine, "0016")
    with engine.begin() as connection:  # the states as kept before: without feats
        for row_id, kept in connection.execute(text(
                "SELECT id, state_after FROM deals WHERE state_after IS NOT NULL")).all():
            state = json.loads(kept)
            for feat in ("generals_won", "generals_lost", "most_taken"):
                del state[feat]
            connection.execute(text("UPDATE deals SET state_after = :s WHERE id = :id"),
                               {"s": json.dumps(state), "id": row_id})
    engine.dispose()
    engine = connect(db_url)
    try:
        book = Scorebook(SessionStore(engine))
        assert book.player_record("Dag").generals_won == 1
        assert kept_feats(book, live.id)["Dag"] == [1, 0, 500]
        live = book.open(live.id)  # the next deals go on from the kept state's feats
        for deal in worked_example_deals()[3:]:
            live, _ = book.record(live.id, deal, live.version)
        assert kept_feats(book, live.id) == kept_feats(book, 1)
        assert book.open(live.id).state == Session.replay(
            worked_example_table(), worked_example_deals()).state
    finally:
        engine.dispose()


def test_a_groups_records_are_worked_out_again_when_one_of_its_finished_sessions_changes(
        book):
    finished(book, "First", "2026-03-06")
    assert book.group_records("Club").evenings == 1
    assert book.group_records("Club") is book.group_records("club")  # kept while unchanged
    finished(book, "Second", "2026-03-13")
    assert book.group_records("Club").evenings == 2
    first = book.open(1)
    book.move_to_group(first.id, None, first.version)
    records = book.group_records("Club")
    assert records.evenings == 1
    assert records.most_generals == Holders(("Dag",), 1)
