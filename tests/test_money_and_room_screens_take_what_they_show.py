"""The ledger, settle-up and the result card take what their record loaded (issue 64; that
no part takes the app is tests/test_only_the_root_holds_the_app.py's, that a root pass
changing nothing skips them tests/test_screens_skip_a_pass_that_changed_nothing.py's): a
change the ledger shows hands it another page; a session not there is drawn Missing by
the record."""

from __future__ import annotations

import pytest

from scorekeeper.app.model import AppModel
from scorekeeper.app.screen_list import SCREENS
from scorekeeper.app.state.session_shown import LEDGER_EARLIER
from scorekeeper.app.state.worked_out import LEDGER_FIRST
from scorekeeper.session import Scorebook
from scorekeeper.settings import Settings
from tests.test_screens_skip_a_pass_that_changed_nothing import browser, drawn, same

__all__ = ["browser"]  # the page that takes the routes it is sent, for every test here


@pytest.fixture
def app(cabin_book: Scorebook) -> AppModel:
    return AppModel(cabin_book, Settings(language="en"), screens=SCREENS)


def test_the_ledger_is_handed_its_earlier_deals_once_they_are_asked_for(app: AppModel):
    app.go("/session/1/ledger")
    before = drawn(app)
    app.table.show_earlier()
    after = drawn(app)
    assert before.fn.__name__ == "Ledger"
    assert (before.args[1], after.args[1]) == (LEDGER_FIRST, LEDGER_FIRST + LEDGER_EARLIER)
    assert not same(before, after)


@pytest.mark.parametrize("screen", ["ledger", "settle", "card"])
def test_a_screen_of_a_session_not_there_is_drawn_missing_by_its_record(app: AppModel,
                                                                        screen: str):
    app.go(f"/session/99/{screen}")
    assert app.table.session is None
    assert drawn(app).fn.__name__ == "Missing"
