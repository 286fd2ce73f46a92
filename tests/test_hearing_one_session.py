"""A server that hears a notice naming one session (PostgreSQL names the session each
commit changed) asks the store for that session's version alone, not for every session it
has open: in a club's night every server hears every deal. A notice naming nothing (the
first, and after a dropped connection) still looks at every session."""

from __future__ import annotations

from typing import Any

from scorekeeper.session.listeners import Listeners


class Store:
    """The store as the listeners ask it: versions now, and the marks of the lists."""

    def __init__(self, versions: dict[int, int]) -> None:
        self.now = versions
        self.asked: list[list[int]] = []

    def versions(self, session_ids: list[int]) -> dict[int, int]:
        self.asked.append(sorted(session_ids))
        return {i: self.now[i] for i in session_ids if i in self.now}

    def marks(self) -> tuple[tuple[int, None], int]:
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
