"""One figure for a leaver (issue 63), for the sessions the strategies draw in every
family: what the leave panel says a player owes going home (``leaving``) is what
settle-up says while the leave waits (``going``), what the session's money and payments
come to once the leave is saved with the next deal, and what ``show`` says of them after
(``who_left``); and it is the row's figure less what leaving gives up, plus the payments."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.core import Deal, close, guide
from scorekeeper.core.leaving import going, leaving, who_left
from scorekeeper.core.owed import Handover, paid
from scorekeeper.core.seat_changes import dealt_in
from tests.strategies import VARIANTS, draw_deal, legal_sessions

SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.parametrize("variant", VARIANTS)
@SETTINGS
@given(data=st.data())
def test_a_leavers_figure_is_the_same_on_the_panel_on_settle_up_and_once_gone(variant, data):
    session = data.draw(legal_sessions(variant, max_deals=12))
    table, state = session.table, session.state
    if guide(table, state).session_over or len(state.seated) <= table.rules.min_players:
        return
    leaver = data.draw(st.sampled_from(state.seated))
    others = [p for p in state.everyone if p != leaver]
    handovers = [Handover(*data.draw(st.sampled_from(
        [(leaver, other) for other in others] + [(other, leaver) for other in others])),
        data.draw(st.integers(1, 500))) for _ in range(data.draw(st.integers(0, 2)))]
    left = leaving(table, state, leaver, handovers)
    assert left is not None
    now = close(table, state)
    assert left.at_table == now.money[leaver]  # the row's figure
    assert left.paid == paid(state.everyone, handovers)[leaver]
    assert left.owed == left.at_table - left.given_up + left.paid
    # Settle-up while the leave waits: the same figure, and one transfer per debt.
    waiting = going(table, state, handovers, (leaver,))
    assert waiting is not None
    [(panel, theirs)] = waiting.leavers
    assert panel == left
    assert waiting.owed[leaver] == left.owed
    assert sum(-t.minor if t.payer == leaver else t.minor for t in theirs) == left.owed
    assert not [t for t in waiting.others if leaver in (t.payer, t.payee)]
    # Saved with the next deal: the session's money and payments come to the same figure,
    # and ``show`` says it as the panel did.
    dealt = dealt_in(table, state, Deal(leaves=(leaver,)))
    after = session.record(replace(draw_deal(data.draw, table, dealt), leaves=(leaver,)))
    assert close(table, after.state).money[leaver] + left.paid == left.owed
    [(number, shown)] = who_left(after, handovers)
    assert (number, shown) == (len(after.deals), left)

