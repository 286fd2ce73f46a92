"""Issue 50 at phone size: the whole scorebook backed up from Settings, and restored on
another device (a fresh server with an empty database) through the file picker, with what
it adds said before it is added; the group's tab and the roster's details come along. A
backup counts as made only once saved (issue 66): a cancelled download is none.

The group's evenings are tests/e2e/test_group_tab.py's: RULES.md's worked example three
times (SEK, 0.50 a unit), the 6th and the 13th finished, Astrid handing Dag 5.00 on the 6th.
"""

from __future__ import annotations

import base64
import json
import random
from datetime import date
from pathlib import Path

from playwright.sync_api import Browser

from tests.conftest import run_cli_here
from tests.e2e.conftest import CABIN, Server, Ui, start_server, stop_server
from tests.e2e.test_group_tab import GROUP, three_evenings

SWISH = "0701234567"


def with_tab_payment(backup: dict, payer: str, payee: str, amount: str) -> dict:
    copied = json.loads(json.dumps(backup))
    copied["groups"][0]["payments"].append(
        {"uid": "doctored-1", "from": payer, "to": payee, "amount": amount, "on": "2026-11-22"})
    return copied


def as_a_later_version_writes_it(backup: dict) -> dict:
    """The backup as a later Scorekeeper might write it: each session with a field this
    one does not read (FORMAT.md: readers ignore unknown fields), a photo of its score
    sheet, 7 MB of text each. What the browser test is about is the file's size; what a
    club's 21,000 sessions cost to check is BENCHMARKS.md's."""
    copied = json.loads(json.dumps(backup))
    for number, session in enumerate(copied["sessions"]):
        session["sheet_photo"] = base64.b64encode(
            random.Random(number).randbytes(5_300_000)).decode("ascii")
    return copied


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
    # The page cannot see the browser's download through: the person says it is saved.
    phone.read(f"Is {info.value.suggested_filename} saved? This device cannot tell, and "
               "only a saved backup counts as the last one.")
    phone.tap("It is saved")
    phone.see(f"Last backup: {date.today().day} {date.today():%b %Y}")

    other = start_server(tmp_path / "other")
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.set_default_timeout(20_000)
    there = Ui(page, other.url)
    try:
        there.open("/settings")
        # A doctored copy first (issue 66): Zed, who never played, "paid" Astrid on the tab.
        hostile = tmp_path / "doctored.json"
        hostile.write_text(json.dumps(with_tab_payment(held, "Zed", "Astrid", "7.00")))
        there.pick_file("Restore from a backup", hostile)
        there.read("The backup was not restored, nothing changed: the payment on the tab of "
                   f"{GROUP} from Zed to Astrid in the backup: Zed played in none of {GROUP}'s "
                   "finished sessions")
        there.page.mouse.move(195, 422)
        there.page.mouse.wheel(0, 1200)  # down to the backup panel, at the screen's end
        there.shot("settings-restore-refused-phone")

        # A session the rules refuse: what the backup would add is said from a glance at
        # its sessions; Restore replays every one of them and refuses it there, in words.
        broken = json.loads(json.dumps(held))
        broken["sessions"][0]["deals"][3]["tricks"] = {"Astrid": 9}  # nine of five tricks
        hostile.write_text(json.dumps(broken))
        there.pick_file("Restore from a backup", hostile)
        there.read("It adds 3 sessions, 4 players, 1 group and 1 payment on a tab. "
                   "Nothing already here changes.")
        there.tap("Restore")
        there.read("The backup was not restored, nothing changed: session 1 of the backup "
                   f"({broken['sessions'][0]['name']}): deal 4: tricks for Astrid must be a "
                   "whole number from 0 to 5", timeout=30_000)
        assert "Friday" not in other.cli("sessions").stdout

        # The backup itself, made larger than one of the page's messages may be (16 MiB):
        # the browser uploads it, where it once went in one message and the page's
        # connection closed on it.
        picked = tmp_path / info.value.suggested_filename
        picked.write_text(json.dumps(as_a_later_version_writes_it(held)))
        assert picked.stat().st_size > 20 * 1024 * 1024
        there.pick_file("Restore from a backup", picked)
        # Three evenings, the four players, the group and Bengt's payment on its tab.
        there.read("It adds 3 sessions, 4 players, 1 group and 1 payment on a tab. "
                   "Nothing already here changes.", timeout=60_000)
        there.shot("settings-restore-asks-phone")
        there.tap("Restore")
        there.see("Restored: 3 sessions, 4 players, 1 group and 1 payment on a tab added.",
                  timeout=60_000)

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

    # Issue 66, finding 5: a backup whose download is cancelled is no backup made.
    phone.open("/settings")
    with phone.page.expect_download(timeout=30_000) as info:
        phone.tap("Back up everything")
    info.value.cancel()  # too late, if it was quick: the page sees neither
    phone.page.mouse.move(195, 422)
    phone.page.mouse.wheel(0, 1200)  # down to the backup panel, at the screen's end
    phone.shot("settings-backup-asks-phone")
    phone.tap("It is not")
    phone.see("No backup made on this device yet")
    phone.open("/")
    phone.read(reminder)  # not silenced
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
