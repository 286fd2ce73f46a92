"""Who must play and who may pass: one rule set for the deal assistant and the checks.

``must_play`` answers for one player, given the decisions of those who spoke
before; validation walks a recorded deal through it in speaking order, and
``duties`` says each player's duty live while the table speaks, as the rows show it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scorekeeper.core.deal import Deal
from scorekeeper.core.errors import RuleError
from scorekeeper.core.fields import TRICKS
from scorekeeper.core.messages import N_, Message, counts, msg
from scorekeeper.core.presets import Rules
from scorekeeper.core.seating import Seating, seating
from scorekeeper.core.state import State
from scorekeeper.core.table import Table


@dataclass(frozen=True, slots=True)
class Bidding:
    """What is known of the deal so far: who went in, General Rams, the widow, and whether
    it is played at all (the RH conceded, or it was misdealt)."""

    went_in: Mapping[str, bool]  # decisions so far, by player
    general: str | None = None
    widow: str | None = None
    conceded: bool = False
    misdeal: bool = False

    @classmethod
    def of(cls, deal: Deal, order: Sequence[str]) -> Bidding:
        """The deal as entered so far: everyone in ``order`` not marked as passing went in."""
        return cls({player: player not in deal.passed for player in order}, deal.general,
                   deal.widow, deal.conceded, deal.misdeal)


# A deal not played (misdealt, or conceded by the RH) asks nothing of those it does not pay.
NOT_PLAYED = msg("duty.not_played")


def is_single_pot(table: Table, state: State) -> bool:
    """An empty pot before the ante: everyone must play (not in rounce)."""
    return table.rules.single_pot and state.pot == 0


def must_play(
    table: Table, state: State, seats: Seating, player: str, bidding: Bidding
) -> Message | None:
    """Why ``player`` may not pass now (a ``must.*`` message), or None if they may."""
    if bidding.general is not None:
        return msg("must.general", paragraph="general_all_play", declarer=bidding.general)
    if player == bidding.widow:
        return msg("must.widow", paragraph="widow_plays")
    went_in = sum(bidding.went_in.get(p, False) for p in seats.before(player))
    passing = table.rules.passing
    if passing == "pot":
        if is_single_pot(table, state):
            return msg("must.single_pot", paragraph="single_pot")
        if player == seats.rh and went_in == 0:
            return msg(N_("must.rh_or_concede") if seats.dealer_plays else N_("must.rh_concede"),
                       paragraph="rh")
        # One player in must not play alone: the last to speak joins them. That is the
        # dealer, or the RH when the dealer of six sits out.
        if player == seats.order[-1] and went_in == 1:
            if seats.dealer_plays:
                return msg("must.dealer_one_in", paragraph="dealer_one_in")
            return msg("must.rh_one_in", paragraph="rh")
    elif passing == "counters":
        if player == seats.rh and went_in == 0:
            return msg("must.two_play", paragraph="two_play")
        if player == seats.dealer and went_in <= 1:
            return msg("must.two_play", paragraph="two_play")
    elif passing == "mattmar":
        score = table.rules.start if state.between_games else state.scores[player]
        if score == 1:
            return msg("must.one_point", paragraph="one_point")
        if player in state.must_play:
            return msg("must.two_points", paragraph="two_points")
        if player == seats.dealer and went_in == 0:
            return msg("must.dealer_takes_all", paragraph="dealer_takes_all")
    return None


def duties(table: Table, state: State, bidding: Bidding) -> dict[str, Message | None]:
    """Live, as the table speaks: for each player in the deal, why they must play (a
    ``must.*`` message), or what the deal does for them without play (a ``duty.*``
    message: the RH's concede, the Mattmar dealer's five tricks when everyone passed, a
    deal not played), or None: they may pass. The rows show it; the checks and the preview
    beside Save work from the same ``must_play``, so a row never shows a duty a concede or
    an all-pass has ended while the preview books the deal without it."""
    seats = seating(table, state)
    if bidding.misdeal:
        return dict.fromkeys(seats.order, NOT_PLAYED)
    if bidding.conceded:
        # The RH pays the dealer and the deal ends there (RULES.md, family 1).
        five = table.rules.five_tricks
        said = {seats.rh: msg("duty.concedes", paragraph="rh", units=five, dealer=seats.dealer),
                seats.dealer: msg("duty.paid_by_rh", paragraph="rh", units=five, rh=seats.rh)}
        return {player: said.get(player, NOT_PLAYED) for player in seats.order}
    found: dict[str, Message | None] = {}
    for player in seats.order:
        reason = must_play(table, state, seats, player, bidding)
        if reason is not None and reason.key == "must.dealer_takes_all":
            score = table.rules.start if state.between_games else state.scores[player]
            reason = msg(counts("duty.takes_all", "tricks"), paragraph="dealer_takes_all",
                         tricks=unplayed_tricks(table.rules, score))
        found[player] = reason
    return found


def unplayed_tricks(rules: Rules, score: int) -> int:
    """mattmar: the tricks a dealer everyone passed to takes without play, from ``score``:
    five, or with ramina as many as take them to 0 (the game stops there)."""
    return min(TRICKS, score) if rules.ramina else TRICKS


def check_passes(
    table: Table, state: State, seats: Seating, deal: Deal, speakers: Sequence[str] | None = None
) -> None:
    """Walk the recorded passes in speaking order; refuse the first pass the rules forbid."""
    went_in: dict[str, bool] = {}
    for player in seats.order if speakers is None else speakers:
        passed = player in deal.passed
        if passed:
            bidding = Bidding(went_in, deal.general, deal.widow)
            reason = must_play(table, state, seats, player, bidding)
            if reason is not None:
                raise RuleError(refusal(reason, player))
        went_in[player] = not passed


def refusal(reason: Message, player: str) -> Message:
    """``must.single_pot`` becomes ``refused.single_pot``: the same rule, said of a pass."""
    refused = "refused." + reason.key.removeprefix("must.")  # the keys: i18n/composed.py
    return msg(refused, paragraph=reason.paragraph, player=player, **reason.params)
