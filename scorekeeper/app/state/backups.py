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
from scorekeeper.i18n.restoring import receiving, restore_progress

if TYPE_CHECKING:
    from collections.abc import Callable

    from scorekeeper.app.state.prefs import Prefs
    from scorekeeper.app.state.said import Said
    from scorekeeper.session import Scorebook
    from scorekeeper.session.backup import Counts, Progress

# A scorebook with finished evenings and no backup for this long says so on home, once.
REMIND_AFTER = timedelta(days=30)
SAID_EVERY = 0.25  # seconds between two looks at how far a restore is


@dataclass(frozen=True, slots=True)
class Doing:
    """What a restore is at, and how much of it is done (0 to 1; None: not known)."""

    line: str
    part: float | None = None


def _part(done: int, total: int) -> float:
    return min(1.0, done / total) if total else 0.0


@ft.observable
@dataclass
class Backups:
    book: Scorebook
    said: Said
    prefs: Prefs
    # A backup picked to restore, and what it would add: asked before it is added.
    picked: bytes | None = None
    adds: Counts | None = None
    # A backup handed on where this device cannot tell whether it was saved (a browser's
    # download): its file's name, until the person says.
    unsure: str | None = None
    # What a restore (or a look at one) is at while it works: "Restoring: 1,200 of
    # 21,000 sessions", and how much of that part is done (None: not known).
    progress: Doing | None = None

    @property
    def busy(self) -> bool:
        return self.progress is not None

    def make(self) -> tuple[str, bytes] | None:
        """The backup's file name (with the date) and bytes, to hand on (``handed_on``
        then says whether it was kept)."""
        self.unsure = None
        return self.said.attempt(self.book.backup)

    def handed_on(self, file_name: str, kept: bool | None) -> None:
        """A backup was handed on: ``kept`` as ``sharing.hand_on_file`` says. Only a file
        written (or a share completed) is the last backup; the reminder waits for it."""
        if kept:
            self._made(file_name)
        elif kept is None:
            self.unsure = file_name
        else:
            self.said.notice = self.said.t("ui.backup_not_saved")

    def saved(self, kept: bool) -> None:
        """The person says whether the backup this device could not follow was saved."""
        file_name, self.unsure = self.unsure, None
        if kept and file_name is not None:
            self._made(file_name)

    def _made(self, file_name: str) -> None:
        self._keep(backed_up=datetime.now(UTC).isoformat(timespec="seconds"))
        self.said.notice = self.said.t("ui.exported", file=file_name)

    async def pick(self, title: str) -> None:
        """A backup the person picks, brought to this server whole (uploaded from a
        browser, read from its place on a desktop or a phone), then looked at: what it
        would add, asked before anything is added."""
        from scorekeeper.app.uploads import picked_file
        from scorekeeper.session.backup import LARGEST_BACKUP

        language = self.said.language

        def arriving(received: int, size: int) -> None:
            self.progress = Doing(receiving(received, size, language), _part(received, size))

        try:
            picked = await self.said.attempt_async(
                lambda: picked_file(title, LARGEST_BACKUP, arriving), N_("ui.restore_refused"))
        finally:
            self.progress = None
        if picked is not None:
            await self.look(picked)

    async def look(self, picked: bytes) -> None:
        """What the picked backup would add, to be asked about (nothing is written)."""
        language = self.said.language
        adds = await self._working(
            lambda told: self.book.what_restore_adds(picked, language, told), len(picked),
            writing=False)
        self.picked, self.adds = (picked, adds) if adds is not None else (None, None)

    async def restore(self) -> None:
        """Add what the looked-at backup holds and this scorebook lacks, all or nothing
        (on a worker thread: a club's years take seconds, the other pages go on)."""
        picked, self.picked, self.adds = self.picked, None, None
        if picked is None:
            return
        language = self.said.language
        added = await self._working(
            lambda told: self.book.restore(picked, language, told), len(picked), writing=True)
        if added is not None:
            self.said.notice = self.said.t("ui.restored", **self.counted(added))

    async def _working(self, work: Callable[[Progress], Counts], size: int, *,
                       writing: bool) -> Counts | None:
        """``work`` on a worker thread, told how far it is; what it is at is said in the
        progress line (read from the worker's latest word a few times a second)."""
        language = self.said.language
        latest = [Doing(restore_progress("reading", 0, size, language, writing=writing))]

        def told(what: str, done: int, total: int) -> None:
            latest.append(Doing(restore_progress(what, done, total, language, writing=writing),
                                None if what == "reading" else _part(done, total)))

        running = asyncio.ensure_future(self.said.attempt_async(
            lambda: asyncio.to_thread(work, told), N_("ui.restore_refused")))
        try:
            while not running.done():
                self.progress = latest[-1]
                await asyncio.wait({running}, timeout=SAID_EVERY)
        finally:
            self.progress = None
        return running.result()

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
