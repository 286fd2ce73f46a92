"""Settle up: what everyone won or lost, the end-of-session pot rule, who pays whom."""

from __future__ import annotations

import flet as ft

from scorekeeper.app.model import AppModel
from scorekeeper.app.widgets import (
    Missing,
    ScreenBar,
    action,
    bullet,
    confirmation,
    error_line,
    panel,
    readout,
    screen,
)
from scorekeeper.formats.exports import Export, file_name
from scorekeeper.i18n import render
from scorekeeper.i18n.accounts import amount, transfer_line
from scorekeeper.session import ConflictError, StoreError


@ft.component
def SettleUp(app: AppModel) -> ft.Control:
    session = app.session
    if session is None:
        return Missing(app)
    table, closing = session.table, session.closing
    confirm, set_confirm = ft.use_state(False)
    money = table.money
    lang = app.settings.language
    transfer_lines = [transfer_line(t, money, lang) for t in closing.transfers]

    def as_text() -> str:
        lines = [f"{session.name} – {app.t(f'variant.{table.rules.variant}')}"]
        lines += [f"{p}: {amount(closing.money[p], money, lang)}" for p in table.players]
        lines += ["", app.t("sheet.transfers") + ":", *transfer_lines]
        if not transfer_lines:
            lines.append(app.t("cli.nothing_to_settle"))
        return "\n".join(lines)

    async def copy() -> None:
        await ft.Clipboard().set(as_text())
        app.notice = app.t("ui.copied")

    async def save(kind: Export) -> None:
        try:
            _, body = app.scorebook.export(session.id, kind, lang, session.version)
        except StoreError as error:
            app.problem = app.refusal(error)
            app.stale = isinstance(error, ConflictError)
            return
        await ft.FilePicker().save_file(file_name=file_name(session.name, kind), src_bytes=body)
        app.notice = app.t("ui.exported", file=file_name(session.name, kind))

    def finish() -> None:
        set_confirm(False)
        app.run(lambda: app.scorebook.finish(session.id, session.version),
                app.t("ui.finished_notice"))

    ft.use_dialog(
        confirmation(app, app.t("ui.finish_title"), app.t("ui.finish_text"),
                     app.t("ui.finish_confirm"), finish, lambda: set_confirm(False))
        if confirm
        else None
    )

    results = [
        ft.Row(alignment=ft.MainAxisAlignment.SPACE_BETWEEN, controls=[
            ft.Text(player, size=20, weight=ft.FontWeight.BOLD),
            readout(label=app.t("ui.money_of", player=player,
                                     amount=amount(closing.money[player], money, lang)),
                         content=ft.Text(amount(closing.money[player], money, lang),
                                         size=22, weight=ft.FontWeight.BOLD)),
        ])
        for player in table.players
    ]
    rule = [bullet(render(entry.reason, lang), icon=ft.Icons.SAVINGS)
            for entry in closing.entries]
    if closing.pot_left:
        rule.append(bullet(app.t("sheet.pot_left", amount=amount(closing.pot_left, money, lang)),
                           icon=ft.Icons.SAVINGS))
    if not rule:
        rule.append(ft.Text(app.t("ui.pot_empty")))
    transfers = [readout(label=line, content=ft.Text(line, size=20,
                                                          weight=ft.FontWeight.BOLD))
                 for line in transfer_lines] or [ft.Text(app.t("cli.nothing_to_settle"))]
    exports = ft.Row(wrap=True, spacing=10, controls=[
        action(app.t("ui.copy_text"), ft.Icons.COPY, copy, filled=True),
        action(app.t("ui.export_json"), ft.Icons.DATA_OBJECT, lambda: save("json")),
        action(app.t("ui.export_csv"), ft.Icons.TABLE_VIEW, lambda: save("csv")),
        action(app.t("ui.export_pdf"), ft.Icons.PICTURE_AS_PDF, lambda: save("pdf")),
    ])
    finish_row = []
    if app.role == "host" and not session.finished:
        finish_row.append(action(app.t("ui.finish_session"), ft.Icons.LOCK,
                                 lambda: set_confirm(True)))
    return ft.Column(expand=True, spacing=0, controls=[
        ScreenBar(app, app.t("ui.settle_of", name=session.name), f"/session/{session.id}"),
        screen(
            error_line(app.problem),
            *([action(app.t("ui.reload"), ft.Icons.REFRESH, app.reload)] if app.stale else []),
            panel(app.t("ui.results"), *results),
            panel(app.t("ui.end_pot_rule", rule=app.t(f"option.end_pot.{table.rules.end_pot}")),
                  *rule),
            panel(app.t("sheet.transfers"), *transfers),
            exports,
            *finish_row,
        ),
    ])
