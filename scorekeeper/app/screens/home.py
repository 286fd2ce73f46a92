"""Home: the sessions in play and finished, a new one, an import, the players."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.inputs import pick_json
from scorekeeper.app.routes import route_to
from scorekeeper.app.screens.backing_up import BackupReminder
from scorekeeper.app.widgets import (
    GoTo,
    Link,
    action,
    error_line,
    icon_button,
    labelled,
    screen,
    screen_bar,
)
from scorekeeper.core import counts
from scorekeeper.i18n.placings import places_line

if TYPE_CHECKING:
    from collections.abc import Callable

    from scorekeeper.app.state.home import Home as HomeState
    from scorekeeper.app.state.said import Said
    from scorekeeper.app.words import Words
    from scorekeeper.session import SessionSummary


@ft.memo
@ft.component
def Home(home: HomeState, reminder: bool, said: Said, words: Words, go: Callable[[str], object],
         dismiss_reminder: Callable[[], object]) -> ft.Control:
    """``home``: the sessions and groups as loaded, and its commands; ``reminder``: say
    that no backup was made for a while (backing_up.reminder_due)."""
    summaries = home.sessions

    async def import_file() -> None:
        picked = await pick_json(words.t("ui.import"))
        if picked is None:
            return
        opened = await home.import_file(picked)
        if opened is None:
            return
        said.notice = words.t(counts("ui.imported", "deals"),
                              name=words.session_name(opened.name, opened.table.rules.variant),
                              deals=opened.state.deals)
        go(route_to("table", session=opened.id))

    in_play = [s for s in summaries if not s.finished]
    finished = [s for s in summaries if s.finished]
    return ft.Column(expand=True, spacing=0, controls=[
        screen_bar(words, go, "Scorekeeper", None, [
            Link(ft.Icons.GROUPS, words.t("ui.players"), route_to("players")),
            Link(ft.Icons.SETTINGS, words.t("ui.settings"), route_to("settings")),
        ]),
        screen(
            ft.Row(wrap=True, spacing=12, controls=[
                ft.FilledButton(words.t("ui.new_session"), icon=ft.Icons.ADD, height=52,
                                on_click=lambda: go(route_to("new"))),
                action(words.t("ui.import"), ft.Icons.FILE_OPEN, import_file),
            ]),
            error_line(said.problem),
            *(BackupReminder(words, go, dismiss_reminder) if reminder else []),
            *([ft.Text(words.t("ui.groups"), size=20, weight=ft.FontWeight.BOLD),
               ft.Row(wrap=True, spacing=10, controls=[
                   action(words.t("ui.open_group", group=name), ft.Icons.GROUPS,
                          GoTo(go, route_to("group", group=name)))
                   for name in home.groups])] if home.groups else []),
            ft.Text(words.t("ui.in_play"), size=20, weight=ft.FontWeight.BOLD),
            *([SessionTile(words, s, go) for s in in_play]
              or [ft.Text(words.t("ui.none_in_play"))]),
            ft.Text(words.t("ui.finished"), size=20, weight=ft.FontWeight.BOLD),
            *([SessionTile(words, s, go) for s in finished]
              or [ft.Text(words.t("ui.none_finished"))]),
            *([ft.OutlinedButton(words.t(counts("ui.show_all_sessions", "count"),
                                         count=home.session_count),
                                 on_click=home.show_all)]
              if home.session_count > len(summaries) else []),
        ),
    ])


@ft.memo
@ft.component
def SessionTile(words: Words, summary: SessionSummary, go: Callable[[str], object]
                ) -> ft.Control:
    """A session: its game, day and deals (one in play: who leads), then its places, best
    first, each with the figure it rests on (its standings as kept)."""
    # A finished night has its places; one in play has leaders so far as well.
    line = (counts("ui.session_tile_finished", "deals") if summary.finished
            else counts("ui.session_tile", "deals"))
    subtitle = words.t(line, game=words.t(f"variant.{summary.variant}"),
                       day=words.day(summary.day),
                       deals=summary.deals, leaders=", ".join(summary.leaders) or "–")
    standings = summary.standings
    places = (places_line(standings.placings, standings.money, words.language)
              if standings is not None and standings.placings else ", ".join(summary.players))
    name = words.session_name(summary.name, summary.variant)
    label = words.t("ui.open_session", name=name)
    return labelled(label, ft.Card(content=ft.ListTile(
        leading=ft.Icon(ft.Icons.STYLE if not summary.finished else ft.Icons.LOCK),
        title=ft.Text(name, size=18, weight=ft.FontWeight.BOLD),
        subtitle=ft.Column(spacing=2, tight=True, controls=[
            ft.Text(subtitle), ft.Text(places, weight=ft.FontWeight.W_500)]),
        trailing=icon_button(ft.Icons.REPLAY, words.t("ui.play_again", name=name),
                             lambda: go(route_to("again", session=summary.id))),
        on_click=lambda: go(route_to("table", session=summary.id)),
    )))
