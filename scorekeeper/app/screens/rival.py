"""Two players side by side: each finished session they shared (its day and name, each
one's place, who was ahead, the money) and the totals: ``scorekeeper versus``'s figures,
read by the same session function, over the group and year the player's page chose."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.state.player_shown import SHARED_FIRST
from scorekeeper.app.widgets import ScreenBar, back_to, error_line, panel, said_line, screen
from scorekeeper.core import counts
from scorekeeper.i18n.records import shared_line, versus_money, versus_totals

if TYPE_CHECKING:
    from collections.abc import Callable

    from scorekeeper.app.words import Words
    from scorekeeper.core.head_to_head import HeadToHead


@ft.memo
@ft.component
def RivalScreen(found: HeadToHead | None, problem: str | None, words: Words,
                go: Callable[[str], object], back: str, every_session: bool,
                show_every_session: Callable[[], object]) -> ft.Control:
    """``found``: the two players' head to head as loaded for the route (None: refused,
    ``problem`` says why); ``back``: the player's page it was opened from."""
    title = (words.t("versus.title", first=found.players[0], second=found.players[1])
             if found else words.t("record.rivals_title"))
    bar = ScreenBar(title, back_to(words, back), (), go)
    if found is None:
        return ft.Column(expand=True, spacing=0, controls=[bar, screen(error_line(problem))])
    return ft.Column(expand=True, spacing=0, controls=[bar, screen(
        error_line(problem), Totals(words, found),
        SharedSessions(words, found, every_session, show_every_session))])


@ft.memo
@ft.component
def Totals(words: Words, found: HeadToHead) -> ft.Control:
    """How many sessions together and level, who was ahead how often, the money."""
    lang = words.language
    chosen = " · ".join([*([found.group] if found.group else []),
                         *([str(found.year)] if found.year else [])])
    return panel(words.t(counts("versus.sessions", "count"), count=len(found.sessions),
                         level=found.level),
                 *([said_line(chosen, 14)] if chosen else []),
                 said_line(versus_totals(found, lang), 18, bold=True),
                 *(said_line(line, 16) for line in versus_money(found, lang)))


@ft.memo
@ft.component
def SharedSessions(words: Words, found: HeadToHead, every_session: bool,
                   show_every_session: Callable[[], object]) -> ft.Control:
    """The sessions they shared, newest first: a screenful unless every one is asked for."""
    lang = words.language
    newest = found.sessions[::-1]
    shown = newest if every_session else newest[:SHARED_FIRST]
    lines: list[ft.Control] = [said_line(shared_line(found, session, lang)) for session in shown]
    if len(shown) < len(newest):
        lines.append(ft.OutlinedButton(
            words.t(counts("record.show_all_shared", "count"), count=len(newest)),
            on_click=lambda: show_every_session()))
    return panel(words.t("record.shared_title"), *lines)
