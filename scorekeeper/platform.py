"""Where Scorekeeper runs: a phone, or a computer; and where it keeps its data there.

On a phone (an app built with ``flet build apk|aab|ipa``) there is no web server to
host the table for the network, and no PostgreSQL driver for a club database; the
screens hide both and the command line refuses them in words. It reads the environment
only (no SQLAlchemy, no Flet: the settings and the first screen need the data folder
before the database layer has loaded).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs

PHONES = ("android", "ios")


def on_phone() -> bool:
    """True in an Android or iOS app. Flet's packaged app sets ``FLET_PLATFORM``; Python
    3.13+ on a phone says so in ``sys.platform`` too."""
    return os.environ.get("FLET_PLATFORM", "").lower() in PHONES or sys.platform in PHONES


def can_host_network_table() -> bool:
    """``scorekeeper serve`` (every player follows on their phone) needs flet-web's server."""
    return not on_phone()


def can_use_club_database() -> bool:
    """A PostgreSQL club database needs psycopg, which has no phone build."""
    return not on_phone()


def data_dir() -> Path:
    """The app's data folder: Flet's app storage when built with ``flet build``, else the
    platform's user data folder (``~/.local/share/scorekeeper`` on Linux)."""
    flet_storage = os.environ.get("FLET_APP_STORAGE_DATA")
    return Path(flet_storage) if flet_storage else Path(platformdirs.user_data_dir("scorekeeper"))
