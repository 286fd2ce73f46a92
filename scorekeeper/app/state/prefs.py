"""Settings on screen: the person's choices, and where the data lives."""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from scorekeeper.settings import Settings, save_settings


@ft.observable
@dataclass
class Prefs:
    settings: Settings
    data_folder: str = ""  # where the data lives
    database_shown: str = ""  # the database in use, never its password

    @property
    def language(self) -> str:
        return self.settings.language

    def change(self, settings: Settings) -> None:
        """Keep ``settings`` (only the host may: see ``AppModel.set_settings``)."""
        save_settings(settings)
        self.settings = settings
