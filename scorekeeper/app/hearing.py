"""What one page hears: the scorebook's changes and the room's news, while it is there;
and what it shows, so that its server hears of that from the others (and of no more).

Made once per page, not at every redraw: what it subscribed must be what it later
unsubscribes, and a guest kept while its connection is down must still be there when
the same page comes back.
"""

from __future__ import annotations

import contextlib
import contextvars
import logging
from typing import TYPE_CHECKING

from scorekeeper.app.state.room import LAN_CHANGED
from scorekeeper.session.news import NOTHING

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    import flet as ft

    from scorekeeper.app.model import AppModel
    from scorekeeper.session import Scorebook
    from scorekeeper.session.news import Heard, Shown

log = logging.getLogger("scorekeeper.app")


def page_gone(page: ft.Page) -> bool:
    """The browser has closed the page (or lost it): nothing sent to it would arrive."""
    try:
        return page.session.connection is None
    except RuntimeError:  # "An attempt to fetch destroyed session."
        return True


class Hearing:
    """One page's subscriptions; a guest's place in the room while its connection is down."""

    def __init__(self, page: ft.Page, scorebook: Scorebook, app: AppModel) -> None:
        self.page, self.scorebook, self.app = page, scorebook, app
        self._stop: list[Callable[[], None]] = []
        self._shown = NOTHING
        self._listener = self._on_change  # the very one subscribed, shown and let go
        page.on_disconnect = self.gone
        page.on_connect = self.back

    def subscribe(self) -> None:
        if self._stop:
            return
        self._stop.append(self.scorebook.subscribe(self._listener, self._shown))
        self.page.pubsub.subscribe(self._on_message)

    def shows(self, shown: Shown) -> None:
        """The page now shows ``shown`` (``AppModel.shown``): its server hears of that."""
        self._shown = shown
        if self._stop:
            self.scorebook.shows(self._listener, shown)

    def unsubscribe(self) -> None:
        while self._stop:
            self._stop.pop()()
        with contextlib.suppress(RuntimeError):  # a destroyed session took them along
            self.page.pubsub.unsubscribe()

    def gone(self, _: object = None) -> None:
        """The page closed or lost its connection: stop hearing; a guest stays on the host's
        list as away (the host may still remove it, or stop its scoring)."""
        self.unsubscribe()
        room = self.app.room
        if room.lan is not None and room.viewer_key in room.lan.viewers:
            room.lan.away(room.viewer_key)
            self.page.pubsub.send_all(LAN_CHANGED)

    def back(self, _: object = None) -> None:
        """The same page reconnected (a phone woke up, or the tab was loaded again): hear
        again; a guest is in again only if the host kept it and its code is still in
        force, else at the join code. The window is measured again: a reload in the same
        tab comes back to this page, in a window that may since have changed its size
        without a resize told (main ran only for the first load)."""
        self.subscribe()
        self.app.nav.resized(self.page.width)
        app, room = self.app, self.app.room
        if room.lan is not None and room.guest:
            if not room.lan.back(room.viewer_key):
                room.role, app.table.session = "locked", None
            self.page.pubsub.send_all(LAN_CHANGED)
        app.show(app.nav.route)

    # --- what is heard ---
    def _on_change(self, session_id: Heard) -> None:
        async def hear() -> None:
            self.app.heard(session_id)

        self._deliver(hear)

    def _on_message(self, topic: str) -> None:
        async def room_changed() -> None:
            self.app.room_changed()

        if topic == LAN_CHANGED:
            self._deliver(room_changed)

    def _deliver(self, step: Callable[[], Awaitable[None]]) -> None:
        # Heard outside this page's context (another page's thread, the watcher): handed
        # to the page's own loop, where its connection comes and goes, and only there made
        # a task. Checked here and handed over there, a page that went in between left a
        # coroutine made for it never run (and Python's warning of it in the log).
        if self._gone():
            return
        try:
            loop = self.page.session.connection.loop
            # On a copy of the context: run_task sets its page to this one, and the page
            # whose command caused the change keeps its own (or its redraw is sent to
            # this page instead).
            loop.call_soon_threadsafe(self._on_its_loop, step,
                                      context=contextvars.copy_context())
        except Exception:  # the connection went between the check and the call
            if not self._gone():
                raise

    def _on_its_loop(self, step: Callable[[], Awaitable[None]]) -> None:
        if not self._gone():
            self.page.run_task(self._quietly, step)

    def _gone(self) -> bool:
        """The page has gone: nothing is heard for it any more."""
        if not page_gone(self.page):
            return False
        self.unsubscribe()
        return True

    async def _quietly(self, step: Callable[[], Awaitable[None]]) -> None:
        """A redraw for a page that may have gone meanwhile: if it has, drop it quietly."""
        try:
            await step()
        except Exception:
            if not page_gone(self.page):
                raise
            log.debug("dropped an update for a page that has gone")
