"""Save, always in view below the rows, with what is still missing or wrong, or what
saving does; and Undo beside it. What the app says after a command (a notice) is said here
too, on its own line above Save."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.entry.check import Check, ending_text, summary
from scorekeeper.app.entry.rows import TARGET
from scorekeeper.app.widgets import action, labelled, notice_line, readout, why_button
from scorekeeper.core import N_

if TYPE_CHECKING:
    from collections.abc import Callable

    from scorekeeper.app.model import AppModel
    from scorekeeper.app.state.drafts import DealTaken
    from scorekeeper.session import OpenSession

SAVE_STYLE = ft.ButtonStyle(text_style=ft.TextStyle(size=20))


@ft.memo
@ft.component
def SaveBar(app: AppModel, session: OpenSession, left: str | None, verdict: Check, number: int,
            save: Callable[[], None], on_undo: Callable[[], object] | None,
            just_saved: str | None = None,
            on_clear: Callable[[], object] | None = None) -> ft.Control:
    """Below the rows, always in view: what is still missing or wrong, what saving does, Save.
    ``left``: how many tricks are still to give, while only tricks are missing;
    ``just_saved``: what the deal saved a moment ago did, until the next tap;
    ``on_clear``: empties the form, whenever it holds something."""
    if app.drafts.taken is not None and app.drafts.taken.session_id == session.id:
        return TakenBar(app, session, app.drafts.taken)
    lines = noticed(app)
    problem = app.said.problem or (None if verdict.unfinished else verdict.refusal)
    if problem:
        said = readout(label=problem, content=ft.Text(
            problem, size=15, color=ft.Colors.ON_ERROR_CONTAINER))
        rule = verdict.rule if problem == verdict.refusal else None
        lines.append(said if rule is None else ft.Row(
            spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                ft.Container(expand=True, content=said),
                why_button(app, problem, f"/session/{session.id}/rules/{rule}")]))
    elif verdict.moves is not None:
        lines.append(ft.Text(summary(app, session.table, verdict.moves), size=15))
        if verdict.endings:
            # Said before Save: this deal ends a game, and who takes what.
            ends = app.t("ui.deal_ends_game",
                         result=ending_text(app, session.table, verdict.endings))
            lines.append(readout(label=ends, content=ft.Text(
                ends, size=16, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY)))
    elif just_saved:
        said, _, ended = just_saved.partition("\n")
        lines.append(readout(label=said, content=ft.Text(said, size=15)))
        if ended:  # the game it ended, on the table until the next tap
            lines.append(readout(label=ended, content=ft.Text(
                ended, size=18, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY)))
    else:
        lines.append(readout(label=left, content=ft.Text(left, size=16,
                                                         weight=ft.FontWeight.BOLD))
                     if left else ft.Container())
    if app.said.stale:
        lines.append(action(app.t("ui.reload"), ft.Icons.REFRESH, app.table.reload))
    buttons: list[ft.Control] = []
    if on_undo is not None and session.state.deals:
        buttons.append(labelled(app.t("ui.undo", number=session.state.deals), ft.IconButton(
            ft.Icons.UNDO, on_click=on_undo, width=TARGET + 8, height=TARGET + 8)))
    if on_clear is not None:
        buttons.append(labelled(app.t("ui.clear_deal", number=number), ft.IconButton(
            ft.Icons.BACKSPACE_OUTLINED, on_click=on_clear, width=TARGET + 8,
            height=TARGET + 8)))
    buttons.append(ft.FilledButton(
        app.t("ui.save_deal", number=number), icon=ft.Icons.CHECK, height=52, expand=True,
        disabled=verdict.refusal is not None, on_click=save,
        style=SAVE_STYLE))
    return ft.Container(
        padding=ft.Padding.symmetric(horizontal=10, vertical=6),
        border_radius=ft.BorderRadius.all(14),
        bgcolor=ft.Colors.ERROR_CONTAINER if problem else ft.Colors.SURFACE_CONTAINER,
        content=ft.Column(spacing=4, controls=[*lines, ft.Row(buttons, spacing=8)]),
    )


@ft.component
def TakenBar(app: AppModel, session: OpenSession, taken: DealTaken) -> ft.Control:
    """In place of Save: another device recorded (or took back) the deal this one was being
    entered for. What happened there, and the two answers; nothing is saved before one."""
    device = taken.by or app.t("ui.another_device")
    if taken.theirs is None:
        said = app.t("ui.deal_taken_back", number=taken.next, mine=taken.mine, device=device)
    else:
        said = summary(app, session.table, dict(taken.theirs), N_("ui.deal_taken"),
                       number=taken.mine, device=device)
    return ft.Container(
        padding=ft.Padding.symmetric(horizontal=10, vertical=8),
        border_radius=ft.BorderRadius.all(14),
        bgcolor=ft.Colors.TERTIARY_CONTAINER,
        content=ft.Column(spacing=6, controls=[
            *noticed(app),
            readout(label=said, content=ft.Text(said, size=15)),
            ft.Row(spacing=8, wrap=True, controls=[
                ft.OutlinedButton(app.t("ui.discard_mine"), icon=ft.Icons.DELETE_OUTLINE,
                                  height=48, on_click=lambda _: app.drafts.discard_mine()),
                ft.FilledButton(app.t("ui.mine_is_next", number=taken.next),
                                icon=ft.Icons.ARROW_FORWARD, height=48,
                                on_click=lambda _: app.drafts.keep_mine()),
            ]),
        ]),
    )


def noticed(app: AppModel) -> list[ft.Control]:
    """The notice, if one is said now, as the Save bar's first line. A notice is said after
    Undo, a save, a draft brought back, and the next thing the person does is fix and Save:
    said here, the bar grows upwards from Save, which stays where the finger goes. (Flutter's
    snack bar lay over Save for its five seconds and took the tap, margin and all: its
    Dismissible's gesture detector is opaque.) The shell says it under any other screen."""
    return [notice_line(app.said.notice)] if app.said.notice else []
