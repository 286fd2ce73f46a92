"""Hypothesis strategies: random *legal* sessions of every preset, built deal by deal.

Every deal is drawn from the state the session is in at that moment: the speaking order
comes from ``seating``, each pass is allowed only when ``duties`` (asked live, player by
player in speaking order) says the player may pass, and the tricks are split so that the
deal is one RULES.md allows. A deal the core then refuses is a bug in this generator or in
the core; the tests let the ``RuleError`` surface with the example that caused it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from hypothesis import strategies as st

from scorekeeper.core import (
    PRESETS,
    Bidding,
    Deal,
    Join,
    RuleError,
    Seating,
    Session,
    State,
    Table,
    duties,
    guide,
    make_money,
    make_table,
    options_of,
    seating,
)
from scorekeeper.core.presets import Option
from scorekeeper.core.seat_changes import dealt_in, seat_changes
from scorekeeper.core.text import name_key

VARIANTS = tuple(PRESETS)  # english, denexa, rounce, pool, mattmar, counters, ramsen
TRICKS = 5

Draw = Callable[[st.SearchStrategy[Any]], Any]

# Unit values with a currency in hundredths, and whole ones for a currency without minor units.
UNITS = ("1", "0.50", "2", "0.25", "0.10", "5", "0.05", "0.20")
WHOLE_UNITS = ("1", "10", "100")
CURRENCIES = (None, "SEK", "EUR", "CHF", "JPY")

POOL = ("Astrid", "Bengt", "Cilla", "Dag", "Erik", "Frida", "Göran", "Hedda", "Ivar", "Jörg")
NAMES = st.one_of(
    st.sampled_from(POOL),
    st.text(st.characters(categories=("L", "N", "P", "S"), include_characters=" "),
            min_size=1, max_size=8)
    .map(str.strip)
    .filter(bool),
)


def _one_in(draw: Draw, chances: int) -> bool:
    return draw(st.integers(0, chances - 1)) == 0


def _maybe(draw: Draw, options: dict[str, object], name: str, values: st.SearchStrategy) -> None:
    """The option set half the time; otherwise the preset's default applies."""
    if draw(st.booleans()):
        options[name] = draw(values)


# Numbers a table would really choose (the options' full ranges, 1 to 99, make sessions
# that never end or end at once); every option a variant offers (core/presets.py's
# OPTIONS) is drawn from its own kind, a number the table chose here or else near the
# preset's own.
PLAYABLE = {"start": (5, 7, 10), "games": (1, 2, 3, 6), "target": (21, 11, 7), "cap": (10, 12)}


def playable(option: Option, variant: str) -> tuple[int, ...]:
    """A number option's values: PLAYABLE's, or the preset's and one either side of it."""
    if option.name in PLAYABLE:
        return PLAYABLE[option.name]
    default = option.default(PRESETS[variant])
    assert isinstance(default, int), f"{option.name}: a number option of no number"
    return tuple(sorted({max(option.low, default - 1), default, min(option.high, default + 1)}))


@st.composite
def option_sets(draw: Draw, variant: str) -> dict[str, object]:
    options: dict[str, object] = {}
    for option in options_of(variant):
        if option.kind == "flag":
            _maybe(draw, options, option.name, st.booleans())
        elif option.kind == "choice":
            _maybe(draw, options, option.name, st.sampled_from(option.choices))
        else:
            _maybe(draw, options, option.name, st.sampled_from(playable(option, variant)))
    return options


@st.composite
def tables(draw: Draw, variant: str, players: int | None = None,
           names: st.SearchStrategy[str] = NAMES, for_money: bool = False) -> Table:
    """``names``: what the players are called (any text, or the pool's names alone);
    ``for_money``: the table plays for money in a currency (the option set, if it has one)."""
    rules = PRESETS[variant]
    count = players or draw(st.integers(rules.min_players, rules.max_players))
    players = draw(st.lists(names, min_size=count, max_size=count, unique_by=name_key))
    currency = draw(st.sampled_from(CURRENCIES[1:] if for_money else CURRENCIES))
    unit = draw(st.sampled_from(WHOLE_UNITS if currency == "JPY" else UNITS))
    options = draw(option_sets(variant))
    if for_money and any(option.name == "money" for option in options_of(variant)):
        options["money"] = True
    return make_table(
        variant,
        players,
        draw(st.sampled_from(players)),
        options,
        make_money(unit, currency),
    )


def score_before(table: Table, state: State, player: str) -> int:
    """The protocol score a player starts the next deal on (a new game starts afresh)."""
    return table.rules.start if state.between_games else state.scores[player]


def _widow(draw: Draw, table: Table, seats: Seating) -> str | None:
    rules = table.rules
    if rules.widow == "none" or not draw(st.booleans()):
        return None
    return draw(st.sampled_from((seats.forehand,) if rules.widow == "forehand" else seats.order))


def _fouls(draw: Draw, table: Table, active: Sequence[str]) -> tuple[str, ...]:
    if not table.rules.fouls or not _one_in(draw, 4):
        return ()
    return tuple(draw(st.lists(st.sampled_from(active), min_size=1, unique=True)))


def _general(draw: Draw, table: Table, seats: Seating, dealer: str | None) -> Deal:
    """General Rams: everybody plays; won with all five, or stopped at the first trick lost."""
    declarer = draw(st.sampled_from(seats.order))
    if draw(st.booleans()):
        tricks = {declarer: TRICKS}
    else:
        kept = draw(st.integers(0, TRICKS - 1))
        taker = draw(st.sampled_from([p for p in seats.order if p != declarer]))
        tricks = {taker: 1}
        if kept or draw(st.booleans()):
            tricks = {declarer: kept, taker: 1}
    return Deal(
        dealer=dealer,
        widow=_widow(draw, table, seats),
        general=declarer,
        tricks=tricks,
        fouls=_fouls(draw, table, seats.order),
    )


def _conceded(draw: Draw, seats: Seating, dealer: str | None) -> Deal:
    """Double pot: everyone before the RH passed and the RH pays the dealer instead."""
    passed = list(seats.before(seats.rh))
    if draw(st.booleans()):
        passed.append(seats.rh)
    return Deal(dealer=dealer, passed=tuple(passed), conceded=True)


def _trick_takers(
    draw: Draw, table: Table, state: State, active: Sequence[str]
) -> tuple[list[str], bool]:
    """Who took each trick, in order; ramina stops the deal the moment someone reaches 0."""
    takers = [draw(st.sampled_from(active)) for _ in range(TRICKS)]
    rules = table.rules
    if not rules.ramina:
        return takers, False
    scores = {p: score_before(table, state, p) for p in active}
    for number, taker in enumerate(takers, start=1):
        scores[taker] += rules.trick_points
        if scores[taker] == 0:
            return takers[:number], number < TRICKS
    return takers, False


def _played(draw: Draw, table: Table, state: State, seats: Seating, dealer: str | None) -> Deal:
    rules = table.rules
    widow = _widow(draw, table, seats)
    went_in: dict[str, bool] = {}
    for player in seats.order:
        reason = duties(table, state, Bidding(dict(went_in), None, widow))[player]
        went_in[player] = reason is not None or draw(st.booleans())
    passed = tuple(p for p in seats.order if not went_in[p])
    active = [p for p in seats.order if went_in[p]]
    if not active:  # ramsen: everyone passed, the deal is thrown in
        return Deal(dealer=dealer, passed=passed)
    if active == [seats.rh] and not seats.dealer_plays:
        # english, six players: everyone before the RH passed and the dealer sits out.
        # RULES.md lets the RH play (alone) or concede; the core takes only the concession
        # (see test_six_players_the_rh_may_play_alone_or_concede), so the RH concedes here,
        # leaving the widow where it lies.
        return Deal(dealer=dealer, passed=passed, conceded=True)
    if rules.passing == "mattmar" and active == [seats.dealer]:
        # everyone before the dealer passed: the dealer takes all five without play
        tricks = {seats.dealer: TRICKS} if draw(st.booleans()) else {}
        return Deal(dealer=dealer, passed=passed, tricks=tricks)
    takers, interrupted = _trick_takers(draw, table, state, active)
    counts = Counter(takers)
    # An active player left out took none; sometimes the 0 is written down anyway.
    tricks = {p: counts[p] for p in active if counts[p] or draw(st.booleans())}
    fouls = _fouls(draw, table, active)
    forfeit_to = None
    receivers = [p for p in active if p not in fouls]
    if fouls and receivers and draw(st.booleans()):
        forfeit_to = draw(st.sampled_from(receivers))
    buy_down: tuple[str, ...] = ()
    if rules.buy_down and rules.money and not interrupted:
        assert rules.cap is not None
        at_cap = [
            p for p in active
            if not counts[p] and score_before(table, state, p) + rules.flight_points >= rules.cap
        ]
        buy_down = tuple(p for p in at_cap if draw(st.booleans()))
    return Deal(
        dealer=dealer,
        passed=passed,
        widow=widow,
        tricks=tricks,
        fouls=fouls,
        forfeit_to=forfeit_to,
        buy_down=buy_down,
        interrupted=interrupted,
    )


def draw_deal(draw: Draw, table: Table, state: State) -> Deal:
    """One random deal that RULES.md allows from ``state``."""
    rules = table.rules
    seats = seating(table, state)
    dealer = seats.dealer if draw(st.booleans()) else None  # the rotation's dealer, or left out
    if _one_in(draw, 20):
        return Deal(dealer=dealer, misdeal=True)
    if rules.general_rams and _one_in(draw, 8):
        return _general(draw, table, seats, dealer)
    single_pot = rules.single_pot and state.pot == 0
    if rules.passing == "pot" and not single_pot and _one_in(draw, 6):
        return _conceded(draw, seats, dealer)
    return _played(draw, table, state, seats, dealer)


def session_over(table: Table, state: State) -> bool:
    return guide(table, state).session_over


@st.composite
def legal_sessions(
    draw: Draw, variant: str, max_deals: int = 25, players: int | None = None
) -> Session:
    """A random table of ``variant`` (of ``players`` players, or any number the preset
    takes) and a random legal session of up to ``max_deals`` deals."""
    table = draw(tables(variant, players))
    session = Session(table)
    for _ in range(draw(st.integers(0, max_deals))):
        if session_over(table, session.state):  # mattmar: all the games are played
            break
        session = session.record(draw_deal(draw, table, session.state))
    return session


def _seat_changes(draw: Draw, table: Table, state: State) -> Deal:
    """Who sits down and who goes home before the next deal, if anyone: a name of the pool
    not yet at the table after a seated player, or a seated player leaving; none when the
    table cannot change so now (a join waits for the next game, too few would be left)."""
    joins: tuple[Join, ...] = ()
    leaves: tuple[str, ...] = ()
    seated = state.seated
    taken = {name_key(p) for p in state.everyone}
    newcomers = [name for name in POOL if name_key(name) not in taken]
    if newcomers and len(seated) < table.rules.max_players and _one_in(draw, 5):
        joins = (Join(draw(st.sampled_from(newcomers)), draw(st.sampled_from(seated))),)
    if len(seated) > table.rules.min_players and _one_in(draw, 5):
        leaves = (draw(st.sampled_from(seated)),)
    changes = Deal(joins=joins, leaves=leaves)
    if not (joins or leaves):
        return changes
    try:
        seat_changes(table, state, changes)
    except RuleError:
        return Deal()
    return changes


@st.composite
def changing_sessions(draw: Draw, variant: str, max_deals: int = 12,
                      names: st.SearchStrategy[str] = NAMES, for_money: bool = False
                      ) -> Session:
    """As ``legal_sessions``, with players sitting down and going home between deals
    (RULES.md, "Players who come and go"), each change saved with the next deal."""
    table = draw(tables(variant, names=names, for_money=for_money))
    session = Session(table)
    for _ in range(draw(st.integers(0, max_deals))):
        state = session.state
        if session_over(table, state):
            break
        changes = _seat_changes(draw, table, state)
        dealt = dealt_in(table, state, changes) if changes.joins or changes.leaves else state
        if session_over(table, dealt):
            break
        deal = draw_deal(draw, table, dealt)
        session = session.record(replace(deal, joins=changes.joins, leaves=changes.leaves))
    return session
