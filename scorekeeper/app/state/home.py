"""Home: the latest sessions and the groups, and a session file brought in."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.core import N_

if TYPE_CHECKING:
    from scorekeeper.app.state.said import Said
    from scorekeeper.session import OpenSession, Scorebook, SessionSummary

HOME_LIST = 10  # sessions listed at first (a screenful); a club's years are one tap further


@ft.observable
@dataclass
class Home:
    book: Scorebook
    said: Said
    sessions: list[SessionSummary] = field(default_factory=list)  # latest first
    session_count: int = 0
    showing_all: bool = False
    groups: list[str] = field(default_factory=list)  # every group's name

    def load(self) -> None:
        self.groups = self.book.group_names()
        self.sessions = self.book.summaries(None if self.showing_all else HOME_LIST)
        self.session_count = (len(self.sessions) if self.showing_all
                              else self.book.count_sessions())

    def show_all(self) -> None:
        self.showing_all = True
        self.load()

    async def import_file(self, picked: bytes) -> OpenSession | None:
        """A session file stored whole, or None with why it was refused on the screen.
        Read and stored on a worker thread: a long evening's file (50,000 deals: seconds)
        must not hold up the server's other pages meanwhile."""
        source = picked.decode("utf-8", errors="replace")
        return await self.said.attempt_async(
            lambda: asyncio.to_thread(self.book.import_file, source), N_("ui.import_refused"))
