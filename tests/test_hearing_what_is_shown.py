"""Issue 67: a server hears of the tables its pages show, not of every table. Since
revision 0018 a change is told on a channel of its session, of its group and of the roster
besides the one every change is told on, and a server listens only to those of what its
pages show (``Shown``): a deal at a table no page of a server shows does not reach that
server, which reads nothing of it; a page listing the sessions still hears every change,
a group's tables tonight every change of the group's, and the roster its players."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from scorekeeper.app.model import AppModel
from scorekeeper.app.screen_list import SCREENS
from scorekeeper.session import Scorebook
from scorekeeper.session.listeners import Listeners
from scorekeeper.session.news import NOTHING, ROSTER, Shown
from scorekeeper.settings import Settings
from scorekeeper.store.notices import CHANNEL, session_channel
from tests.listening import Server
from tests.test_hearing_the_deal import next_deal
from tests.test_ledger_pages import english_table

on_postgres = pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)


@pytest.fixture
def given(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Listeners, str]]:
    """Every notice each server's hearing connection is given, with whose it was."""
    notices: list[tuple[Listeners, str]] = []
    noticed = Listeners._noticed

    def counted(self: Listeners, payload: str, channel: str = CHANNEL) -> None:
        notices.append((self, payload))
        noticed(self, payload, channel)

    monkeypatch.setattr(Listeners, "_noticed", counted)
    return notices


@pytest.fixture
def serve(db_url: str) -> Iterator[Callable[..., Server]]:
    """A server of the club's database, with a page that shows what it is given, once its
    connection listens to that; each closed after the test."""
    made: list[Server] = []

    def server(shown: Shown = NOTHING) -> Server:
        made.append(Server(db_url, shown).listening())
        return made[-1]

    yield server
    for server_made in made:
        server_made.close()


@pytest.fixture
def saving(serve: Callable[..., Server]) -> Server:
    """The server the tables save on, its page showing nothing."""
    return serve()


def save(server: Server, session_id: int) -> int:
    """The next deal saved at the table on ``server``; the version it made."""
    latest = server.book.open(session_id)
    stored, _ = server.book.record(session_id, next_deal(server.book, session_id),
                                   latest.version)
    return stored.version


def naming(notices: list[tuple[Listeners, str]], server: Server, session_id: int) -> list[str]:
    """The notices ``server`` was given that name ``session_id``."""
    return [payload for whose, payload in notices if whose is server.book._listeners
            and payload.split(":")[0] == str(session_id)]


@on_postgres
def test_a_server_not_showing_a_table_is_told_nothing_of_its_saves_and_reads_nothing_of_it(
        saving: Server, serve: Callable[..., Server], given: list[tuple[Listeners, str]]):
    shown_here = saving.book.create("Table 1", english_table()).id
    elsewhere = saving.book.create("Table 2", english_table()).id
    here = serve(Shown(sessions=frozenset({shown_here})))
    there = serve(Shown(sessions=frozenset({elsewhere})))
    here.book.open(shown_here)
    here.book.open(elsewhere)  # a page of here showed it before: still open here
    there.book.open(elsewhere)
    asked = len(here.store.asked)
    for _ in range(3):
        there.hears(elsewhere, save(saving, elsewhere))  # heard where it is shown
    here.hears(shown_here, save(saving, shown_here))  # told after the three, in order
    assert naming(given, here, elsewhere) == []  # not one of its notices came here
    assert elsewhere not in here.heard
    assert elsewhere not in here.store.asked[asked:]
    assert here.book.latest(elsewhere).version == 0  # neither worked out nor read
    assert len(naming(given, there, elsewhere)) >= 3
    assert here.book.open(shown_here).version == saving.book.open(shown_here).version


@on_postgres
def test_a_table_shown_on_two_servers_is_heard_on_both(
        saving: Server, serve: Callable[..., Server]):
    table = saving.book.create("Table 1", english_table()).id
    hearing = [serve(Shown(sessions=frozenset({table}))) for _ in range(2)]
    for server in hearing:
        server.book.open(table)
    for _ in range(3):
        version = save(saving, table)
        for server in hearing:
            server.hears(table, version)
    for server in hearing:
        assert server.book.open(table).version == 3
        assert table in server.heard


@on_postgres
def test_a_change_made_before_a_pages_table_was_heard_is_told_once_it_is(
        saving: Server, serve: Callable[..., Server]):
    here = serve()
    table = saving.book.create("Table 1", english_table()).id
    here.book.open(table)  # read while no page of here shows it: nothing heard of it
    saved = save(saving, table)
    here.shows(Shown(sessions=frozenset({table})))  # its page now shows it
    here.until(lambda: table in here.heard, "the change made before was never told")
    assert here.book.open(table).version == saved


@on_postgres
def test_a_page_listing_the_sessions_hears_every_tables_change_and_reads_none(
        saving: Server, serve: Callable[..., Server]):
    tables = [saving.book.create(f"Table {n}", english_table()).id for n in (1, 2)]
    lister = serve(Shown(lists=True))
    for table in tables:
        save(saving, table)
    lister.until(lambda: set(tables) <= set(lister.heard), "a table's change never heard")
    assert lister.store.reads == 0


@on_postgres
def test_a_groups_tables_tonight_hear_every_change_of_the_group_and_no_other(
        saving: Server, serve: Callable[..., Server], given: list[tuple[Listeners, str]]):
    in_group = saving.book.create("Table 1", english_table(), group="Thursday club").id
    other = saving.book.create("Table 2", english_table()).id
    tonight = serve(Shown(groups=frozenset({"THURSDAY CLUB"})))  # its name in any case
    save(saving, other)
    save(saving, in_group)
    tonight.until(lambda: in_group in tonight.heard, "the group's table never heard")
    assert naming(given, tonight, other) == []
    joining = saving.book.create("Table 3", english_table(), group="thursday club").id
    tonight.until(lambda: joining in tonight.heard, "a new table of the group never heard")
    saving.book.move_to_group(in_group, None, saving.book.open(in_group).version)
    tonight.until(lambda: str(in_group) in naming(given, tonight, in_group),
                  "a table leaving the group was never told there")
    later = len(given)
    save(saving, in_group)  # no longer the group's
    saved = save(saving, joining)
    tonight.until(lambda: f"{joining}:{saved}" in naming(given, tonight, joining),
                  "the group's table never heard")
    assert naming(given[later:], tonight, in_group) == []


@on_postgres
def test_a_page_showing_the_roster_hears_a_player_added_and_a_table_alone_does_not(
        saving: Server, serve: Callable[..., Server], given: list[tuple[Listeners, str]]):
    table = saving.book.create("Table 1", english_table()).id
    roster = serve(Shown(sessions=frozenset({table}), roster=True))
    at_table = serve(Shown(sessions=frozenset({table})))
    for server in (roster, at_table):
        server.book.open(table)
        server.hears(table, save(saving, table))
    saving.book.add_player("Erik")
    roster.until(lambda: ROSTER in roster.heard, "the roster's news never heard")
    at_table.hears(table, save(saving, table))  # told after the roster's, in order
    assert [payload for whose, payload in given
            if whose is at_table.book._listeners and payload == "roster"] == []


def test_a_version_told_on_a_channel_is_not_trusted_once_that_channel_is_let_go():
    class Store:
        def versions(self, session_ids: list[int]) -> dict[int, int]:
            return {}

    listeners = Listeners(Store(), dict, lambda *_: None)  # type: ignore[arg-type]
    listeners._noticed("1:3", session_channel(1))
    listeners._noticed("2:6", CHANNEL)
    assert (listeners.told_of(1), listeners.told_of(2)) == (3, 6)
    listeners._listened(frozenset(), frozenset({session_channel(1)}))
    assert (listeners.told_of(1), listeners.told_of(2)) == (None, 6)
    listeners._listened(frozenset(), frozenset({CHANNEL}))
    assert listeners.told_of(2) is None


@pytest.fixture
def app(cabin_book: Scorebook) -> AppModel:
    return AppModel(cabin_book, Settings(language="en"), screens=SCREENS)


@pytest.mark.parametrize(("route", "shown"), [
    ("/", Shown(lists=True)),
    ("/session/1", Shown(sessions=frozenset({1}), roster=True)),
    ("/session/1/ledger", Shown(sessions=frozenset({1}))),
    ("/session/1/again", Shown(sessions=frozenset({1}), roster=True)),
    ("/players", Shown(roster=True)),
    ("/settings", Shown()),
    ("/group/Thursday%20club/tonight", Shown(groups=frozenset({"Thursday club"}))),
])
def test_what_a_page_shows_is_what_it_draws_again_when_it_changes(
        app: AppModel, route: str, shown: Shown):
    app.show("/session/1")
    app.show(route)  # the session opened before is no longer shown on /players
    assert app.shown() == shown
