"""The app's side of "Everything in one file" (issue 50): when home reminds a person to back
up, and bringing this device's scorebook along to a club's database."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.app.model import AppModel
from scorekeeper.app.screen_list import SCREENS
from scorekeeper.session import Scorebook
from scorekeeper.settings import Settings
from tests.conftest import as_read

NOW = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)


def awaited(command: Coroutine[Any, Any, None]) -> None:
    """Run an app command that is awaited, in a thread of its own: a browser test's driver
    may keep an event loop running in this one (the same worker runs both)."""
    with ThreadPoolExecutor(max_workers=1) as worker:
        worker.submit(asyncio.run, command).result()


def ago(days: int) -> str:
    return (NOW - timedelta(days=days)).isoformat()


def day_ago(days: int) -> date:
    return (NOW - timedelta(days=days)).date()


@pytest.mark.parametrize(("finished", "backed_up", "dismissed", "reminds"), [
    (40, "", "", True),  # an evening finished 40 days ago, never backed up
    (None, "", "", False),  # nothing finished: nothing to lose yet
    (29, "", "", False),  # the first finished evening is 29 days old: not 30 days yet
    (40, ago(29), "", False),  # backed up within 30 days
    (40, ago(30), "", True),  # 30 days without one
    (40, "", ago(3), False),  # put away three days ago: said once
    (60, ago(40), ago(31), True),  # put away a month ago, still no backup
])
def test_home_reminds_once_of_a_backup_after_30_days(cabin_book: Scorebook,
                                                     finished: int | None, backed_up: str,
                                                     dismissed: str, reminds: bool):
    app = AppModel(cabin_book, Settings(backed_up=backed_up, reminder_dismissed=dismissed),
                   screens=SCREENS)
    since = day_ago(finished) if finished is not None else None
    assert app.backups.reminds(since, NOW) is reminds


def test_putting_the_reminder_away_keeps_it_away(cabin_book: Scorebook):
    app = AppModel(cabin_book, Settings(), screens=SCREENS)
    month_ago = (datetime.now(UTC) - timedelta(days=31)).date()
    assert app.backups.reminds(month_ago, datetime.now(UTC))
    app.backups.dismiss()
    assert not app.backups.reminds(month_ago, datetime.now(UTC))
    assert app.prefs.settings.reminder_dismissed


def test_a_backup_counts_as_the_last_one_only_once_it_is_saved(cabin_book: Scorebook,
                                                                 tmp_path: Path):
    """Issue 66, finding 5: the save dialog closed, nothing is recorded; a browser's
    download, which the page cannot follow, counts once the person says it is saved."""
    app = AppModel(cabin_book, Settings(language="en"), screens=SCREENS)
    made = app.backups.make()
    assert made is not None
    name, body = made
    assert name == f"scorekeeper-backup-{datetime.now(UTC).date()}.json"
    assert b'"scorekeeper-backup/1"' in body
    app.backups.handed_on(name, False)  # the save dialog, or the share sheet, closed
    assert app.prefs.settings.backed_up == ""
    assert app.said.notice == "Nothing was saved: no backup was made."
    app.backups.handed_on(name, None)  # handed to a browser's downloads
    assert (app.backups.unsure, app.prefs.settings.backed_up) == (name, "")
    app.backups.saved(False)
    assert (app.backups.unsure, app.prefs.settings.backed_up) == (None, "")
    app.backups.handed_on(name, None)
    app.backups.saved(True)
    assert datetime.fromisoformat(app.prefs.settings.backed_up) <= datetime.now(UTC)
    assert app.said.notice == f"Saved {name}"


def test_a_save_dialogs_place_holds_the_backup_only_when_all_of_it_was_written(
        tmp_path: Path):
    from scorekeeper.app.sharing import holds

    written = tmp_path / "scorekeeper-backup.json"
    written.write_bytes(b"x" * 100)
    assert holds(str(written), 100)
    assert not holds(str(written), 101)  # cut short: a full disk
    assert not holds(str(tmp_path / "elsewhere.json"), 100)


def test_this_devices_scorebook_is_brought_along_to_the_club_database(
        cabin_book: Scorebook, tmp_path: Path):
    club = f"sqlite:///{tmp_path / 'club.db'}"
    app = AppModel(cabin_book, Settings(language="en"), screens=SCREENS)
    awaited(app.backups.bring_along(club))
    # The cabin's evening and its four players; no group, no payment on a tab.
    assert as_read(app.said.notice) == ("Brought to the club's database: 1 session, 4 players, "
                               "0 groups and 0 payments on tabs added.")
    from scorekeeper.session import choose_database, open_scorebook

    there = open_scorebook(choose_database(club))
    assert [s.name for s in there.summaries()] == ["Friday at the cabin"]
    awaited(app.backups.bring_along(club))  # twice: nothing more
    assert as_read(app.said.notice) == ("Brought to the club's database: 0 sessions, 0 players, "
                               "0 groups and 0 payments on tabs added.")


def test_a_restore_that_is_refused_says_why_and_adds_nothing(cabin_book: Scorebook):
    app = AppModel(cabin_book, Settings(language="en"), screens=SCREENS)
    awaited(app.backups.look(b'{"format": "scorekeeper/1"}'))
    assert app.backups.adds is None
    assert app.said.problem is not None
    assert app.said.problem.startswith("The backup was not restored, nothing changed: ")
    assert cabin_book.count_sessions() == 1


def test_settings_keep_the_backup_moments_and_drop_what_is_no_moment(tmp_path: Path,
                                                                     monkeypatch):
    from scorekeeper.settings import load_settings, save_settings, settings_path

    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path))
    save_settings(replace(Settings(), backed_up=ago(1)))
    assert load_settings().backed_up == ago(1)
    settings_path().write_text('{"backed_up": "yesterday", "reminder_dismissed": 5}')
    assert (load_settings().backed_up, load_settings().reminder_dismissed) == ("", "")


# --- A large file brought to the server (issue 66, finding 4) -----------------------------------


class Page:
    """The page a picker answers on: a browser's (``web``), or a window's or a phone's
    (``platform``)."""

    def __init__(self, web: bool, platform: Any = None) -> None:
        self.web = web
        self.platform = platform

    def get_upload_url(self, name: str, expires: int) -> str:
        return f"/upload?f={name}&e=soon&s=signed"


def picker_answering(picked: list, uploaded: bytes | None = None,
                     progress: list[float] | None = None) -> type:
    """A file picker that answers ``picked``, and uploads ``uploaded`` as flet-web's
    endpoint would write it, telling ``progress`` as it goes (Flet's FilePicker in a test,
    which has no browser to pick from)."""
    from urllib.parse import parse_qs, urlparse

    import flet as ft

    from scorekeeper.app.uploads import Uploads

    class Picker:
        def __init__(self, on_upload) -> None:  # type: ignore[no-untyped-def]
            self.on_upload = on_upload

        async def pick_files(self, **_: object) -> list:
            return picked

        async def upload(self, files: list) -> None:
            [file] = files
            assert Uploads.folder is not None
            name = parse_qs(urlparse(file.upload_url).query)["f"][0]
            (Uploads.folder / name).write_bytes(uploaded or b"")
            for told in progress or [0.0, 1.0]:
                self.on_upload(ft.FilePickerUploadEvent(control=None, name="upload",
                                                        data=None, file_name="backup.json",
                                                        progress=told))
    return Picker


def picked(monkeypatch: pytest.MonkeyPatch, page: Page, picker: type,
           most: int = 10_000) -> tuple[bytes | None, list[tuple[int, int]]]:
    from flet.controls.context import _context_page

    from scorekeeper.app import uploads

    monkeypatch.setattr(uploads.ft, "FilePicker", picker)
    heard: list[tuple[int, int]] = []

    async def pick() -> bytes | None:
        _context_page.set(page)
        return await uploads.picked_file("Restore from a backup", most,
                                         lambda got, size: heard.append((got, size)))

    with ThreadPoolExecutor(max_workers=1) as worker:
        got = worker.submit(asyncio.run, pick()).result()
    return got, heard


def a_file(tmp_path: Path, name: str, body: bytes) -> Any:
    import flet as ft

    path = tmp_path / name
    path.write_bytes(body)
    return ft.FilePickerFile(id=0, name=name, size=len(body), path=str(path))


def test_on_a_phone_or_a_desktop_the_picked_files_place_is_read(tmp_path, monkeypatch):
    """A phone package has no web server: its picker gives the file's place."""
    backup = a_file(tmp_path, "scorekeeper-backup.json", b'{"format": "scorekeeper-backup/1"}')
    got, _ = picked(monkeypatch, Page(web=False), picker_answering([backup]))
    assert got == b'{"format": "scorekeeper-backup/1"}'


def test_a_browser_uploads_the_file_and_a_path_it_names_is_never_read(tmp_path, monkeypatch):
    """A browser's page may say a picked file is anywhere: the server reads what arrived."""
    from scorekeeper.app.uploads import Uploads, take_uploads

    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "data"))
    monkeypatch.setattr(Uploads, "folder", None)
    take_uploads()
    forged = a_file(tmp_path, "the-servers-database.db", b"not for the browser")
    uploaded = b'{"format": "scorekeeper-backup/1", "sessions": []}'
    got, heard = picked(monkeypatch, Page(web=True), picker_answering(
        [forged], uploaded, [0.0, 0.5, 1.0]))
    assert got == uploaded
    assert heard == [(0, 19), (9, 19), (19, 19)]  # as much of it as the browser said
    assert Uploads.folder is not None
    assert list(Uploads.folder.iterdir()) == []  # read, and gone


@pytest.mark.parametrize(("uploaded", "progress", "said"), [
    (b"x" * 10_001, [0.0, 1.0], "upload.too_large"),  # one byte past the bound
    (b"{}", [0.0, None], "upload.not_arrived"),  # the browser said it failed
])
def test_an_upload_that_is_not_a_backup_to_read_is_refused_and_removed(
        tmp_path, monkeypatch, uploaded, progress, said):
    from scorekeeper.app.uploads import Uploads, take_uploads
    from scorekeeper.core import RuleError

    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "data"))
    monkeypatch.setattr(Uploads, "folder", None)
    take_uploads()
    backup = a_file(tmp_path, "backup.json", uploaded)
    with pytest.raises(RuleError) as refused:
        picked(monkeypatch, Page(web=True), picker_answering([backup], uploaded, progress))
    assert refused.value.message.key == said
    assert Uploads.folder is not None
    assert list(Uploads.folder.iterdir()) == []


def test_a_place_that_is_no_regular_file_is_refused_without_waiting(tmp_path):
    import os

    from scorekeeper.app.uploads import read_bounded
    from scorekeeper.core import RuleError

    fifo = tmp_path / "backup.json"
    os.mkfifo(fifo)  # nothing ever writes to it: a read would wait for ever
    with pytest.raises(RuleError) as refused:
        read_bounded(fifo, 10_000)
    assert refused.value.message.key == "upload.unreadable"


# --- The save dialog and the share sheet, as they answer (issue 66, finding 5) ------------------


def saving_to(place: Path | None) -> type:
    """A desktop's save dialog (Flet's FilePicker in a test): closed without a place
    (``None``), or a place the window writes the file to."""

    class Picker:
        async def save_file(self, *, file_name: str, src_bytes: bytes, **_: object
                            ) -> str | None:
            if place is None:
                return None
            place.write_bytes(src_bytes)
            return str(place)
    return Picker


def sharing_as(status: Any) -> type:
    """A phone's share sheet (Flet's Share in a test), answering ``status``."""
    import flet as ft

    class Share:
        async def share_files(self, files: list, **_: object) -> ft.ShareResult:
            [file] = files
            assert file.name.startswith("scorekeeper-backup-")
            return ft.ShareResult(status=status, raw="")
    return Share


@pytest.mark.parametrize(("device", "answers", "kept"), [
    ("desktop", None, False),  # the save dialog closed: no place
    ("desktop", "backup.json", True),
    ("phone", "dismissed", False),  # the share sheet put away
    ("phone", "success", True),
])
def test_a_closed_save_dialog_or_share_sheet_is_no_last_backup(
        cabin_book: Scorebook, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        device: str, answers: str | None, kept: bool):
    """Issue 66, finding 5: the save dialog cancelled said "Last backup: today" and put the
    reminder away; here as Back up runs, through ``sharing.hand_on_file``."""
    import flet as ft
    from flet.controls.context import _context_page

    from scorekeeper.app import sharing

    if device == "desktop":
        page = Page(web=False, platform=ft.PagePlatform.LINUX)
        place = None if answers is None else tmp_path / answers
        monkeypatch.setattr(sharing.ft, "FilePicker", saving_to(place))
    else:
        page = Page(web=False, platform=ft.PagePlatform.ANDROID)
        monkeypatch.setattr(sharing.ft, "Share", sharing_as(ft.ShareResultStatus(answers)))
    app = AppModel(cabin_book, Settings(language="en"), screens=SCREENS)

    async def back_up() -> None:  # what Settings' Back up does (screens/backing_up.py)
        _context_page.set(page)
        made = app.backups.make()
        assert made is not None
        name, body = made
        app.backups.handed_on(name, await sharing.hand_on_file(body, name, "application/json"))

    awaited(back_up())
    assert bool(app.prefs.settings.backed_up) is kept
    assert app.backups.unsure is None
    if not kept:
        assert app.said.notice == "Nothing was saved: no backup was made."
        assert app.backups.reminds(day_ago(40), NOW)  # the reminder still comes

# --- What the app says while it works (issue 66, finding 4c) ------------------------------------


def told_slowly(run: Any, heard: list, changed: threading.Condition) -> Any:
    """``run`` (a restore, or a look at one) that, at each word on how far it is, waits
    until the app has said it (``heard``, as the progress line changed): a small backup
    takes less than the app's quarter of a second between two looks. The first word, that
    the file is read, the app says as it sets out."""

    def slowed(data: bytes, language: str, progress: Any) -> Any:
        words: list[str] = []

        def tell(what: str, done: int, total: int) -> None:
            with changed:
                before = len(heard)
                progress(what, done, total)
                words.append(what)
                if len(words) > 1:
                    assert changed.wait_for(lambda: len(heard) > before, timeout=10)

        return run(data, language, tell)
    return slowed


def test_the_app_says_what_it_is_at_while_it_receives_checks_and_restores_a_backup(
        cabin_book: Scorebook, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Issue 66, finding 4c: a backup received, checked and restored in the app said
    nothing until it was done."""
    from flet.controls.context import _context_page

    from scorekeeper.app import uploads
    from scorekeeper.session import choose_database, open_scorebook

    _, backup = cabin_book.backup()
    kilobytes = -(-len(backup) // 1024)
    book = open_scorebook(choose_database(f"sqlite:///{tmp_path / 'another-device.db'}"))
    app = AppModel(book, Settings(language="en"), screens=SCREENS)
    heard: list = []
    changed = threading.Condition()

    def progress_changed(_: object, field: str | None) -> None:
        if field == "progress":
            with changed:
                heard.append(app.backups.progress)
                changed.notify_all()

    app.backups.subscribe(progress_changed)
    monkeypatch.setattr(book, "what_restore_adds",
                        told_slowly(book.what_restore_adds, heard, changed))
    monkeypatch.setattr(book, "restore", told_slowly(book.restore, heard, changed))
    # Picked in a browser: uploaded, then looked at.
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "data"))
    monkeypatch.setattr(uploads.Uploads, "folder", None)
    uploads.take_uploads()
    monkeypatch.setattr(uploads.ft, "FilePicker", picker_answering(
        [a_file(tmp_path, "backup.json", backup)], backup, [0.0, 1.0]))

    async def pick() -> None:
        _context_page.set(Page(web=True))
        await app.backups.pick("Restore from a backup")

    awaited(pick())
    assert (app.said.problem, app.backups.adds is not None) == (None, True)
    assert [(said.line, said.part) if said else None for said in heard] == [
        ("Receiving the backup: 0 %", 0.0), ("Receiving the backup: 100 %", 1.0), None,
        (f"Reading the backup ({kilobytes} kB)", None),
        ("Checking the backup: 1 of 1 session", 1.0), None]
    heard.clear()
    awaited(app.backups.restore())
    assert as_read(app.said.notice) == ("Restored: 1 session, 4 players, 0 groups and 0 "
                                        "payments on tabs added.")
    assert [(said.line, said.part) if said else None for said in heard] == [
        (f"Reading the backup ({kilobytes} kB)", None), ("Restoring: 1 of 1 session", 1.0),
        None]
    assert (app.backups.progress, app.backups.busy) == (None, False)  # done: said no more
