"""The ledger: deal by deal, every entry with the rule that caused it; edit or delete any
deal, and everything after it is recomputed."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

import flet as ft

from scorekeeper.app.model import AppModel
from scorekeeper.app.widgets import ScreenBar, confirmation, error_line, labelled, screen
from scorekeeper.core import Entry, Payment, RuleError, Table
from scorekeeper.formats.protocol import events
from scorekeeper.formats.replay import units as units_of
from scorekeeper.i18n import describe, render
from scorekeeper.store.sessions import StoreError

PAGE = 30  # deals shown at first; older ones on request


@ft.component
def Ledger(app: AppModel, session_id: int) -> ft.Control:
    stored = app.open(session_id)
    shown, set_shown = ft.use_state(PAGE)
    deleting, set_deleting = ft.use_state(None)
    problem, set_problem = ft.use_state(None)
    deals = app.store.deals(session_id)
    first = max(1, len(deals) - shown + 1)
    by_deal: dict[int, list[Entry]] = defaultdict(list)
    for entry in app.store.entries(session_id, first=0 if stored.finished else first):
        by_deal[entry.deal].append(entry)

    def delete(index: int) -> None:
        set_deleting(None)
        try:
            version = app.store.get(session_id).version
            app.changed(app.store.delete_deal(session_id, index, version),
                        app.t("ui.deleted", number=index + 1))
        except RuleError as error:
            set_problem(describe(error, app.settings.language))
        except StoreError as error:
            set_problem(render(error.message, app.settings.language))

    ft.use_dialog(
        confirmation(app, app.t("ui.delete_title", number=deleting + 1), app.t("ui.delete_text"),
                     app.t("ui.delete_confirm"), lambda: delete(deleting),
                     lambda: set_deleting(None))
        if deleting is not None
        else None
    )

    editable = app.may_score and not stored.finished
    cards: list[ft.Control] = []
    if stored.finished and by_deal.get(0):
        cards.append(DealCard(app, stored.table, app.t("ui.end_of_session"), "", by_deal[0],
                              None, None))
    for number in range(len(deals), first - 1, -1):
        deal = deals[number - 1]
        what = "; ".join(render(e, app.settings.language) for e in events(deal))
        title = app.t("ui.ledger_deal", number=number, dealer=deal.dealer or "")
        cards.append(DealCard(
            app, stored.table, title, what, by_deal.get(number, []),
            (lambda n=number: app.go(f"/session/{session_id}/edit/{n - 1}")) if editable
            else None,
            (lambda n=number: set_deleting(n - 1)) if editable else None,
        ))
    if first > 1:
        cards.append(ft.OutlinedButton(app.t("ui.show_earlier", count=first - 1),
                                       on_click=lambda: set_shown(shown + PAGE)))
    if not deals:
        cards.append(ft.Text(app.t("ui.no_deals_yet")))
    return ft.Column(expand=True, spacing=0, controls=[
        ScreenBar(app, app.t("ui.ledger_of", name=stored.name), f"/session/{session_id}"),
        screen(error_line(problem), *cards),
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
            amount = f"{units}" + (f" ({money.format(entry.minor)} {money.currency})"
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
