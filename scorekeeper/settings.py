"""The app's own settings (language, theme, database), kept beside the data.

The database URL may hold a club server's password, so the file is readable by its
owner only (0600) and written whole or not at all.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

from scorekeeper.i18n import DEFAULT_LANGUAGE, LANGUAGES
from scorekeeper.platform import data_dir, owned_data_dir
from scorekeeper.user_files import OWNER_ONLY, read_within, write_whole

FILE = "settings.json"
LARGEST_SETTINGS = 1024 * 1024  # a few hundred bytes are written; more is not ours


@dataclass(frozen=True, slots=True)
class Settings:
    language: str = DEFAULT_LANGUAGE
    dark: bool = False
    database_url: str = ""  # empty: SQLite in the data folder (or SCOREKEEPER_DB)
    keep_awake: bool = True  # the screen stays on while a table is open
    # When this device last backed the scorebook up, and when its reminder to was put
    # away (ISO 8601; "": never).
    backed_up: str = ""
    reminder_dismissed: str = ""


def settings_path() -> Path:
    return data_dir() / FILE


def load_settings() -> Settings:
    path = settings_path()
    try:  # a pipe or a device at the name is no settings file, and is never waited on
        raw = json.loads(read_within(path, LARGEST_SETTINGS).decode("utf-8"))
        _tighten(path)  # a file written before 0600 was the rule
    except (OSError, ValueError):
        return Settings()
    if not isinstance(raw, dict):
        return Settings()
    language = raw.get("language")
    return Settings(
        language=language if language in LANGUAGES else DEFAULT_LANGUAGE,
        dark=raw.get("dark") is True,
        database_url=raw.get("database_url") if isinstance(raw.get("database_url"), str) else "",
        keep_awake=raw.get("keep_awake") is not False,
        backed_up=_when(raw.get("backed_up")),
        reminder_dismissed=_when(raw.get("reminder_dismissed")),
    )


def _when(kept: object) -> str:
    """A moment kept in the file, if it is one (a hand-edited file may hold anything)."""
    from datetime import datetime

    if not isinstance(kept, str):
        return ""
    try:
        datetime.fromisoformat(kept)
    except ValueError:
        return ""
    return kept


def save_settings(settings: Settings) -> None:
    """Write the settings whole, only its owner may read them (``user_files.write_whole``):
    a full disk or a crash leaves the old settings rather than half a file. Raises OSError
    (the disk is full, the folder cannot be written) with the old file intact."""
    body = json.dumps(asdict(settings), indent=2).encode("utf-8")
    write_whole(owned_data_dir() / FILE, lambda out: out.write(body), private=True)


def _tighten(path: Path) -> None:
    """Owner-only also for a file an older Scorekeeper left readable by everyone."""
    try:
        if os.name == "posix" and path.stat().st_mode & 0o777 != OWNER_ONLY:
            os.chmod(path, OWNER_ONLY)
    except OSError:  # not ours to change (another user's file): the settings still count
        pass
