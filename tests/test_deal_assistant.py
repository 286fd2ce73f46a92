"""RULES.md and the seeds, as the deal assistant shows them: ``guide`` and ``duties``.

Every figure is worked out by hand from the rules texts, not read off the code.
"""

from __future__ import annotations

import pytest

from scorekeeper.core import Bidding, Deal, duties, guide
from scorekeeper.core.session import Session
from scorekeeper.i18n import render
from tests.conftest import session_of, worked_example_deals


def guide_of(session: Session):
    return guide(session.table, session.state)


def duties_of(session: Session, went_in: dict[str, bool], general=None, widow=None):
    found = duties(session.table, session.state, Bidding(went_in, general, widow))
    return {player: None if reason is None else reason.key for player, reason in found.items()}


def keys(messages) -> list[str]:
    return [message.key for message in messages]


# RULES.md, worked example (english, A B C D, unit 0.50), deal by deal.
WORKED = worked_example_deals(("A", "B", "C", "D"))


def worked(deals: int) -> Session:
    return session_of("english", "ABCD", WORKED[:deals], unit="0.50")


# --- whose deal ---------------------------------------------------------------------------


def test_the_deal_passes_on_after_every_deal_including_a_misdeal_and_a_conceded_deal():
    deals = [
        # 1, A deals a single pot (ante 5, share 1): B 2, C 3, A and D fly -> pot 10
        Deal(tricks={"B": 2, "C": 3}),
        # 2, B misdeals: the ante stays -> pot 15
        Deal(misdeal=True),
        # 3, C deals (pot 15 + 5): D and A pass, B (the RH) pays C 5 -> pot 20
        Deal(passed=("D", "A"), conceded=True),
        # 4, D deals (pot 20 + 5, share 5): B and C pass, D (one went in) plays
        Deal(passed=("B", "C"), tricks={"A": 3, "D": 2}),
    ]
    dealers = [guide_of(session_of("english", "ABCD", deals[:n])).seats.dealer
               for n in range(len(deals) + 1)]
    assert dealers == ["A", "B", "C", "D", "A"]
    assert [guide_of(session_of("english", "ABCD", deals[:n])).number for n in range(5)] == [
        1, 2, 3, 4, 5,
    ]


def test_after_a_misdeal_the_ante_stays_and_the_next_deal_is_a_double_pot():
    session = session_of("english", "ABCD", [Deal(tricks={"B": 2, "C": 3}), Deal(misdeal=True)])
    shown = guide_of(session)
    assert shown.seats.dealer == "C"
    assert shown.pot == 15  # 10 after deal 1, the misdealer's 5 stays
    assert shown.single_pot is False
    assert shown.trick_share == 4  # (15 + 5) / 5


def test_after_a_concession_the_pot_stays_and_the_deal_passes_on():
    # Worked example, deal 5: A deals, B and C pass, D (RH) pays A 5; the pot stays 15.
    shown = guide_of(worked(5))
    assert shown.seats.dealer == "B"
    assert shown.pot == 15


# --- forehand and RH ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "dealt", "dealer", "order", "forehand", "rh"),
    [
        ("ABCD", 0, "A", ("B", "C", "D", "A"), "B", "D"),
        ("ABCD", 2, "C", ("D", "A", "B", "C"), "D", "B"),
        ("ABCDE", 4, "E", ("A", "B", "C", "D", "E"), "A", "D"),
    ],
)
def test_forehand_is_after_the_dealer_and_rh_just_before(players, dealt, dealer, order, forehand,
                                                         rh):
    # Deal i is dealt by seat i; its forehand takes all five, the others fly.
    deals = [Deal(tricks={players[(i + 1) % len(players)]: 5}) for i in range(dealt)]
    seats = guide_of(session_of("rounce", players, deals)).seats
    assert seats.dealer == dealer
    assert seats.order == order
    assert seats.forehand == forehand
    assert seats.rh == rh


def test_forehand_speaks_first_and_leads():
    shown = guide_of(session_of("english", "ABCD"))
    assert shown.reminders[0].key == "remind.forehand_leads"
    assert shown.reminders[0].params == {"player": "B"}


# --- six players: the english dealer sits out --------------------------------------------


def test_six_players_english_dealer_deals_antes_and_sits_out():
    session = session_of("english", "ABCDEF")
    shown = guide_of(session)
    assert shown.seats.dealer == "A"
    assert shown.seats.order == ("B", "C", "D", "E", "F")
    assert shown.seats.sitting_out == ("A",)
    assert shown.seats.forehand == "B"
    assert shown.seats.rh == "F"
    assert "A" not in shown.must_play
    assert "A" not in shown.widow_takers
    assert "dealing.dealer_sits_out" in keys(shown.dealing)
    # The dealer antes though sitting out: single pot 5, share 1; B takes all five, C-F fly.
    after = session.record(Deal(tricks={"B": 5}))
    per_unit = after.table.money.minor_per_unit
    assert after.state.balances["A"] // per_unit == -5
    assert after.state.balances["B"] // per_unit == 5
    assert guide_of(after).seats.sitting_out == ("B",)


def test_five_players_english_dealer_plays():
    seats = guide_of(session_of("english", "ABCDE")).seats
    assert seats.sitting_out == ()
    assert seats.order == ("B", "C", "D", "E", "A")


# --- single or double pot, the trick share ------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "dealer", "pot_before", "single", "share"),
    [
        (1, "A", 0, True, 1),  # single pot 5, share 1
        (2, "B", 10, False, 3),  # double, pot 15, share 3
        (3, "C", 5, False, 2),  # pot 10
        (4, "D", 0, True, 1),  # single pot 5
        (5, "A", 10, False, 3),  # pot 15
        (6, "B", 15, False, 4),  # pot 20, share 4
    ],
)
def test_single_or_double_pot_and_trick_share_is_pot_after_ante_over_five(
    deal, dealer, pot_before, single, share
):
    shown = guide_of(worked(deal - 1))
    assert shown.number == deal
    assert shown.seats.dealer == dealer
    assert shown.pot == pot_before  # in units, though a unit is worth 0.50
    assert shown.single_pot is single
    assert shown.trick_share == share


def test_pool_trick_pays_one_unit_whatever_the_pot():
    # A deals a single pot (5): B takes all five at 1 each, A and C fly: pot 10.
    shown = guide_of(session_of("pool", "ABC", [Deal(tricks={"B": 5})]))
    assert shown.pot == 10
    assert shown.single_pot is False
    assert shown.trick_share == 1


def test_rounce_has_no_single_or_double_pot():
    shown = guide_of(session_of("rounce", "ABCD"))
    assert shown.single_pot is None
    assert shown.must_play == {}


@pytest.mark.parametrize("variant", ["mattmar", "counters", "ramsen"])
def test_no_pot_and_no_trick_share_outside_pot_games(variant):
    shown = guide_of(session_of(variant, "ABC"))
    assert shown.single_pot is None
    assert shown.trick_share is None


# --- who must play before anyone speaks ---------------------------------------------------


def test_single_pot_everyone_must_play():
    shown = guide_of(session_of("english", "ABCD"))
    assert {p: m.key for p, m in shown.must_play.items()} == dict.fromkeys(
        "BCDA", "must.single_pot"
    )
    assert "remind.single_pot" in keys(shown.reminders)


def test_double_pot_nobody_must_play_before_anyone_speaks():
    shown = guide_of(worked(1))
    assert shown.must_play == {}
    assert "remind.double_pot" in keys(shown.reminders)


def mattmar_b_on_one_point() -> Session:
    return session_of("mattmar", "ABC", [
        # A deals: C and A pass, B takes all five: B 5
        Deal(passed=("C", "A"), tricks={"B": 5}),
        # B deals: A passes, B 4, C 1: B 1, C 9, A 10
        Deal(passed=("A",), tricks={"B": 4, "C": 1}),
    ])


def test_mattmar_player_on_one_point_must_knock():
    session = mattmar_b_on_one_point()
    assert dict(session.state.scores) == {"A": 10, "B": 1, "C": 9}
    shown = guide_of(session)
    assert {p: m.key for p, m in shown.must_play.items()} == {"B": "must.one_point"}


def test_mattmar_player_who_passed_on_two_points_must_knock_next_deal():
    deals = [
        Deal(passed=("C", "A"), tricks={"B": 5}),  # A deals: B 5
        Deal(passed=("A",), tricks={"B": 3, "C": 2}),  # B deals: B 2, C 8
        Deal(passed=("B",), tricks={"A": 3, "C": 2}),  # C deals: B on 2 passes; A 7, C 6
    ]
    before = session_of("mattmar", "ABC", deals[:2])
    assert dict(before.state.scores) == {"A": 10, "B": 2, "C": 8}
    assert guide_of(before).must_play == {}  # on 2 points B may still pass once
    session = before.record(deals[2])
    assert dict(session.state.scores) == {"A": 7, "B": 2, "C": 6}
    shown = guide_of(session)
    assert {p: m.key for p, m in shown.must_play.items()} == {"B": "must.two_points"}
    # A deals; B knocks and flies (2 + 5 = 7), C 1, A 4: the duty is spent.
    later = session.record(Deal(tricks={"C": 1, "A": 4}))
    assert dict(later.state.scores) == {"A": 3, "B": 7, "C": 5}
    assert guide_of(later).must_play == {}


# --- the widow ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "takers"),
    [
        ("english", ("B", "C", "D", "A")),
        ("denexa", ("B", "C", "D", "A")),
        ("ramsen", ("B", "C", "D", "A")),  # the Blinde: from forehand round to the dealer, last
        ("counters", ("B",)),  # only the first to bid, forehand
        ("mattmar", ()),  # no widow
    ],
)
def test_who_may_take_the_widow(variant, takers):
    assert guide_of(session_of(variant, "ABCD")).widow_takers == takers


# --- General Rams ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "available"),
    [
        ("english", True),
        ("denexa", True),
        ("pool", True),
        ("counters", True),
        ("rounce", False),
        ("mattmar", False),
        ("ramsen", False),
    ],
)
def test_general_rams_is_not_in_rounce_mattmar_or_ramsen(variant, available):
    shown = guide_of(session_of(variant, "ABCD"))
    assert shown.general_rams is available
    assert ("remind.general_rams" in keys(shown.reminders)) is available


# --- how to deal ----------------------------------------------------------------------------


def test_english_dealing_32_cards_three_and_two_widow_before_dealer():
    shown = guide_of(session_of("english", "ABCD"))
    assert shown.dealing[0].key == "dealing.deck"
    assert shown.dealing[0].params == {"cards": 32}
    steps = keys(shown.dealing)
    assert "dealing.widow_before_dealer" in steps
    assert "dealing.turn_trump" in steps
    assert "dealing.turned_trump_to_dealer" not in steps
    widow = shown.dealing[steps.index("dealing.widow_before_dealer")]
    assert widow.params == {"dealer": "A"}
    line = render(widow)
    assert "3" in line
    assert "2" in line


def test_rounce_dealing_52_cards():
    shown = guide_of(session_of("rounce", "ABCD"))
    assert shown.dealing[0].params == {"cards": 52}


def test_mattmar_dealing_52_cards_turned_trump_to_dealer_holding_six():
    shown = guide_of(session_of("mattmar", "ABCD"))
    assert shown.dealing[0].params == {"cards": 52}
    steps = keys(shown.dealing)
    assert "dealing.turned_trump_to_dealer" in steps
    assert shown.dealing[steps.index("dealing.turned_trump_to_dealer")].params == {"dealer": "A"}
    assert "dealing.widow_before_dealer" not in steps  # no widow in mattmar
    assert "6" in render(shown.dealing[steps.index("dealing.turned_trump_to_dealer")])


def test_ramsen_dealing_32_cards_blinde_before_dealer_and_the_balli():
    shown = guide_of(session_of("ramsen", "ABCD"))
    assert shown.dealing[0].params == {"cards": 32}
    steps = keys(shown.dealing)
    assert "dealing.widow_before_dealer" in steps
    assert "dealing.balli" in steps
    assert shown.dealing[steps.index("dealing.balli")].params == {"dealer": "A"}


def test_no_balli_outside_ramsen():
    assert "dealing.balli" not in keys(guide_of(session_of("english", "ABCD")).dealing)


# --- reminders ------------------------------------------------------------------------------


def test_mattmar_forced_trump_lead_when_someone_is_on_one_point():
    shown = guide_of(mattmar_b_on_one_point())
    forced = [m for m in shown.reminders if m.key == "remind.forced_trump_lead"]
    assert len(forced) == 1
    assert forced[0].params == {"players": "B"}


def test_mattmar_no_forced_trump_lead_when_nobody_is_on_one_point():
    shown = guide_of(session_of("mattmar", "ABC"))
    assert "remind.forced_trump_lead" not in keys(shown.reminders)


def test_mattmar_trump_ace_rule():
    assert "remind.trump_ace" in keys(guide_of(session_of("mattmar", "ABC")).reminders)
    assert "remind.trump_ace" not in keys(guide_of(session_of("english", "ABC")).reminders)


def test_ramsen_second_trick_must_lead_trump():
    assert "remind.second_trick_trump" in keys(guide_of(session_of("ramsen", "ABC")).reminders)
    assert "remind.second_trick_trump" not in keys(
        guide_of(session_of("mattmar", "ABC")).reminders
    )


# --- duties, live, as the table speaks ----------------------------------------------------
# After worked-example deal 1 (pot 10): B deals a double pot, order C D A B, RH A.


def test_double_pot_everyone_before_rh_passed_rh_must_play_or_concede():
    live = duties_of(worked(1), {"C": False, "D": False})
    assert live["A"] == "must.rh_or_concede"
    assert live["C"] is None
    assert live["D"] is None


def test_double_pot_rh_may_pass_when_someone_before_went_in():
    assert duties_of(worked(1), {"C": True, "D": False})["A"] is None


def test_double_pot_exactly_one_went_in_dealer_must_play():
    live = duties_of(worked(1), {"C": True, "D": False, "A": False})
    assert live["B"] == "must.dealer_one_in"


def test_double_pot_two_went_in_dealer_may_pass():
    assert duties_of(worked(1), {"C": True, "D": True, "A": False})["B"] is None


def test_rounce_always_double_rh_must_play_or_concede():
    # Rounce's first deal: empty pot, but passing is allowed with the limits.
    live = duties_of(session_of("rounce", "ABCD"), {"B": False, "C": False})
    assert live["D"] == "must.rh_or_concede"
    assert live["B"] is None


def test_single_pot_everyone_must_play_live():
    live = duties_of(session_of("english", "ABCD"), {"B": False})
    assert live == dict.fromkeys("BCDA", "must.single_pot")


def test_general_rams_forces_everyone():
    session = worked(1)
    found = duties(session.table, session.state, Bidding({"C": False}, general="D"))
    assert {p: m.key for p, m in found.items() if m} == dict.fromkeys("CDAB", "must.general")
    assert found["C"].params == {"declarer": "D"}


def test_widow_taker_must_play():
    assert duties_of(worked(1), {}, widow="C")["C"] == "must.widow"


def test_counters_all_pass_up_to_rh_rh_and_dealer_must_play():
    # A deals, order B C D A, RH D.
    live = duties_of(session_of("counters", "ABCD"), {"B": False, "C": False})
    assert live["D"] == "must.two_play"
    assert live["A"] == "must.two_play"


def test_counters_one_went_in_dealer_must_play():
    live = duties_of(session_of("counters", "ABCD"), {"B": True, "C": False, "D": False})
    assert live["D"] is None
    assert live["A"] == "must.two_play"


def test_counters_two_went_in_dealer_may_pass():
    live = duties_of(session_of("counters", "ABCD"), {"B": True, "C": True, "D": False})
    assert live["A"] is None


def test_mattmar_everyone_before_dealer_passed_dealer_takes_all():
    live = duties_of(session_of("mattmar", "ABC"), {"B": False, "C": False})
    assert live["A"] == "duty.takes_all"  # five tricks without play: tests/test_duties.py


# --- the pot as the table sees it (issue 63: "Pott: 0" before the ante beside Mattmar's
# "Pot: 3 with the stakes of game 1") ---------------------------------------------------


def test_the_pot_a_deal_is_played_for_holds_the_dealers_ante():
    # RULES.md's worked example: deal 1 is a single pot, empty before the ante: the deal is
    # played for 5 (a trick pays 1). After deal 6 the pot holds 5 and deal 7 is played for 10.
    first = guide_of(worked(0))
    assert (first.pot, first.pot_in_play, first.pot_holds, first.trick_share) == (0, 5, "ante", 1)
    seventh = guide_of(worked(6))
    assert (seventh.pot, seventh.pot_in_play, seventh.trick_share) == (5, 10, 2)


def test_a_game_for_stakes_counts_the_stakes_its_first_deal_books_and_no_more_after():
    # Mattmar for stakes of 1, A B C: game 1's first deal books 3 stakes; after it, the pot
    # holds them (and A's flight, 1 more): 4, as it is.
    session = session_of("mattmar", "ABC", options={"money": True})
    assert (guide_of(session).pot_in_play, guide_of(session).pot_holds) == (3, "stakes")
    session = session.record(Deal(tricks={"B": 3, "C": 2, "A": 0}))
    assert (guide_of(session).pot_in_play, guide_of(session).pot_holds) == (4, None)
