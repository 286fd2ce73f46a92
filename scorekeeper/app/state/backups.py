"""The whole scorebook in one file: backed up, restored (what it adds said first), or
brought along to a club's database."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import asdict, dataclass, replace
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.core import N_
from scorekeeper.i18n import counted_phrases
from scorekeeper.i18n.composed import SCOREBOOK

if TYPE_CHECKING:
    from scorekeeper.app.state.prefs import Prefs
    from scorekeeper.app.state.said import Said
    from scorekeeper.session import Scorebook
    from scorekeeper.session.backup import Counts

# A scorebook with finished evenings and no backup for this long says so on home, once.
REMIND_AFTER = timedelta(days=30)


@ft.observable
@dataclass
class Backups:
    book: Scorebook
    said: Said
    prefs: Prefs
    # A backup picked to restore, and what it would add: asked before it is added.
    picked: bytes | None = None
    adds: Counts | None = None

    def make(self) -> tuple[str, bytes] | None:
        """The backup's file name (with the date) and bytes; the moment is kept."""
        made = self.said.attempt(self.book.backup)
        if made is not None:
            self._keep(backed_up=datetime.now(UTC).isoformat(timespec="seconds"))
        return made

    def look(self, picked: bytes) -> None:
        """What the picked backup would add, to be asked about (nothing is written)."""
        adds = self.said.attempt(
            lambda: self.book.what_restore_adds(picked, self.said.language),
            N_("ui.restore_refused"))
        self.picked, self.adds = (picked, adds) if adds is not None else (None, None)

    async def restore(self) -> None:
        """Add what the looked-at backup holds and this scorebook lacks, all or nothing
        (on a worker thread: a club's years take seconds, the other pages go on)."""
        picked, self.picked, self.adds = self.picked, None, None
        if picked is None:
            return
        language = self.said.language
        added = await self.said.attempt_async(
            lambda: asyncio.to_thread(self.book.restore, picked, language))
        if added is not None:
            self.said.notice = self.said.t("ui.restored", **self.counted(added))

    def cancel(self) -> None:
        self.picked, self.adds = None, None

    async def bring_along(self, url: str) -> None:
        """This device's scorebook added to the club's database at ``url``."""
        from scorekeeper.session import open_scorebook
        from scorekeeper.session.where import DatabaseChoice

        def moved() -> Counts:
            club = open_scorebook(DatabaseChoice(url, "settings"))
            return club.restore(self.book.backup()[1], self.said.language)

        added = await self.said.attempt_async(lambda: asyncio.to_thread(moved))
        if added is not None:
            self.said.notice = self.said.t("ui.brought_along", **self.counted(added))

    def counted(self, counts: Counts) -> dict[str, str]:
        """Each count as its own counted phrase ("3 sessions", "1 group")."""
        return counted_phrases(self.said.language, SCOREBOOK, **asdict(counts))

    def reminds(self, finished_since: date | None, now: datetime) -> bool:
        """Should home say that no backup was made for a while (and not said so already)?
        ``finished_since``: the day of the oldest finished evening, the first that a lost
        phone would lose; the 30 days count from it, or from the last backup."""
        settings = self.prefs.settings
        if finished_since is None or now.date() - finished_since < REMIND_AFTER:
            return False
        return all(not moment or now - _moment(moment) >= REMIND_AFTER
                   for moment in (settings.backed_up, settings.reminder_dismissed))

    def dismiss(self) -> None:
        self._keep(reminder_dismissed=datetime.now(UTC).isoformat(timespec="seconds"))

    def _keep(self, **moments: str) -> None:
        # The disk is full: the reminder may come again; nothing is lost.
        with contextlib.suppress(OSError):
            self.prefs.change(replace(self.prefs.settings, **moments))


def _moment(kept: str) -> datetime:
    moment = datetime.fromisoformat(kept)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
