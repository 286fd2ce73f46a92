"""A change heard on the watcher's thread is handed to the page's own loop, and made a task
only there: a page that went away in between left a coroutine made for it never run, and
Python's warning of it failed the suite's check of the server's log (a page on the network
coming and going while the host recorded deals)."""

from __future__ import annotations

import asyncio
import gc
import threading
import warnings
from types import SimpleNamespace
from typing import Any

from scorekeeper.app.hearing import Hearing


class Page:
    """A page as Hearing uses it: its session's connection (None once it has gone), its
    tasks run on the connection's loop, and its news."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.session = SimpleNamespace(connection=SimpleNamespace(loop=loop))
        self.pubsub = SimpleNamespace(unsubscribe=lambda: None)
        self.ran: list[str] = []

    def run_task(self, handler: Any, *args: Any) -> None:
        # As Flet 1.0's Page.run_task: the coroutine made, then handed to the loop.
        asyncio.run_coroutine_threadsafe(handler(*args), self.session.connection.loop)


def hearing_on(page: Page) -> Hearing:
    return Hearing(page, scorebook=None, app=None)  # type: ignore[arg-type]


def test_a_change_heard_on_another_thread_is_drawn_on_the_pages_loop():
    loop = asyncio.new_event_loop()
    page = Page(loop)
    drawn = threading.Event()

    async def redraw() -> None:
        page.ran.append(threading.current_thread().name)
        drawn.set()

    runner = threading.Thread(target=loop.run_forever, name="the page's loop")
    runner.start()
    try:
        heard = threading.Thread(target=hearing_on(page)._deliver, args=(redraw,),
                                 name="the watcher")
        heard.start()
        heard.join()
        assert drawn.wait(10)
        assert page.ran == ["the page's loop"]
    finally:
        loop.call_soon_threadsafe(loop.stop)
        runner.join()
        loop.close()


def test_a_page_gone_before_its_loop_takes_the_change_is_left_nothing_to_warn_of():
    loop = asyncio.new_event_loop()
    page = Page(loop)

    async def redraw() -> None:
        page.ran.append("drawn")

    with warnings.catch_warnings(record=True) as warned:
        warnings.simplefilter("always")
        hearing_on(page)._deliver(redraw)  # handed over while the page is there
        page.session.connection = None  # then it goes, before its loop takes the change
        # The loop takes it, on a thread of its own as a served page's loop runs (this
        # thread may hold a browser test's loop already).
        taking = threading.Thread(target=loop.run_until_complete, args=(asyncio.sleep(0),))
        taking.start()
        taking.join()
        loop.close()
        gc.collect()
    assert page.ran == []
    assert not [w for w in warned if "never awaited" in str(w.message)]
