"""Where a route leads (scorekeeper/app/routes.py): parsed once, for the model that loads
what the place shows and the shell that draws its screen."""

from __future__ import annotations

import pytest

from scorekeeper.app.routes import ROUTES, Place, place_of, route_to


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
    ("/player/Dag", Place("player", player="Dag")),
    ("/player/Dag/year/2026", Place("player", player="Dag", year=2026)),
    ("/player/Dag/group/Friday%20group/year/2026",
     Place("player", player="Dag", group="Friday group", year=2026)),
    ("/player/Dag/versus/Astrid%20B", Place("rival", player="Dag", rival="Astrid B")),
    ("/player/Dag/versus/Astrid/group/Club",
     Place("rival", player="Dag", rival="Astrid", group="Club")),
])
def test_a_route_leads_to_its_screen_and_the_session_and_deal_it_names(route, place):
    assert place_of(route) == place


@pytest.mark.parametrize("route", ["/session/x", "/session/7/edit/x", "/session/7/cards",
                                   "/players/Dag", "/nowhere", "/session/-1", "/player/%20",
                                   "/player/Dag/year/26", "/player/Dag/year/0999",
                                   "/player/Dag/cards", "/player/Dag/versus/%20",
                                   "/player/Dag/year/2026/group/Club"])
def test_a_route_that_names_no_screen_leads_home(route):
    assert place_of(route) == Place("home")


@pytest.mark.parametrize(("name", "group", "year"), [
    ("Dag", None, None), ("Åsa / Ö", "Friday group", 2026), ("Dag", None, 2025),
    ("100%", "a/b", None)])
def test_a_players_page_and_a_rival_are_where_their_routes_say(name, group, year):
    assert place_of(route_to("player", player=name, group=group, year=year)) == Place(
        "player", player=name, group=group, year=year)
    assert place_of(route_to("rival", player=name, rival="Bengt", group=group, year=year)
                    ) == Place(
        "rival", player=name, rival="Bengt", group=group, year=year)


@pytest.mark.parametrize("route", ["/session/100000000000000000000", "/session/2147483648",
                                   "/session/0", "/session/\u00b2", "/session/1" + "0" * 5000,
                                   "/session/100000000000000000000/ledger"])
def test_a_sessions_address_with_a_number_no_session_can_have_names_none(route):
    """Past the database's INTEGER, the driver failed (OverflowError); "²" is a digit to
    Python and no number to int(), and 5,000 digits are more than int() reads."""
    assert place_of(route) == Place("missing")


# What a route's {name}s are filled with: a value each reads back as.
SAMPLE = {"session": 7, "deal": 5, "rule": "single_pot", "group": "Friday group",
          "player": "Åsa", "rival": "Bengt", "year": 2026}


def test_every_screen_is_where_each_of_its_routes_says_and_has_its_record():
    from scorekeeper.app.screen_list import SCREENS

    assert ROUTES.keys() == SCREENS.keys() - {"missing"}
    for screen, patterns in ROUTES.items():
        for pattern in patterns:
            named = {name: SAMPLE[name] for name in SAMPLE if f"{{{name}}}" in pattern}
            place = place_of(route_to(screen, **named))
            assert place.screen == screen, pattern
            assert (place.session_id, place.deal_index, place.rule, place.group,
                    place.player, place.rival, place.year) == (
                named.get("session"), named.get("deal"), named.get("rule"),
                named.get("group"), named.get("player"), named.get("rival"),
                named.get("year")), pattern


def test_a_route_asked_for_with_what_no_route_of_its_screen_names_is_refused():
    with pytest.raises(ValueError, match="no route of group"):
        route_to("group", group="Club", year=2026)
