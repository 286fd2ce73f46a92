"""What is shown of a version, each view a function over an open session (a version and
the other views it asks): made by the scorebook's view cache on first use and kept there
under (session, version, view, language). No view reads the store: what a version's views
need from it comes through ``reading.py``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from scorekeeper.core import (
    Closing,
    Deal,
    DealFields,
    DealGuide,
    Placing,
    Transfer,
    close,
    deal_fields,
    guide,
    leaders,
    placed_winners,
    session_standings,
)
from scorekeeper.core.owed import PlanChange, owed_transfers, paid, plan_change, still_owed
from scorekeeper.formats.games_protocol import GameRow, games_protocol
from scorekeeper.session.ledger_view import ChartLine, LedgerDeal, chart_lines, ledger_deal
from scorekeeper.session.standing_view import pot_shares, scores_as_dealt

if TYPE_CHECKING:
    from scorekeeper.session.open_session import OpenSession

# Each view worked out from others by its name, what ``OpenSession.work_out`` may make
# ahead of a screen (what is read from the store is ViewCache's: view_cache.py).
VIEWS: dict[str, Callable[[OpenSession], Any]] = {}


def view(name: str) -> Callable[[Callable[[OpenSession], Any]], Callable[[OpenSession], Any]]:
    def registered(make: Callable[[OpenSession], Any]) -> Callable[[OpenSession], Any]:
        VIEWS[name] = make
        return make

    return registered


# --- what the table screen shows (no deal is read for these) ---

@view("guide")
def guide_view(s: OpenSession) -> DealGuide:
    return guide(s.table, s.state)


@view("fields")
def fields(s: OpenSession) -> DealFields:
    return deal_fields(s.table.rules)


@view("scores")
def scores(s: OpenSession) -> dict[str, int]:
    """Each player's score as the next deal starts (``scores_as_dealt``)."""
    return scores_as_dealt(s.table, s.state)


@view("closing")
def closing(s: OpenSession) -> Closing:
    """What everyone has won or lost if the session ends now (once finished: did)."""
    return close(s.table, s.state)


@view("pot_shares")
def pot_shares_view(s: OpenSession) -> dict[str, int]:
    return pot_shares(s.closing)


@view("winners")
def winners(s: OpenSession) -> tuple[str, ...]:
    return placed_winners(s.table, s.state, s.closing)


@view("standings")
def standings(s: OpenSession) -> tuple[Placing, ...]:
    """Everyone's place and the figure it rests on, best first (RULES.md, "Standings of a
    session"): what a finished session's table shows, as its card does."""
    return session_standings(s.table, s.state, s.closing)


@view("leaders")
def leaders_view(s: OpenSession) -> tuple[str, ...]:
    return leaders(s.table, s.state, s.closing)


@view("games")
def games(s: OpenSession) -> tuple[GameRow, ...]:
    return games_protocol(s.table, s.state)


# --- settling up: the money handed over, what is still owed ---

@view("paid")
def paid_view(s: OpenSession) -> dict[str, int]:
    """What each player has paid out less what they received (minor units)."""
    return paid(s.state.everyone, s.handovers)


@view("owed")
def owed(s: OpenSession) -> dict[str, int]:
    """What is still to come to each player (+) or still to pay (-): the money result
    and every payment (RULES.md: a later deal never forgets a payment)."""
    return still_owed(s.closing.money, s.handovers)


@view("transfers")
def transfers(s: OpenSession) -> tuple[Transfer, ...]:
    """The fewest transfers that settle what is still owed."""
    return tuple(owed_transfers(s.closing.money, s.handovers, s.closing.pot_left))


@view("plan_change")
def plan_change_view(s: OpenSession) -> PlanChange | None:
    """What the last payment did to the plan besides taking its amount off, if anything."""
    return plan_change(s.closing.money, s.handovers, s.closing.pot_left)


# --- what needs the deals ---

@view("deals")
def deals(s: OpenSession) -> tuple[Deal, ...]:
    return s.history.deals


@view("ledger")
def ledger(s: OpenSession) -> tuple[LedgerDeal, ...]:
    """Every deal, oldest first (the charts need them all; the ledger screen shows pages
    of the newest: ``OpenSession.ledger_page``)."""
    return tuple(ledger_deal(s.table, step) for step in s.history.steps)


@view("chart")
def chart(s: OpenSession) -> tuple[ChartLine, ...]:
    return chart_lines(s.table, s.state.everyone, s.ledger, s.history)
