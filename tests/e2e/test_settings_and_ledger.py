"""Issue 9: every action on the settings and ledger screens, tapped in a browser, with the
effect a person would see."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from scorekeeper.formats.session_file import dump_session
from tests.e2e.conftest import Server, Ui, start_server, stop_server
from tests.test_ledger_pages import long_session


@pytest.mark.usefixtures("cabin")
def test_choosing_svenska_turns_the_app_swedish_and_is_kept(ui: Ui, server: Server):
    ui.open("/settings")
    ui.tap("Language: Svenska")
    ui.see("Inställningar")
    settings = json.loads((server.data / "settings.json").read_text(encoding="utf-8"))
    assert settings["language"] == "sv"
    ui.open("/session/1")
    ui.see("Spara giv 7")  # the table speaks Swedish too
    ui.see("Astrid: -28")


@pytest.mark.usefixtures("cabin")
def test_choosing_francais_on_a_phone_turns_the_table_and_settle_up_french(phone: Ui,
                                                                            server: Server):
    phone.open("/settings")
    phone.tap("Language: Français")
    phone.see("Réglages")
    settings = json.loads((server.data / "settings.json").read_text(encoding="utf-8"))
    assert settings["language"] == "fr"
    phone.open("/session/1")
    phone.see("Enregistrer la donne 7")
    phone.shot("table-francais-chosen-phone")
    phone.open("/session/1/settle")
    phone.see("Astrid paie 10,00 SEK à Dag")  # money as French writes it
    phone.shot("settle-francais-chosen-phone")


def test_the_dark_switch_darkens_the_screen_and_is_kept(ui: Ui, server: Server):
    ui.open("/settings")
    light = ui.page.screenshot(clip={"x": 0, "y": 300, "width": 40, "height": 40})
    ui.toggle("Dark")
    for _ in range(50):  # until the new colours are drawn
        ui.next_frame()
        dark = ui.page.screenshot(clip={"x": 0, "y": 300, "width": 40, "height": 40})
        if dark != light:
            break
    assert light != dark
    settings = json.loads((server.data / "settings.json").read_text(encoding="utf-8"))
    assert settings["dark"] is True


def test_a_saved_club_database_is_kept_never_shown_and_used_by_the_command_line(
    ui: Ui, server: Server, tmp_path: Path
):
    url = "postgresql+psycopg://club:secret@db.example.org/scorekeeper"
    ui.open("/settings")
    ui.type("Database URL (empty: this device)", url)
    ui.tap("Save the database URL")
    ui.see("Bring this device's scorebook along?")
    ui.tap("Cancel")  # not now: the club's address is kept all the same
    ui.see("Saved: restart Scorekeeper to use it")
    assert not ui.readouts("postgresql+psycopg://club:secret")  # the password never shows
    settings = json.loads((server.data / "settings.json").read_text(encoding="utf-8"))
    assert settings["database_url"] == url
    assert (server.data / "settings.json").stat().st_mode & 0o077 == 0  # the owner's only
    # `scorekeeper where`, without --db, now names that database (and hides the password).
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "SCOREKEEPER_DB"}
    where = subprocess.run([sys.executable, "-m", "scorekeeper", "where"], capture_output=True,
                           text=True, env={**env, "FLET_APP_STORAGE_DATA": str(server.data)})
    assert "postgresql+psycopg://club:***@db.example.org/scorekeeper" in where.stdout
    assert "secret" not in where.stdout


@pytest.mark.usefixtures("cabin")
def test_deleting_a_deal_in_the_ledger_recomputes_everything_after_it(ui: Ui, server: Server,
                                                                      tmp_path: Path):
    ui.open("/session/1/ledger")
    ui.tap("Delete Deal 5 · Astrid dealt")
    ui.see("Delete deal 5?")
    ui.tap("Delete")
    ui.see("Deal 5 deleted")
    replayed = server.replay(1, tmp_path)
    assert replayed["deals"] == 5
    # Without the concession, deal 6 is dealt by Astrid: the rest is replayed by the rules.
    ui.see("Deal 5 · Astrid dealt")
    ui.page.get_by_text("Deal 6 · ", exact=False).first.wait_for(state="detached")


@pytest.mark.usefixtures("cabin")
def test_the_ledgers_correct_button_opens_the_deal_as_recorded(ui: Ui):
    ui.open("/session/1/ledger")
    ui.tap("Correct Deal 2 · Bengt dealt")
    ui.see("Correct deal 2")
    ui.see("Save deal 2")
    ui.tap("Back")
    ui.see("Ledger: Friday at the cabin")


def test_settings_names_the_database_given_with_db(ui: Ui, server: Server):
    """The server was started with ``--db`` pointing at a file of its own (not the data
    folder's scorekeeper.db, which was never made): Settings names that file, as
    ``scorekeeper where --db`` does, so a backup copies the right one."""
    database = server.db.removeprefix("sqlite:///")
    ui.open("/settings")
    ui.read(f"Database in use: sqlite:///{database}")
    assert not (server.data / "scorekeeper.db").exists()


@pytest.mark.parametrize("chosen_by", ["SCOREKEEPER_DB", "the club setting", "the default"])
def test_settings_names_the_database_the_environment_the_settings_or_the_default_chose(
        browser: Browser, tmp_path: Path, chosen_by: str):
    """Started without ``--db``: the database is ``SCOREKEEPER_DB``'s, else the settings'
    club database, else scorekeeper.db in the data folder (README, "Which database");
    Settings names the one in use, so a backup copies the right file."""
    data = tmp_path / "data"
    data.mkdir()
    env = {"SCOREKEEPER_DB": ""}  # none from the machine running the tests
    if chosen_by == "SCOREKEEPER_DB":
        env["SCOREKEEPER_DB"] = expected = f"sqlite:///{tmp_path / 'from-the-environment.db'}"
    elif chosen_by == "the club setting":
        expected = f"sqlite:///{tmp_path / 'the-club.db'}"
        (data / "settings.json").write_text(json.dumps({"database_url": expected}))
    else:
        expected = f"sqlite:///{data / 'scorekeeper.db'}"
    server = start_server(tmp_path, db_flag=False, **env)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        ui = Ui(context.new_page(), server.url)
        ui.open("/settings")
        ui.read(f"Database in use: {expected}")
        assert Path(expected.removeprefix("sqlite:///")).exists()  # the one the server opened
    finally:
        context.close()
        stop_server(server)


def test_a_deal_corrected_on_a_desktop_shows_the_scores_before_it_and_takes_the_keys(
        browser: Browser, cabin: Server):
    """Issue 49: correcting deal 3 of RULES.md's worked example, the rows showed tonight's
    scores, and the keys its legend promises did nothing. Before deal 3 the units stood
    at A 2, B -8, C 3, D -2 (the example's table, deal 2); Enter saves the correction."""
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.set_default_timeout(20_000)
    ui = Ui(page, cabin.url)
    try:
        ui.open("/session/1/edit/2")
        for player, score in (("Astrid", 2), ("Bengt", -8), ("Cilla", 3), ("Dag", -2)):
            ui.read(f"{player}: {score}")
        assert not ui.readouts("Astrid: -28")  # tonight's score is not the one shown
        ui.see("Enter saves")
        ui.shot("correct-deal-desktop")
        ui.press("Enter")
        ui.see("Deal 3 corrected; everything after it is recomputed")
    finally:
        page.context.close()


def test_the_ledger_opens_at_the_ten_newest_deals_and_a_tap_shows_the_earlier_ones(
        phone: Ui, server: Server, tmp_path: Path):
    """A long session's ledger opens with its ten newest deals (the server works out only
    those); the rest are one tap away, at the end of the list."""
    evening = tmp_path / "fourteen-deals.json"
    evening.write_text(json.dumps(dump_session("Fourteen deals", long_session(14))))
    server.holds(evening)
    phone.open("/session/1/ledger")
    phone.see("Deal 14 · ")
    earlier = phone.page.get_by_role("button", name="Show earlier deals (4 more)", exact=True)
    for _ in range(40):  # a thumb's strokes down the cards, until the button is laid out
        if earlier.count():
            break
        phone.page.mouse.move(195, 600)
        phone.page.mouse.wheel(0, 500)
        phone.next_frame(5)
    phone.scroll_to(earlier.first)
    phone.see("Deal 5 · ")  # the oldest of the ten, just above the button
    assert not phone.readouts("Deal 4 · ")
    phone.tap("Show earlier deals (4 more)")
    phone.see("Deal 4 · ")
    earlier.first.wait_for(state="detached")  # every deal is shown: nothing earlier is left
    phone.shot("ledger-earlier-deals-phone")
