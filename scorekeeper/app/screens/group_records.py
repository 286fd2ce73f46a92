"""A group's records (the best evening, the biggest pot in one deal, the longest streak in
the money, the most General Rams won), each player's page in the group, and who beats
whom: each pair's ahead, level and behind over the group's finished evenings."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.routes import route_to
from scorekeeper.app.widgets import GoTo, handler, panel, said_line
from scorekeeper.i18n.records import (
    group_best_line,
    group_generals_line,
    group_streak_line,
    group_taken_line,
    pairing_line,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from scorekeeper.app.words import Words
    from scorekeeper.core.group_records import GroupRecords, Pairing


@ft.memo
@ft.component
def RecordsPanel(words: Words, records: GroupRecords, group: str,
                 go: Callable[[str], object]) -> ft.Control:
    """The group's records, and a button per player opening their page in this group."""
    lang = words.language
    lines = [*(said_line(group_best_line(best, lang)) for best in records.best_evening),
             *(said_line(group_taken_line(taken, lang)) for taken in records.most_taken),
             *([said_line(group_streak_line(records.longest_in_the_money, lang))]
               if records.longest_in_the_money else []),
             *([said_line(group_generals_line(records.most_generals, lang))]
               if records.most_generals else [])]
    players = ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
        ft.OutlinedButton(name, icon=ft.Icons.PERSON,
                          on_click=handler(GoTo(go, route_to("player", player=name, group=group))))
        for name in records.players])
    return panel(words.t("record.group_title"),
                 *(lines or [ft.Text(words.t("ui.tab_empty"))]), players)


@ft.memo
@ft.component
def BeatsPanel(words: Words, beats: tuple[Pairing, ...]) -> ft.Control:
    """Who beats whom: a line a pair, the pairs most often together first."""
    lang = words.language
    return panel(words.t("record.beats_title"),
                 *([said_line(pairing_line(pair, lang)) for pair in beats]
                   or [ft.Text(words.t("ui.tab_empty"))]))
