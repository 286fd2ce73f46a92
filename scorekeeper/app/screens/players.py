"""Players: the roster, and each player's lifetime statistics per game."""

from __future__ import annotations

import flet as ft

from scorekeeper.app.model import AppModel
from scorekeeper.app.widgets import ScreenBar, error_line, screen
from scorekeeper.core.table import stored_money
from scorekeeper.i18n.accounts import amount
from scorekeeper.session import Lifetime, StoreError


@ft.component
def Players(app: AppModel) -> ft.Control:
    new_name, set_new_name = ft.use_state("")

    def add() -> None:
        if not new_name.strip():
            return
        try:
            app.scorebook.add_player(new_name)
        except StoreError as error:
            app.problem = app.refusal(error)
            return
        set_new_name("")
        app.show("/players")

    add_label = app.t("ui.add_player")
    cards = [PlayerCard(app, name, app.lifetimes.get(name, [])) for name in app.roster]
    return ft.Column(expand=True, spacing=0, controls=[
        ScreenBar(app, app.t("ui.players")),
        screen(
            ft.Row(wrap=True, controls=[
                ft.TextField(label=app.t("ui.player_name"), value=new_name, width=260,
                             on_change=lambda e: set_new_name(e.control.value), on_submit=add),
                ft.FilledTonalButton(add_label, icon=ft.Icons.PERSON_ADD, on_click=add),
            ]),
            error_line(app.problem),
            *(cards or [ft.Text(app.t("ui.no_players"))]),
        ),
    ])


@ft.component
def PlayerCard(app: AppModel, name: str, rows: list[Lifetime]) -> ft.Control:
    lines: list[ft.Control] = []
    for row in rows:
        game = app.t("cli.all_games") if row.variant == "*" else app.t(f"variant.{row.variant}")
        money = ", ".join(amount(m, stored_money("1", c or None), app.settings.language)
                          for c, m in row.money.items())
        lines.append(ft.Column(spacing=0, controls=[
            ft.Text(game, size=16, weight=ft.FontWeight.BOLD),
            ft.Text(app.t("ui.lifetime_line", sessions=row.sessions, deals=row.deals_played,
                          tricks=row.tricks, flights=row.flights, won=row.games_won,
                          money=money), size=15),
        ]))
    if not rows:
        lines.append(ft.Text(app.t("ui.no_sessions_for_player")))
    return ft.Card(content=ft.Container(padding=ft.Padding.all(14), content=ft.Column(
        spacing=6, controls=[ft.Text(name, size=20, weight=ft.FontWeight.BOLD), *lines])))
