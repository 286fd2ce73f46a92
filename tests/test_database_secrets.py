"""The club database's password is never shown: not by `where`, not in a refusal, not on
the settings screen (which shows `DatabaseChoice.shown`), whichever form it is written in
(issue: "the club password shown", 4 of 14 forms leaked)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from scorekeeper.session import choose_database
from tests.ports import free_port

SECRET = "s3cr3t"
FORMS = [
    f"postgresql+psycopg://club:{SECRET}@db.example.org/scorekeeper",
    f"postgresql://club@db.example.org/scorekeeper?password={SECRET}",
    f"postgresql://db.example.org/scorekeeper?user=club&PASSWORD={SECRET}&sslmode=require",
    f"postgresql://club:{SECRET}@x@db.example.org/scorekeeper",  # a raw "@" in it
    f"postgresql://club:{SECRET}@db.example.org:5432/scorekeeper?sslpassword={SECRET}",
    f"not a url at all {SECRET}@anywhere",
]


def scorekeeper(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], capture_output=True,
                          text=True, check=False, env={**os.environ, **env})


@pytest.mark.parametrize("url", FORMS)
def test_where_never_shows_the_password_given_with_db_or_the_environment(url):
    for said in (scorekeeper("--db", url, "where"), scorekeeper("where", SCOREKEEPER_DB=url)):
        assert said.returncode == 0, said.stderr
        assert SECRET not in said.stdout + said.stderr
        assert "***" in said.stdout or "Database: ?" in said.stdout


@pytest.mark.parametrize("url", FORMS[:4])
def test_the_settings_screen_is_handed_the_url_without_its_password(url, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_DB", url)
    assert SECRET not in choose_database().shown


def test_a_password_with_a_raw_at_sign_is_neither_shown_nor_taken_for_the_server():
    """SQLAlchemy ends such a password at its first "@" and takes the rest for the server's
    name ("x@127.0.0.1"), which the "cannot reach" sentence then showed."""
    port = free_port()  # nothing listens there
    said = scorekeeper("--db", f"postgresql://club:{SECRET}@x@127.0.0.1:{port}/db", "sessions")
    assert said.returncode != 0
    assert SECRET not in said.stderr
    assert "x@" not in said.stderr
    assert said.stderr.strip() == (f"cannot reach the database server 127.0.0.1:{port}/db: "
                                   "check the address and the network")
