"""Where a route leads (scorekeeper/app/routes.py): parsed once, for the model that loads
what the place shows and the shell that draws its screen."""

from __future__ import annotations

import pytest

from scorekeeper.app.routes import Place, place_of


@pytest.mark.parametrize(("route", "place"), [
    ("/", Place("home")),
    ("/new", Place("new")),
    ("/players", Place("players")),
    ("/settings?from=table", Place("settings")),
    ("/session/7", Place("table", 7)),
    ("/session/7/ledger", Place("ledger", 7)),
    ("/session/7/charts", Place("charts", 7)),
    ("/session/7/protocol", Place("protocol", 7)),
    ("/session/7/settle", Place("settle", 7)),
    ("/session/7/edit/5", Place("edit", 7, 5)),
    ("/session/7/watch", Place("watch", 7)),
    ("/group/Friday%20group", Place("group", group="Friday group")),
    ("/group/Friday%20group/tonight", Place("tonight", group="Friday group")),
])
def test_a_route_leads_to_its_screen_and_the_session_and_deal_it_names(route, place):
    assert place_of(route) == place


@pytest.mark.parametrize("route", ["/session/x", "/session/7/edit/x", "/session/7/cards",
                                   "/players/Dag", "/nowhere", "/session/-1"])
def test_a_route_that_names_no_screen_leads_home(route):
    assert place_of(route) == Place("home")
