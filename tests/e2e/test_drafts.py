"""The half-entered deal survives everything: Undo (the deal comes back into the form),
leaving the table, and the server being killed; and when another device saves the deal it
was entered for first, it is asked about, never saved as the next deal unseen.

The session is tests/examples/friday-at-the-cabin.json: six deals, deal 7 is Cilla's
(a double pot of 10, a trick pays 2).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import (
    CABIN,
    Server,
    Ui,
    keep_failure,
    no_save,
    start_server,
    stop_server,
    tap_all,
    taps_shown,
    tricks_button,
)
from tests.e2e.read_out import heard, listen

DEAL_7 = {"Dag": 2, "Astrid": 1, "Bengt": 1, "Cilla": 1}  # as the table reports it
HALF = {"Dag": 2, "Astrid": 1}  # two taps in, three players still to tap
THERE = {"Dag": 3, "Astrid": 2}  # deal 7 as the other device records it
VIEWPORT = {"width": 1000, "height": 1100}


def save_ready(ui: Ui, number: int) -> None:
    expect(ui.page.get_by_role("button", name=f"Save deal {number}", exact=True)).to_be_enabled()


@pytest.mark.usefixtures("cabin")
def test_undo_gives_the_deal_back_in_the_form_and_its_dialog_names_it(ui: Ui, server: Server,
                                                                      tmp_path: Path):
    ui.open("/session/1")
    ui.record(7, DEAL_7)
    ui.tap("Undo deal 7")
    ui.read("Undo deal 7: Cilla dealt; tricks: Dag 2, Astrid 1, Bengt 1, Cilla 1?")
    ui.shot("undo-names-the-deal")
    ui.tap("Undo")
    ui.see("Deal 7 undone: it is back in the form")
    ui.see("Save deal 7")
    taps_shown(ui, DEAL_7)
    save_ready(ui, 7)
    assert server.replay(1, tmp_path)["deals"] == 6  # taken back in the database
    fixed_and_saved_again(ui, server, tmp_path)


def fixed_and_saved_again(ui: Ui, server: Server, tmp_path: Path) -> None:
    """Deal 7, given back in the form by Undo, fixed (Bengt took 2 and Cilla none) and saved
    again: it is stored as fixed."""
    ui.tap(tricks_button("Cilla", 0))
    ui.tap(tricks_button("Bengt", 2))
    ui.tap("Save deal 7")
    ui.see("Save deal 8")
    stored = server.replay(1, tmp_path)
    assert stored["deals"] == 7
    # A trick pays 2: Dag +4, Astrid +2, Bengt +4; Cilla antes 5 and, taking none, flies:
    # 5 more into the pot.
    assert [p["units"] for p in stored["players"]] == [-28 + 2, -13 + 4, 18 - 5 - 5, 18 + 4]


@pytest.mark.usefixtures("cabin")
def test_the_draft_survives_leaving_the_table_for_the_ledger(ui: Ui):
    ui.open("/session/1")
    ui.see("Save deal 7")
    tap_all(ui, HALF)
    ui.tap("Ledger")
    ui.see("Deal 6 · Bengt dealt")
    ui.tap("Back")
    ui.see("Save deal 7")
    taps_shown(ui, HALF)
    tap_all(ui, {"Bengt": 1, "Cilla": 1})
    save_ready(ui, 7)


@pytest.fixture
def two_servers(request: pytest.FixtureRequest, tmp_path: Path, browser: Browser
                ) -> Iterator[tuple[Ui, Ui, Server, Server]]:
    """Two devices on one club database, each with its own server (the watcher at its
    default, every second: each page hears of the other's saves), at deal 7 of the cabin.
    A failure keeps what each screen showed and each app's last words."""
    db = f"sqlite:///{tmp_path / 'club.db'}"
    servers = [start_server(tmp_path / name, db=db) for name in ("here", "there")]
    servers[0].holds(CABIN)
    pages = [browser.new_context(viewport=VIEWPORT).new_page() for _ in servers]
    here, there = (Ui(page, server.url) for page, server in zip(pages, servers, strict=True))
    for ui in (here, there):
        ui.open("/session/1")
        ui.see("Save deal 7")
    yield here, there, servers[0], servers[1]
    for page, server in zip(pages, servers, strict=True):
        keep_failure(request, page, server.data.parent)
        page.context.close()
        stop_server(server)


def test_a_deal_another_device_saved_first_is_asked_about_before_mine_is_saved(
        two_servers: tuple[Ui, Ui, Server, Server], tmp_path: Path):
    here, there, here_server, _ = two_servers
    tap_all(here, HALF)
    there.record(7, THERE)

    # Deal 7 there (a double pot of 10, a trick pays 2): Dag 3 tricks +6, Astrid 2 +4;
    # Bengt flies, 5 into the pot; Cilla antes 5 and flies, 10 in all.
    here.read("Deal 7 was saved on another device: Astrid +4 · Bengt -5 · Cilla -10 · "
              "Dag +6. Yours is another hand.")
    no_save(here)
    taps_shown(here, HALF)
    here.shot("draft-asked-when-another-device-saves")
    here.tap("Mine is deal 8")
    here.see("Save deal 8")
    taps_shown(here, HALF)
    # Deal 8 is Dag's: the same taps, and the rest, saved as deal 8 on purpose.
    tap_all(here, {"Bengt": 1, "Cilla": 1})
    here.tap("Save deal 8")
    here.see("Save deal 9")
    stored = here_server.replay(1, tmp_path)
    assert stored["deals"] == 8


def test_the_same_hand_saved_on_two_devices_is_one_deal(
        two_servers: tuple[Ui, Ui, Server, Server], tmp_path: Path):
    here, there, here_server, _ = two_servers
    tap_all(here, DEAL_7)
    save_ready(here, 7)
    there.record(7, DEAL_7)
    here.see("Deal 7 was saved on another device, the same hand you entered: yours is "
             "discarded")
    here.see("Save deal 8")
    for player in DEAL_7:
        assert here.chosen(tricks_button(player, 0))  # the form is blank for deal 8
    assert here_server.replay(1, tmp_path)["deals"] == 7

    # Deal 8 begun here, another hand saved there first, and this one discarded.
    tap_all(here, HALF)
    there.record(8, THERE)
    # Deal 8 there: the pot was emptied, so Dag antes a single pot of 5 and a trick pays
    # 1: Dag -5 + 3 = -2, Astrid +2; Bengt and Cilla fly, 5 each.
    here.read("Deal 8 was saved on another device: Astrid +2 · Bengt -5 · Cilla -5 · "
              "Dag -2. Yours is another hand.")
    here.tap("Discard mine")
    here.see("Save deal 9")
    for player in HALF:
        assert here.chosen(tricks_button(player, 0))
    assert here_server.replay(1, tmp_path)["deals"] == 8


def test_the_draft_survives_the_server_being_killed(browser: Browser, tmp_path: Path):
    db = f"sqlite:///{tmp_path / 'scorekeeper.db'}"
    first = start_server(tmp_path, db=db)
    first.holds(CABIN)
    page = browser.new_context(viewport=VIEWPORT).new_page()
    ui = Ui(page, first.url)
    ui.open("/session/1")
    ui.see("Save deal 7")
    tap_all(ui, DEAL_7)
    save_ready(ui, 7)
    first.process.kill()  # no goodbye: a phone killing the app
    first.process.wait(timeout=20)
    page.context.close()

    again = start_server(tmp_path, db=db)  # the same device, the same database
    page = browser.new_context(viewport=VIEWPORT).new_page()
    listen(page)
    ui = Ui(page, again.url)
    try:
        ui.open("/session/1")
        # Said as the screen opens, for five seconds: caught as it comes, since the test's
        # open (the font, the frames after it) took longer than that on a loaded machine.
        heard(page, "Your half-entered deal 7 is back")
        ui.see("Save deal 7")
        taps_shown(ui, DEAL_7)
        save_ready(ui, 7)
        ui.tap("Save deal 7")
        ui.see("Save deal 8")
        stored = again.replay(1, tmp_path)
        assert stored["deals"] == 7
        assert stored["players"][3]["units"] == 18 + 4  # Dag's 2 tricks, as tapped
    finally:
        page.context.close()
        stop_server(again)
