"""Joining the table display from another device: a name, the join code, or waiting."""

from __future__ import annotations

import asyncio

import flet as ft

from scorekeeper.app.lan import Verdict
from scorekeeper.app.model import LAN_CHANGED, AppModel
from scorekeeper.app.peer import peer_address
from scorekeeper.app.widgets import error_line, screen
from scorekeeper.core import RuleError
from scorekeeper.core.text import player_name


@ft.memo
@ft.component
def Join(app: AppModel) -> ft.Control:
    name, set_name = ft.use_state("")
    code, set_code = ft.use_state("")
    problem, set_problem = ft.use_state(None)
    room = app.lan
    assert room is not None

    async def join() -> None:
        page = ft.context.page
        if app.role != "locked":
            return
        if not name.strip():
            set_problem(app.t("ui.join_name_needed"))
            return
        try:
            device = player_name(name)
        except RuleError as error:
            set_problem(app.refusal(error))
            return
        # Every answer waits longer the more wrong codes there were (lan.py says why).
        await asyncio.sleep(room.answer_delay())
        verdict = room.try_join(app.viewer_key, code, device, peer_address(page) or "?")
        if verdict is Verdict.ADMITTED:
            app.role = "viewer"
            app.show(app.route)  # the session the host has open, if any
            page.pubsub.send_all(LAN_CHANGED)
            return
        if verdict is Verdict.WRONG:
            set_problem(app.t("ui.wrong_code"))
        elif verdict is Verdict.DEVICE_LOCKED:
            set_problem(app.t("ui.device_locked"))
        else:
            set_problem(app.t("ui.room_locked", minutes=room.minutes_locked()))
            page.pubsub.send_all(LAN_CHANGED)  # the host sees the lock and can lift it

    def typing_code(event: ft.ControlEvent) -> None:
        set_code(event.control.value)
        set_problem(None)  # the last answer was about the code before

    return screen(
        ft.Text("Scorekeeper", size=28, weight=ft.FontWeight.BOLD),
        ft.Text(app.t("ui.join_intro"), size=17),
        ft.TextField(label=app.t("ui.join_name_field"), value=name, autofocus=True,
                     on_change=lambda e: set_name(e.control.value)),
        ft.TextField(label=app.t("ui.join_code_field"), value=code, width=260,
                     on_change=typing_code, on_submit=join),
        ft.Row([ft.FilledButton(app.t("ui.join"), icon=ft.Icons.LOGIN, on_click=join)]),
        error_line(problem),
    )


@ft.memo
@ft.component
def Waiting(app: AppModel) -> ft.Control:
    return screen(
        ft.Text("Scorekeeper", size=28, weight=ft.FontWeight.BOLD),
        ft.Text(app.t("ui.waiting_for_host"), size=18),
    )
