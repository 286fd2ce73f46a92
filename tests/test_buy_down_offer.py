"""RULES.md, mattmar with money: "a player whose flight left them at 10 may buy down to 8
points for 1 unit", and the decision: the buy-down belongs to the deal in which the player
flew, so it is offered at that moment, to the players that deal sends to 10, and not later."""

from __future__ import annotations

from scorekeeper.core import Deal
from scorekeeper.core.offers import may_buy_down
from tests.conftest import session_of

MONEY = {"money": True}
PLAYERS = ("Ann", "Bo", "Cid")


def test_a_player_flying_up_to_10_is_offered_the_buy_down():
    # Ann deals; Bo 3, Cid 2, Ann flies: 10 + 5 is capped at 10.
    session = session_of("mattmar", PLAYERS, options=MONEY)
    deal = Deal(tricks={"Bo": 3, "Cid": 2})
    assert may_buy_down(session.table, session.state, deal) == ("Ann",)


def test_everyone_a_deal_leaves_at_10_by_a_flight_is_offered_the_buy_down():
    # Deal 1, Ann deals: Bo 5 (on 5); Ann and Cid fly, capped at 10.
    # Deal 2, Bo deals: Cid 3 (on 7), Ann 2 (on 8); Bo flies: 5 + 5 = 10.
    session = session_of("mattmar", PLAYERS, [Deal(tricks={"Bo": 5})], options=MONEY)
    session = session.record(Deal(tricks={"Cid": 3, "Ann": 2}))
    assert session.state.scores == {"Ann": 8, "Bo": 10, "Cid": 7}
    # Deal 3, Cid deals: Ann 5 (on 3); Bo flies and stays at 10; Cid flies, 7 + 5 capped at 10.
    deal = Deal(tricks={"Ann": 5})
    assert may_buy_down(session.table, session.state, deal) == ("Bo", "Cid")


def test_a_player_who_took_a_trick_is_not_offered_the_buy_down():
    session = session_of("mattmar", PLAYERS, options=MONEY)
    deal = Deal(tricks={"Bo": 4, "Ann": 1, "Cid": 0})
    assert may_buy_down(session.table, session.state, deal) == ("Cid",)


def test_without_money_there_is_no_buy_down_to_offer():
    session = session_of("mattmar", PLAYERS)
    assert may_buy_down(session.table, session.state, Deal(tricks={"Bo": 3, "Cid": 2})) == ()


def test_the_buy_down_is_not_offered_in_a_later_deal():
    # Ann flew to 10 in deal 1 without buying down; deal 2 sends nobody to 10.
    session = session_of("mattmar", PLAYERS, [Deal(tricks={"Bo": 3, "Cid": 2})], options=MONEY)
    assert session.state.scores["Ann"] == 10
    deal = Deal(tricks={"Cid": 3, "Ann": 2})  # Bo deals; Bo flies from 7 to 10 though
    assert "Ann" not in may_buy_down(session.table, session.state, deal)
