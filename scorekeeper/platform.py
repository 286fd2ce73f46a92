"""Where Scorekeeper runs: a phone, or a computer; and where it keeps its data there.

On a phone (an app built with ``flet build apk|aab|ipa``) there is no web server to
host the table for the network, and no PostgreSQL driver for a club database; the
screens hide both and the command line refuses them in words. It reads the environment
only (no SQLAlchemy, no Flet: the settings and the first screen need the data folder
before the database layer has loaded).
"""

from __future__ import annotations

import functools
import gc
import os
import sys
from pathlib import Path

import platformdirs

PHONES = ("android", "ios")
OWNER_ONLY_FOLDER = 0o700  # the settings hold a club's password, the database payment details


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


def owned_data_dir() -> Path:
    """The data folder, made if need be, and its owner's alone (0700) whoever made it
    first: the settings saved before any database, the app's device name, or an older
    Scorekeeper that made it readable by all."""
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True, mode=OWNER_ONLY_FOLDER)
    try:
        if os.name == "posix" and folder.stat().st_mode & 0o777 != OWNER_ONLY_FOLDER:
            folder.chmod(OWNER_ONLY_FOLDER)
    except OSError:  # not ours to change (another user's folder): say nothing, use it
        pass
    return folder


@functools.cache  # once a process: each freeze keeps the garbage it finds for good
def collect_seldom() -> None:
    """Python's cycle collector for a whole Scorekeeper process, set once where it starts
    (the command line, the packaged app): what is loaded by then is never walked again,
    and a full collection waits for 100 middle ones, not 10."""
    # A 10,000-deal replay beside the app's objects spent 140 ms of CPU in it, 42 so.
    gc.freeze()
    gc.set_threshold(700, 10, 100)


def never_walk_what_is_held() -> None:
    """What the process holds by now is never walked by the cycle collector again: before a
    fork, as Python's documentation advises, so that the children do not touch (and copy)
    every page of it either."""
    gc.freeze()
