"""A group's tab reads each finished session's standings kept whole in its row (revision
0011): a database from before has them filled in at the upgrade, and the tab and the
season table come out as they did. On SQLite and on PostgreSQL."""

from __future__ import annotations

from datetime import date

from scorekeeper.core import Session, deal_of_record
from scorekeeper.core.owed import Handover
from scorekeeper.formats.session_file import Evening
from scorekeeper.session.scorebook import Scorebook
from scorekeeper.store.database import connect
from scorekeeper.store.sessions import SessionStore
from tests.conftest import worked_example, worked_example_table
from tests.test_migrations import downgrade, version_of


def store_two_evenings(book: Scorebook) -> None:
    """The worked example finished on two evenings of one group; on the second, a player
    seated in another case than the roster's, who joins later, and a payment."""
    example = worked_example()
    book.import_session("First", example,
                        evening=Evening((), "Club", date(2026, 3, 6), True))
    joined = Session.replay(worked_example_table(), [
        *example.deals, deal_of_record({"dealer": "Cilla", "tricks": {"Dag": 5},
                                        "join": [{"name": "eva", "after": "Dag"}]})])
    book.import_session("Second", joined, evening=Evening(
        (Handover("Astrid", "Dag", 150),), "Club", date(2026, 3, 13), True))


def test_the_tab_is_the_same_after_the_upgrade_to_kept_results(db_url):
    engine = connect(db_url)
    book = Scorebook(SessionStore(engine))
    book.add_player("Eva")
    store_two_evenings(book)
    shown = book.group("club")
    before = (shown.tab, shown.seasons(), shown.season(2026), shown.record.evenings)
    downgrade(engine, "0010")
    engine.dispose()
    engine = connect(db_url)
    try:
        assert version_of(db_url)[0] >= "0011"
        again = Scorebook(SessionStore(engine)).group("Club")
        assert (again.tab, again.seasons(), again.season(2026), again.record.evenings) == before
        assert "Eva" in again.tab.players  # the roster's spelling, not the seat's
        assert "eva" not in again.tab.players
    finally:
        engine.dispose()
