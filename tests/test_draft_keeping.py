"""The app keeps the half-entered deal: every tap that changes the deal is handed to the
keeper (one write for a clear or an undone deal taken back, none for opening a chooser),
the device names itself once, a kept draft is offered again when the session opens, and
Undo's dialog names the deal it takes back, in every language.

Deal 7 of the worked example is Cilla's."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from scorekeeper.app import draft as drafts
from scorekeeper.app.draft import DealDraft, device_id
from scorekeeper.app.model import AppModel
from scorekeeper.app.screen_list import SCREENS
from scorekeeper.app.screens.table import undo_dialog
from scorekeeper.core import Deal
from scorekeeper.session import Scorebook
from scorekeeper.settings import Settings
from tests.conftest import as_read

DEAL_7 = Deal(tricks={"Dag": 2, "Astrid": 1, "Bengt": 1, "Cilla": 1})


def kept_by(entered: Deal | None = None, **screen: int) -> tuple[DealDraft, list[Deal]]:
    """A draft holding ``entered``, and every deal it hands its keeper."""
    written: list[Deal] = []
    return DealDraft(entered, keep=written.append, **screen), written


def test_every_tap_that_changes_the_deal_is_kept():
    draft, written = kept_by()
    draft.set_tricks("Dag", 2)
    draft.toggle_pass("Bengt")
    assert written == [Deal(tricks={"Dag": 2}), Deal(passed=("Bengt",), tricks={"Dag": 2})]


def test_opening_a_chooser_or_tapping_what_is_already_chosen_writes_nothing():
    draft, written = kept_by()
    draft.ask("widow")
    draft.set_tricks("Dag", 0)  # 0 is what every player starts with: the deal is the same
    assert written == []


def test_a_one_player_question_answered_is_put_away_and_its_answer_kept():
    draft, written = kept_by()
    draft.ask("widow")
    draft.choose("widow", "Bengt")
    assert (draft.entered.widow, draft.choosing) == ("Bengt", None)
    assert written == [Deal(widow="Bengt")]


def test_a_clear_is_kept_once_as_the_empty_deal():
    draft, written = kept_by(Deal(tricks={"Dag": 2}, passed=("Bengt",), fouls=("Astrid",),
                                  widow="Cilla"))
    draft.clear()
    assert written == [Deal()]


def test_a_draft_saved_as_a_deal_is_cleared_without_a_write():
    # The store dropped the kept draft in the deal's own transaction: a second write
    # would only cost the next tap its time.
    draft, written = kept_by(Deal(tricks={"Dag": 2}, passed=("Bengt",)), for_deal=7)
    draft.saved(8, "Deal 7 saved: Dag +2")
    assert written == []
    assert not draft.started
    assert draft.for_deal == 8  # ready for the next deal
    assert draft.just_saved == "Deal 7 saved: Dag +2"  # said until the next deal starts
    draft.set_tricks("Astrid", 1)  # the next deal's taps are kept again
    assert written == [Deal(tricks={"Astrid": 1})]


def test_an_undone_deal_taken_back_is_kept_once_whole():
    draft, written = kept_by(Deal(tricks={"Astrid": 3}))
    draft.take(DEAL_7)
    assert written == [DEAL_7]
    assert draft.deal() == DEAL_7


def test_the_screen_hears_of_a_tap_only_once_it_is_kept():
    # A phone may kill the app the moment a tap shows: what the screen shows is kept.
    draft, written = kept_by()
    heard: list[list[Deal]] = []

    def redraw(_draft: DealDraft, _field: str | None) -> None:
        heard.append(list(written))

    draft.subscribe(redraw)  # held weakly: redraw lives as long as this test
    draft.set_tricks("Dag", 2)
    draft.take(DEAL_7)
    assert heard == [[Deal(tricks={"Dag": 2})], [Deal(tricks={"Dag": 2}), DEAL_7]]


def test_a_tap_during_a_slow_write_is_kept_after_it_never_overtaken():
    # Handlers run on several threads: a second tap while the first is still being
    # written must not be overwritten by the first one finishing late.
    written: list[Deal] = []
    writing = threading.Event()

    def slow_then_quick(deal: Deal) -> None:
        if not written and not writing.is_set():
            writing.set()
            time.sleep(0.3)  # the first write takes its time (a busy database)
        written.append(deal)

    draft = DealDraft(keep=slow_then_quick)
    first = threading.Thread(target=draft.set_tricks, args=("Dag", 2))
    first.start()
    writing.wait(5)
    draft.set_tricks("Astrid", 1)  # the second tap, while the first is being written
    first.join()
    assert written[-1] == draft.deal() == Deal(tricks={"Dag": 2, "Astrid": 1})


def test_the_device_names_itself_once_and_keeps_the_name(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path))
    device_id.cache_clear()
    try:
        name = device_id()
        assert len(name) == 32
        assert (tmp_path / drafts.DEVICE_FILE).read_text(encoding="ascii") == name
        device_id.cache_clear()  # the app started again
        assert device_id() == name
        monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "another"))
        device_id.cache_clear()  # another device
        assert device_id() != name
    finally:
        device_id.cache_clear()


def test_a_kept_draft_is_offered_again_when_the_session_opens(cabin_book: Scorebook):
    cabin_book.keep_draft(1, DEAL_7, device_id())
    app = AppModel(cabin_book, Settings(language="en"), screens=SCREENS)
    app.show("/session/1")
    assert app.drafts.of(1).deal() == DEAL_7
    assert as_read(app.said.notice) == "Your half-entered deal 7 is back"
    app.drafts.of(1).set_tricks("Cilla", 0)
    assert cabin_book.draft(1, device_id()) == Deal(tricks={"Dag": 2, "Astrid": 1, "Bengt": 1})
    app.drafts.of(1).clear()  # saved
    assert cabin_book.draft(1, device_id()) is None


def test_another_devices_draft_is_not_offered_here(cabin_book: Scorebook):
    cabin_book.keep_draft(1, DEAL_7, "the other phone")
    app = AppModel(cabin_book, Settings(language="en"), screens=SCREENS)
    app.show("/session/1")
    assert not app.drafts.of(1).started
    assert app.said.notice is None


@pytest.mark.parametrize(("language", "title"), [
    ("en", "Undo deal 6: Bengt dealt; passed: Dag, Bengt; tricks: Cilla 3, Astrid 2; "
           "foul: Astrid; forfeit to Cilla?"),
    ("sv", "Ångra giv 6: Bengt gav; passade: Dag, Bengt; stick: Cilla 3, Astrid 2; "
           "fel: Astrid; förverkade andelar till Cilla?"),
    ("de", "Spiel 6 rückgängig machen: Bengt hat gegeben; gepasst: Dag, Bengt; "
           "Stiche: Cilla 3, Astrid 2; Regelverstoß: Astrid; verwirkte Anteile an Cilla?"),
])
def test_the_undo_dialog_names_the_deal_it_takes_back(cabin_book: Scorebook, language: str,
                                                      title: str):
    app = AppModel(cabin_book, Settings(language=language), screens=SCREENS)
    app.show("/session/1")
    session = app.table.session
    assert session is not None
    dialog = undo_dialog(app.words, app.said, session, app.drafts.of(session.id).started,
                         lambda: None, lambda: None)
    assert as_read(dialog.title.value) == title


def test_a_tap_goes_to_the_draft_on_screen_never_to_an_equal_one_of_another_session():
    # A guest's table follows the host from one session to the next: the rows are drawn
    # again only when their taps differ, and two blank drafts must not look alike to them.
    from scorekeeper.app.entry.extras import ExtraTaps
    from scorekeeper.app.entry.rows import RowTaps

    first, second = DealDraft(), DealDraft()
    assert RowTaps(first, "Dag") != RowTaps(second, "Dag")
    assert ExtraTaps(first) != ExtraTaps(second)
    assert RowTaps(first, "Dag") == RowTaps(first, "Dag")
    RowTaps(second, "Dag").tricks(2)
    assert (first.entered.tricks, second.entered.tricks) == ({}, {"Dag": 2})


def test_a_guest_allowed_to_score_is_asked_when_the_host_saves_its_deal_first(
        cabin_book: Scorebook):
    """The guest's half-entered deal 7 is another hand than the host's deal 7: the guest is
    asked, as a second host is, and Save waits for the answer."""
    from scorekeeper.app.lan import LanRoom
    from scorekeeper.app.roles import GuardedScorebook, role_now
    from scorekeeper.app.state.room import Room

    lan = LanRoom(code="K7QM3XPA")
    lan.try_join("phone", "K7QM3XPA", "Bengt's phone", "10.0.0.7")
    lan.grant("phone", True)
    lan.session_id = 1
    room = Room(lan, "scorer", "phone")
    guest = AppModel(GuardedScorebook(cabin_book, lambda: role_now(room.role, lan, "phone")),  # type: ignore[arg-type]
                     Settings(language="en"), room, screens=SCREENS)
    guest.show("/")
    guest.drafts.of(1).set_tricks("Dag", 2)
    guest.drafts.of(1).set_tricks("Astrid", 1)
    host_table = cabin_book.open(1)
    cabin_book.record(1, Deal(tricks={"Dag": 3, "Astrid": 2}), host_table.version)
    guest.heard(1)
    taken = guest.drafts.taken
    assert taken is not None
    assert (taken.mine, taken.next) == (7, 8)
    # Deal 7 there (a double pot of 10, a trick pays 2): Dag +6, Astrid +4; Bengt flies and
    # pays 5 into the pot; Cilla antes 5 and flies: 10.
    unit = host_table.table.money.minor_per_unit
    assert taken.theirs == {"Dag": (6 * unit, 0), "Astrid": (4 * unit, 0),
                            "Bengt": (-5 * unit, 0), "Cilla": (-10 * unit, 0)}
    assert guest.drafts.of(1).for_deal == 7  # Save waits: deal 7 is no longer the next


def test_a_page_that_saves_a_deal_shows_it_once_with_its_form_cleared(
        cabin_book: Scorebook, monkeypatch: pytest.MonkeyPatch):
    """The scorebook tells every page of a change, the saving page too, and that news may
    arrive while the page's own Save is still running: heard then, the page showed the new
    scores with the deal's taps still in the form, then drew again with the command's
    result (two replies to one Save). It is heard once the Save's result is shown."""
    app = AppModel(cabin_book, Settings(language="en"), screens=SCREENS)
    app.show("/session/1")
    draft = app.drafts.of(1)
    for player, count in DEAL_7.tricks.items():
        draft.set_tricks(player, count)
    recording = cabin_book.record

    def record_and_tell_at_once(*args, **kwargs):  # the announcement, mid-Save
        recorded = recording(*args, **kwargs)
        app.heard(1)
        return recorded

    shown: list[tuple[int, bool, str]] = []

    def drawn(_table: object, _field: str | None) -> None:
        session = app.table.session
        shown.append((session.state.deals, draft.started, draft.just_saved))

    app.table.subscribe(drawn)  # held weakly: drawn lives as long as this test
    monkeypatch.setattr(cabin_book, "record", record_and_tell_at_once)
    app.table.record(app.table.session, draft.deal(), then=lambda _: draft.saved(8, "saved"))
    assert shown == [(7, False, "saved")]  # once: deal 7 in, the form empty, what it did
    assert app.drafts.taken is None
