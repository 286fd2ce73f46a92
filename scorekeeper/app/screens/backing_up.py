"""Settings' backup panel: the whole scorebook in one file, made, restored (what it adds
said before it is added), and the reminder home gives when none was made for a while."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.routes import route_to
from scorekeeper.app.sharing import hand_on_file
from scorekeeper.app.widgets import action, confirmation, error_line, panel, readout
from scorekeeper.i18n import date as day_text

if TYPE_CHECKING:
    from scorekeeper.app.model import AppModel
    from scorekeeper.app.state.backups import Doing


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
            name, body = backup
            backups.handed_on(name, await hand_on_file(body, name, "application/json"))

    async def restore() -> None:
        await backups.pick(app.t("ui.restore_backup"))

    adds = backups.adds
    ft.use_dialog(confirmation(
        app.said, app.words, app.t("ui.restore_title"),
        app.t("ui.restore_adds", **backups.counted(adds)) if not adds.nothing
        else app.t("ui.restore_adds_nothing"),
        app.t("ui.restore_confirm"), backups.restore, backups.cancel,
    ) if adds is not None else None)
    return panel(
        app.t("ui.backup"),
        ft.Text(app.t("ui.backup_hint"), size=14),
        ft.Text(when, size=15),
        *SavedOrNot(app),
        error_line(app.said.problem),
        *Working(backups.progress),
        ft.Row(wrap=True, spacing=10, run_spacing=10, controls=[
            action(app.t("ui.back_up"), ft.Icons.SAVE_ALT, back_up, filled=True,
                   disabled=backups.busy),
            action(app.t("ui.restore_backup"), ft.Icons.RESTORE, restore,
                   disabled=backups.busy),
        ]),
    )


def Working(doing: Doing | None) -> list[ft.Control]:
    """What a restore is at while it works: its line, and a bar as far as it has got."""
    if doing is None:
        return []
    return [readout(label=doing.line, content=ft.Column(spacing=4, controls=[
        ft.Text(doing.line, size=15),
        *([ft.ProgressBar(value=doing.part)] if doing.part is not None else [])]))]


def SavedOrNot(app: AppModel) -> list[ft.Control]:
    """Asked when this device could not follow the backup it handed on (a browser's
    download): only the person knows whether it was saved."""
    unsure = app.backups.unsure
    if unsure is None:
        return []
    return [ft.Container(
        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        border_radius=ft.BorderRadius.all(10), bgcolor=ft.Colors.SECONDARY_CONTAINER,
        content=ft.Column(spacing=6, controls=[
            ft.Text(app.t("ui.backup_saved_asks", file=unsure), size=15,
                    color=ft.Colors.ON_SECONDARY_CONTAINER),
            ft.Row(wrap=True, spacing=10, run_spacing=10, controls=[
                action(app.t("ui.backup_is_saved"), ft.Icons.CHECK,
                       lambda: app.backups.saved(True)),
                action(app.t("ui.backup_is_not_saved"), ft.Icons.CLOSE,
                       lambda: app.backups.saved(False)),
            ]),
        ]))]


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
                       lambda: app.go(route_to("settings")), filled=True),
                action(app.t("ui.not_now"), ft.Icons.CLOSE, app.backups.dismiss),
            ]),
        ]))]
