"""What the app says after a command (a notice: "Deal 7 undone: it is back in the form")
never covers Save, nor anything else a person reaches for right then: a person who undoes a
deal fixes it and saves it again at once, while the notice is still said; on any other
screen the notice covers none of its buttons.

The session is tests/examples/friday-at-the-cabin.json: six deals, deal 7 is Cilla's
(a double pot of 10, a trick pays 2).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import FloatRect

from tests.e2e.conftest import Server, Ui
from tests.e2e.read_out import heard, listen
from tests.e2e.test_drafts import DEAL_7, fixed_and_saved_again

UNDONE = "Deal 7 undone: it is back in the form"
# The buttons whose part on screen (inside the screen and every list that clips them) shares
# a point with the notice ``notice``: the buttons it covers.
COVERED = """notice => {
    const over = notice.getBoundingClientRect();
    return [...document.querySelectorAll('flt-semantics[role=button]')].filter(button => {
        const box = button.getBoundingClientRect();
        let top = Math.max(box.top, 0), bottom = Math.min(box.bottom, innerHeight);
        for (let up = button.parentElement; up; up = up.parentElement) {
            if (getComputedStyle(up).overflowY === 'visible') continue;
            const view = up.getBoundingClientRect();
            if (!view.height) continue;
            top = Math.max(top, view.top);
            bottom = Math.min(bottom, view.bottom);
        }
        return top < bottom && top < over.bottom && over.top < bottom
            && box.left < over.right && over.left < box.right;
    }).map(button => button.getAttribute('aria-label') || button.innerText);
}"""


def apart(one: FloatRect, other: FloatRect) -> bool:
    """The two rectangles share no point."""
    return (one["x"] + one["width"] <= other["x"] or other["x"] + other["width"] <= one["x"]
            or one["y"] + one["height"] <= other["y"]
            or other["y"] + other["height"] <= one["y"])


def save_stays_free_while_the_notice_shows(ui: Ui, server: Server, tmp_path: Path,
                                           shot: str) -> None:
    """Deal 7 saved, undone, and at once fixed and saved again, the notice still said."""
    ui.open("/session/1")
    ui.record(7, DEAL_7)
    ui.tap("Undo deal 7")
    ui.tap("Undo")
    # The notice as the screen reader's tree places it (the page also hands its words to the
    # screen reader's announcer, an element of no size: not the notice on the screen).
    notice = ui.page.locator("flt-semantics").get_by_text(UNDONE, exact=True)
    notice.wait_for()
    save = ui.page.get_by_role("button", name="Save deal 7", exact=True)
    notice_box, save_box = notice.bounding_box(), save.bounding_box()
    assert notice_box is not None
    assert save_box is not None
    assert apart(notice_box, save_box), f"the notice {notice_box} covers Save {save_box}"
    assert ui.in_view("Save deal 7")  # the point a finger taps is Save's, not the notice's
    ui.shot(shot)

    fixed_and_saved_again(ui, server, tmp_path)


@pytest.mark.usefixtures("cabin")
def test_a_notice_never_covers_save_on_a_phone(phone: Ui, server: Server, tmp_path: Path):
    save_stays_free_while_the_notice_shows(phone, server, tmp_path,
                                           "table-notice-after-undo-phone-light")


@pytest.mark.usefixtures("cabin")
def test_a_notice_never_covers_save_on_a_desktop(ui: Ui, server: Server, tmp_path: Path):
    save_stays_free_while_the_notice_shows(ui, server, tmp_path,
                                           "table-notice-after-undo-desktop-light")



@pytest.mark.usefixtures("cabin")
def test_a_notice_off_the_table_covers_none_of_the_screens_buttons(phone: Ui):
    """The ledger on a phone, full of deals and their buttons: deleting one says so."""
    phone.open("/session/1/ledger")
    phone.tap("Delete Deal 5 · Astrid dealt")
    phone.tap("Delete")
    notice = phone.page.locator("flt-semantics").get_by_text("Deal 5 deleted", exact=True)
    notice.wait_for()
    assert notice.evaluate(COVERED) == []
    phone.shot("ledger-notice-phone-light")
    notice.wait_for(state="detached")  # said for a few seconds, then out of the way
    phone.see("Deal 5 · Astrid dealt")


@pytest.mark.usefixtures("cabin")
@pytest.mark.in_motion  # the dialog's leaving takes its animation's time
def test_a_notice_is_read_out_to_a_screen_reader_as_it_comes(phone: Ui):
    """A person who cannot see the line hears it when it comes, without moving to it, also
    when it comes from a dialog's button: said while the dialog was leaving, the words went
    with it on a busy machine (Said.dialog_leaving)."""
    listen(phone.page)
    phone.open("/session/1/ledger")
    phone.tap("Delete Deal 5 · Astrid dealt")
    phone.tap("Delete")
    phone.see("Deal 5 deleted")
    heard(phone.page, "Deal 5 deleted")
