"""The model as the root hands it to the screens.

Flet redraws every component handed an observable whenever it changes, each on its own:
one Save drew the table's entry, its assistant, its seat changes and its Save bar once
each, then all of them again from the root, the first time with the old scores the root
had not yet handed down (measured: 173 controls compared a Save where one pass needs
under 100). So only the root watches the page's observables (the model's concerns, see
shell.App), and hands the screens a handle to the model, new at each of its draws: a
memoized part is drawn again when any concern changed (its handle is new) or when its own
arguments did, once, in the root's pass. (The draft is the exception: the rows take it
and hear their own taps.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from scorekeeper.app.model import AppModel


class _Handle:
    """Every attribute read or set, and every method called, is the model's own."""

    __slots__ = ("_model",)

    def __init__(self, model: AppModel) -> None:
        object.__setattr__(self, "_model", model)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._model, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._model, name, value)


def handed(model: AppModel) -> AppModel:
    """A handle to ``model`` that no component can subscribe to (it is no observable),
    typed as the model it stands for."""
    return cast("AppModel", _Handle(model))
