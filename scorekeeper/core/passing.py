"""Who must play and who may pass: one rule set for the deal assistant and the checks.

``must_play`` answers for one player, given the decisions of those who spoke
before; validation walks a recorded deal through it in speaking order, and the
deal assistant asks it live while the table speaks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scorekeeper.core.deal import Deal
from scorekeeper.core.errors import RuleError
from scorekeeper.core.messages import N_, Message, msg
from scorekeeper.core.seating import Seating
from scorekeeper.core.state import State
from scorekeeper.core.table import Table


@dataclass(frozen=True, slots=True)
class Bidding:
    """What is known of the deal so far: who went in, General Rams, the widow."""

    went_in: Mapping[str, bool]  # decisions so far, by player
    general: str | None = None
    widow: str | None = None


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
