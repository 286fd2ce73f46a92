"""The seven presets: parameters over three families, and the house-rule options.

A variant is data, not a class. Every rule the families apply reads one of these
fields, so a table's house rule is an option that replaces a field
(``dataclasses.replace``), never a new code path.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Literal

from scorekeeper.core.errors import refuse
from scorekeeper.core.messages import N_


class Family(StrEnum):
    POT = "pot"  # english, denexa, rounce, pool: counters paid into and out of a pot
    COUNTDOWN = "countdown"  # mattmar, counters: a protocol score counted down to 0
    COUNTUP = "countup"  # ramsen: points counted up to a target


# What a family calls a player's score: the units won or paid into the pot, or the
# protocol's points (counters, Ramsen points).
Measure = Literal["units", "points"]


@dataclass(frozen=True, slots=True)
class FamilyRules:
    """What a family of games is, where a screen, a file or the session layer would
    otherwise ask "is this a pot game?": data on the family, read as ``rules.family_rules``."""

    measure: Measure
    in_games: bool  # a session of games, each begun from the start score, each with winners
    always_for_money: bool  # every deal moves money (the pot), not only with the money option
    lowest_leads: bool  # the lowest score is ahead (a countdown)
    # What a player who leaves gives up of the money the table shows for them: in a pot
    # game their share of the pot, in a game of stakes their stakes in the game's pot.
    leaver_gives_up: Literal["pot", "stakes"] = "stakes"

    @property
    def in_units(self) -> bool:
        """A score is units won or paid, written signed ("+3"), not a count of points."""
        return self.measure == "units"


FAMILY_RULES: Mapping[Family, FamilyRules] = {
    Family.POT: FamilyRules("units", in_games=False, always_for_money=True, lowest_leads=False,
                            leaver_gives_up="pot"),
    Family.COUNTDOWN: FamilyRules("points", in_games=True, always_for_money=False,
                                  lowest_leads=True),
    Family.COUNTUP: FamilyRules("points", in_games=True, always_for_money=False,
                                lowest_leads=False),
}

Passing = Literal["pot", "mattmar", "counters", "free"]
WidowRule = Literal["any", "forehand", "none"]
EndPot = Literal["split", "carry", "refund"]
GameEnd = Literal["first_out_wins", "last_in_loses", "target"]
# Which way the turn (and the deal) goes round the table: to the left (clockwise, the
# player on the dealer's left speaks first) or to the right (the Jass way: the player on
# the dealer's right begins).
Turn = Literal["left", "right"]
# What the game calls an active player who takes no trick: a flight (flyga, looed) or,
# in Swiss Jass, a Härdöpfel.
FlightWord = Literal["flight", "hardopfel"]


@dataclass(frozen=True, slots=True)
class Rules:
    variant: str
    family: Family
    min_players: int
    max_players: int
    deck: int  # cards in the pack for a small table
    deck_over_five: int  # cards in the pack with six or more players
    widow: WidowRule
    general_rams: bool
    passing: Passing
    end_pot: EndPot
    # pot family. The sources price everything "as five tricks": the ante, a flight,
    # a foul, a concession and General Rams all move this many units.
    five_tricks: int = 5
    trick_pays_one: bool = False  # pool: a trick pays 1 unit, not a fifth of the pot
    single_pot: bool = True  # an empty pot before the ante forces everyone to play
    fouls: bool = False
    dealer_sits_out_from: int | None = None  # english: six players, the dealer sits out
    # countdown and count-up families
    start: int = 0  # where every score begins (a pot game's: 0, nothing won or paid)
    cap: int | None = None
    floor: int | None = None
    flight_points: int = 5
    trick_points: int = -1
    game_end: GameEnd = "first_out_wins"
    target: int = 21
    games: int | None = None  # games in a session; None: as many as the table likes
    ranked_over_games: bool = False  # mattmar: the session is won on the sum of its games
    ramina: bool = False
    money: bool = False  # countdown / count-up: playing for stakes
    flight_stake: bool = False  # mattmar with money: a flight pays one more stake
    buy_down: bool = False  # mattmar with money: from the cap down by two for one stake
    turned_trump_to_dealer: bool = False  # mattmar: the dealer holds six cards
    forced_trump_lead_on_one: bool = False  # mattmar: tvångsmaning
    trump_ace_rule: bool = False  # mattmar: the trump ace must be led or played on trump
    second_trick_trump: bool = False  # ramsen: the second trick must be led with trump
    balli: bool = False  # ramsen: the Bälli (seven of diamonds) is the top trump
    first_dealer_by_jack: bool = False  # english: deal face up until a jack
    turn: Turn = "left"
    flight_word: FlightWord = "flight"

    def deck_for(self, players: int) -> int:
        return self.deck if players <= 5 else self.deck_over_five

    def dealer_sits_out(self, players: int) -> bool:
        return self.dealer_sits_out_from is not None and players >= self.dealer_sits_out_from

    @property
    def foul_costs(self) -> int:
        """Units a foul pays into the pot, as the ledger books it and the rules text and
        the assistant say it: five tricks' worth, as the sources price it."""
        return self.five_tricks

    @property
    def family_rules(self) -> FamilyRules:
        return FAMILY_RULES[self.family]

    @property
    def for_money(self) -> bool:
        """Whether the table plays for money: a pot game always, the others by the option."""
        return self.family_rules.always_for_money or self.money


def _pot_game(variant: str, **params: object) -> Rules:
    """The pot family's common ground: anyone may take the widow, the pot is split at the end."""
    return Rules(  # type: ignore[arg-type]
        variant=variant, family=Family.POT, widow="any", passing="pot", end_pot="split", **params
    )

PRESETS: dict[str, Rules] = {
    rules.variant: rules
    for rules in (
        _pot_game(
            "english", min_players=3, max_players=6, deck=32, deck_over_five=32,
            general_rams=True, fouls=True, dealer_sits_out_from=6, first_dealer_by_jack=True,
        ),
        _pot_game(
            "denexa", min_players=3, max_players=5, deck=32, deck_over_five=32, general_rams=True
        ),
        _pot_game(
            "rounce", min_players=2, max_players=9, deck=52, deck_over_five=52,
            general_rams=False, single_pot=False,
        ),
        _pot_game(
            "pool", min_players=2, max_players=9, deck=32, deck_over_five=52,
            general_rams=True, trick_pays_one=True,
        ),
        Rules(
            variant="mattmar", family=Family.COUNTDOWN, min_players=2, max_players=5,
            deck=52, deck_over_five=52, widow="none", general_rams=False, passing="mattmar",
            end_pot="refund", start=10, cap=10, games=6, ranked_over_games=True,
            flight_stake=True, buy_down=True,
            turned_trump_to_dealer=True, forced_trump_lead_on_one=True, trump_ace_rule=True,
        ),
        Rules(
            variant="counters", family=Family.COUNTDOWN, min_players=2, max_players=9,
            deck=32, deck_over_five=52, widow="forehand", general_rams=True,
            passing="counters", end_pot="refund", start=10, floor=0,
        ),
        Rules(
            variant="ramsen", family=Family.COUNTUP, min_players=2, max_players=5,
            deck=32, deck_over_five=32, widow="any", general_rams=False, passing="free",
            end_pot="refund", start=0, flight_points=-1, trick_points=1, game_end="target",
            second_trick_trump=True, balli=True, turn="right", flight_word="hardopfel",
        ),
    )
}

@dataclass(frozen=True, slots=True)
class Option:
    """A house rule a table may choose: what the set-up form offers, what a session
    file's ``options`` may hold, what the rules at hand list. The form, the checks and
    the tests all read ``OPTIONS``, and the rules text, the assistant and the ledger say
    the field's figure as a message parameter, so a new option is one line there."""

    name: str
    kind: Literal["number", "choice", "flag"]
    field: str  # the ``Rules`` field it sets
    label: str  # its message key, what the form and the rules at hand call it
    choices: tuple[str, ...] = ()  # kind "choice"; each one's words: ``{label}.{choice}``
    low: int = 1  # kind "number"
    high: int = 99

    def default(self, rules: Rules) -> object:
        """What the preset plays when the table does not choose."""
        return getattr(rules, self.field)


_START = Option("start", "number", "start", N_("option.start"))
_CAP = Option("cap", "number", "cap", N_("option.cap"))
_GAMES = Option("games", "number", "games", N_("option.games"))
_TARGET = Option("target", "number", "target", N_("option.target"))
_RAMINA = Option("ramina", "flag", "ramina", N_("option.ramina"))
_MONEY = Option("money", "flag", "money", N_("ui.play_for_money"))
_COUNTERS_END = Option("counters_end", "choice", "game_end", N_("option.counters_end"),
                       ("first_out_wins", "last_in_loses"))
# A pot game's pot was paid in by everyone alike: there is nobody to refund it to.
_POT_END = Option("end_pot", "choice", "end_pot", N_("option.end_pot"), ("split", "carry"))
_GAME_POT_END = Option("end_pot", "choice", "end_pot", N_("option.end_pot"),
                       ("split", "carry", "refund"))

# The house rules each variant takes, in the order a form shows them: the one place an
# option is added (README, "Where a new thing is added").
OPTIONS: dict[str, tuple[Option, ...]] = {
    "english": (_POT_END,),
    "denexa": (_POT_END,),
    "rounce": (_POT_END,),
    "pool": (_POT_END,),
    "mattmar": (_START, _CAP, _GAMES, _RAMINA, _MONEY, _GAME_POT_END),
    "counters": (_START, _COUNTERS_END, _MONEY, _GAME_POT_END),
    "ramsen": (_TARGET, _MONEY, _GAME_POT_END),
}


def options_of(variant: str) -> tuple[Option, ...]:
    """The house rules ``variant`` takes (an unknown variant takes none)."""
    return OPTIONS.get(variant, ())


def options_for(variant: str) -> frozenset[str]:
    return frozenset(option.name for option in options_of(variant))


def rules_for(variant: str, options: Mapping[str, object] | None = None) -> Rules:
    """The preset with the table's options applied; refuses options that make no sense."""
    if variant not in PRESETS:
        raise refuse("setup.unknown_variant", variant=str(variant))
    rules = PRESETS[variant]
    offered = {option.name: option for option in options_of(variant)}
    for name, value in (options or {}).items():
        if name not in offered:
            raise refuse("setup.option_not_for_variant", option=str(name)[:40], variant=variant)
        rules = _apply_option(rules, offered[name], value)
    if rules.cap is not None and rules.start > rules.cap:
        raise refuse("setup.start_above_cap", start=rules.start, cap=rules.cap)
    return rules


def _apply_option(rules: Rules, option: Option, value: object) -> Rules:
    if option.kind == "flag":
        if not isinstance(value, bool):
            raise refuse("setup.option_yes_no", option=option.name)
    elif option.kind == "choice":
        if value not in option.choices:
            raise refuse("setup.option_choice", option=option.name,
                         choices=" | ".join(option.choices))
    elif isinstance(value, bool) or not isinstance(value, int) or not (
        option.low <= value <= option.high
    ):
        raise refuse("setup.option_number", option=option.name)
    return replace(rules, **{option.field: value})
