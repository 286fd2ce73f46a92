"""Which database: one answer for the command line, the app and a built package.

In this order: ``--db`` on the command line, the ``SCOREKEEPER_DB`` environment
variable, the club database saved in the app's settings, and otherwise SQLite in the
user's data folder. ``scorekeeper where`` says which one was chosen and why.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Literal

from scorekeeper.core import msg
from scorekeeper.platform import data_dir
from scorekeeper.settings import load_settings
from scorekeeper.store.errors import DatabaseTooNewError, StoreError
from scorekeeper.store.location import DB_ENV, default_url

Source = Literal["flag", "environment", "settings", "default"]


@dataclass(frozen=True, slots=True)
class DatabaseChoice:
    url: str
    source: Source

    @property
    def shown(self) -> str:
        """The URL fit to be shown on a screen: never its password."""
        return shown_url(self.url)


def choose_database(flag: str | None = None) -> DatabaseChoice:
    """The database to use, and why; ``StoreError`` for an address that is not text (a
    byte that is no UTF-8), whichever place it came from."""
    if flag:
        return _text(DatabaseChoice(flag, "flag"))
    if env := os.environ.get(DB_ENV):
        return _text(DatabaseChoice(env, "environment"))
    if saved := load_settings().database_url:
        return _text(DatabaseChoice(saved, "settings"))
    return _text(DatabaseChoice(default_url(), "default"))


def _text(choice: DatabaseChoice) -> DatabaseChoice:
    from scorekeeper.store.secrets import is_text  # loaded when a database is chosen

    if not is_text(choice.url):
        raise StoreError(msg("store.address_not_text"))
    return choice


def shown_url(url: str) -> str:
    """``url`` with every secret in it hidden (``store.secrets``), "?" if it is no URL."""
    from scorekeeper.store.secrets import shown_url as hidden  # loaded when it is shown

    return hidden(url)

__all__ = ["DB_ENV", "DatabaseChoice", "DatabaseTooNewError", "choose_database", "data_dir",
           "shown_url"]
