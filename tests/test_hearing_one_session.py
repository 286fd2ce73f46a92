"""A server that hears a notice naming one session (PostgreSQL names the session each
commit changed) asks the store for that session's version alone, not for every session it
has open: in a club's night every server hears every deal. A notice naming nothing (the
first, and after a dropped connection) still looks at every session.

Since revision 0014 a notice carries the version its commit made ("2:6"), and a server
asks the store nothing at all: it holds that version already (it made the change, or read
it since), or it tells its pages, which read the session only if they show it."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.core import msg
from scorekeeper.session import ConflictError
from scorekeeper.session.listeners import TOLD_KEPT, Listeners


class Store:
    """The store as the listeners ask it: versions now, and the marks of the lists."""

    def __init__(self, versions: dict[int, int]) -> None:
        self.now = versions
        self.asked: list[list[int]] = []
        self.marked = 0

    def versions(self, session_ids: list[int]) -> dict[int, int]:
        self.asked.append(sorted(session_ids))
        return {i: self.now[i] for i in session_ids if i in self.now}

    def marks(self) -> tuple[tuple[int, None], int]:
        self.marked += 1  # the lists' marks: a query too
        return (len(self.now), None), 4


def hearing(store: Store, open_here: dict[int, int]) -> tuple[Listeners, list[Any], list[int]]:
    told: list[Any] = []
    forgotten: list[int] = []
    listeners = Listeners(store, lambda: dict(open_here), forgotten.append)  # type: ignore[arg-type]
    listeners._listeners.append(told.append)
    return listeners, told, forgotten


def test_a_notice_naming_an_open_session_asks_for_its_version_alone():
    store = Store({1: 3, 2: 6, 3: 1})
    listeners, told, forgotten = hearing(store, {1: 3, 2: 5, 3: 1})
    listeners._noticed("2")
    assert store.asked == [[2]]
    assert (told, forgotten) == ([2], [2])


def test_a_notice_naming_a_session_not_open_here_asks_for_no_version():
    store = Store({1: 3, 7: 1})
    listeners, told, forgotten = hearing(store, {1: 3})
    listeners._noticed("7")
    assert store.asked == []
    assert (told, forgotten) == ([], [])


def test_a_notice_naming_nothing_looks_at_every_open_session():
    store = Store({1: 4, 2: 6})
    listeners, told, forgotten = hearing(store, {1: 3, 2: 6})
    listeners._noticed("")
    assert store.asked == [[1, 2]]
    assert (told, forgotten) == ([1], [1])


def hearing_versions(open_here: dict[int, int]) -> tuple[Store, Listeners, list[Any],
                                                         list[tuple[int, int | None]]]:
    """Listeners over a store that counts every question, and ``forget`` as the scorebook
    calls it with a version: only what is open here and older goes."""
    store = Store(dict(open_here))
    told: list[Any] = []
    forgotten: list[tuple[int, int | None]] = []

    def forget(session_id: int, version: int | None = None) -> None:
        forgotten.append((session_id, version))
        if version is None or open_here.get(session_id, version) < version:
            open_here.pop(session_id, None)

    listeners = Listeners(store, lambda: dict(open_here), forget)  # type: ignore[arg-type]
    listeners._listeners.append(told.append)
    return store, listeners, told, forgotten


def test_a_notice_of_a_version_this_server_already_holds_is_heard_without_reading_the_store():
    store, listeners, told, forgotten = hearing_versions({1: 3, 2: 6})
    listeners._noticed("2:6")  # the deal this server recorded itself, told to its pages then
    listeners._noticed("1:2")  # an older notice, arriving after version 3 was read here
    assert (store.asked, store.marked, told, forgotten) == ([], 0, [], [])


def test_a_notice_of_a_newer_version_of_an_open_session_tells_its_pages_without_reading_the_store():
    open_here = {1: 3, 2: 5}
    store, listeners, told, forgotten = hearing_versions(open_here)
    listeners._noticed("2:6")
    assert (store.asked, store.marked, told, forgotten) == ([], 0, [2], [(2, 6)])
    assert open_here == {1: 3}  # the pages that show it read it again


def test_a_notice_of_a_session_not_open_here_tells_the_lists_without_reading_the_store():
    store, listeners, told, forgotten = hearing_versions({1: 3})
    listeners._noticed("7:1")  # a page showing a list takes it for its list's change
    assert (store.asked, store.marked, told, forgotten) == ([], 0, [7], [])


def test_a_notice_without_a_version_still_asks_the_store():
    # A session removed, or a database still at revision 0010.
    store, listeners, told, _ = hearing_versions({1: 3, 2: 5})
    store.now[2] = 6
    listeners._noticed("2")
    assert (store.asked, store.marked, told) == ([[2]], 1, [2])


def test_a_notice_of_this_servers_own_change_heard_before_it_is_kept_tells_nobody_again():
    # PostgreSQL sends the commit's notice as the commit ends: the hearing thread can take
    # it while the change is still being kept here, which then tells the pages itself.
    open_here = {2: 5}
    store, listeners, told, forgotten = hearing_versions(open_here)
    with listeners.changing(2):
        listeners._noticed("2:6")
        open_here[2] = 6  # kept here, as the scorebook does ...
        listeners.announce(2)  # ... and then tells its pages: once
    assert (store.asked, told, forgotten) == ([], [2], [])
    assert open_here == {2: 6}


def test_a_notice_of_another_servers_change_heard_while_this_one_is_refused_is_heard_after():
    open_here = {2: 5}
    store, listeners, told, forgotten = hearing_versions(open_here)

    def refused() -> None:
        with listeners.changing(2):
            listeners._noticed("2:6")  # another server's deal, first
            raise ConflictError(msg("store.conflict_recorded", deal=5))

    with pytest.raises(ConflictError):
        refused()
    assert (store.asked, told, forgotten) == ([], [2], [(2, 6)])
    assert open_here == {}  # the pages that show it read it again


def test_a_version_told_is_known_until_the_connection_is_lost_or_the_session_removed():
    listeners, _, _ = hearing(Store({1: 3, 2: 6}), {1: 3, 2: 6})
    listeners._noticed("1:3")
    listeners._noticed("2:6")
    assert (listeners.told_of(1), listeners.told_of(2)) == (3, 6)
    listeners._noticed("2")  # removed: no version to hold
    assert (listeners.told_of(1), listeners.told_of(2)) == (3, None)
    listeners._reach(False)
    assert listeners.told_of(1) is None


def test_a_listening_begun_again_forgets_every_version_told():
    listeners, _, _ = hearing(Store({1: 3}), {1: 3})
    listeners._noticed("1:3")
    listeners._noticed("")  # the first notice of a connection made again
    assert listeners.told_of(1) is None


def test_the_versions_told_are_kept_for_at_most_ten_thousand_sessions():
    listeners, _, _ = hearing(Store({}), {})
    for session_id in range(1, TOLD_KEPT + 1):
        listeners._tell(session_id, 1)
    assert listeners.told_of(1) == 1
    listeners._tell(TOLD_KEPT + 1, 1)  # one more: the rest are read again when shown
    assert (listeners.told_of(1), listeners.told_of(TOLD_KEPT + 1)) == (None, 1)
