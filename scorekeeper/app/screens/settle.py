"""Settle up: what everyone won or lost, the end-of-session pot rule, who pays whom."""

from __future__ import annotations

from datetime import date

import flet as ft

from scorekeeper.app.model import AppModel
from scorekeeper.app.widgets import ScreenBar, action, bullet, confirmation, panel, readout, screen
from scorekeeper.core import POT, close
from scorekeeper.formats.csv_export import ENCODING, write_ledger
from scorekeeper.formats.session_file import dump_session
from scorekeeper.i18n import render


@ft.component
def SettleUp(app: AppModel, session_id: int) -> ft.Control:
    stored = app.open(session_id)
    table, state = stored.table, stored.state
    closing = close(table, state)
    confirm, set_confirm = ft.use_state(False)
    money = table.money
    currency = money.currency or ""
    pot = app.t("ledger.pot_account")
    lang = app.settings.language

    def name(account: str) -> str:
        return pot if account == POT else account

    transfer_lines = [
        app.t("sheet.transfer", payer=name(t.payer), payee=name(t.payee),
              amount=money.format(t.minor), currency=currency).strip()
        for t in closing.transfers
    ]

    def as_text() -> str:
        lines = [f"{stored.name} – {app.t(f'variant.{table.rules.variant}')}"]
        lines += [f"{p}: {money.format(closing.money[p])} {currency}".strip()
                  for p in table.players]
        lines += ["", app.t("sheet.transfers") + ":", *transfer_lines]
        if not transfer_lines:
            lines.append(app.t("cli.nothing_to_settle"))
        return "\n".join(lines)

    async def copy() -> None:
        await ft.Clipboard().set(as_text())
        app.notice = app.t("ui.copied")

    async def save(kind: str) -> None:
        _, session = app.store.replayed(session_id)
        slug = "".join(c if c.isalnum() else "-" for c in stored.name).strip("-") or "session"
        if kind == "json":
            import json

            body = json.dumps(dump_session(stored.name, session), ensure_ascii=False,
                              indent=2).encode()
        elif kind == "csv":
            import io

            buffer = io.StringIO()
            write_ledger(buffer, stored.name, table, [*session.entries, *closing.entries], lang)
            body = buffer.getvalue().encode(ENCODING)
        else:
            # fpdf2 is large: loaded only when a score sheet is asked for.
            from scorekeeper.formats.pdf_sheet import score_sheet

            body = score_sheet(stored.name, session, date.today(), lang)
        await ft.FilePicker().save_file(file_name=f"{slug}.{kind}", src_bytes=body)

    def finish() -> None:
        set_confirm(False)
        version = app.store.get(session_id).version
        app.changed(app.store.finish(session_id, version), app.t("ui.finished_notice"))

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
                                     amount=money.format(closing.money[player])),
                         content=ft.Text(f"{money.format(closing.money[player])} {currency}",
                                         size=22, weight=ft.FontWeight.BOLD)),
        ])
        for player in table.players
    ]
    rule = [bullet(render(entry.reason, lang), icon=ft.Icons.SAVINGS)
            for entry in closing.entries]
    if closing.pot_left:
        rule.append(bullet(app.t("sheet.pot_left", amount=money.format(closing.pot_left)),
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
    if app.role == "host" and not stored.finished:
        finish_row.append(action(app.t("ui.finish_session"), ft.Icons.LOCK,
                                 lambda: set_confirm(True)))
    return ft.Column(expand=True, spacing=0, controls=[
        ScreenBar(app, app.t("ui.settle_of", name=stored.name), f"/session/{session_id}"),
        screen(
            panel(app.t("ui.results"), *results),
            panel(app.t("ui.end_pot_rule", rule=app.t(f"option.end_pot.{table.rules.end_pot}")),
                  *rule),
            panel(app.t("sheet.transfers"), *transfers),
            exports,
            *finish_row,
        ),
    ])
