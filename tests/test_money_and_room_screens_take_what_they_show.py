"""Only the root holds the app (issue 64): the ledger, settle-up, the result card, the
group's tab and the room take what they show, and the parts and helpers of their modules
too (that each record hands its screen no app, and equal values when nothing it shows
changed, is tests/test_screens_skip_a_pass_that_changed_nothing.py's). A change the ledger
shows hands it another page; a session not there is drawn Missing by the record."""

from __future__ import annotations

import ast
import inspect

import pytest

from scorekeeper.app.model import AppModel
from scorekeeper.app.screen_list import SCREENS
from scorekeeper.app.screens import card, group, ledger, room, settle
from scorekeeper.app.state.session_shown import LEDGER_EARLIER
from scorekeeper.app.state.worked_out import LEDGER_FIRST
from scorekeeper.session import Scorebook
from scorekeeper.settings import Settings
from tests.test_screens_skip_a_pass_that_changed_nothing import browser, drawn, same

__all__ = ["browser"]  # the page that takes the routes it is sent, for every test here
MODULES = (ledger, settle, card, group, room)


@pytest.mark.parametrize("module", MODULES, ids=lambda module: module.__name__)
def test_no_function_of_these_screens_takes_the_app_model(module: object):
    tree = ast.parse(inspect.getsource(module))  # type: ignore[arg-type]
    taking = [f"{node.name}({arg.arg})" for node in ast.walk(tree)
              if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
              for arg in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)
              if arg.annotation is not None and "AppModel" in ast.unparse(arg.annotation)]
    imported = [alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                and node.module == "scorekeeper.app.model" for alias in node.names]
    assert taking == []
    assert imported == []


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
