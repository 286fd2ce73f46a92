"""The settings file (scorekeeper/settings.py) may hold a club server's password: it is readable by
its owner only, also when an older version left it readable by all, and a failed write
leaves the old settings whole. The data folder it shares with the database is its owner's
alone, whichever is written first."""

from __future__ import annotations

import errno
import json
import os
import stat

import pytest

from scorekeeper import settings as module
from scorekeeper.settings import Settings, load_settings, save_settings, settings_path

CLUB = "postgresql+psycopg://club:secret@db.example.org/scorekeeper"


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "data"))
    return tmp_path / "data"


def mode(path) -> int:  # type: ignore[no-untyped-def]
    return stat.S_IMODE(path.stat().st_mode)


def test_the_settings_file_is_readable_by_its_owner_only():
    os.umask(0o022)
    save_settings(Settings(language="sv", database_url=CLUB))
    assert mode(settings_path()) == 0o600
    assert load_settings() == Settings(language="sv", database_url=CLUB)


def test_a_settings_file_left_readable_by_all_is_made_owner_only():
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"language": "de", "database_url": CLUB}), encoding="utf-8")
    path.chmod(0o644)
    assert load_settings().database_url == CLUB
    assert mode(path) == 0o600
    path.chmod(0o644)
    save_settings(Settings(language="en"))
    assert mode(path) == 0o600


def test_a_full_disk_leaves_the_old_settings_whole_and_no_half_file(monkeypatch, data_folder):
    save_settings(Settings(language="sv", database_url=CLUB))

    def disk_full(*_args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(module.os, "replace", disk_full)
    with pytest.raises(OSError, match="No space"):
        save_settings(Settings(language="de"))
    assert load_settings() == Settings(language="sv", database_url=CLUB)
    assert [p.name for p in data_folder.iterdir()] == ["settings.json"]


def test_a_settings_file_that_is_not_an_object_gives_the_defaults():
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("[1, 2]", encoding="utf-8")
    assert load_settings() == Settings()


@pytest.fixture
def everyone_may_read_what_is_made():  # type: ignore[no-untyped-def]
    """The usual umask (0022): a folder made without a mode of its own is 0755."""
    before = os.umask(0o022)
    yield
    os.umask(before)


def database_in_the_data_folder() -> None:
    from scorekeeper.store.database import connect
    from scorekeeper.store.location import default_url

    connect(default_url()).dispose()


@pytest.mark.usefixtures("everyone_may_read_what_is_made")
def test_the_data_folder_is_its_owners_alone_when_the_settings_come_before_any_database(
        data_folder):
    """Settings saved first made the folder 0755, and the database later landed in it."""
    save_settings(Settings(language="sv", database_url=""))
    assert mode(data_folder) == 0o700
    database_in_the_data_folder()
    assert mode(data_folder) == 0o700
    assert mode(data_folder / "scorekeeper.db") == 0o600


@pytest.mark.usefixtures("everyone_may_read_what_is_made")
def test_a_data_folder_something_else_made_readable_by_all_is_made_owner_only(data_folder):
    """An older Scorekeeper, or the app's device name written before any database."""
    data_folder.mkdir(mode=0o755)
    (data_folder / "device").write_text("f00d", encoding="ascii")
    database_in_the_data_folder()
    assert mode(data_folder) == 0o700
