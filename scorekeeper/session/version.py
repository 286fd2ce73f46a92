"""A version of a session: what the store holds at one version, as plain data. Everything
a screen or a command shows of it is worked out from this (``views.py``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from scorekeeper.core import State, Table


@dataclass(frozen=True, slots=True)
class Version:
    id: int
    name: str
    finished: bool
    version: int  # counts the session's changes: a command names the one its screen showed
    table: Table
    state: State  # after the version's last deal
    created_at: datetime
    updated_at: datetime
    group: str | None = None  # the group whose running tab the session counts in
    played_on: date | None = None  # the evening's date
    uid: str | None = None  # what identifies it wherever it goes (its file, a backup)
