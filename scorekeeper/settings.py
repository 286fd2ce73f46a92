"""The app's own settings (language, theme, database), kept beside the data."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from scorekeeper.i18n import DEFAULT_LANGUAGE, LANGUAGES
from scorekeeper.store.database import data_dir

FILE = "settings.json"


@dataclass(frozen=True, slots=True)
class Settings:
    language: str = DEFAULT_LANGUAGE
    dark: bool = False
    database_url: str = ""  # empty: SQLite in the data folder (or SCOREKEEPER_DB)


def settings_path() -> Path:
    return data_dir() / FILE


def load_settings() -> Settings:
    try:
        raw = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    language = raw.get("language")
    return Settings(
        language=language if language in LANGUAGES else DEFAULT_LANGUAGE,
        dark=raw.get("dark") is True,
        database_url=raw.get("database_url") if isinstance(raw.get("database_url"), str) else "",
    )


def save_settings(settings: Settings) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(asdict(settings), indent=2), encoding="utf-8")
