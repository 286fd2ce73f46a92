"""RULES.md, "Family 1: pot games" (presets english, denexa, rounce, pool) and "Common terms".

One test per rule or decision, named after it. Every figure is worked out by hand from
RULES.md; the arithmetic is in the comment beside it. Unit value "1", so one unit is 100
minor units; ``units()`` and ``pot()`` give whole units.

Unless a test says otherwise: players A, B, C, D in order of play, A deals first. When A
deals, B is forehand, D is the RH; when B deals, the order is C, D, A (RH), B (dealer).
"""

from __future__ import annotations

import pytest

from scorekeeper.core import (
    POT,
    Bidding,
    Deal,
    Payment,
    RuleError,
    Session,
    close,
    duties,
    guide,
)
from scorekeeper.i18n import describe
from tests.conftest import pot, refusal, session_of, units

PLAYERS = ("A", "B", "C", "D")
POT_GAMES = ["english", "denexa", "rounce", "pool"]
WITH_GENERAL_RAMS = ["english", "denexa", "pool"]
WITH_SINGLE_POT = ["english", "denexa", "pool"]

# Deal 1, dealt by A, valid in every pot preset: everyone plays, B 2 tricks, C 3, A and D fly.
# Ante: pot 0 + 5 = 5, share 5 ÷ 5 = 1 (pool: 1 a trick anyway).
# B +2, C +3 → pot 0; flights A and D pay 5 each → pot 10.
# A: −5 ante −5 flight = −10; B +2; C +3; D −5.
FIRST = Deal(tricks={"B": 2, "C": 3, "A": 0, "D": 0})
AFTER_FIRST = {"A": -10, "B": 2, "C": 3, "D": -5}


def after_first(variant: str = "english", **options: object) -> Session:
    """Deal 1 played; the pot holds 10, so deal 2 (dealer B) is a double pot."""
    return session_of(variant, PLAYERS, [FIRST], options=options or None)


def paid(session: Session) -> list[tuple[str, str, int, str]]:
    """The last deal's payments as (payer, payee, units, rule), sorted; "" is the pot."""
    per_unit = session.table.money.minor_per_unit
    rows = []
    for entry in session.steps[-1].entries:
        assert isinstance(entry, Payment)
        assert entry.minor % per_unit == 0
        rows.append((entry.payer, entry.payee, entry.minor // per_unit, entry.reason.key))
    return sorted(rows)


def refused(session: Session, deal: Deal) -> RuleError:
    with pytest.raises(RuleError) as caught:
        session.record(deal)
    return caught.value


def key(message: object) -> str | None:
    return None if message is None else message.key  # type: ignore[attr-defined]


# --- Common terms -------------------------------------------------------------------------


def test_deal_passes_to_the_next_player_after_every_deal_including_misdeal_and_concession():
    # Deal 1 A (played), deal 2 B (misdeal), deal 3 C (conceded: D, A pass, B the RH concedes),
    # so deal 4 is D's and deal 5 wraps round to A.
    session = after_first().record(Deal(misdeal=True))
    session = session.record(Deal(passed=("D", "A"), conceded=True))
    assert [deal.dealer for deal in session.deals] == ["A", "B", "C"]
    assert session.state.dealer == "D"
    # D deals: pot 10 + 5 (misdeal ante) + 5 = 20, share 4; A, B, C play, A takes all five.
    session = session.record(Deal(dealer="D", tricks={"A": 5, "B": 0, "C": 0}))
    assert session.state.dealer == "A"


def test_an_active_player_left_out_of_tricks_took_none_and_is_a_flight():
    # FIRST without A and D listed: same figures, A and D fly.
    session = session_of("english", PLAYERS, [Deal(tricks={"B": 2, "C": 3})])
    assert units(session) == AFTER_FIRST
    assert pot(session) == 10
    assert session.state.flights == {"A": 1, "B": 0, "C": 0, "D": 1}


def test_a_player_who_passes_is_not_active_and_not_a_flight():
    # Deal 2, B deals, pot 10 + 5 = 15, share 3: C passes, D 2, A 3, B flies.
    # C pays nothing and takes nothing: C stays at 3, no flight for C.
    session = after_first().record(Deal(passed=("C",), tricks={"D": 2, "A": 3}))
    assert units(session)["C"] == 3
    assert session.state.flights["C"] == 0
    assert session.state.flights["B"] == 1


# --- 1. The ante --------------------------------------------------------------------------


@pytest.mark.parametrize("variant", POT_GAMES)
def test_dealer_antes_five_into_an_empty_pot(variant):
    session = session_of(variant, PLAYERS)
    session = session.record(Deal(misdeal=True))  # only the ante moves in a misdeal
    assert paid(session)[0][:3] == ("A", POT, 5)
    assert paid(session)[0][3].startswith("ledger.ante")
    assert pot(session) == 5


@pytest.mark.parametrize("variant", POT_GAMES)
def test_dealer_antes_five_even_into_a_pot_that_is_not_empty(variant):
    # Pot 10 after deal 1; B deals deal 2 and antes 5 → 15. C, D pass, A (RH) concedes,
    # so nothing else touches the pot: it holds 15.
    session = after_first(variant).record(Deal(passed=("C", "D"), conceded=True))
    antes = [row for row in paid(session) if row[3].startswith("ledger.ante")]
    assert [row[:3] for row in antes] == [("B", POT, 5)]
    assert pot(session) == 15


# --- 2. Single pot and double pot ---------------------------------------------------------


@pytest.mark.parametrize("variant", WITH_SINGLE_POT)
def test_single_pot_refuses_a_pass(variant):
    # Empty pot before the ante: everyone must play; C passing is refused.
    error = refused(session_of(variant, PLAYERS), Deal(passed=("C",), tricks={"B": 2, "D": 3}))
    assert error.message.key == "refused.single_pot"
    assert error.deal == 1
    assert error.message.params["player"] == "C"


def test_single_pot_is_any_deal_whose_pot_was_empty_before_the_ante():
    # Deal 1 (A): B declares General Rams and takes all five: takes the pot (5), A, C, D pay
    # B 5 each → pot 0. Deal 2 (B) is a single pot again: C's pass is refused.
    session = session_of("english", PLAYERS, [Deal(general="B", tricks={"B": 5})])
    assert pot(session) == 0
    assert guide(session.table, session.state).single_pot is True
    error = refused(session, Deal(passed=("C",), tricks={"D": 2, "A": 3, "B": 0}))
    assert error.message.key == "refused.single_pot"
    assert error.deal == 2


@pytest.mark.parametrize(("variant", "players", "deal"), [
    ("english", ("A", "B", "C"), Deal(passed=("B",), conceded=True)),
    # Two players: A deals, B is forehand and RH with nobody before; conceding is still
    # not playing, and in a single pot everyone must play.
    ("pool", ("A", "B"), Deal(conceded=True)),
    ("pool", ("A", "B"), Deal(passed=("B",), conceded=True)),
])
def test_single_pot_refuses_a_concession(variant, players, deal):
    session = session_of(variant, players)
    error = refused(session, deal)
    assert error.deal == 1
    assert session.steps == ()


@pytest.mark.parametrize("variant", POT_GAMES)
def test_double_pot_lets_players_pass(variant):
    # Pot 10 before the ante: double pot. C passes; D 2, A 3, B plays and flies.
    session = after_first(variant)
    if variant != "rounce":
        assert guide(session.table, session.state).single_pot is False
    session = session.record(Deal(passed=("C",), tricks={"D": 2, "A": 3, "B": 0}))
    assert session.deals[-1].passed == ("C",)


@pytest.mark.parametrize("variant", POT_GAMES)
def test_rh_must_play_or_concede_when_everyone_before_passed(variant):
    # Deal 2 (B): C and D pass, so A (RH) may not pass as well.
    session = after_first(variant)
    speaking = duties(session.table, session.state, Bidding({"C": False, "D": False}))
    assert key(speaking["A"]) == "must.rh_or_concede"
    error = refused(session, Deal(passed=("C", "D", "A"), tricks={"B": 5}))
    assert error.message.key == "refused.rh_or_concede"
    assert error.message.params["player"] == "A"
    assert error.deal == 2


@pytest.mark.parametrize("variant", POT_GAMES)
def test_rh_may_pass_when_someone_before_went_in(variant):
    # Deal 2 (B): C goes in, D passes, A (RH) passes, B (dealer) must then play (one in).
    # Pot 15, share 3: C 4 → +12, B 1 → +3.
    session = after_first(variant).record(Deal(passed=("D", "A"), tricks={"C": 4, "B": 1}))
    if variant == "pool":
        # pool: 1 a trick. C +4, B +1 − 5 ante; pot 15 − 5 = 10.
        assert units(session) == {"A": -10, "B": -2, "C": 7, "D": -5}
        assert pot(session) == 10
    else:
        # C 3 + 12 = 15; B 2 − 5 + 3 = 0; pot 15 − 15 = 0.
        assert units(session) == {"A": -10, "B": 0, "C": 15, "D": -5}
        assert pot(session) == 0


@pytest.mark.parametrize("variant", POT_GAMES)
def test_dealer_must_play_when_exactly_one_went_in(variant):
    session = after_first(variant)
    speaking = duties(session.table, session.state, Bidding({"C": True, "D": False, "A": False}))
    assert key(speaking["B"]) == "must.dealer_one_in"
    # C went in, D and A passed, B (dealer) passes too: refused.
    error = refused(session, Deal(passed=("D", "A", "B"), tricks={"C": 5}))
    assert error.message.key == "refused.dealer_one_in"
    assert error.message.params["player"] == "B"
    # Only the RH went in (C, D passed): the dealer must play as well.
    error = refused(session, Deal(passed=("C", "D", "B"), tricks={"A": 5}))
    assert error.message.key == "refused.dealer_one_in"


@pytest.mark.parametrize("variant", POT_GAMES)
def test_dealer_may_pass_when_two_went_in(variant):
    session = after_first(variant)
    speaking = duties(session.table, session.state, Bidding({"C": False, "D": True, "A": True}))
    assert speaking["B"] is None
    # C and B pass; D 2, A 3. Pot 10 + 5 = 15.
    session = session.record(Deal(passed=("C", "B"), tricks={"D": 2, "A": 3}))
    if variant == "pool":
        # 1 a trick: D −5 + 2 = −3, A −10 + 3 = −7, B 2 − 5 = −3; pot 15 − 5 = 10.
        assert units(session) == {"A": -7, "B": -3, "C": 3, "D": -3}
        assert pot(session) == 10
    else:
        # share 3: D −5 + 6 = 1, A −10 + 9 = −1, B 2 − 5 = −3; pot 15 − 15 = 0.
        assert units(session) == {"A": -1, "B": -3, "C": 3, "D": 1}
        assert pot(session) == 0


@pytest.mark.parametrize("variant", POT_GAMES)
def test_conceding_pays_rh_to_dealer_five_and_the_pot_stays(variant):
    # Deal 2 (B): C, D pass, A (RH) concedes: A pays B 5; B's ante stays, pot 10 + 5 = 15.
    # A −10 − 5 = −15; B 2 − 5 + 5 = 2; C 3; D −5. Nothing else is paid.
    session = after_first(variant).record(Deal(passed=("C", "D"), conceded=True))
    assert units(session) == {"A": -15, "B": 2, "C": 3, "D": -5}
    assert pot(session) == 15
    rows = paid(session)
    assert [row[:3] for row in rows] == [("A", "B", 5), ("B", POT, 5)]
    assert rows[0][3] == "ledger.conceded"
    assert rows[1][3].startswith("ledger.ante")
    assert session.state.flights == {"A": 1, "B": 0, "C": 0, "D": 1}  # unchanged by deal 2
    # The deal passes on to C, and the pot of 15 is there for deal 3.
    assert session.state.dealer == "C"
    if variant != "pool":
        # Deal 3: 15 + 5 = 20, share 20 ÷ 5 = 4.
        assert guide(session.table, session.state).trick_share == 4


def test_denexa_everyone_but_the_dealer_passes_and_the_rh_pays_the_dealer_five():
    # denexa's wording, same outcome: C, D and A (the RH, listed too) pass, A pays B 5.
    session = after_first("denexa").record(Deal(passed=("C", "D", "A"), conceded=True))
    assert units(session) == {"A": -15, "B": 2, "C": 3, "D": -5}
    assert pot(session) == 15


def test_concede_pass_list_holds_everyone_before_the_rh_and_may_list_the_rh():
    # Decision: both ways of writing the concession record the same deal.
    without_rh = after_first().record(Deal(passed=("C", "D"), conceded=True))
    with_rh = after_first().record(Deal(passed=("C", "D", "A"), conceded=True))
    assert paid(without_rh) == paid(with_rh)
    assert units(without_rh) == units(with_rh) == {"A": -15, "B": 2, "C": 3, "D": -5}


@pytest.mark.parametrize("passed", [(), ("C",), ("D",), ("D", "A")])
def test_concede_refused_unless_everyone_before_the_rh_passed(passed):
    error = refused(after_first(), Deal(passed=passed, conceded=True))
    assert error.message.key == "deal.concede_needs_passes"
    assert error.deal == 2


@pytest.mark.parametrize("deal", [
    Deal(passed=("C", "D"), conceded=True, tricks={"B": 5}),
    Deal(passed=("C", "D"), conceded=True, widow="B"),
    Deal(passed=("C", "D"), conceded=True, fouls=("B",)),
])
def test_a_conceded_deal_ends_there_and_records_no_play(deal):
    error = refused(after_first(), deal)
    assert error.message.key == "deal.concede_not_played"


def test_rounce_has_no_single_pot_so_first_deal_may_pass():
    # rounce, deal 1 (A), pot empty: C passes anyway. B 2, D 3, A plays and flies.
    # Ante: pot 5, share 1: B +2, D +3 → pot 0; A's flight 5 → pot 5. A −5 − 5 = −10.
    session = session_of("rounce", PLAYERS)
    assert guide(session.table, session.state).single_pot is None
    session = session.record(Deal(passed=("C",), tricks={"B": 2, "D": 3, "A": 0}))
    assert units(session) == {"A": -10, "B": 2, "C": 0, "D": 3}
    assert pot(session) == 5


def test_rounce_keeps_the_rh_and_dealer_limits_on_the_first_deal():
    session = session_of("rounce", PLAYERS)
    # B, C pass: D (RH) must play or concede.
    error = refused(session, Deal(passed=("B", "C", "D"), tricks={"A": 5}))
    assert error.message.key == "refused.rh_or_concede"
    # B, C pass, D plays: A (dealer) must play.
    error = refused(session, Deal(passed=("B", "C", "A"), tricks={"D": 5}))
    assert error.message.key == "refused.dealer_one_in"
    # B, C pass, D concedes: D pays A 5; A's ante makes the pot 5.
    session = session.record(Deal(passed=("B", "C"), conceded=True))
    assert units(session) == {"A": 0, "B": 0, "C": 0, "D": -5}
    assert pot(session) == 5


# --- 3. Six players (english) -------------------------------------------------------------

SIX = ("A", "B", "C", "D", "E", "F")


def six_after_first() -> Session:
    # A deals and sits out: B, C, D, E, F play (F is the RH). Single pot: ante 5, share 1.
    # B +2, C +3 → pot 0; D, E, F fly: pot 15. A −5 (the ante only).
    return session_of("english", SIX, [Deal(tricks={"B": 2, "C": 3})])


def test_six_players_english_dealer_antes_and_sits_out():
    start = session_of("english", SIX)
    seats = guide(start.table, start.state).seats
    assert seats.sitting_out == ("A",)
    assert seats.order == ("B", "C", "D", "E", "F")
    session = six_after_first()
    assert units(session) == {"A": -5, "B": 2, "C": 3, "D": -5, "E": -5, "F": -5}
    assert pot(session) == 15
    assert session.state.flights["A"] == 0  # sitting out is not flying
    assert session.state.dealer == "B"


def test_six_players_the_dealer_who_sits_out_cannot_be_named_in_the_deal():
    error = refused(session_of("english", SIX), Deal(tricks={"A": 1, "B": 1, "C": 3}))
    assert error.message.key == "deal.sitting_out"
    assert error.message.params["player"] == "A"


def test_five_english_players_dealer_plays():
    # Five players: nobody sits out; A deals and plays. Single pot 5, share 1: E takes all
    # five (+5); A, B, C, D fly (4 × 5 = 20 into the pot). A −5 − 5 = −10.
    session = session_of("english", SIX[:5], [Deal(tricks={"E": 5})])
    assert units(session) == {"A": -10, "B": -5, "C": -5, "D": -5, "E": 5}
    assert pot(session) == 20


def test_six_players_rh_must_concede_when_everyone_before_passed():
    # Decision. Deal 2: B deals and sits out; C, D, E, F pass; A is the RH.
    session = six_after_first()
    speaking = duties(session.table, session.state,
                      Bidding({"C": False, "D": False, "E": False, "F": False}))
    assert key(speaking["A"]) == "must.rh_concede"
    error = refused(session, Deal(passed=("C", "D", "E", "F", "A"), tricks={}))
    assert error.message.key == "refused.rh_concede"
    # A concedes: A pays B (the dealer sitting out) 5; B's ante: pot 15 + 5 = 20.
    # A −5 − 5 = −10; B 2 − 5 + 5 = 2.
    session = session.record(Deal(passed=("C", "D", "E", "F"), conceded=True))
    assert units(session) == {"A": -10, "B": 2, "C": 3, "D": -5, "E": -5, "F": -5}
    assert pot(session) == 20


def test_six_players_rh_cannot_play_alone_when_everyone_before_passed():
    # Decision: the RH must concede; playing alone (taking all five tricks) is refused.
    session = six_after_first()
    error = refused(session, Deal(passed=("C", "D", "E", "F"), tricks={"A": 5}))
    assert error.deal == 2


# --- 4. Trick shares and flights ----------------------------------------------------------


@pytest.mark.parametrize("variant", ["english", "denexa", "rounce"])
def test_each_trick_pays_a_fifth_of_the_pot(variant):
    # Deal 2 (B): pot 10 + 5 = 15, share 3. C passes; D 1 → +3, A 4 → +12, B flies (5).
    # Pot 15 − 15 + 5 = 5. A −10 + 12 = 2; B 2 − 5 − 5 = −8; C 3; D −5 + 3 = −2.
    session = after_first(variant).record(Deal(passed=("C",), tricks={"D": 1, "A": 4, "B": 0}))
    assert units(session) == {"A": 2, "B": -8, "C": 3, "D": -2}
    assert pot(session) == 5
    shares = [row[:3] for row in paid(session) if row[3] == "ledger.trick_share"]
    assert shares == [(POT, "A", 12), (POT, "D", 3)]


def test_pool_each_trick_pays_exactly_one_unit():
    # Deal 2 (B): pot 15, but a trick pays 1: D +1, A +4; B flies (5). Pot 15 − 5 + 5 = 15.
    # A −10 + 4 = −6; B 2 − 5 − 5 = −8; C 3; D −5 + 1 = −4.
    session = after_first("pool")
    assert guide(session.table, session.state).trick_share == 1
    session = session.record(Deal(passed=("C",), tricks={"D": 1, "A": 4, "B": 0}))
    assert units(session) == {"A": -6, "B": -8, "C": 3, "D": -4}
    assert pot(session) == 15


@pytest.mark.parametrize("variant", POT_GAMES)
def test_flights_pay_five_after_the_split(variant):
    # Deal 1: the share is 5 ÷ 5 = 1, not (5 + 10) ÷ 5 = 3: the flights' 10 wait in the pot.
    session = after_first(variant)
    assert units(session) == AFTER_FIRST
    assert pot(session) == 10
    rows = paid(session)
    assert (POT, "B", 2, "ledger.trick_share") in rows
    assert (POT, "C", 3, "ledger.trick_share") in rows
    assert ("A", POT, 5, "ledger.flight") in rows
    assert ("D", POT, 5, "ledger.flight") in rows
    reasons = [entry.reason.key for entry in session.steps[-1].entries]
    assert max(i for i, k in enumerate(reasons) if k == "ledger.trick_share") < min(
        i for i, k in enumerate(reasons) if k == "ledger.flight")
    assert session.state.flights == {"A": 1, "B": 0, "C": 0, "D": 1}


@pytest.mark.parametrize("tricks", [
    {"B": 2, "C": 2},  # 4
    {"B": 2, "C": 3, "D": 1},  # 6
    {},  # 0
])
def test_tricks_must_add_up_to_five(tricks):
    error = refused(session_of("english", PLAYERS), Deal(tricks=tricks))
    assert error.message.key == "deal.tricks_total"


@pytest.mark.parametrize("count", [-1, 6, 2.5, True, "2"])
def test_tricks_are_whole_numbers_from_zero_to_five(count):
    error = refused(session_of("english", PLAYERS), Deal(tricks={"B": count, "C": 3}))
    assert error.message.key == "deal.tricks_range"


def test_tricks_only_for_active_players():
    # Deal 2 (B): C passed, so C cannot have taken a trick.
    error = refused(after_first(), Deal(passed=("C",), tricks={"C": 1, "D": 1, "A": 3}))
    assert error.message.key == "deal.tricks_not_active"
    assert error.message.params["player"] == "C"


# --- 5. General Rams ----------------------------------------------------------------------


@pytest.mark.parametrize("variant", WITH_GENERAL_RAMS)
def test_general_rams_won_takes_the_whole_pot_and_five_from_every_other_player(variant):
    # Deal 2 (B): pot 10 + 5 = 15. C declares and takes all five: C takes 15, and A, B, D
    # pay C 5 each: C 3 + 15 + 15 = 33; A −10 − 5 = −15; B 2 − 5 − 5 = −8; D −5 − 5 = −10.
    session = after_first(variant).record(Deal(general="C", tricks={"C": 5}))
    assert units(session) == {"A": -15, "B": -8, "C": 33, "D": -10}
    assert pot(session) == 0
    assert paid(session) == sorted([
        ("B", POT, 5, "ledger.ante_double"),
        (POT, "C", 15, "ledger.general_won_pot"),
        ("A", "C", 5, "ledger.general_won_pays"),
        ("B", "C", 5, "ledger.general_won_pays"),
        ("D", "C", 5, "ledger.general_won_pays"),
    ])
    assert session.state.flights == {"A": 1, "B": 0, "C": 0, "D": 1}  # no flights in deal 2


@pytest.mark.parametrize("variant", WITH_GENERAL_RAMS)
def test_general_rams_lost_doubles_the_pot_and_pays_five_to_every_other_player(variant):
    # Deal 2 (B): pot 15. C declares, takes tricks 1 and 2, D takes trick 3: play stops.
    # C pays 15 into the pot (→ 30) and 5 to each of A, B, D. No trick shares, no flights.
    # C 3 − 15 − 15 = −27; A −10 + 5 = −5; B 2 − 5 + 5 = 2; D −5 + 5 = 0.
    session = after_first(variant).record(Deal(general="C", tricks={"C": 2, "D": 1}))
    assert units(session) == {"A": -5, "B": 2, "C": -27, "D": 0}
    assert pot(session) == 30
    assert paid(session) == sorted([
        ("B", POT, 5, "ledger.ante_double"),
        ("C", POT, 15, "ledger.general_lost_pot"),
        ("C", "A", 5, "ledger.general_lost_pays"),
        ("C", "B", 5, "ledger.general_lost_pays"),
        ("C", "D", 5, "ledger.general_lost_pays"),
    ])
    assert session.state.flights == {"A": 1, "B": 0, "C": 0, "D": 1}  # no flights in deal 2


@pytest.mark.parametrize("passed", [("D",), ("B",), ("C",)])
def test_general_rams_forces_everyone_in(passed):
    # Deal 2 is a double pot, but C's General Rams makes everyone play.
    session = after_first()
    speaking = duties(session.table, session.state, Bidding({}, general="C"))
    assert {p: key(m) for p, m in speaking.items()} == dict.fromkeys(PLAYERS, "must.general")
    error = refused(session, Deal(passed=passed, general="C", tricks={"C": 5}))
    assert error.message.key == "refused.general"


@pytest.mark.parametrize("tricks", [
    {"C": 3},  # neither five for C nor the trick that beat C
    {"C": 2, "D": 1, "A": 1},  # play stops at the first trick C loses
    {"C": 1, "D": 2},
    {"C": 4, "D": 0},
])
def test_general_rams_records_the_declarers_tricks_and_only_the_trick_that_beat_them(tricks):
    # Decision: won = declarer 5; lost = declarer's tricks and one other player with 1.
    error = refused(after_first(), Deal(general="C", tricks=tricks))
    assert error.message.key == "deal.general_stops"


def test_general_rams_may_be_lost_on_the_first_trick():
    # Pot 15: C loses trick 1 to A. C pays 15 into the pot and 5 to each: C 3 − 30 = −27.
    session = after_first().record(Deal(general="C", tricks={"A": 1}))
    assert units(session) == {"A": -5, "B": 2, "C": -27, "D": 0}
    assert pot(session) == 30


def test_rounce_refuses_general_rams():
    session = session_of("rounce", PLAYERS)
    assert guide(session.table, session.state).general_rams is False
    error = refused(session, Deal(general="B", tricks={"B": 5}))
    assert error.message.key == "deal.no_general"


@pytest.mark.parametrize("variant", WITH_GENERAL_RAMS)
def test_general_rams_declarer_leads_the_first_trick(variant):
    # Not settlement: the deal assistant reminds the table.
    session = session_of(variant, PLAYERS)
    shown = guide(session.table, session.state)
    assert shown.general_rams is True
    assert "remind.general_rams" in [note.key for note in shown.reminders]


# --- 6. Fouls (english) -------------------------------------------------------------------


def test_foul_forfeits_the_share_and_pays_five_and_the_share_stays_in_the_pot():
    # Deal 2 (B): pot 15, share 3. C passes; D 1 → +3; A 4 but fouled: no share (12 stays),
    # A pays 5; B flies (5). Pot 15 − 3 + 5 + 5 = 22.
    # A −10 − 5 = −15; B 2 − 5 − 5 = −8; C 3; D −5 + 3 = −2.
    session = after_first().record(
        Deal(passed=("C",), tricks={"D": 1, "A": 4, "B": 0}, fouls=("A",)))
    assert units(session) == {"A": -15, "B": -8, "C": 3, "D": -2}
    assert pot(session) == 22
    assert ("A", POT, 5, "ledger.foul_no_share") in paid(session)
    assert session.state.flights["A"] == 1  # A took tricks: no new flight (1 from deal 1)


def test_foul_forfeited_shares_go_to_the_named_player():
    # As above, the 12 A forfeited go to D: D −5 + 3 + 12 = 10; pot 15 − 15 + 5 + 5 = 10.
    session = after_first().record(
        Deal(passed=("C",), tricks={"D": 1, "A": 4, "B": 0}, fouls=("A",), forfeit_to="D"))
    assert units(session) == {"A": -15, "B": -8, "C": 3, "D": 10}
    assert pot(session) == 10
    assert (POT, "D", 12, "ledger.forfeit") in paid(session)


def test_fouler_without_tricks_is_also_a_flight():
    # Deal 2 (B): pot 15, share 3. C passes; D 1 → +3, A 4 → +12; B took none and fouled:
    # foul 5 + flight 5 + ante 5. B 2 − 15 = −13; pot 15 − 15 + 10 = 10.
    session = after_first().record(
        Deal(passed=("C",), tricks={"D": 1, "A": 4, "B": 0}, fouls=("B",)))
    assert units(session) == {"A": 2, "B": -13, "C": 3, "D": -2}
    assert pot(session) == 10
    assert ("B", POT, 5, "ledger.foul") in paid(session)
    assert ("B", POT, 5, "ledger.flight") in paid(session)
    assert session.state.flights["B"] == 1


@pytest.mark.parametrize("variant", ["denexa", "rounce", "pool"])
@pytest.mark.parametrize("extra", [{"fouls": ("B",)}, {"fouls": ("C",), "forfeit_to": "B"}])
def test_fouls_only_in_english(variant, extra):
    error = refused(session_of(variant, PLAYERS), Deal(tricks={"B": 2, "C": 3}, **extra))
    assert error.message.key == "deal.no_fouls"


@pytest.mark.parametrize(("tricks", "figures", "pot_after"), [
    # won: C takes the pot of 15 and 5 from A, B, D: C 3 + 30 = 33; D fouled: −5 − 5 − 5 = −15;
    # A −10 − 5 = −15; B 2 − 5 − 5 = −8; the pot keeps D's 5 for the next deal.
    ({"C": 5}, {"A": -15, "B": -8, "C": 33, "D": -15}, 5),
    # lost (C 2, then A 1): C doubles the pot of 15 (foul money is for the next deal) and pays
    # 5 each: C 3 − 30 = −27; A −10 + 5 = −5; B 2 − 5 + 5 = 2; D −5 + 5 − 5 = −5;
    # pot 15 + 15 + 5 = 35.
    ({"C": 2, "A": 1}, {"A": -5, "B": 2, "C": -27, "D": -5}, 35),
])
def test_fouls_in_a_general_rams_deal_still_pay_five_into_the_pot(tricks, figures, pot_after):
    session = after_first().record(Deal(general="C", tricks=tricks, fouls=("D",)))
    assert units(session) == figures
    assert pot(session) == pot_after
    assert session.state.flights["D"] == 1  # not a flight in deal 2 (1 from deal 1)


def test_forfeited_shares_need_a_foul_outside_general_rams():
    error = refused(after_first(), Deal(tricks={"C": 5}, forfeit_to="C"))
    assert error.message.key == "deal.forfeit_without_foul"
    error = refused(after_first(), Deal(general="C", tricks={"C": 5}, fouls=("D",),
                                        forfeit_to="A"))
    assert error.message.key == "deal.forfeit_without_foul"


@pytest.mark.parametrize("receiver", ["C", "A"])
def test_forfeited_shares_go_to_an_active_player_who_did_not_foul(receiver):
    # C passed; A is the offender.
    error = refused(after_first(), Deal(passed=("C",), tricks={"D": 1, "A": 4},
                                        fouls=("A",), forfeit_to=receiver))
    assert error.message.key == "deal.forfeit_to_not_active"


def test_only_an_active_player_can_foul():
    error = refused(after_first(), Deal(passed=("C",), tricks={"D": 1, "A": 4}, fouls=("C",)))
    assert error.message.key == "deal.foul_not_active"


# --- 7. Misdeal ---------------------------------------------------------------------------


@pytest.mark.parametrize("variant", POT_GAMES)
def test_misdeal_keeps_the_ante_and_passes_the_deal(variant):
    # A misdeals: A's ante of 5 stays in the pot, B deals next. The pot was empty before the
    # ante but holds 5 now, so deal 2 is a double pot: C may pass.
    session = session_of(variant, PLAYERS).record(Deal(misdeal=True))
    assert paid(session) == [("A", POT, 5, "ledger.ante_misdeal")]
    assert units(session) == {"A": -5, "B": 0, "C": 0, "D": 0}
    assert pot(session) == 5
    assert session.state.dealer == "B"
    # Deal 2 (B): pot 5 + 5 = 10, share 2. C passes; D 2 → +4, A 3 → +6; B flies.
    # Pool: 1 a trick, D +2, A +3.
    session = session.record(Deal(passed=("C",), tricks={"D": 2, "A": 3, "B": 0}))
    if variant == "pool":
        assert units(session) == {"A": -2, "B": -10, "C": 0, "D": 2}
    else:
        assert units(session) == {"A": 1, "B": -10, "C": 0, "D": 4}


def test_a_misdeal_records_nothing_else():
    error = refused(session_of("english", PLAYERS), Deal(misdeal=True, tricks={"B": 5}))
    assert error.message.key == "deal.misdeal_alone"


# --- Widow --------------------------------------------------------------------------------


def test_widow_taker_must_play_and_may_not_pass():
    # Double pot (deal 2), where C could otherwise pass.
    session = after_first()
    speaking = duties(session.table, session.state, Bidding({}, widow="C"))
    assert key(speaking["C"]) == "must.widow"
    error = refused(session, Deal(passed=("C",), widow="C", tricks={"D": 2, "A": 3}))
    assert error.message.key == "refused.widow"
    # C takes the widow and plays: accepted.
    session.record(Deal(passed=("D",), widow="C", tricks={"C": 2, "A": 3, "B": 0}))


# --- Names and the dealer -----------------------------------------------------------------


def test_names_are_matched_trimmed_and_in_any_case():
    session = session_of("english", PLAYERS, [Deal(dealer=" a ", tricks={" b": 2, "c ": 3})])
    assert units(session) == AFTER_FIRST
    assert session.deals[0].tricks == {"B": 2, "C": 3}


@pytest.mark.parametrize("deal", [
    Deal(tricks={"B": 2, "Zed": 3}),
    Deal(passed=("Zed",), tricks={"B": 5}),
    Deal(general="Zed", tricks={"B": 5}),
    Deal(widow="Zed", tricks={"B": 5}),
    Deal(dealer="Zed", tricks={"B": 5}),
])
def test_unknown_player_is_refused(deal):
    error = refused(after_first(), deal)
    assert error.message.key == "deal.unknown_player"
    assert error.message.params["player"] == "Zed"


@pytest.mark.parametrize("deal", [
    Deal(passed=("C", "c"), tricks={"D": 2, "A": 3}),
    Deal(tricks={"C": 2, "c": 3}),
    Deal(tricks={"C": 2, "D": 3}, fouls=("D", "D")),
])
def test_player_listed_twice_is_refused(deal):
    error = refused(after_first(), deal)
    assert error.message.key == "deal.listed_twice"


def test_wrong_dealer_in_the_dealer_field_is_refused():
    # Deal 2 is B's deal.
    error = refused(after_first(), Deal(dealer="C", tricks={"D": 2, "A": 3}))
    assert error.message.key == "deal.wrong_dealer"
    assert error.message.params["dealer"] == "B"
    assert after_first().record(Deal(dealer="B", tricks={"D": 2, "A": 3})).deals[-1].dealer == "B"


# --- A refused deal changes nothing -------------------------------------------------------


def test_a_refused_deal_changes_nothing():
    session = after_first()
    steps, state = session.steps, session.state
    error = refused(session, Deal(passed=("C", "D", "A"), tricks={"B": 5}))
    assert error.deal == 2
    assert session.steps is steps
    assert session.state is state
    assert units(session) == AFTER_FIRST
    assert pot(session) == 10
    assert session.state.dealer == "B"
    # A valid deal 2 still records: pot 15, share 3, C passes, D 1, A 4, B flies.
    session = session.record(Deal(passed=("C",), tricks={"D": 1, "A": 4}))
    assert len(session.steps) == 2
    assert units(session) == {"A": 2, "B": -8, "C": 3, "D": -2}


# --- Rounding down ------------------------------------------------------------------------


def test_trick_shares_round_down_and_the_rest_stays_in_the_pot():
    # A pot off a multiple of five arises with the english foul Decision (forfeited shares
    # stay in the pot). In denexa, rounce and pool it cannot arise: every payment into or out
    # of the pot is 5 units or, in a played deal, all five shares (pool: 5 × 1) of a multiple
    # of five, so only english is tested.
    # Deal 2 (B): pot 22 (see the foul test): A −15, B −8, C 3, D −2.
    # Deal 3 (C): 22 + 5 = 27, share 27 ÷ 5 = 5 rest 2. D 2 → +10, A 3 → +15, B and C pass
    # (two went in, so the RH and the dealer may). Pot 27 − 25 = 2.
    # A −15 + 15 = 0; B −8; C 3 − 5 = −2; D −2 + 10 = 8.
    session = after_first().record(
        Deal(passed=("C",), tricks={"D": 1, "A": 4, "B": 0}, fouls=("A",)))
    assert pot(session) == 22
    assert guide(session.table, session.state).trick_share == 5
    session = session.record(Deal(passed=("B", "C"), tricks={"D": 2, "A": 3}))
    assert units(session) == {"A": 0, "B": -8, "C": -2, "D": 8}
    assert pot(session) == 2


# --- 8. End of session --------------------------------------------------------------------


def three_players(**options: object) -> Session:
    # english, A, B, C; A deals: pot 5, share 1. B 3 → +3, C 2 → +2, A flies:
    # A −5 − 5 = −10; pot 0 + 5 = 5.
    return session_of("english", ("A", "B", "C"), [Deal(tricks={"B": 3, "C": 2, "A": 0})],
                      options=options or None)


def test_end_of_session_splits_the_pot_and_the_rest_goes_to_the_next_forehand():
    # Pot 5 among three: 1 each, rest 2. Next deal: dealer B, forehand C, so C and then A
    # get one more. A −10 + 2 = −8; B 3 + 1 = 4; C 2 + 2 = 4.
    session = three_players()
    assert pot(session) == 5
    closing = close(session.table, session.state)
    assert {p: m // 100 for p, m in closing.money.items()} == {"A": -8, "B": 4, "C": 4}
    assert sorted((e.payer, e.payee, e.minor // 100) for e in closing.entries) == [
        (POT, "A", 2), (POT, "B", 1), (POT, "C", 2),
    ]
    assert closing.pot_left == 0
    assert pot(session) == 5  # asking changes nothing


def test_end_of_session_split_after_a_deal_that_left_the_rest_elsewhere():
    # Deal 2 (B): pot 5 + 5 = 10, share 2. C goes in and takes all five → +10; A (RH) may
    # pass since C went in; then one is in, so B (dealer) must play, and flies.
    # B 3 − 5 − 5 = −7; C 2 + 10 = 12; A −10; pot 10 − 10 + 5 = 5.
    # Next deal: dealer C, forehand A: 1 each, rest 2 to A and B.
    # A −10 + 2 = −8; B −7 + 2 = −5; C 12 + 1 = 13.
    session = three_players().record(Deal(passed=("A",), tricks={"C": 5, "B": 0}))
    assert units(session) == {"A": -10, "B": -7, "C": 12}
    closing = close(session.table, session.state)
    assert {p: m // 100 for p, m in closing.money.items()} == {"A": -8, "B": -5, "C": 13}


def test_end_pot_carry_leaves_the_pot_as_a_creditor_in_transfers():
    # "pot left": the 5 stay; A −10, B 3, C 2 and the pot 5 are settled: A pays all three.
    session = three_players(end_pot="carry")
    closing = close(session.table, session.state)
    assert closing.entries == ()
    assert closing.money == {"A": -1000, "B": 300, "C": 200}
    assert closing.pot_left == 500
    assert sorted((t.payer, t.payee, t.minor) for t in closing.transfers) == [
        ("A", POT, 500), ("A", "B", 300), ("A", "C", 200),
    ]


def test_money_past_what_can_be_counted_is_refused_at_its_deal():
    """Bounded integers. In pool every deal the dealer antes 5 and a lost General Rams pays
    the pot into the pot (and 5 to each other player), so the pot after deal n is
    p(n) = 2 (p(n-1) + 5) = 10 (2**n - 1) units. The bound is 10**15 of the smallest coin,
    10**13 units of SEK: p(39) = 5,497,558,138,870 is under it, p(40) = 10,995,116,277,750
    is not. Deal 40 is refused in words, before any figure reaches a database column
    (SQLite's holds 2**63; a file of such deals was an OverflowError at 545 deals)."""
    session = session_of("pool", ["Ann", "Bo", "Cid"], unit="1")
    lost_general = Deal(general="Ann", tricks={"Bo": 1})
    for _ in range(39):
        session = session.record(lost_general)
    assert pot(session) == 10 * (2**39 - 1)
    refused = refusal(session, lost_general)
    assert refused.message.key == "deal.too_much_money"
    assert describe(refused) == "deal 40: the money would grow larger than Scorekeeper can count"
