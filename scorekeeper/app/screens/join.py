"""Joining the table display from another device: a name, the join code, or waiting."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.inputs import Entry
from scorekeeper.app.lan import Verdict
from scorekeeper.app.peer import peer_address
from scorekeeper.app.state.room import LAN_CHANGED
from scorekeeper.app.state.said import refusal
from scorekeeper.app.widgets import error_line, screen
from scorekeeper.core import RuleError
from scorekeeper.core.text import player_name

if TYPE_CHECKING:
    from collections.abc import Callable

    from scorekeeper.app.state.room import Room
    from scorekeeper.app.words import Words


@ft.memo
@ft.component
def Join(room: Room, words: Words, joined: Callable[[], object]) -> ft.Control:
    """``room``: this page's place in the room, a role it changes once admitted;
    ``joined``: the page's route shown again, as a guest sees it."""
    typed = ft.use_ref(lambda: {"name": "", "code": ""}).current  # heard, not drawn (see Entry)
    problem, set_problem = ft.use_state(None)
    lan = room.lan
    assert lan is not None

    async def join() -> None:
        page = ft.context.page
        name, code = typed["name"], typed["code"]
        if room.role != "locked":
            return
        if not name.strip():
            set_problem(words.t("ui.join_name_needed"))
            return
        try:
            device = player_name(name)
        except RuleError as error:
            set_problem(refusal(error, words.language))
            return
        # Every answer waits longer the more wrong codes there were (lan.py says why).
        await asyncio.sleep(lan.answer_delay())
        verdict = lan.try_join(room.viewer_key, code, device, peer_address(page) or "?")
        if verdict is Verdict.ADMITTED:
            room.role = "viewer"
            joined()  # the session the host has open, if any
            page.pubsub.send_all(LAN_CHANGED)
            return
        if verdict is Verdict.WRONG:
            set_problem(words.t("ui.wrong_code"))
        elif verdict is Verdict.DEVICE_LOCKED:
            set_problem(words.t("ui.device_locked"))
        else:
            set_problem(words.t("ui.room_locked", minutes=lan.minutes_locked()))
            page.pubsub.send_all(LAN_CHANGED)  # the host sees the lock and can lift it

    def typing_code(text: str) -> None:
        typed["code"] = text
        set_problem(None)  # the last answer was about the code before

    async def entered_code(text: str) -> None:
        typed["code"] = text
        await join()

    return screen(
        ft.Text("Scorekeeper", size=28, weight=ft.FontWeight.BOLD),
        ft.Text(words.t("ui.join_intro"), size=17),
        Entry(words.t("ui.join_name_field"), "", lambda text: typed.__setitem__("name", text),
              autofocus=True),
        Entry(words.t("ui.join_code_field"), "", typing_code, width=260, on_enter=entered_code),
        ft.Row([ft.FilledButton(words.t("ui.join"), icon=ft.Icons.LOGIN, on_click=join)]),
        error_line(problem),
    )


@ft.memo
@ft.component
def Waiting(words: Words) -> ft.Control:
    """A guest's page while the host has no table open."""
    return screen(
        ft.Text("Scorekeeper", size=28, weight=ft.FontWeight.BOLD),
        ft.Text(words.t("ui.waiting_for_host"), size=18),
    )
