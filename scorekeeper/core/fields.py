"""What a deal of each variant can record: the entry form offers exactly these, and the
checks refuse anything else, so the two can never disagree."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.core.presets import Rules

TRICKS = 5  # every variant of the family deals five tricks


@dataclass(frozen=True, slots=True)
class DealFields:
    widow: bool  # someone may take the extra hand
    general: bool  # General Rams may be declared
    fouls: bool  # fouls and who receives the forfeited shares
    conceded: bool  # the RH may pay the dealer instead of playing
    buy_down: bool  # mattmar with money: a flight to the cap may buy down
    interrupted: bool  # ramina: a deal stopped the moment someone reached 0
    misdeal: bool = True  # any deal can be misdealt
    tricks: int = TRICKS


def deal_fields(rules: Rules) -> DealFields:
    return DealFields(
        widow=rules.widow != "none",
        general=rules.general_rams,
        fouls=rules.fouls,
        conceded=rules.passing == "pot",
        buy_down=rules.buy_down and rules.money,
        interrupted=rules.ramina,
    )
