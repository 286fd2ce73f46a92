"""Issue 9: the charts' axes showed half deals (0.5, 1.5, ...) and overlapping labels ("41"
on "40"): labels come only on whole, round steps."""

from __future__ import annotations

import pytest

from scorekeeper.app.screens.charts import nice_step


@pytest.mark.parametrize("span", [0, 1, 7, 8, 9, 17, 41, 100, 999, 10_000])
def test_an_axis_has_a_whole_round_step_and_at_most_eight_labels(span: int):
    step = nice_step(span)
    assert isinstance(step, int)
    assert step >= 1
    assert str(step).strip("0") in ("1", "2", "5")  # 1, 2, 5, 10, 20, 50, ...
    assert span / step <= 8


def test_a_short_session_labels_every_deal():
    assert nice_step(6) == 1


def test_a_score_from_minus_28_to_18_is_labelled_every_10():
    assert nice_step(18 - -28) == 10
