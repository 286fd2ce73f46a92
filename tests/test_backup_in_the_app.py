"""The app's side of "Everything in one file" (issue 50): when home reminds a person to back
up, and bringing this device's scorebook along to a club's database."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.app.model import AppModel
from scorekeeper.app.screen_list import load
from scorekeeper.session import Scorebook
from scorekeeper.settings import Settings

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
                   load=load)
    since = day_ago(finished) if finished is not None else None
    assert app.backups.reminds(since, NOW) is reminds


def test_putting_the_reminder_away_keeps_it_away(cabin_book: Scorebook):
    app = AppModel(cabin_book, Settings(), load=load)
    month_ago = (datetime.now(UTC) - timedelta(days=31)).date()
    assert app.backups.reminds(month_ago, datetime.now(UTC))
    app.backups.dismiss()
    assert not app.backups.reminds(month_ago, datetime.now(UTC))
    assert app.prefs.settings.reminder_dismissed


def test_a_backup_made_is_kept_as_the_last_one(cabin_book: Scorebook):
    app = AppModel(cabin_book, Settings(), load=load)
    made = app.backups.make()
    assert made is not None
    name, body = made
    assert name == f"scorekeeper-backup-{datetime.now(UTC).date()}.json"
    assert b'"scorekeeper-backup/1"' in body
    assert datetime.fromisoformat(app.prefs.settings.backed_up) <= datetime.now(UTC)


def test_this_devices_scorebook_is_brought_along_to_the_club_database(
        cabin_book: Scorebook, tmp_path: Path):
    club = f"sqlite:///{tmp_path / 'club.db'}"
    app = AppModel(cabin_book, Settings(language="en"), load=load)
    awaited(app.backups.bring_along(club))
    # The cabin's evening and its four players; no group, no payment on a tab.
    assert app.said.notice == ("Brought to the club's database: 1 session, 4 players, "
                               "0 groups and 0 payments on tabs added.")
    from scorekeeper.session import choose_database, open_scorebook

    there = open_scorebook(choose_database(club))
    assert [s.name for s in there.summaries()] == ["Friday at the cabin"]
    awaited(app.backups.bring_along(club))  # twice: nothing more
    assert app.said.notice == ("Brought to the club's database: 0 sessions, 0 players, "
                               "0 groups and 0 payments on tabs added.")


def test_a_restore_that_is_refused_says_why_and_adds_nothing(cabin_book: Scorebook):
    app = AppModel(cabin_book, Settings(language="en"), load=load)
    app.backups.look(b'{"format": "scorekeeper/1"}')
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
