"""The rules at hand: a session's rules as this app applies them, chapter by chapter, and
which paragraph a refusal or a ledger entry applied ("why?").

Built from the same ``Rules`` the engine reads, so a house rule changes the paragraph
that says it (Mattmar's "a session is 4 games", the pot carried over), and a rule the
variant does not have is not there. Each paragraph is a message key with its figures;
a decision of RULES.md (where the sources are silent or disagree) is marked as one.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from scorekeeper.core.fields import TRICKS
from scorekeeper.core.messages import Message, counts, msg
from scorekeeper.core.presets import PRESETS, Family, Rules, options_of
from scorekeeper.core.seating import TURN_WORDS


@dataclass(frozen=True, slots=True)
class Paragraph:
    anchor: str  # where a "why?" opens the book: "single_pot"
    says: Message
    decision: bool = False  # one of RULES.md's decisions, not the sources' own rule


@dataclass(frozen=True, slots=True)
class Chapter:
    title: Message
    paragraphs: tuple[Paragraph, ...]


@dataclass(frozen=True, slots=True)
class HouseRule:
    """A house-rule option as this session plays it: its name, its value, and whether it
    differs from what the variant plays by default."""

    option: str
    label: str  # the option's message key
    value: object
    chosen: bool


@functools.cache  # a session's rules never change: its book is written once
def rulebook(rules: Rules) -> tuple[Chapter, ...]:
    chapters = (
        Chapter(msg("rules.chapter_deal"), _deal(rules)),
        Chapter(msg("rules.chapter_passing"), _passing(rules)),
        Chapter(msg("rules.chapter_play"), _play(rules)),
        Chapter(msg("rules.chapter_pays"), _pays(rules)),
        Chapter(msg("rules.chapter_end"), _end(rules)),
        Chapter(msg("rules.chapter_come_and_go"), _come_and_go(rules)),
        Chapter(msg("rules.chapter_settle"), (
            Paragraph("transfers", msg("rule.transfers")),
            Paragraph("payments", msg("rule.payments")),
        )),
    )
    return tuple(chapter for chapter in chapters if chapter.paragraphs)


def house_rules(rules: Rules) -> tuple[HouseRule, ...]:
    """Every option the variant takes, as this session plays it."""
    preset = PRESETS.get(rules.variant)
    return tuple(
        HouseRule(option.name, option.label, getattr(rules, option.field),
                  preset is not None and getattr(rules, option.field) != option.default(preset))
        for option in options_of(rules.variant)
    )


# Where a paragraph is not in a variant's book, the one that says it more broadly (a pot
# game's join is the rule of changes between deals).
BROADER: dict[str, str] = {"join": "between_deals", "game_tie": "stake", "leave_last_in": "leave"}


def rule_for(rules: Rules, said: Message) -> str | None:
    """The anchor of the paragraph a refusal or ledger entry applied (named where it was
    raised or written: ``refuse(key, paragraph=...)``), if this session's book has it."""
    present = _anchors(rules)
    anchor = said.paragraph
    while anchor is not None and anchor not in present:
        anchor = BROADER.get(anchor)
    return anchor


@functools.cache
def _anchors(rules: Rules) -> frozenset[str]:
    return frozenset(p.anchor for chapter in rulebook(rules) for p in chapter.paragraphs)


# --- the chapters ---------------------------------------------------------------------


def _deal(rules: Rules) -> tuple[Paragraph, ...]:
    found = [Paragraph("order", msg(TURN_WORDS[rules.turn].order_rule))]
    if rules.deck == rules.deck_over_five:
        found.append(Paragraph("cards", msg("rule.cards", deck=rules.deck)))
    else:
        found.append(Paragraph("cards", msg("rule.cards_by_table", deck=rules.deck,
                                             big=rules.deck_over_five)))
    if rules.first_dealer_by_jack:
        found.append(Paragraph("first_dealer", msg("rule.first_dealer_jack")))
    if rules.dealer_sits_out_from is not None:
        found.append(Paragraph("sits_out", msg("rule.dealer_sits_out",
                                               players=rules.dealer_sits_out_from)))
    if rules.turned_trump_to_dealer:
        found.append(Paragraph("turned_trump", msg("rule.turned_trump")))
    if rules.widow == "any":
        found.append(Paragraph("widow", msg("rule.widow_any")))
    elif rules.widow == "forehand":
        found.append(Paragraph("widow", msg("rule.widow_forehand")))
    else:
        found.append(Paragraph("widow", msg("rule.no_widow")))
    return tuple(found)


def _passing(rules: Rules) -> tuple[Paragraph, ...]:
    found = []
    if rules.family is Family.POT:
        if rules.single_pot:
            found += [Paragraph("single_pot", msg("rule.single_pot")),
                      Paragraph("double_pot", msg("rule.double_pot"))]
        else:
            found.append(Paragraph("double_pot", msg("rule.passing_always")))
        found += [Paragraph("rh", msg("rule.rh_concedes", units=rules.five_tricks)),
                  Paragraph("dealer_one_in", msg("rule.dealer_one_in"))]
    elif rules.passing == "mattmar":
        found += [Paragraph("one_point", msg("rule.one_point")),
                  Paragraph("two_points", msg("rule.two_points")),
                  Paragraph("dealer_takes_all", msg("rule.dealer_takes_all",
                                                    points=-rules.trick_points * TRICKS))]
    elif rules.passing == "counters":
        found.append(Paragraph("two_play", msg("rule.two_play")))
    else:
        found.append(Paragraph("free", msg("rule.pass_free")))
    if rules.widow != "none":
        found.append(Paragraph("widow_plays", msg("rule.widow_plays")))
    if rules.general_rams:
        found.append(Paragraph("general_all_play", msg("rule.general_all_play")))
    return tuple(found)


def _play(rules: Rules) -> tuple[Paragraph, ...]:
    found = []
    if rules.general_rams:
        found.append(Paragraph("general", msg("rule.general")))
    if rules.forced_trump_lead_on_one:
        found.append(Paragraph("forced_trump", msg("rule.forced_trump")))
    if rules.trump_ace_rule:
        found.append(Paragraph("trump_ace", msg("rule.trump_ace")))
    if rules.second_trick_trump:
        found.append(Paragraph("second_trick", msg("rule.second_trick_trump")))
    if rules.balli:
        found.append(Paragraph("balli", msg("rule.balli")))
    return tuple(found)


def _pays(rules: Rules) -> tuple[Paragraph, ...]:
    units = rules.five_tricks
    if rules.family is Family.POT:
        found = [Paragraph("ante", msg("rule.ante", units=units)),
                 Paragraph("trick_share", msg("rule.trick_pays_one") if rules.trick_pays_one
                           else msg("rule.trick_share"))]
        if not rules.trick_pays_one:
            found.append(Paragraph("share_rounding", msg("rule.share_rounding", tricks=TRICKS),
                                   decision=True))
        found.append(Paragraph("flight", msg("rule.flight_pot", units=units)))
        if rules.general_rams:
            found += [Paragraph("general_won", msg("rule.general_won_pot", units=units)),
                      Paragraph("general_lost", msg("rule.general_lost_pot", units=units))]
        if rules.fouls:
            found += [Paragraph("foul", msg("rule.foul", units=rules.foul_costs)),
                      Paragraph("forfeit", msg("rule.forfeit"), decision=True)]
        found.append(Paragraph("misdeal", msg("rule.misdeal"), decision=True))
        return tuple(found)
    if rules.family is Family.COUNTUP:
        found = [Paragraph("tricks", msg(counts("rule.tricks_up", "points"),
                                         points=rules.trick_points)),
                 Paragraph("flight", msg(counts("rule.hardopfel", "points"),
                                         points=-rules.flight_points))]
        if rules.money:
            found.append(Paragraph("stake", msg("rule.stake_to_winner")))
        return tuple(found)
    # A countdown: each trick takes points off, a flight puts them on; the words say
    # which way, the figures are the rules'.
    down, up = -rules.trick_points, rules.flight_points
    counters = rules.passing == "counters"
    found = [Paragraph("tricks", msg(counts("rule.tricks_counters", "points") if counters
                                     else counts("rule.tricks_points", "points"), points=down))]
    if rules.cap is not None:
        # The example a flight capped: a score the flight would take past the cap.
        found.append(Paragraph("flight", msg("rule.flight_capped", cap=rules.cap, points=up,
                                             on=rules.cap - (up + 1) // 2)))
    else:
        found.append(Paragraph("flight", msg("rule.flight_points", points=up)))
    if rules.floor is not None:
        found.append(Paragraph("floor", msg("rule.floor", floor=rules.floor)))
    if rules.general_rams:
        found += [Paragraph("general_won", msg("rule.general_won_points", down=down * TRICKS,
                                               up=up)),
                  Paragraph("general_lost", msg("rule.general_lost_points", up=up, down=down))]
    if rules.money:
        if rules.game_end == "last_in_loses":
            found.append(Paragraph("stake", msg("rule.last_in_pays")))
        elif rules.flight_stake:
            found.append(Paragraph("stake", msg("rule.stake_flight_pays")))
        else:
            found.append(Paragraph("stake", msg("rule.stake_to_winner")))
        if rules.buy_down and rules.cap is not None:
            found += [Paragraph("buy_down", msg("rule.buy_down", cap=rules.cap,
                                                score=rules.cap - 2)),
                      Paragraph("buy_down_when", msg("rule.buy_down_when"), decision=True)]
    return tuple(found)


def _end(rules: Rules) -> tuple[Paragraph, ...]:
    if rules.family is Family.POT:
        if rules.end_pot == "carry":
            return (Paragraph("end_pot", msg("rule.end_pot_carry")),)
        return (Paragraph("end_pot", msg("rule.end_pot_split"), decision=True),)
    found = []
    if rules.game_end == "target":
        found += [Paragraph("game_end", msg("rule.game_end_target", target=rules.target)),
                  Paragraph("game_tie", msg("rule.game_tie_target"), decision=True)]
    elif rules.game_end == "last_in_loses":
        found.append(Paragraph("game_end", msg("rule.game_end_last_in")))
    else:
        found += [Paragraph("game_end", msg("rule.game_end_first_out")),
                  Paragraph("game_tie", msg("rule.game_tie_flights"), decision=True)]
    if rules.ramina:
        found.append(Paragraph("ramina", msg("rule.ramina")))
    if rules.ranked_over_games:
        if rules.games is not None:
            found.append(Paragraph("session_games", msg("rule.session_games",
                                                        games=rules.games)))
        found.append(Paragraph("session_ranking", msg("rule.session_ranking")))
    if rules.money:
        if rules.end_pot == "carry":
            found.append(Paragraph("end_pot", msg("rule.end_pot_carry")))
        elif rules.end_pot == "split":
            found.append(Paragraph("end_pot", msg("rule.end_pot_split"), decision=True))
        else:
            found.append(Paragraph("end_pot", msg("rule.end_pot_refund"), decision=True))
    return tuple(found)


def _come_and_go(rules: Rules) -> tuple[Paragraph, ...]:
    found = [Paragraph("between_deals", msg("rule.between_deals"), decision=True),
             Paragraph("players", msg("rule.players", variant=rules.variant,
                                      low=rules.min_players, high=rules.max_players)),
             Paragraph("deal_passes", msg("rule.deal_passes_seats"), decision=True)]
    if rules.family is Family.POT:
        found.append(Paragraph("leave", msg("rule.leave_pot"), decision=True))
    else:
        found += [Paragraph("join", msg("rule.join_game"), decision=True),
                  Paragraph("leave", msg("rule.leave_game"), decision=True)]
        if rules.game_end == "last_in_loses":
            found.append(Paragraph("leave_last_in", msg("rule.leave_last_in"), decision=True))
    return tuple(found)

