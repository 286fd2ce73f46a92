"""Only the root holds the app (issue 64): a screen and its parts take what they show (the
values its record loaded, the words, the taps, the few small observables whose commands
they call), never the page's whole model. Who may change what is then read from a
component's signature, and a memoized part is drawn again only when what it shows changed.

Read from the source, every function whatever its decorator: the root (shell.py) draws the
screens from each screen's record (screen_list.py), and those two, with the model itself and
the page's hearing, are the only places the model is handed to."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from tests.conftest import REPO

if TYPE_CHECKING:
    from pathlib import Path

APP = REPO / "scorekeeper" / "app"
# The root and what it is made of: they are the model's, or hand it nothing below them.
ROOT = {"shell.py", "screen_list.py", "model.py", "hearing.py"}


def takes_the_model(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    arguments = function.args
    every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
             *filter(None, [arguments.vararg, arguments.kwarg])]
    return any(argument.annotation is not None and "AppModel" in ast.unparse(argument.annotation)
               for argument in every)


def functions_taking_the_model(path: Path) -> list[str]:
    """Each function of the module at ``path`` that takes the model, and its import of it."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [f"{path.relative_to(APP)}:{node.lineno} {getattr(node, 'name', 'import')}"
            for node in ast.walk(tree)
            if (isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and takes_the_model(node))
            or (isinstance(node, ast.ImportFrom) and node.module == "scorekeeper.app.model")]


def test_no_component_or_part_but_the_root_takes_the_app_model():
    taking = [found for path in sorted(APP.rglob("*.py"))
              if path.relative_to(APP).as_posix() not in ROOT
              for found in functions_taking_the_model(path)]
    assert taking == []


def test_the_check_finds_a_part_that_takes_the_model_however_it_is_written():
    part = ast.parse(
        "def Badge(name: str, app: AppModel) -> None: ...\n"
        "async def tapped(*, app: 'AppModel | None' = None) -> None: ...\n"
        "def Tile(words: Words, go: Callable[[str], object]) -> None: ...\n")
    assert [node.name for node in ast.walk(part)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and takes_the_model(node)] == ["Badge", "tapped"]
