"""Save, always in view below the rows, with what is still missing or wrong, or what
saving does; and Undo beside it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.entry.check import Check, summary
from scorekeeper.app.entry.rows import TARGET
from scorekeeper.app.model import AppModel
from scorekeeper.app.widgets import action, labelled, readout

if TYPE_CHECKING:
    from scorekeeper.session import OpenSession

SAVE_STYLE = ft.ButtonStyle(text_style=ft.TextStyle(size=20))


@ft.memo
@ft.component
def SaveBar(app: AppModel, session: OpenSession, left: str | None, verdict: Check, number: int,
            save: Callable[[], None], on_undo: Callable[[], object] | None,
            just_saved: str | None = None) -> ft.Control:
    """Below the rows, always in view: what is still missing or wrong, what saving does, Save.
    ``left``: how many tricks are still to give, while only tricks are missing;
    ``just_saved``: what the deal saved a moment ago did, until the next tap."""
    lines: list[ft.Control] = []
    problem = app.problem or (None if verdict.unfinished else verdict.refusal)
    if problem:
        lines.append(readout(label=problem, content=ft.Text(
            problem, size=15, color=ft.Colors.ON_ERROR_CONTAINER)))
    elif verdict.moves is not None:
        lines.append(ft.Text(summary(app, session.table, verdict.moves), size=15))
    elif just_saved:
        lines.append(readout(label=just_saved, content=ft.Text(just_saved, size=15)))
    else:
        lines.append(readout(label=left, content=ft.Text(left, size=16,
                                                         weight=ft.FontWeight.BOLD))
                     if left else ft.Container())
    if app.stale:
        lines.append(action(app.t("ui.reload"), ft.Icons.REFRESH, app.reload))
    buttons: list[ft.Control] = []
    if on_undo is not None and session.state.deals:
        buttons.append(labelled(app.t("ui.undo", number=session.state.deals), ft.IconButton(
            ft.Icons.UNDO, on_click=on_undo, width=TARGET + 8, height=TARGET + 8)))
    buttons.append(ft.FilledButton(
        app.t("ui.save_deal", number=number), icon=ft.Icons.CHECK, height=56, expand=True,
        disabled=verdict.refusal is not None, on_click=save,
        style=SAVE_STYLE))
    return ft.Container(
        padding=ft.Padding.symmetric(horizontal=10, vertical=8),
        border_radius=ft.BorderRadius.all(14),
        bgcolor=ft.Colors.ERROR_CONTAINER if problem else ft.Colors.SURFACE_CONTAINER,
        content=ft.Column(spacing=6, controls=[*lines, ft.Row(buttons, spacing=8)]),
    )
