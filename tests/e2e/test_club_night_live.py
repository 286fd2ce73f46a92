"""Issue 28: a club's servers on one PostgreSQL hear each other's deals through the
database's notifications (a PostgreSQL server is not watched: without a notice, a page
on the other server would never hear), and go on hearing them after the database server
restarts under them. Two app servers, a page on each, RULES.md's worked example stored."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tests.e2e.conftest import CABIN, Server, Ui, start_server, stop_server
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


def pages(browser: Browser, *servers: Server) -> list[Ui]:
    return [Ui(browser.new_context(viewport={"width": 390, "height": 844}).new_page(),
               server.url) for server in servers]


def test_a_page_hears_a_deal_saved_on_another_server_at_once(
        browser: Browser, two_servers: tuple[Server, Server]):
    first, second = two_servers
    first.holds(CABIN)
    here, there = pages(browser, first, second)
    try:
        there.open("/session/1")
        there.see("Save deal 7")
        here.open("/session/1")
        here.record(7, DEAL_7)
        there.see("Save deal 8")  # told by the database, not looked for
        there.see("Dag")
        there.read("Deal 8: Dag deals")
    finally:
        for ui in (here, there):
            ui.page.context.close()


def test_pages_go_on_hearing_each_other_after_the_database_server_restarts(
        browser: Browser, cluster: Cluster, two_servers: tuple[Server, Server]):
    first, second = two_servers
    first.holds(CABIN)
    here, there = pages(browser, first, second)
    try:
        for ui in (here, there):
            ui.open("/session/1")
            ui.see("Save deal 7")
        cluster.restart()  # every connection of both servers is dropped
        here.record(7, DEAL_7)  # saved on the restarted server, nothing said, nothing lost
        there.see("Save deal 8")  # the second server listens again and hears it
        here.record(8, {"Astrid": 2, "Bengt": 3})
        there.see("Save deal 9")
    finally:
        for ui in (here, there):
            ui.page.context.close()
