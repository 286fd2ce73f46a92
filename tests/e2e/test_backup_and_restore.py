"""Issue 50 at phone size: the whole scorebook backed up from Settings, and restored on
another device (a fresh server with an empty database) through the file picker, with what
it adds said before it is added; the group's tab and the roster's details come along.

The group's evenings are tests/e2e/test_group_tab.py's: RULES.md's worked example three
times (SEK, 0.50 a unit), the 6th and the 13th finished, Astrid handing Dag 5.00 on the 6th.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from playwright.sync_api import Browser

from tests.conftest import run_cli_here
from tests.e2e.conftest import CABIN, Server, Ui, start_server, stop_server
from tests.e2e.test_group_tab import GROUP, three_evenings

SWISH = "0701234567"


def test_a_backup_made_in_settings_restores_the_tab_and_the_details_on_another_device(
        phone: Ui, server: Server, browser: Browser, tmp_path: Path):
    three_evenings(server, tmp_path)
    assert server.cli("pay", GROUP, "--from", "Bengt", "--to", "Cilla", "4.00").returncode == 0
    roster = tmp_path / "roster.json"
    roster.write_text(json.dumps({"format": "scorekeeper-roster/1",
                                  "players": [{"name": "Dag", "swish": SWISH}]}))
    assert server.cli("players", "--import", str(roster)).returncode == 0

    phone.open("/settings")
    phone.see("No backup made on this device yet")
    with phone.page.expect_download(timeout=30_000) as info:
        phone.tap("Back up everything")
    backup = Path(info.value.path()).read_bytes()
    assert info.value.suggested_filename == f"scorekeeper-backup-{date.today()}.json"
    held = json.loads(backup)
    assert held["format"] == "scorekeeper-backup/1"
    assert [group["name"] for group in held["groups"]] == [GROUP]
    phone.see(f"Last backup: {date.today().day} {date.today():%b %Y}")

    other = start_server(tmp_path / "other")
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.set_default_timeout(20_000)
    there = Ui(page, other.url)
    try:
        there.open("/settings")
        picked = tmp_path / info.value.suggested_filename
        picked.write_bytes(backup)
        there.pick_file("Restore from a backup", picked)
        # Three evenings, the four players, the group and Bengt's payment on its tab.
        there.read("It adds 3 sessions, 4 players, 1 group and 1 payment on a tab. "
                   "Nothing already here changes.")
        there.shot("settings-restore-asks-phone")
        there.tap("Restore")
        there.see("Restored: 3 sessions, 4 players, 1 group and 1 payment on a tab added.")

        # The tab as on the first device: Bengt's -12.00 less his 4.00 paid on the tab.
        there.open("/")
        there.tap(f"Tab: {GROUP}")
        there.see("Running tab: 2 finished evenings")
        tab = json.loads(other.cli("tab", GROUP, "--json").stdout)
        assert tab == json.loads(server.cli("tab", GROUP, "--json").stdout)
        assert [(p["name"], p["balance"]) for p in tab["players"]] == [
            ("Astrid", "-22.00"), ("Bengt", "-8.00"), ("Cilla", "15.00"), ("Dag", "15.00")]
        there.open("/players")
        there.see("Swish: 070-123 45 67")
        # The first device's Settings, the notice of the download long gone.
        phone.page.mouse.move(195, 422)
        phone.page.mouse.wheel(0, 1200)  # down to the backup panel, at the screen's end
        phone.shot("settings-backup-phone")
    finally:
        page.context.close()
        stop_server(other)


def test_home_reminds_of_a_backup_once_and_settings_bring_the_scorebook_to_a_club(
        phone: Ui, server: Server, tmp_path: Path):
    finished = tmp_path / "finished.json"
    # Played and finished on the first of October: far more than 30 days without a backup.
    finished.write_text(json.dumps({**json.loads(CABIN.read_text(encoding="utf-8")),
                                    "finished": True, "played_on": "2026-10-01"}),
                        encoding="utf-8")
    server.holds(finished)
    phone.open("/")
    reminder = ("No backup of this scorebook for 30 days. A lost or new phone loses nothing "
                "once it is backed up.")
    phone.read(reminder)
    phone.shot("home-backup-reminder-phone")
    phone.tap("Not now")
    phone.shown(reminder).wait_for(state="detached")
    phone.open("/")  # opened again: said once, not again
    phone.see("Friday at the cabin")
    assert not phone.readouts("No backup of this scorebook")

    club = f"sqlite:///{tmp_path / 'club.db'}"
    phone.open("/settings")
    phone.type("Database URL (empty: this device)", club)
    phone.tap("Save the database URL")
    phone.tap("Bring it along")
    phone.see("Brought to the club's database: 1 session, 4 players, 0 groups and "
              "0 payments on tabs added.")
    assert "Friday at the cabin" in run_cli_here(club, "sessions").stdout
