"""The scorebook's views of its sessions, each made once per version and kept under
(session, version, view, language or size): two handles of one version share them, and
a next version is handed, by name, what is still true for it (``hand_on``)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

from scorekeeper.session.views import DETAILS, HISTORY, NEWEST, PAYMENTS, VIEWS

if TYPE_CHECKING:
    from scorekeeper.session.reading import StoreReading
    from scorekeeper.session.version import Version

Made = TypeVar("Made")
SESSIONS_KEPT = 64  # sessions whose views are kept; the least recently shown goes first
VERSIONS_KEPT = 2  # per session: the newest, and the one a screen may still be showing


class ViewCache:
    def __init__(self, reading: StoreReading) -> None:
        self.reading = reading
        # (session id) -> (version) -> (view, language or size) -> what it is
        self._kept: OrderedDict[int, dict[int, dict[Hashable, Any]]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, session: Any, name: str, param: Hashable = None,
            make: Callable[[], Made] | None = None) -> Made:
        """View ``name`` of ``session`` (with ``param``: its language or size), made by
        ``make``, else by its function in ``views.VIEWS`` or read from the store, once."""
        views = self._views(session)
        key = (name, param)
        if key not in views:
            # Made outside the lock: a replay may take a while, and a view may ask others.
            views[key] = make() if make is not None else self._make(session, name)
        return views[key]

    def made(self, session: Version, name: str, param: Hashable = None) -> Any | None:
        """The view if it is made already (a screen draws only what is)."""
        return self._views(session).get((name, param))

    def put(self, session: Version, name: str, value: Any) -> None:
        """``value`` is view ``name`` of ``session``: the caller worked it out (the history
        of a version just recorded: the one before's, and the step just taken)."""
        self._views(session)[(name, None)] = value

    def hand_on(self, before: Version, after: Version, names: Iterable[str]) -> None:
        """What ``before`` had made of ``names`` is still true of ``after``."""
        wanted = set(names)
        made = self._views(before)
        views = self._views(after)
        for key, value in list(made.items()):
            if key[0] in wanted:
                views.setdefault(key, value)

    def forget(self, session_id: int, names: Iterable[str]) -> None:
        """``names`` are no longer true of any version of the session (a player's payment
        details changed, which is no change of a session)."""
        gone = set(names)
        with self._lock:
            for views in self._kept.get(session_id, {}).values():
                for key in [key for key in views if key[0] in gone]:
                    del views[key]

    def _make(self, session: Any, name: str) -> Any:
        reading = self.reading
        if name == HISTORY:
            return reading.history(session)
        if name == PAYMENTS:
            return reading.payments(session)
        if name == DETAILS:
            return reading.payment_details(session)
        if name == NEWEST:  # what Undo takes back: from the history if it is read
            count = session.state.deals
            history = self.made(session, HISTORY)
            if not count or history is not None:
                return history.deals[-1] if count else None
            return reading.deal(session, count)
        return VIEWS[name](session)

    def _views(self, session: Version) -> dict[Hashable, Any]:
        with self._lock:
            versions = self._kept.setdefault(session.id, {})
            self._kept.move_to_end(session.id)
            views = versions.get(session.version)
            if views is None:
                views = versions[session.version] = {}
                for old in sorted(versions)[:-VERSIONS_KEPT]:
                    del versions[old]
                while len(self._kept) > SESSIONS_KEPT:
                    self._kept.popitem(last=False)
            return views
