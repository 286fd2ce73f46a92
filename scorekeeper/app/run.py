"""Starting the app: a desktop window where one can be had, else the same app in a browser.

The store is opened, and the screens loaded, on a worker thread while the browser or
the window fetches the app's client: the first screen is ready as soon as it connects.
"""

from __future__ import annotations

import os
import socket
import sys
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.lan import LanRoom, is_local
from scorekeeper.resources import assets_dir

if TYPE_CHECKING:
    from scorekeeper.store.sessions import SessionStore

ASSETS = assets_dir()  # inside the package: the fonts the page loads, and the icon
DEFAULT_PORT = 8550


def desktop_available() -> bool:
    """flet-desktop fetches its window client on first run; offline, it cannot."""
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        return False
    try:
        import flet_desktop

        socket.setdefaulttimeout(15)
        flet_desktop.ensure_client_cached()
    except Exception:  # no network, no client: fall back to the browser
        return False
    finally:
        socket.setdefaulttimeout(None)
    return True


def open_store(url: str | None = None) -> SessionStore:
    from scorekeeper.app.settings import load_settings
    from scorekeeper.store.database import connect
    from scorekeeper.store.sessions import SessionStore

    return SessionStore(connect(url or load_settings().database_url or None))


def opening(url: str | None = None, port: int | None = None) -> Future[SessionStore]:
    """The store, opened in the background (the screens' modules loaded along with it).

    With a ``port``, it waits for the server to listen first: Python runs one thread at
    a time, and the server starting up comes first; then the browser fetches the
    client for a second or so, and the store opens in that time."""

    def open_all() -> SessionStore:
        if port is not None:
            _wait_for_listening(port)
        import scorekeeper.app.shell  # noqa: F401  (ready before the first page asks)

        return open_store(url)

    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="opening").submit(open_all)


def _wait_for_listening(port: int, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.02)


def app_main(store: SessionStore | Future[SessionStore], lan: LanRoom | None = None
             ) -> Callable[[ft.Page], None]:
    """The Flet entry for one store (and, when serving the network, one room)."""

    def main(page: ft.Page) -> None:
        from scorekeeper.app.shell import App, Unopened

        try:
            ready = store.result() if isinstance(store, Future) else store
        except Exception as error:  # e.g. a database from a newer Scorekeeper
            page.render(Unopened, error)
            return
        page.render(App, ready, lan)

    return main


def start(url: str | None = None, port: int = DEFAULT_PORT, browser: bool | None = None) -> None:
    """``scorekeeper``: the desktop window, or the browser app on 127.0.0.1."""
    if browser is None:
        browser = not desktop_available()
    if not browser:
        ft.run(app_main(opening(url)), assets_dir=str(ASSETS))
        return
    store = opening(url, port)
    print(f"Scorekeeper: open http://127.0.0.1:{port} in your browser", flush=True)
    ft.run(app_main(store), view=ft.AppView.WEB_BROWSER, host="127.0.0.1", port=port,
           no_cdn=True, assets_dir=str(ASSETS))


def serve(url: str | None = None, host: str = "127.0.0.1", port: int = DEFAULT_PORT) -> None:
    """``scorekeeper serve``: the table display for the local network, behind a join code."""
    store = opening(url, port)
    # On the loopback address only this device can connect: no join code needed.
    room = None if is_local(host) else LanRoom()
    print(f"Scorekeeper: serving on http://{host}:{port}", flush=True)
    if room is not None:
        print(f"Join code: {room.code} (also shown on the host's table screen)", flush=True)
    ft.run(app_main(store, room), view=None, host=host, port=port, no_cdn=True,
           assets_dir=str(ASSETS))
