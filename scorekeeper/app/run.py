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
    from scorekeeper.session import DatabaseChoice, Scorebook

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


def opening(database: DatabaseChoice, port: int | None = None) -> Future[Scorebook]:
    """The scorebook, opened in the background (the screens' modules loaded along with it).

    With a ``port``, it waits for the server to listen first: Python runs one thread at
    a time, and the server starting up comes first; then the browser fetches the
    client for a second or so, and the store opens in that time."""

    def open_all() -> Scorebook:
        if port is not None:
            _wait_for_listening(port)
        import scorekeeper.app.shell  # noqa: F401  (ready before the first page asks)
        from scorekeeper.session import open_scorebook

        return open_scorebook(database)

    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="opening").submit(open_all)


def _wait_for_listening(port: int, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.02)


def app_main(scorebook: Scorebook | Future[Scorebook], lan: LanRoom | None = None
             ) -> Callable[[ft.Page], None]:
    """The Flet entry for one scorebook (and, when serving the network, one room)."""

    def main(page: ft.Page) -> None:
        from scorekeeper.app.shell import App, Unopened

        try:
            ready = scorebook.result() if isinstance(scorebook, Future) else scorebook
        except Exception as error:  # e.g. a database from a newer Scorekeeper
            page.render(Unopened, error)
            return
        page.render(App, ready, lan)

    return main


def start(database: DatabaseChoice, port: int = DEFAULT_PORT, browser: bool | None = None
          ) -> None:
    """``scorekeeper``: the desktop window, or the browser app on 127.0.0.1."""
    if browser is None:
        browser = not desktop_available()
    if not browser:
        ft.run(app_main(opening(database)), assets_dir=str(ASSETS))
        return
    scorebook = opening(database, port)
    print(f"Scorekeeper: open http://127.0.0.1:{port} in your browser", flush=True)
    ft.run(app_main(scorebook), view=ft.AppView.WEB_BROWSER, host="127.0.0.1", port=port,
           no_cdn=True, assets_dir=str(ASSETS))


def serve(database: DatabaseChoice, host: str = "127.0.0.1", port: int = DEFAULT_PORT) -> None:
    """``scorekeeper serve``: the table display for the local network, behind a join code."""
    scorebook = opening(database, port)
    # On the loopback address only this device can connect: no join code needed.
    room = None if is_local(host) else LanRoom()
    print(f"Scorekeeper: serving on http://{host}:{port}", flush=True)
    if room is not None:
        print(f"Join code: {room.code} (also shown on the host's table screen)", flush=True)
    ft.run(app_main(scorebook, room), view=None, host=host, port=port, no_cdn=True,
           assets_dir=str(ASSETS))
