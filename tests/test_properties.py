"""Properties every legal session must have, for each of the seven presets (RULES.md).

Sessions come from ``tests.strategies.legal_sessions``: random tables and options, deals
drawn one by one from the state they are played in.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.core import (
    POT,
    PRESETS,
    Bidding,
    Deal,
    Family,
    RuleError,
    Session,
    State,
    Table,
    balances_of,
    close,
    duties,
    fewest_transfers,
    guide,
    seating,
)
from scorekeeper.core.text import session_name
from scorekeeper.formats.replay import POT_NAME, replay_report
from scorekeeper.formats.session_file import dump_session, load_session
from tests.strategies import VARIANTS, draw_deal, legal_sessions, score_before

# Two cores: enough examples to walk every rule, few enough for the whole file in under a minute.
SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
each_variant = pytest.mark.parametrize("variant", VARIANTS)


def nonzero(balances: Mapping[str, int]) -> dict[str, int]:
    return {account: amount for account, amount in balances.items() if amount}


def settled(balances: Mapping[str, int], transfers: Sequence) -> dict[str, int]:
    """The balances after the transfers: a payer's debt shrinks, a payee's credit too."""
    after = dict(balances)
    for transfer in transfers:
        assert transfer.payer != transfer.payee
        assert transfer.minor > 0
        after[transfer.payer] += transfer.minor
        after[transfer.payee] -= transfer.minor
    return after


def _partitions(items: list[int]):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for partition in _partitions(rest):
        for i in range(len(partition)):
            yield [*partition[:i], [first, *partition[i]], *partition[i + 1 :]]
        yield [[first], *partition]


def fewest_by_brute_force(balances: Mapping[str, int]) -> int:
    """Every set partition of the non-zero accounts: a settling set of transfers is a graph
    whose connected parts each sum to zero and need (size - 1) transfers at least, so the
    minimum is (non-zero accounts) - (most blocks of a partition into zero-sum blocks)."""
    amounts = [amount for amount in balances.values() if amount]
    blocks = max(
        len(partition)
        for partition in _partitions(amounts)
        if all(sum(block) == 0 for block in partition)
    )
    return len(amounts) - blocks


def accounts_at_close(table: Table, state: State):
    closing = close(table, state)
    accounts = dict(closing.money)
    if closing.pot_left:
        accounts[POT] = closing.pot_left
    return closing, accounts


# --- the ledger -------------------------------------------------------------------------------


@each_variant
@SETTINGS
@given(data=st.data())
def test_players_plus_pot_sum_to_zero_and_balances_follow_the_entries(variant, data):
    session = data.draw(legal_sessions(variant))
    table = session.table
    per_unit = table.money.minor_per_unit
    entries = []
    for step in session.steps:
        entries.extend(step.entries)
        balances = step.state.balances
        assert set(balances) == {*table.players, POT}
        assert sum(balances.values()) == 0
        assert nonzero(balances_of(entries)) == nonzero(balances)
        assert step.state.pot >= 0
        if table.rules.family is Family.POT:
            # everything a pot game moves is whole units (shares are rounded down)
            assert all(amount % per_unit == 0 for amount in balances.values())
    assert nonzero(balances_of(session.entries)) == nonzero(session.state.balances)


@pytest.mark.parametrize("variant", ["mattmar", "counters", "ramsen"])
@SETTINGS
@given(data=st.data())
def test_scores_stay_within_the_rules_bounds(variant, data):
    """mattmar: never above the cap (10), and with ramina never below 0 (play stops the
    moment someone reaches 0); counters: never below 0. A finished game names who won
    (or, counters with last in loses, who lost)."""
    session = data.draw(legal_sessions(variant))
    rules = session.table.rules
    for step in session.steps:
        for game in step.state.games:
            for score in game.scores.values():
                if rules.cap is not None:
                    assert score <= rules.cap
                if rules.ramina or rules.floor is not None:
                    assert score >= 0
            # a shared last place (counters, last in loses) can leave nobody else to win
            assert bool(game.winners or game.losers) == game.finished
            assert set(game.winners) <= set(session.table.players)


# --- settle-up --------------------------------------------------------------------------------


@each_variant
@SETTINGS
@given(data=st.data())
def test_closing_transfers_settle_every_balance_exactly(variant, data):
    session = data.draw(legal_sessions(variant))
    table, state = session.table, session.state
    closing, accounts = accounts_at_close(table, state)
    assert set(closing.money) == set(table.players)
    assert sum(closing.money.values()) + closing.pot_left == 0
    rule = table.rules.end_pot
    if rule == "carry":
        assert closing.pot_left == state.pot
    else:  # split among the players, or given back to those who paid it
        assert closing.pot_left == 0
    if rule == "split" and table.rules.family is Family.POT:
        # equal shares; the indivisible rest one unit each from the next deal's forehand
        per_unit = table.money.minor_per_unit
        each, rest = divmod(state.pot // per_unit, len(table.players))
        seat = table.players.index(seating(table, state).forehand)
        order = table.players[seat:] + table.players[:seat]
        for n, player in enumerate(order):
            share = closing.money[player] - state.balances[player]
            assert share == (each + (n < rest)) * per_unit
    assert set(settled(accounts, closing.transfers).values()) <= {0}


@each_variant
@SETTINGS
@given(data=st.data())
def test_closing_needs_the_fewest_transfers_and_always_the_same(variant, data):
    session = data.draw(legal_sessions(variant))
    table, state = session.table, session.state
    closing, accounts = accounts_at_close(table, state)
    if len(nonzero(accounts)) <= 7:  # brute force: Bell(7) = 877 partitions
        assert len(closing.transfers) == fewest_by_brute_force(accounts)
    else:
        assert len(closing.transfers) <= len(nonzero(accounts)) - 1
    assert close(table, state) == closing
    assert tuple(fewest_transfers(accounts)) == closing.transfers


@st.composite
def zero_sum_balances(draw, max_accounts: int, spread: int) -> dict[str, int]:
    names = draw(st.lists(st.sampled_from("ABCDEFGHIJ"), max_size=max_accounts, unique=True))
    if not names:
        return {}
    amounts = [draw(st.integers(-spread, spread)) for _ in names[1:]]
    balances = dict(zip(names[1:], amounts, strict=True))
    balances[names[0]] = -sum(amounts)
    order = draw(st.permutations(names))
    return {name: balances[name] for name in order}


@settings(max_examples=300, deadline=None)
@given(balances=st.one_of(zero_sum_balances(8, 6), zero_sum_balances(8, 1000)))
def test_fewest_transfers_is_minimal_exact_and_stable(balances):
    transfers = fewest_transfers(balances)
    assert set(settled(balances, transfers).values()) <= {0}
    assert len(transfers) == fewest_by_brute_force(balances)
    assert fewest_transfers(dict(balances)) == transfers


@settings(max_examples=100, deadline=None)
@given(balances=zero_sum_balances(10, 20))
def test_fewest_transfers_settles_ten_accounts(balances):
    transfers = fewest_transfers(balances)
    assert set(settled(balances, transfers).values()) <= {0}
    assert len(transfers) <= max(len(nonzero(balances)) - 1, 0)
    assert fewest_transfers(dict(balances)) == transfers


def test_fewest_transfers_refuses_balances_that_do_not_sum_to_zero():
    with pytest.raises(ValueError, match="sum to zero"):
        fewest_transfers({"A": 1, "B": 0})


# --- the session file -------------------------------------------------------------------------


@each_variant
@SETTINGS
@given(data=st.data(), name=st.text(max_size=20))
def test_the_session_file_replays_to_the_same_session(variant, data, name):
    session = data.draw(legal_sessions(variant))
    text = json.dumps(dump_session(name, session))
    try:
        kept = session_name(name)  # NFC and trimmed, or refused (core/text.py)
    except RuleError:
        with pytest.raises(RuleError):
            load_session(text)
        return
    loaded = load_session(text)
    assert loaded.name == kept
    assert loaded.table == session.table
    replayed = loaded.replay()
    assert replayed.state == session.state
    assert list(replayed.entries) == list(session.entries)
    assert replayed.deals == session.deals
    assert dump_session(name, replayed) == dump_session(name, session)


@each_variant
@SETTINGS
@given(data=st.data())
def test_the_replay_report_settles_its_own_money(variant, data):
    session = data.draw(legal_sessions(variant))
    table, state = session.table, session.state
    report = json.loads(json.dumps(replay_report(session)))
    assert report["deals"] == len(session.steps)
    assert [p["name"] for p in report["players"]] == list(table.players)
    money = {p["name"]: Decimal(p["money"]) for p in report["players"]}
    pot_left = table.money.to_decimal(close(table, state).pot_left)
    if pot_left:
        money[POT_NAME] = pot_left
    assert sum(money.values()) == 0
    for transfer in report["transfers"]:
        money[transfer["from"]] += Decimal(transfer["amount"])
        money[transfer["to"]] -= Decimal(transfer["amount"])
    assert set(money.values()) <= {0}


# --- undo, redo, edit, delete -----------------------------------------------------------------


def same(left: Session, right: Session) -> None:
    assert left.state == right.state
    assert list(left.entries) == list(right.entries)
    assert left.steps == right.steps


@each_variant
@SETTINGS
@given(data=st.data())
def test_undo_then_redo_and_editing_a_deal_to_itself_change_nothing(variant, data):
    session = data.draw(legal_sessions(variant, max_deals=20))
    table = session.table
    same(Session.replay(table, session.deals), session)
    if not session.steps:
        return
    same(session.undo().record(session.deals[-1]), session)
    same(session.delete(len(session.steps) - 1), session.undo())
    index = data.draw(st.integers(0, len(session.steps) - 1))
    same(Session.replay(table, session.deals[:index]), Session(table, session.steps[:index]))
    assert session.state_before(index) == (
        session.steps[index - 1].state if index else session.start
    )
    same(session.edit(index, session.deals[index]), session)
    # the deal as typed, without the dealer the rotation fills in
    same(session.edit(index, replace(session.deals[index], dealer=None)), session)


def outcome_of(change: Callable[[], Session]) -> Session | RuleError:
    try:
        return change()
    except RuleError as error:
        return error


@each_variant
@SETTINGS
@given(data=st.data())
def test_editing_or_deleting_a_deal_keeps_the_deals_before_it(variant, data):
    session = data.draw(legal_sessions(variant, max_deals=20))
    if not session.steps:
        return
    count = len(session.steps)
    index = data.draw(st.integers(0, count - 1))
    other = draw_deal(data.draw, session.table, session.state_before(index))
    for change, length in ((lambda: session.delete(index), count - 1),
                           (lambda: session.edit(index, other), count)):
        changed = outcome_of(change)
        if isinstance(changed, RuleError):
            # only a later deal can become illegal: the deals before it stay as they were
            assert changed.deal is not None
            assert index + 1 <= changed.deal <= count
            continue
        assert len(changed.steps) == length
        assert changed.steps[:index] == session.steps[:index]
        for step in changed.steps:
            assert sum(step.state.balances.values()) == 0
        assert nonzero(balances_of(changed.entries)) == nonzero(changed.state.balances)


# --- who must play ----------------------------------------------------------------------------


def must_play_by_the_rules(
    table: Table, state: State, player: str, bidding: Bidding
) -> bool:
    """RULES.md's passing rules, written out again: True when ``player`` may not pass."""
    rules = table.rules
    seats = seating(table, state)
    if bidding.general is not None or player == bidding.widow:
        return True
    went_in = sum(bidding.went_in[p] for p in seats.before(player))
    is_rh, is_dealer = player == seats.rh, player == seats.dealer
    if rules.family is Family.POT:
        if rules.single_pot and state.pot == 0:
            return True
        # With the dealer of six sitting out, the RH speaks last and takes the dealer's
        # duty: two must play (the project's decision, README "Decisions").
        last = player == seats.order[-1]
        return (is_rh and went_in == 0) or (last and went_in == 1)
    if rules.variant == "counters":
        return (is_rh and went_in == 0) or (is_dealer and went_in <= 1)
    if rules.variant == "mattmar":
        score = score_before(table, state, player)
        return score == 1 or player in state.must_play or (is_dealer and went_in == 0)
    return False  # ramsen: anyone may pass but the one who took the Blinde


@each_variant
@SETTINGS
@given(data=st.data())
def test_duties_follow_the_passing_rules(variant, data):
    session = data.draw(legal_sessions(variant, max_deals=20))
    table, state = session.table, session.state
    if guide(table, state).session_over:
        return
    seats = seating(table, state)
    general = None
    if table.rules.general_rams and data.draw(st.booleans()):
        general = data.draw(st.sampled_from(seats.order))
    widow = None
    if table.rules.widow != "none" and data.draw(st.booleans()):
        takers = (seats.forehand,) if table.rules.widow == "forehand" else seats.order
        widow = data.draw(st.sampled_from(takers))
    went_in: dict[str, bool] = {}
    for player in seats.order:
        bidding = Bidding(dict(went_in), general, widow)
        must = duties(table, state, bidding)[player] is not None
        assert must == must_play_by_the_rules(table, state, player, bidding), player
        went_in[player] = must or data.draw(st.booleans())


def six_at_a_double_pot(session: Session) -> Session:
    if session.state.pot == 0:
        session = session.record(Deal(misdeal=True))  # the ante stays: a double pot
    assert not seating(session.table, session.state).dealer_plays
    return session


def gains(before: Session, after: Session, player: str) -> int:
    return after.state.balances[player] - before.state.balances[player]


# english with six players: "the dealer deals and antes but sits the deal out" (RULES.md,
# pot games 3). RULES.md names the RH ("must play or concede") and the dealer ("if exactly
# one player before the dealer went in, the dealer must play"). With the dealer out, the
# project decided (README, "Decisions") that the RH cannot play alone, so concedes, and
# joins when exactly one player went in: a deal always has two players.
SIX = settings(SETTINGS, max_examples=30)


@SIX
@given(data=st.data())
def test_six_players_the_rh_concedes_when_everyone_before_passed(data):
    session = six_at_a_double_pot(data.draw(legal_sessions("english", max_deals=6, players=6)))
    seats = seating(session.table, session.state)
    per_unit = session.table.money.minor_per_unit
    before = seats.before(seats.rh)
    conceded = session.record(Deal(passed=before, conceded=True))
    assert gains(session, conceded, seats.rh) == -5 * per_unit
    with pytest.raises(RuleError) as refused:
        session.record(Deal(passed=before, tricks={seats.rh: 5}))
    assert refused.value.message.key == "refused.rh_concede"


@SIX
@given(data=st.data())
def test_six_players_the_rh_joins_when_one_went_in(data):
    session = six_at_a_double_pot(data.draw(legal_sessions("english", max_deals=6, players=6)))
    table, state = session.table, session.state
    seats = seating(table, state)
    per_unit = table.money.minor_per_unit
    alone = data.draw(st.sampled_from(seats.before(seats.rh)))
    with pytest.raises(RuleError) as refused:
        session.record(Deal(passed=tuple(p for p in seats.order if p != alone),
                            tricks={alone: 5}))
    assert refused.value.message.key == "refused.rh_one_in"
    both = session.record(Deal(passed=tuple(p for p in seats.order if p not in (alone, seats.rh)),
                               tricks={alone: 3, seats.rh: 2}))
    share = (state.pot // per_unit + 5) // 5
    assert gains(session, both, alone) == 3 * share * per_unit


# --- mattmar: a session of so many games ------------------------------------------------------


@SETTINGS
@given(data=st.data())
def test_a_mattmar_session_ends_after_its_games(data):
    session = data.draw(legal_sessions("mattmar", max_deals=40))
    table, state = session.table, session.state
    games = table.rules.games
    assert games is not None
    assert len(state.games) <= games
    assert all(game.finished for game in state.games[:-1])
    if guide(table, state).session_over:
        assert len(state.games) == games
        assert state.games[-1].finished
        with pytest.raises(RuleError):
            session.record(Deal(misdeal=True))


def test_every_preset_is_covered():
    assert set(VARIANTS) == set(PRESETS) == {
        "english", "denexa", "rounce", "pool", "mattmar", "counters", "ramsen",
    }
