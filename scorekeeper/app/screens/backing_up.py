"""Settings' backup panel: the whole scorebook in one file, made, restored (what it adds
said before it is added), and the reminder home gives when none was made for a while."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.inputs import pick_json
from scorekeeper.app.sharing import hand_on_file
from scorekeeper.app.widgets import action, confirmation, error_line, panel
from scorekeeper.i18n import date as day_text

if TYPE_CHECKING:
    from scorekeeper.app.model import AppModel


@ft.component
def BackupPanel(app: AppModel) -> ft.Control:
    backups = app.backups
    made = app.prefs.settings.backed_up
    when = (app.t("ui.last_backup", day=day_text(datetime.fromisoformat(made).date(),
                                                  app.prefs.language))
            if made else app.t("ui.no_backup_yet"))

    async def back_up() -> None:
        backup = backups.make()
        if backup is not None:
            await hand_on_file(app, backup[1], backup[0], "application/json")

    async def restore() -> None:
        picked = await pick_json(app.t("ui.restore_backup"))
        if picked is not None:
            backups.look(picked)

    adds = backups.adds
    ft.use_dialog(confirmation(
        app, app.t("ui.restore_title"),
        app.t("ui.restore_adds", **backups.counted(adds)) if not adds.nothing
        else app.t("ui.restore_adds_nothing"),
        app.t("ui.restore_confirm"), backups.restore, backups.cancel,
    ) if adds is not None else None)
    return panel(
        app.t("ui.backup"),
        ft.Text(app.t("ui.backup_hint"), size=14),
        ft.Text(when, size=15),
        error_line(app.said.problem),
        ft.Row(wrap=True, spacing=10, run_spacing=10, controls=[
            action(app.t("ui.back_up"), ft.Icons.SAVE_ALT, back_up, filled=True),
            action(app.t("ui.restore_backup"), ft.Icons.RESTORE, restore),
        ]),
    )


def BackupReminder(app: AppModel, finished_since: date | None) -> list[ft.Control]:
    """On home, once: no backup of a scorebook with finished evenings for 30 days."""
    if not app.backups.reminds(finished_since, datetime.now(UTC)):
        return []
    return [ft.Container(
        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        border_radius=ft.BorderRadius.all(10), bgcolor=ft.Colors.TERTIARY_CONTAINER,
        content=ft.Column(spacing=6, controls=[
            ft.Text(app.t("ui.backup_reminder"), color=ft.Colors.ON_TERTIARY_CONTAINER,
                    size=15),
            ft.Row(wrap=True, spacing=10, controls=[
                action(app.t("ui.back_up_now"), ft.Icons.SAVE_ALT,
                       lambda: app.go("/settings"), filled=True),
                action(app.t("ui.not_now"), ft.Icons.CLOSE, app.backups.dismiss),
            ]),
        ]))]
