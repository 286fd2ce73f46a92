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
    from collections.abc import Callable

    from scorekeeper.app.state.backups import Backups
    from scorekeeper.app.state.said import Said
    from scorekeeper.app.words import Words
    from scorekeeper.settings import Settings


def copyable(line: str) -> ft.Control:
    """A line a person may select and copy (where the data lives, to back it up), and a
    screen reader reads (selectable text is no text to it)."""
    return ft.Semantics(label=line, container=True, exclude_semantics=True,
                        content=ft.Text(line, selectable=True))


@ft.memo
@ft.component
def SettingsScreen(settings: Settings, data_folder: str, database_shown: str,
                   change: Callable[[Settings], None], backups: Backups, said: Said,
                   words: Words, go: Callable[[str], object]) -> ft.Control:
    """``settings``: the person's choices, kept by ``change``; ``data_folder`` and
    ``database_shown``: where the data lives and the database in use (never its
    password)."""
    # The saved URL is never put back into the field: it may hold the club's password.
    url = ft.use_ref("")  # heard as typed, not drawn (see Entry)
    saved, set_saved = ft.use_state(0)  # each save empties the field
    save_label = words.t("ui.save_database")

    offered = ft.use_ref("")  # the club's database this device's scorebook may go to
    offering, set_offering = ft.use_state(False)

    def save_url() -> None:
        typed = url.current.strip()
        change(replace(settings, database_url=typed))
        url.current = ""
        set_saved(saved + 1)
        if typed:  # a club's database: this device's evenings may come along (asked first)
            offered.current = typed
            set_offering(True)
        else:
            said.notice = words.t("ui.database_saved")

    def not_now() -> None:
        set_offering(False)
        said.notice = words.t("ui.database_saved")

    async def bring_along() -> None:
        set_offering(False)
        await backups.bring_along(offered.current)

    ft.use_dialog(confirmation(
        said, words, words.t("ui.bring_along_title"), words.t("ui.bring_along_text"),
        words.t("ui.bring_along"), bring_along, not_now,
    ) if offering else None)

    club = ([
        ft.Text(words.t("ui.database_hint", env=DB_ENV), size=14),
        Entry(words.t("ui.database_url"), "", lambda text: setattr(url, "current", text),
              key=f"url-{saved}", password=True, can_reveal_password=True),
        ft.OutlinedButton(save_label, icon=ft.Icons.SAVE, on_click=save_url),
    ] if can_use_club_database() else [])  # a phone keeps its own database
    return ft.Column(expand=True, spacing=0, controls=[
        screen_bar(words, go, words.t("ui.settings")),
        screen(
            panel(
                words.t("ui.language"),
                choices(words.t("ui.language"), [(code, own_name(code)) for code in LANGUAGES],
                        settings.language,
                        lambda code: change(replace(settings, language=code)),
                        settings.language, shown_label=False),
            ),
            panel(
                words.t("ui.theme"),
                switch(words.t("ui.dark"), settings.dark,
                       lambda on: change(replace(settings, dark=on))),
                switch(words.t("ui.keep_awake"), settings.keep_awake,
                       lambda on: change(replace(settings, keep_awake=on))),
            ),
            panel(
                words.t("ui.data"),
                *(copyable(line) for line in (
                    words.t("ui.data_folder", folder=data_folder),
                    words.t("ui.database_in_use", url=database_shown))),
                *club,
            ),
            BackupPanel(backups, settings.backed_up, said, words),
        ),
    ])
