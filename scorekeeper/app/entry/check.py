"""What the rules say of the deal being entered: the refusal (and whose row it is on), or
what saving it would do to each player; and how many tricks are still to give."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from scorekeeper.core import (
    N_,
    Deal,
    GameEnd,
    RuleError,
    State,
    Step,
    Table,
    changes,
    counts,
    games_ended,
    record,
)
from scorekeeper.core.rulebook import rule_for
from scorekeeper.i18n import shown
from scorekeeper.i18n.accounts import amount

if TYPE_CHECKING:
    from scorekeeper.app.draft import DealDraft
    from scorekeeper.app.words import Words


@dataclass(frozen=True, slots=True)
class Check:
    """What the core says of the draft: the refusal, or what saving it would do."""

    refusal: str | None
    player: str | None  # the player the refusal is about, if it names one
    moves: dict[str, tuple[int, int]] | None
    unfinished: bool = False  # only tricks are missing: "tricks left" says so already
    endings: tuple[GameEnd, ...] = ()  # the games saving the deal would end
    rule: str | None = None  # the rulebook's paragraph the refusal applies ("why?")
    step: Step | None = None  # what saving it records: handed to Save, not worked out again


def ending_text(words: Words, table: Table, endings: tuple[GameEnd, ...]) -> str:
    """"Game 1 won by Cilla: SEK 35.00 from the pot", for each game a deal ends."""
    lines = []
    for end in endings:
        game = end.game
        if game.losers:
            lines.append(words.t("ui.game_lost_by", number=game.number,
                               losers=", ".join(game.losers)))
        elif end.pot:
            taken = ", ".join(f"{player} {amount(minor, table.money, words.language)}"
                              for player, minor in end.pot.items())
            lines.append(words.t("ui.game_won_pot", number=game.number,
                               winners=", ".join(game.winners), amounts=taken))
        else:
            lines.append(words.t("ui.game_won", number=game.number,
                               winners=", ".join(game.winners)))
    return " · ".join(lines)


def check(table: Table, state: State, deal: Deal, language: str) -> Check:
    try:
        step = record(table, state, deal)
    except RuleError as error:
        missing = error.message.key == "deal.tricks_total" and sum(deal.tricks.values()) < 5
        player = error.message.params.get("player")
        return Check(shown(error, language), str(player) if player else None, None, missing,
                     rule=rule_for(table.rules, error.message))
    return Check(None, None, changes(table, step.entries),
                 endings=games_ended(state, step), step=step)


def summary(words: Words, table: Table, moves: dict[str, tuple[int, int]],
            key: str = N_("ui.deal_result"), **params: str | int) -> str:
    """``This deal: Astrid -10 · Bengt +2 · …``: what a deal does to each player, in their
    measure (``key`` says it of a deal saved)."""
    per_unit = table.money.minor_per_unit
    parts = []
    for player, (minor, points) in moves.items():
        change = minor // per_unit if table.rules.family_rules.in_units else points
        if change or minor:
            parts.append(f"{player} {change:+d}")
    return words.t(key, changes=" · ".join(parts) or "±0", **params)


def tricks_left(words: Words, draft: DealDraft, deal: Deal, tricks: int) -> str | None:
    """"3 tricks left", "all 5 tricks given", …: nothing when no tricks are played."""
    if draft.entered.misdeal or draft.entered.conceded:
        return None
    given = sum(deal.tricks.values())
    left = tricks - given
    if draft.entered.general is not None and 0 < given < tricks:
        return words.t(counts("ui.tricks_general_lost", "played"), played=given)
    key = (counts("ui.tricks_left", "left") if left > 0 else N_("ui.tricks_all") if left == 0
           else counts("ui.tricks_over", "left"))
    return words.t(key, left=abs(left))
