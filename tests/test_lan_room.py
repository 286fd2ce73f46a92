"""The room on the network: the join code, the limits on guessing it, and who may do what.

Figures: 8 characters from 31 symbols; 3 tries per device; joining locked for 15 minutes
after 10 wrong codes; every answer 0.5 s slower per wrong code so far, at most 3 s."""

from __future__ import annotations

import inspect

import pytest

from scorekeeper.app import lan
from scorekeeper.app.lan import LanRoom, Verdict, shown, typed_code
from scorekeeper.app.peer import peer_address
from scorekeeper.app.roles import GuardedScorebook, NotAllowedError


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def room(clock: Clock) -> LanRoom:
    return LanRoom(code="K7QM3XPA", clock=clock)


def wrong(room: LanRoom, device: str) -> Verdict:
    return room.try_join(device, "22222222", "Bengt's phone", "10.0.0.7")


def test_a_join_code_is_eight_characters_without_look_alikes():
    codes = {lan.join_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        assert len(code) == 8
        assert not set(code) & set("01OIL")
    assert len(lan.ALPHABET) ** lan.CODE_LENGTH == 852_891_037_441


def test_the_code_is_shown_in_two_groups_and_typed_in_any_case_with_spaces_or_a_dash(room):
    assert shown("K7QM3XPA") == "K7QM-3XPA"
    assert typed_code(" k7qm-3xpa ") == "K7QM3XPA"
    assert room.try_join("phone", "k7qm 3xpa", "Bengt's phone", "10.0.0.7") is Verdict.ADMITTED
    assert room.viewers["phone"].name == "Bengt's phone"
    assert room.viewers["phone"].address == "10.0.0.7"
    assert not room.viewers["phone"].may_score


def test_a_device_gets_three_tries_then_even_the_right_code_is_refused(room):
    assert [wrong(room, "phone") for _ in range(3)] == [Verdict.WRONG] * 3
    assert room.try_join("phone", "K7QM3XPA", "Bengt", "10.0.0.7") is Verdict.DEVICE_LOCKED
    assert "phone" not in room.viewers
    # another device is not held back by this one
    assert room.try_join("tablet", "K7QM3XPA", "Cilla", "10.0.0.8") is Verdict.ADMITTED


def test_ten_wrong_codes_lock_joining_for_everyone_for_fifteen_minutes(room, clock):
    verdicts = [wrong(room, f"device{n}") for n in range(10)]
    assert verdicts == [Verdict.WRONG] * 9 + [Verdict.ROOM_LOCKED]
    assert room.try_join("fresh", "K7QM3XPA", "Dag", "10.0.0.9") is Verdict.ROOM_LOCKED
    assert room.minutes_locked() == 15
    clock.now += 14 * 60 + 1  # 59 s left: still a minute, rounded up
    assert room.minutes_locked() == 1
    assert room.try_join("fresh", "K7QM3XPA", "Dag", "10.0.0.9") is Verdict.ROOM_LOCKED
    clock.now += 60  # the wait is over: a fresh count
    assert not room.locked()
    assert room.failures == 0
    assert room.try_join("fresh", "K7QM3XPA", "Dag", "10.0.0.9") is Verdict.ADMITTED


def test_the_host_can_lift_the_lock_at_once(room):
    for n in range(10):
        wrong(room, f"device{n}")
    assert room.locked()
    room.unlock()
    assert not room.locked()
    assert room.try_join("device0", "K7QM3XPA", "Dag", "10.0.0.9") is Verdict.ADMITTED


def test_every_answer_comes_slower_after_each_wrong_code_up_to_three_seconds(room):
    delays = []
    for n in range(8):
        delays.append(room.answer_delay())
        wrong(room, f"device{n}")
    assert delays == [0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.0]


def test_a_new_code_makes_the_old_one_stop_working_and_keeps_who_joined(room):
    assert room.try_join("phone", "K7QM3XPA", "Bengt", "10.0.0.7") is Verdict.ADMITTED
    fresh = room.new_code()
    assert fresh != "K7QM3XPA"
    assert room.try_join("tablet", "K7QM3XPA", "Cilla", "10.0.0.8") is Verdict.WRONG
    assert room.try_join("tablet", fresh, "Cilla", "10.0.0.8") is Verdict.ADMITTED
    assert set(room.viewers) == {"phone", "tablet"}


def test_a_removed_device_is_gone_and_may_no_longer_score(room):
    room.try_join("phone", "K7QM3XPA", "Bengt", "10.0.0.7")
    room.grant("phone", True)
    assert room.may_score("phone")
    room.leave("phone")
    room.leave("phone")  # a page that has gone, after the host removed it: quietly nothing
    assert "phone" not in room.viewers
    assert not room.may_score("phone")


def test_a_device_whose_page_drops_stays_on_the_list_away_and_may_not_score(room):
    from scorekeeper.app.roles import role_now

    room.try_join("phone", "K7QM3XPA", "Bengt", "10.0.0.7")
    room.grant("phone", True)
    room.away("phone")
    assert room.viewers["phone"].away  # the host still sees it, and can remove it
    assert not room.may_score("phone")
    assert role_now("scorer", room, "phone") == "locked"
    assert room.back("phone")  # the same page, the code unchanged: in again
    assert room.may_score("phone")


def test_a_device_back_after_a_new_code_must_enter_the_new_code(room):
    room.try_join("phone", "K7QM3XPA", "Bengt", "10.0.0.7")
    room.grant("phone", True)
    room.away("phone")
    fresh = room.new_code()
    assert not room.back("phone")  # its browser session alone does not let it back in
    assert "phone" not in room.viewers
    assert not room.may_score("phone")
    assert room.try_join("phone", fresh, "Bengt", "10.0.0.7") is Verdict.ADMITTED
    assert not room.may_score("phone")  # in again, watching until the host grants scoring


def test_a_device_the_host_removed_while_away_does_not_come_back(room):
    room.try_join("phone", "K7QM3XPA", "Bengt", "10.0.0.7")
    room.away("phone")
    room.leave("phone")
    assert not room.back("phone")
    assert "phone" not in room.viewers


def test_the_loopback_is_the_host_machine_and_nothing_else_is():
    assert lan.is_local("127.0.0.1")
    assert lan.is_local("::1")
    assert lan.is_local("::ffff:127.0.0.1")
    assert not lan.is_local("10.231.7.2")
    assert not lan.is_local("")
    assert not lan.is_local(None)


# --- who is the host: from the socket, never from a page property ---

class FletApp:  # named like flet-web's, so its private attribute is named alike
    def __init__(self, peer: str) -> None:
        self.__client_ip = peer


class FakeSession:
    def __init__(self, connection: object) -> None:
        self.connection = connection


class FakePage:
    def __init__(self, peer: str, client_ip: str) -> None:
        self.session = FakeSession(FletApp(peer))
        self.client_ip = client_ip  # what a browser can overwrite


def test_the_peer_comes_from_the_connection_not_from_the_page_property():
    spoofed = FakePage(peer="10.231.7.2", client_ip="127.0.0.1")
    assert peer_address(spoofed) == "10.231.7.2"  # type: ignore[arg-type]
    assert not lan.is_local(peer_address(spoofed))  # type: ignore[arg-type]


def test_flet_web_still_takes_the_peer_from_the_websocket_when_the_connection_opens():
    # If a Flet upgrade moves this, peer.py must follow: the test says so first.
    from flet_web.fastapi.flet_app import FletApp as Real

    source = inspect.getsource(Real.handle)
    assert "self.__client_ip = (" in source
    assert "self.__websocket.client.host" in source


# --- every command checked against the page's role when it runs ---

class Book:
    def open(self, session_id: int) -> str:
        return f"opened {session_id}"

    def record(self, *args: object) -> str:
        return "recorded"

    def undo(self, *args: object) -> str:
        return "undone"

    def finish(self, *args: object) -> str:
        return "finished"

    def summaries(self, *args: object) -> str:
        return "every session"


@pytest.mark.parametrize(("role", "allowed"), [
    ("host", {"open", "record", "undo", "finish", "summaries"}),
    ("scorer", {"open", "record"}),
    ("viewer", {"open"}),
    ("locked", set()),
])
def test_each_role_may_call_only_its_own_commands(role, allowed):
    book = GuardedScorebook(Book(), lambda: role)  # type: ignore[arg-type]
    for name in ("open", "record", "undo", "finish", "summaries"):
        if name in allowed:
            assert getattr(book, name)(1)
        else:
            with pytest.raises(NotAllowedError):
                getattr(book, name)(1)


def test_the_role_is_asked_at_the_moment_the_command_runs():
    role = ["scorer"]
    book = GuardedScorebook(Book(), lambda: role[0])  # type: ignore[arg-type]
    record = book.record  # taken while the page could still score
    role[0] = "locked"  # the host removed the device
    with pytest.raises(NotAllowedError):
        record(1, None, 3)


# --- the page's model: a guest cannot change settings; a removed guest is locked out ---

def guest_model(room: LanRoom, role: str) -> object:
    from scorekeeper.app.model import AppModel
    from scorekeeper.app.screen_list import SCREENS
    from scorekeeper.app.state.room import Room
    from scorekeeper.settings import Settings

    return AppModel(GuardedScorebook(Book(), lambda: role),  # type: ignore[arg-type]
                    Settings(), Room(room, role, "phone"), screens=SCREENS)  # type: ignore[arg-type]


def test_a_guest_cannot_change_the_settings(room, tmp_path, monkeypatch):
    from dataclasses import replace

    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path))
    model = guest_model(room, "viewer")
    before = model.prefs.settings  # type: ignore[attr-defined]
    model.set_settings(replace(before, database_url="postgresql://evil@example.org/x"))  # type: ignore[attr-defined]
    assert model.prefs.settings == before  # type: ignore[attr-defined]
    assert model.said.notice == "Only the host can do that here."  # type: ignore[attr-defined]
    assert not list(tmp_path.iterdir())  # nothing written


def test_a_guest_the_host_removed_is_back_at_the_join_screen(room):
    room.try_join("phone", "K7QM3XPA", "Bengt", "10.0.0.7")
    room.grant("phone", True)
    model = guest_model(room, "scorer")
    room.leave("phone")
    model.room_changed()  # type: ignore[attr-defined]
    assert model.room.role == "locked"  # type: ignore[attr-defined]
    assert model.table.session is None  # type: ignore[attr-defined]


def test_a_scorer_the_host_just_stopped_cannot_record_before_its_page_hears_of_it(room):
    from scorekeeper.app.roles import role_now

    room.try_join("phone", "K7QM3XPA", "Bengt", "10.0.0.7")
    room.grant("phone", True)
    page_role = "scorer"  # what the page last heard
    book = GuardedScorebook(Book(), lambda: role_now(page_role, room, "phone"))  # type: ignore[arg-type]
    assert book.record(1, None, 3) == "recorded"
    room.grant("phone", False)
    with pytest.raises(NotAllowedError):
        book.record(1, None, 3)
    room.leave("phone")
    with pytest.raises(NotAllowedError):
        book.open(1)
    assert role_now("host", room, "anything") == "host"
