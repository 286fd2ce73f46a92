"""Settings: language, light or dark, where the data lives, which database."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.inputs import Entry, choices, switch
from scorekeeper.app.screens.backing_up import BackupPanel
from scorekeeper.app.widgets import confirmation, panel, screen, screen_bar
from scorekeeper.i18n import LANGUAGES, own_name
from scorekeeper.platform import can_use_club_database
from scorekeeper.session.where import DB_ENV

if TYPE_CHECKING:
    from scorekeeper.app.model import AppModel


def copyable(line: str) -> ft.Control:
    """A line a person may select and copy (where the data lives, to back it up), and a
    screen reader reads (selectable text is no text to it)."""
    return ft.Semantics(label=line, container=True, exclude_semantics=True,
                        content=ft.Text(line, selectable=True))


@ft.memo
@ft.component
def SettingsScreen(app: AppModel) -> ft.Control:
    # The saved URL is never put back into the field: it may hold the club's password.
    url = ft.use_ref("")  # heard as typed, not drawn (see Entry)
    saved, set_saved = ft.use_state(0)  # each save empties the field
    settings = app.prefs.settings
    save_label = app.t("ui.save_database")

    offered = ft.use_ref("")  # the club's database this device's scorebook may go to
    offering, set_offering = ft.use_state(False)

    def save_url() -> None:
        typed = url.current.strip()
        app.set_settings(replace(settings, database_url=typed))
        url.current = ""
        set_saved(saved + 1)
        if typed:  # a club's database: this device's evenings may come along (asked first)
            offered.current = typed
            set_offering(True)
        else:
            app.said.notice = app.t("ui.database_saved")

    def not_now() -> None:
        set_offering(False)
        app.said.notice = app.t("ui.database_saved")

    async def bring_along() -> None:
        set_offering(False)
        await app.backups.bring_along(offered.current)

    ft.use_dialog(confirmation(
        app.said, app.words, app.t("ui.bring_along_title"), app.t("ui.bring_along_text"),
        app.t("ui.bring_along"), bring_along, not_now,
    ) if offering else None)

    club = ([
        ft.Text(app.t("ui.database_hint", env=DB_ENV), size=14),
        Entry(app.t("ui.database_url"), "", lambda text: setattr(url, "current", text),
              key=f"url-{saved}", password=True, can_reveal_password=True),
        ft.OutlinedButton(save_label, icon=ft.Icons.SAVE, on_click=save_url),
    ] if can_use_club_database() else [])  # a phone keeps its own database
    return ft.Column(expand=True, spacing=0, controls=[
        screen_bar(app.words, app.go, app.t("ui.settings")),
        screen(
            panel(
                app.t("ui.language"),
                choices(app.t("ui.language"), [(code, own_name(code)) for code in LANGUAGES],
                        settings.language,
                        lambda code: app.set_settings(replace(settings, language=code)),
                        settings.language, shown_label=False),
            ),
            panel(
                app.t("ui.theme"),
                switch(app.t("ui.dark"), settings.dark,
                       lambda on: app.set_settings(replace(settings, dark=on))),
                switch(app.t("ui.keep_awake"), settings.keep_awake,
                       lambda on: app.set_settings(replace(settings, keep_awake=on))),
            ),
            panel(
                app.t("ui.data"),
                *(copyable(line) for line in (
                    app.t("ui.data_folder", folder=app.prefs.data_folder),
                    app.t("ui.database_in_use", url=app.prefs.database_shown))),
                *club,
            ),
            BackupPanel(app),
        ),
    ])
