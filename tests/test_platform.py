"""Where Scorekeeper runs (scorekeeper/platform.py): on a phone there is no network table to
host and no club database; the command line says so instead of failing half-way."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from scorekeeper import platform
from tests.conftest import REPO


@pytest.mark.parametrize(("flet_platform", "phone"), [
    ("android", True), ("ios", True), ("macos", False), ("linux", False), ("windows", False),
    ("", False)])
def test_a_phone_is_what_flet_says_it_is(monkeypatch, flet_platform, phone):
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("FLET_PLATFORM", flet_platform)
    assert platform.on_phone() is phone
    assert platform.can_host_network_table() is not phone
    assert platform.can_use_club_database() is not phone


@pytest.mark.parametrize("system", ["android", "ios"])
def test_python_on_a_phone_says_so_without_flet(monkeypatch, system):
    monkeypatch.delenv("FLET_PLATFORM", raising=False)
    monkeypatch.setattr(sys, "platform", system)
    assert platform.on_phone()


def on_a_phone(*args: str, tmp_path) -> subprocess.CompletedProcess[str]:  # type: ignore[no-untyped-def]
    env = {k: v for k, v in os.environ.items() if k not in ("SCOREKEEPER_DB", "SCOREKEEPER_LANG")}
    env |= {"FLET_PLATFORM": "android", "FLET_APP_STORAGE_DATA": str(tmp_path)}
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], capture_output=True,
                          text=True, encoding="utf-8", cwd=REPO, env=env, timeout=60)


def test_serving_the_table_on_a_phone_is_refused_in_words(tmp_path):
    refused = on_a_phone("serve", "--host", "0.0.0.0", tmp_path=tmp_path)
    assert refused.returncode == 1
    assert "cli.phone_no_serve" not in refused.stderr
    assert "phone" in refused.stderr
    assert "Traceback" not in refused.stderr


def test_a_club_database_on_a_phone_is_refused_in_words(tmp_path):
    refused = on_a_phone("--db", "postgresql+psycopg://club@db.example.org/scorekeeper",
                         "sessions", tmp_path=tmp_path)
    assert refused.returncode == 1
    assert "cli.phone_no_club_database" not in refused.stderr
    assert "phone" in refused.stderr
    assert "Traceback" not in refused.stderr


def test_the_phone_keeps_its_own_sqlite_database(tmp_path):
    listed = on_a_phone("sessions", tmp_path=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert (tmp_path / "scorekeeper.db").exists()
