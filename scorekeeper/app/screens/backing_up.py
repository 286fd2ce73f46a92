"""Settings' backup panel: the whole scorebook in one file, made, restored (what it adds
said before it is added), and the reminder home gives when none was made for a while."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.routes import route_to
from scorekeeper.app.sharing import hand_on_file
from scorekeeper.app.widgets import GoTo, action, confirmation, error_line, panel, readout

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from scorekeeper.app.state.backups import Backups, Doing
    from scorekeeper.app.state.said import Said
    from scorekeeper.app.words import Words
    from scorekeeper.session import SessionSummary


@ft.component
def BackupPanel(backups: Backups, backed_up: str, said: Said, words: Words) -> ft.Control:
    """``backed_up``: when this device last backed the scorebook up (its setting)."""
    when = (words.t("ui.last_backup", day=words.day(datetime.fromisoformat(backed_up).date()))
            if backed_up else words.t("ui.no_backup_yet"))

    async def back_up() -> None:
        backup = backups.make()
        if backup is not None:
            name, body = backup
            backups.handed_on(name, await hand_on_file(body, name, "application/json"))

    async def restore() -> None:
        await backups.pick(words.t("ui.restore_backup"))

    adds = backups.adds
    ft.use_dialog(confirmation(
        said, words, words.t("ui.restore_title"),
        words.t("ui.restore_adds", **backups.counted(adds)) if not adds.nothing
        else words.t("ui.restore_adds_nothing"),
        words.t("ui.restore_confirm"), backups.restore, backups.cancel,
    ) if adds is not None else None)
    return panel(
        words.t("ui.backup"),
        ft.Text(words.t("ui.backup_hint"), size=14),
        ft.Text(when, size=15),
        *SavedOrNot(backups, words),
        error_line(said.problem),
        *Working(backups.progress),
        ft.Row(wrap=True, spacing=10, run_spacing=10, controls=[
            action(words.t("ui.back_up"), ft.Icons.SAVE_ALT, back_up, filled=True,
                   disabled=backups.busy),
            action(words.t("ui.restore_backup"), ft.Icons.RESTORE, restore,
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


def SavedOrNot(backups: Backups, words: Words) -> list[ft.Control]:
    """Asked when this device could not follow the backup it handed on (a browser's
    download): only the person knows whether it was saved."""
    unsure = backups.unsure
    if unsure is None:
        return []
    return [ft.Container(
        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        border_radius=ft.BorderRadius.all(10), bgcolor=ft.Colors.SECONDARY_CONTAINER,
        content=ft.Column(spacing=6, controls=[
            ft.Text(words.t("ui.backup_saved_asks", file=unsure), size=15,
                    color=ft.Colors.ON_SECONDARY_CONTAINER),
            ft.Row(wrap=True, spacing=10, run_spacing=10, controls=[
                action(words.t("ui.backup_is_saved"), ft.Icons.CHECK,
                       lambda: backups.saved(True)),
                action(words.t("ui.backup_is_not_saved"), ft.Icons.CLOSE,
                       lambda: backups.saved(False)),
            ]),
        ]))]


def reminder_due(backups: Backups, summaries: Sequence[SessionSummary]) -> bool:
    """Whether home says, once, that no backup of a scorebook with finished evenings was
    made for 30 days (``summaries``: the sessions home lists)."""
    finished_since = min((s.played_on for s in summaries if s.finished and s.played_on),
                         default=None)
    return backups.reminds(finished_since, datetime.now(UTC))


def BackupReminder(words: Words, go: Callable[[str], object],
                   dismiss: Callable[[], object]) -> list[ft.Control]:
    """On home, when ``reminder_due``: back up now (in settings), or not now."""
    return [ft.Container(
        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        border_radius=ft.BorderRadius.all(10), bgcolor=ft.Colors.TERTIARY_CONTAINER,
        content=ft.Column(spacing=6, controls=[
            ft.Text(words.t("ui.backup_reminder"), color=ft.Colors.ON_TERTIARY_CONTAINER,
                    size=15),
            ft.Row(wrap=True, spacing=10, controls=[
                action(words.t("ui.back_up_now"), ft.Icons.SAVE_ALT,
                       GoTo(go, route_to("settings")), filled=True),
                action(words.t("ui.not_now"), ft.Icons.CLOSE, dismiss),
            ]),
        ]))]
