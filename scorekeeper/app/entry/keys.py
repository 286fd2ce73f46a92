"""A whole deal from a desktop's keyboard, as the legend below the rows says."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.widgets import readout

if TYPE_CHECKING:
    from collections.abc import Callable

    from scorekeeper.app.draft import DealDraft
    from scorekeeper.app.model import AppModel


def keyboard(draft: DealDraft, order: list[str], tricks: int, save: Callable[[], None]
             ) -> Callable[[ft.KeyboardEvent], None]:
    """A whole deal from the keyboard: a digit gives the marked player that many tricks and
    moves on, P passes, the arrows move the mark, Enter saves."""

    def key(event: ft.KeyboardEvent) -> None:
        pressed = event.key
        cursor = min(draft.cursor, len(order) - 1)
        if pressed.isdigit() and int(pressed) <= tricks:
            draft.set_tricks(order[cursor], int(pressed))
            draft.move_to((cursor + 1) % len(order))
        elif pressed.upper() == "P":
            draft.toggle_pass(order[cursor])
            draft.move_to((cursor + 1) % len(order))
        elif pressed == "Arrow Down":
            draft.move_to((cursor + 1) % len(order))
        elif pressed == "Arrow Up":
            draft.move_to((cursor - 1) % len(order))
        elif pressed in ("Enter", "Numpad Enter"):
            save()

    return key


@ft.memo
@ft.component
def KeyLegend(app: AppModel) -> ft.Control:
    line = app.t("ui.keys_legend")
    return readout(label=line, content=ft.Row(spacing=6, controls=[
        ft.Icon(ft.Icons.KEYBOARD, size=18, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Text(line, size=13, color=ft.Colors.ON_SURFACE_VARIANT, expand=True)]))
