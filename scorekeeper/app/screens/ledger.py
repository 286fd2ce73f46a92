"""The ledger: deal by deal, every entry with the rule that caused it; edit or delete any
deal, and everything after it is recomputed."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorekeeper.app.model import AppModel
from scorekeeper.app.screens.settle import paid_marks
from scorekeeper.app.widgets import (
    Missing,
    ScreenBar,
    confirmation,
    error_line,
    labelled,
    screen,
)
from scorekeeper.core import Entry, Payment, Table
from scorekeeper.formats.replay import units as units_of
from scorekeeper.i18n import render
from scorekeeper.i18n.accounts import amount as money_text

PAGE = 30  # deals shown at first; older ones on request


@ft.component
def Ledger(app: AppModel) -> ft.Control:
    session = app.session
    if session is None:
        return Missing(app)
    shown, set_shown = ft.use_state(PAGE)
    deleting, set_deleting = ft.use_state(None)
    ledger = session.ledger
    lang = app.settings.language

    def delete(index: int) -> None:
        set_deleting(None)
        app.run(lambda: app.scorebook.delete(session.id, index, session.version),
                app.t("ui.deleted", number=index + 1))

    ft.use_dialog(
        confirmation(app, app.t("ui.delete_title", number=deleting + 1), app.t("ui.delete_text"),
                     app.t("ui.delete_confirm"), lambda: delete(deleting),
                     lambda: set_deleting(None))
        if deleting is not None
        else None
    )

    editable = app.may_score and not session.finished
    cards: list[ft.Control] = [*paid_marks(app, session)]  # the transfers ticked paid
    if session.finished and session.closing.entries:
        cards.append(DealCard(app, session.table, app.t("ui.end_of_session"), "",
                              list(session.closing.entries), None, None))
    for row in reversed(ledger[-shown:]):
        what = "; ".join(render(e, lang) for e in row.events)
        title = app.t("ui.ledger_deal", number=row.number, dealer=row.dealer)
        cards.append(DealCard(
            app, session.table, title, what, list(row.entries),
            (lambda n=row.number: app.go(f"/session/{session.id}/edit/{n - 1}")) if editable
            else None,
            (lambda n=row.number: set_deleting(n - 1)) if editable else None,
        ))
    if len(ledger) > shown:
        cards.append(ft.OutlinedButton(app.t("ui.show_earlier", count=len(ledger) - shown),
                                       on_click=lambda: set_shown(shown + PAGE)))
    if not ledger:
        cards.append(ft.Text(app.t("ui.no_deals_yet")))
    return ft.Column(expand=True, spacing=0, controls=[
        ScreenBar(app, app.t("ui.ledger_of", name=session.name), f"/session/{session.id}"),
        screen(error_line(app.problem), *cards),
    ])


@ft.component
def DealCard(app: AppModel, table: Table, title: str, what: str, entries: list[Entry],
             edit: Callable[[], object] | None, delete: Callable[[], object] | None
             ) -> ft.Control:
    lang = app.settings.language
    money, per_unit = table.money, table.money.minor_per_unit
    lines = []
    for entry in entries:
        if isinstance(entry, Payment):
            units = units_of(entry.minor, per_unit)
            amount = f"{units}" + (f" ({money_text(entry.minor, money, lang)})"
                                   if money.currency else "")
        else:
            amount = f"{entry.points:+d}"
        lines.append(ft.Row(spacing=8, vertical_alignment=ft.CrossAxisAlignment.START, controls=[
            ft.Text(render(entry.reason, lang), size=15, expand=True),
            ft.Text(amount, size=15, weight=ft.FontWeight.BOLD),
        ]))
    buttons = []
    if edit is not None:
        label = app.t("ui.edit")
        buttons.append(labelled(f"{label} {title}", ft.TextButton(label, icon=ft.Icons.EDIT,
                                                                  on_click=lambda: edit())))
    if delete is not None:
        label = app.t("ui.delete")
        buttons.append(labelled(f"{label} {title}", ft.TextButton(
            label, icon=ft.Icons.DELETE_OUTLINE, on_click=lambda: delete())))
    return ft.Card(content=ft.Container(padding=ft.Padding.all(12), content=ft.Column(
        spacing=4,
        controls=[
            ft.Row(alignment=ft.MainAxisAlignment.SPACE_BETWEEN, wrap=True, controls=[
                ft.Text(title, size=17, weight=ft.FontWeight.BOLD), ft.Row(buttons, spacing=0)]),
            *([ft.Text(what, size=14, italic=True)] if what else []),
            *lines,
        ],
    )))
