"""Joining the table display from another device: the join code, or waiting for the host."""

from __future__ import annotations

import flet as ft

from scorekeeper.app.model import LAN_CHANGED, AppModel
from scorekeeper.app.widgets import error_line, screen


@ft.component
def Join(app: AppModel) -> ft.Control:
    code, set_code = ft.use_state("")
    wrong, set_wrong = ft.use_state(False)
    room = app.lan
    assert room is not None

    def join() -> None:
        if not room.admits(code):
            set_wrong(True)
            return
        room.join(app.viewer_key, ft.context.page.client_ip or "?")
        app.role = "viewer"
        app.show(app.route)  # the session the host has open, if any
        ft.context.page.pubsub.send_all(LAN_CHANGED)

    join_label = app.t("ui.join")
    return screen(
        ft.Text("Scorekeeper", size=28, weight=ft.FontWeight.BOLD),
        ft.Text(app.t("ui.join_intro"), size=17),
        ft.TextField(label=app.t("ui.join_code_field"), value=code, width=220,
                     keyboard_type=ft.KeyboardType.NUMBER, autofocus=True,
                     on_change=lambda e: set_code(e.control.value), on_submit=join),
        ft.FilledButton(join_label, icon=ft.Icons.LOGIN, on_click=join),
        error_line(app.t("ui.wrong_code") if wrong else None),
    )


@ft.component
def Waiting(app: AppModel) -> ft.Control:
    return screen(
        ft.Text("Scorekeeper", size=28, weight=ft.FontWeight.BOLD),
        ft.Text(app.t("ui.waiting_for_host"), size=18),
    )
