"""A player's page: how often first and the average place, over time and per game (the
win rate, the streaks), head to head against each player sat with (a tap opens the two
side by side), the best and worst evening, General Rams and the biggest pot taken in one
deal; over every finished evening, a group's or a year's, as chosen on the page (the
choice is the route's, so that the page is read when it is loaded)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.routes import route_to
from scorekeeper.app.widgets import (
    GoTo,
    ScreenBar,
    back_to,
    error_line,
    handler,
    panel,
    said_line,
    screen,
)
from scorekeeper.core import N_
from scorekeeper.i18n.figures import figures_held
from scorekeeper.i18n.records import (
    best_line,
    game_line,
    generals_line,
    money_streak_line,
    places_line,
    rival_line,
    taken_line,
    unflown_line,
    worst_line,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from scorekeeper.app.words import Words
    from scorekeeper.core.head_to_head import HeadToHead
    from scorekeeper.core.records import GamePlaces, PlayerRecord


@ft.memo
@ft.component
def PlayerPage(record: PlayerRecord | None, name: str, problem: str | None, words: Words,
               go: Callable[[str], object]) -> ft.Control:
    """``record``: the player's, as loaded for the route (None: refused, ``problem`` says
    why); ``name``: as the route names them."""
    bar = ScreenBar(record.player if record else name,
                    back_to(words, route_to("players")), (), go)
    if record is None:
        return ft.Column(expand=True, spacing=0, controls=[bar, screen(error_line(problem))])
    if not record.places.evenings:
        body: list[ft.Control] = [ft.Text(words.t("record.none"), size=16)]
    else:
        body = [PlacesPanel(words, record), GamesPanel(words, record.games),
                RivalsPanel(words, record, go)]
        # Evenings without money, General Rams or a pot taken have nothing of this to say.
        if record.best or record.worst or record.most_taken or record.plays_general_rams:
            body.append(EveningsPanel(words, record))
    return ft.Column(expand=True, spacing=0, controls=[
        bar, screen(error_line(problem), *Choices(words, record, go), *body)])


def Choices(words: Words, record: PlayerRecord, go: Callable[[str], object],
            ) -> list[ft.Control]:
    """The year and the group the page counts, each a chip that opens the page so chosen
    (none when there is nothing to choose between)."""
    def chip(label: str, selected: bool, group: str | None, year: int | None) -> ft.Control:
        route = route_to("player", player=record.player, group=group, year=year)
        return ft.Chip(label=ft.Text(label), selected=selected,
                       on_select=handler(GoTo(go, route)))

    group, year = record.group, record.year
    rows = []
    if len(record.years) > 1 or year is not None:
        rows.append(ft.Row(wrap=True, spacing=8, controls=[
            chip(words.t("record.all_years"), year is None, group, None),
            *(chip(str(y), y == year, group, y) for y in record.years)]))
    if record.groups:
        rows.append(ft.Row(wrap=True, spacing=8, controls=[
            chip(words.t("record.all_groups"), group is None, None, year),
            *(chip(g, g == group, g, year) for g in record.groups)]))
    return rows


@ft.memo
@ft.component
def PlacesPanel(words: Words, record: PlayerRecord) -> ft.Control:
    lang = words.language
    over_time = [said_line(words.t("record.year", year=y.year, line=places_line(y.places, lang)))
                 for y in record.over_time] if len(record.over_time) > 1 else []
    return panel(words.t("record.places_title"),
                 said_line(places_line(record.places, lang), 17, bold=True), *over_time)


@ft.memo
@ft.component
def GamesPanel(words: Words, games: tuple[GamePlaces, ...]) -> ft.Control:
    """Per game: the win rate, and the streaks in the game's own word for a flight."""
    lang = words.language
    rows: list[ft.Control] = []
    for game in games:
        lines = [said_line(game_line(game, lang), 16, bold=True)]
        if game.in_the_money is not None:
            lines.append(said_line(money_streak_line(game.in_the_money, lang), 14))
        lines.append(said_line(unflown_line(game.variant, game.unflown, lang), 14))
        rows.append(ft.Column(spacing=2, controls=lines))
    return panel(words.t("record.games_title"), *rows)


@ft.memo
@ft.component
def RivalsPanel(words: Words, record: PlayerRecord, go: Callable[[str], object]) -> ft.Control:
    """Head to head against each player sat with; a tap opens the two side by side."""
    return panel(words.t("record.rivals_title"), *(
        RivalTile(words, found, GoTo(go, route_to(
            "rival", player=record.player, rival=found.players[1], group=record.group,
            year=record.year)))
        for found in record.rivals))


def RivalTile(words: Words, found: HeadToHead, open_it: GoTo) -> ft.Control:
    line = figures_held(rival_line(found, words.language))
    return ft.Semantics(label=line, button=True, container=True, exclude_semantics=True,
                        content=ft.Container(
        padding=ft.Padding.symmetric(horizontal=10, vertical=8),
        border_radius=ft.BorderRadius.all(10), ink=True,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), on_click=handler(open_it),
        content=ft.Row(spacing=8, controls=[
            ft.Text(line, size=15, expand=True),
            ft.Icon(ft.Icons.CHEVRON_RIGHT, size=20)])))


@ft.memo
@ft.component
def EveningsPanel(words: Words, record: PlayerRecord) -> ft.Control:
    """The best and worst evening, General Rams (in games that know it), the biggest pot
    taken in one deal."""
    lang = words.language
    generals = record.plays_general_rams
    lines = [*(said_line(best_line(best, lang)) for best in record.best),
             *(said_line(worst_line(worst, lang)) for worst in record.worst),
             *([said_line(generals_line(record.generals_won, record.generals_lost, lang))]
               if generals else []),
             *(said_line(taken_line(taken, lang)) for taken in record.most_taken)]
    title = N_("record.evenings_title") if generals else N_("record.evenings_pots_title")
    return panel(words.t(title), *lines)
