"""The club's evening: every table of a group in play tonight with its standings, kept
live as the tables record their deals (on this server or another on the club's database);
a host opens any of them to watch it, read-only."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.routes import route_to
from scorekeeper.app.widgets import (
    ScreenBar,
    action,
    back_to,
    bullet,
    error_line,
    panel,
    readout,
    screen,
)
from scorekeeper.core import counts, score_text
from scorekeeper.i18n.accounts import amount
from scorekeeper.i18n.placings import place_figure, places_line

if TYPE_CHECKING:
    from collections.abc import Callable

    from scorekeeper.app.words import Words
    from scorekeeper.core import Placing
    from scorekeeper.session import OpenSession


@ft.component
def TonightScreen(group: str, tables: list[OpenSession], problem: str | None, words: Words,
                  go: Callable[[str], object]) -> ft.Control:
    """``tables``: the group's tables tonight, as loaded for the route (``problem``: why
    they could not be read again)."""
    back = back_to(words, route_to("group", group=group))
    return ft.Column(expand=True, spacing=0, controls=[
        ScreenBar(words.t("ui.tonight_of", group=group), back, (), go),
        screen(
            error_line(problem),
            ft.Text(words.t("ui.tonight_hint"), size=14),
            *([TableNow(words, table, go) for table in tables]
              or [ft.Text(words.t("ui.tonight_none"), size=18)]),
        ),
    ])


@ft.memo
@ft.component
def TableNow(words: Words, table: OpenSession, go: Callable[[str], object]) -> ft.Control:
    """One table: where it is (the deal and who deals, or finished), each player's score
    and money in the order they sit, the leaders marked; a finished one, its places."""
    name = words.session_name(table.name, table.table.rules.variant)
    if table.finished:  # its places, as its card has them; not a last game's scores
        rows = [placed(words, table, placing) for placing in table.standings]
    else:
        leading = set(table.leaders)
        rows = [standing(words, table, player, player in leading)
                for player in table.state.everyone]
    return panel(
        f"{name} · {words.t(f'variant.{table.table.rules.variant}')}",
        bullet(where_it_is(words, table), icon=ft.Icons.STYLE, size=16),
        *rows,
        action(words.t("ui.watch_table", name=name), ft.Icons.VISIBILITY,
               lambda: go(route_to("watch", session=table.id))),
    )


def where_it_is(words: Words, table: OpenSession) -> str:
    if table.finished:
        return words.t(counts("ui.tonight_finished", "deals"), deals=table.state.deals)
    if table.guide.session_over:
        return words.t("ui.session_over")
    seats = table.guide.seats
    return words.t("ui.deal_by", number=table.guide.number, dealer=seats.dealer)


def placed(words: Words, table: OpenSession, placing: Placing) -> ft.Control:
    """A player of a finished table: the place, the figure it rests on, the money; the
    winners marked."""
    player = placing.player
    figure = place_figure(table.table, placing, table.scores[player], words.language)
    said = places_line((placing,), table.table.money, words.language)
    cells = [ft.Text(f"{placing.place}. {player}", size=18, weight=ft.FontWeight.BOLD,
                     expand=True),
             ft.Text(figure, size=22, weight=ft.FontWeight.BOLD)]
    if table.plays_for_money:
        money = amount(table.closing.money[player], table.table.money, words.language)
        said = f"{said} · {money}"
        cells.append(ft.Text(money, size=16, width=110, text_align=ft.TextAlign.RIGHT))
    return _line(said, placing.place == 1, cells)


def standing(words: Words, table: OpenSession, player: str, leads: bool) -> ft.Control:
    score = score_text(table.table, table.scores[player])
    cells = [ft.Text(player, size=18, weight=ft.FontWeight.BOLD, expand=True),
             ft.Text(score, size=22, weight=ft.FontWeight.BOLD)]
    if table.plays_for_money:
        money = amount(table.closing.money[player], table.table.money, words.language)
        said = words.t("ui.tonight_score_money", player=player, score=score, money=money)
        cells.append(ft.Text(money, size=16, width=110, text_align=ft.TextAlign.RIGHT))
    else:
        said = words.t("ui.tonight_score", player=player, score=score)
    if leads:
        said = words.t("ui.tonight_leads", line=said)
    return _line(said, leads, cells)


def _line(said: str, marked: bool, cells: list[ft.Control]) -> ft.Control:
    mark = (ft.Icon(ft.Icons.EMOJI_EVENTS, size=20, color=ft.Colors.PRIMARY) if marked
            else ft.Container(width=20))
    return readout(label=said, content=ft.Row(spacing=10, controls=[mark, *cells]))
