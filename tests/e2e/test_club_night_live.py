"""Issue 28: a club's servers on one PostgreSQL hear each other's deals through the
database's notifications (a PostgreSQL server is not watched: without a notice, a page
on the other server would never hear), and go on hearing them after the database server
restarts under them; a database server gone for a while is said on every page, and the
deal typed meanwhile is saved once it is back. The club's evening shows every table of a
group, live, and opens one to watch. Two app servers, a page on each, RULES.md's worked
example stored."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from scorekeeper.app.routes import route_to
from tests.e2e.conftest import (
    CABIN,
    LOST,
    Server,
    Ui,
    start_server,
    stop_server,
    tricks_button,
)
from tests.postgres import Cluster, postgres_cluster

# Deal 7: Cilla deals a double pot of 10; a trick pays 2.
DEAL_7 = {"Dag": 2, "Astrid": 1, "Bengt": 1, "Cilla": 1}


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    with postgres_cluster() as running:  # its own: restarting it disturbs no other test
        yield running


@pytest.fixture
def two_servers(cluster: Cluster, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    servers = [start_server(tmp_path / name, db=cluster.url) for name in ("first", "second")]
    yield servers[0], servers[1]
    for server in servers:
        stop_server(server)


@contextmanager
def pages(browser: Browser, *servers: Server) -> Iterator[list[Ui]]:
    """A phone's page of each server, closed after the test."""
    opened = [Ui(browser.new_context(viewport={"width": 390, "height": 844}).new_page(),
                 server.url) for server in servers]
    try:
        yield opened
    finally:
        for ui in opened:
            ui.page.context.close()


@contextmanager
def at_the_cabin(browser: Browser, first: Server, second: Server) -> Iterator[list[Ui]]:
    """RULES.md's example stored; a page of each server at its table, deal 7 to enter."""
    first.holds(CABIN)
    with pages(browser, first, second) as both:
        for ui in both:
            ui.open("/session/1")
            ui.see("Save deal 7")
        yield both


def test_a_page_hears_a_deal_saved_on_another_server_at_once(
        browser: Browser, two_servers: tuple[Server, Server]):
    with at_the_cabin(browser, *two_servers) as (here, there):
        here.record(7, DEAL_7)
        there.see("Save deal 8")  # told by the database, not looked for
        there.see("Dag")
        there.read("Deal 8: Dag deals")


def test_pages_go_on_hearing_each_other_after_the_database_server_restarts(
        browser: Browser, cluster: Cluster, two_servers: tuple[Server, Server]):
    with at_the_cabin(browser, *two_servers) as (here, there):
        cluster.restart()  # every connection of both servers is dropped
        here.record(7, DEAL_7)  # saved on the restarted server, nothing said, nothing lost
        there.see("Save deal 8")  # the second server listens again and hears it
        here.record(8, {"Astrid": 2, "Bengt": 3})
        there.see("Save deal 9")


def test_a_lost_database_is_said_on_every_page_and_what_was_typed_is_saved_once_it_is_back(
        browser: Browser, cluster: Cluster, two_servers: tuple[Server, Server]):
    with at_the_cabin(browser, *two_servers) as (here, there):
        cluster.stop()
        for ui in (here, there):  # noticed without anyone saving: both servers say it
            ui.read(LOST)
        for player, count in DEAL_7.items():
            here.tap(tricks_button(player, count))
        here.tap("Save deal 7")
        database = cluster.url.rsplit("@", 1)[1]  # never the password, were there one
        here.read(f"Cannot reach the database server {database}: "
                  "check the address and the network")
        cluster.start()
        for ui in (here, there):
            ui.page.get_by_text(LOST, exact=True).wait_for(state="detached")
        # Deal 7 is as it was typed: Save again, with no tap between.
        assert all(here.chosen(tricks_button(p, c)) for p, c in DEAL_7.items())
        here.tap("Save deal 7")
        here.see("Save deal 8")
        there.see("Save deal 8")
        there.read("Deal 8: Dag deals")


def club_tables(folder: Path) -> list[Path]:
    """Two tables of the club tonight (RULES.md's example after six deals and after
    three) and a family evening that is not the club's."""
    played = {**json.loads(CABIN.read_text()), "played_on": date.today().isoformat()}
    tables = [("Table 1", "Club", played["deals"]), ("Table 2", "Club", played["deals"][:3]),
              ("At home", "Family", played["deals"])]
    files = []
    for name, group, deals in tables:
        files.append(folder / f"{name}.json")
        files[-1].write_text(json.dumps({**played, "name": name, "group": group,
                                         "deals": deals}))
    return files


def test_the_clubs_evening_shows_every_table_live_and_opens_one_to_watch(
        browser: Browser, two_servers: tuple[Server, Server], tmp_path: Path):
    first, second = two_servers
    first.holds(*club_tables(tmp_path))
    with pages(browser, first, second) as (host, table_1):
        host.open(route_to("group", group="Club"))
        host.tap("Tables tonight")
        host.read("Tonight: Club")
        # RULES.md after deal 6: A −28, B −13, C 18, D 18; the money if it ended now
        # (the pot of 5 shared): A −13.50, B −6.00, C +9.50, D +10.00. Cilla deals next.
        # The standings rank a pot game by that money: Dag leads alone, on the same units.
        host.read("Deal 7: Cilla deals")
        host.see("Dag: +18 · SEK 10.00 (leads)")
        host.read("Cilla: +18 · SEK 9.50")
        host.see("Astrid: -28 · -SEK 13.50")
        # Table 2, three deals in: D 23 and the pot empty, so SEK 11.50; Dag deals next.
        host.read("Deal 4: Dag deals")
        host.see("Dag: +23 · SEK 11.50 (leads)")
        assert not host.page.get_by_text("At home").count()  # the family's, not the club's
        host.shot("club-evening-phone-light")

        # Table 1 records deal 7 on the other server: pot 5 and Cilla's 5, a trick pays 2.
        # A −26, B −11, C 15, D 22; the pot is empty, so the money is the units × 0.50.
        table_1.open("/session/1")
        table_1.record(7, DEAL_7)
        host.see("Dag: +22 · SEK 11.00 (leads)")
        host.read("Deal 8: Dag deals")

        host.tap("Watch Table 1")
        host.read("You are watching this table: its own scorer records the deals.")
        assert not host.page.get_by_role("button", name="Save deal 8").count()
        # Deal 8, a single pot of 5 dealt by Dag: Astrid 2, Bengt 3; Cilla and Dag flew.
        table_1.record(8, {"Astrid": 2, "Bengt": 3})
        host.read("Deal 9: Astrid deals")
        host.see("Dag: 12")
        host.tap("Back")
        host.read("Tonight: Club")
