"""Starting the app: a desktop window where one can be had, else the same app in a browser.

The store is opened, and the screens loaded, on a worker thread while the browser or
the window fetches the app's client: the first screen is ready as soon as it connects.
"""

from __future__ import annotations

import logging
import os
import socket
import sys
import threading
import time
import webbrowser
from collections.abc import Awaitable, Callable, MutableMapping
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

import flet as ft

from scorekeeper.app.flet_logs import quiet_unless_asked
from scorekeeper.app.frame_room import with_room
from scorekeeper.app.lan import LanRoom, is_local, shown
from scorekeeper.app.lan_address import guest_addresses, scan_codes
from scorekeeper.app.own_server import asking_only_its_own_server
from scorekeeper.app.uploads import take_uploads
from scorekeeper.resources import assets_dir

if TYPE_CHECKING:
    from scorekeeper.session import DatabaseChoice, Scorebook

log = logging.getLogger("scorekeeper.app")
ASSETS = assets_dir()  # inside the package: the fonts the page loads, and the icon
DEFAULT_PORT = 8550
# FastAPI, under flet-web, describes its API to anyone who asks: Scorekeeper has none to
# offer, and a stranger on the network learns nothing from these.
API_DOCS = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json"})

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
Asgi = Callable[[Scope, Receive, Send], Awaitable[None]]


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

        return open_scorebook(database, first_screen=True)

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
        from scorekeeper.app.hearing import Hearing
        from scorekeeper.app.shell import App, Unopened, opened_page

        try:
            ready = scorebook.result() if isinstance(scorebook, Future) else scorebook
        except Exception as error:  # e.g. a database from a newer Scorekeeper
            page.render(Unopened, error)
            return
        model = opened_page(page, ready, lan)
        page.render(App, model, Hearing(page, ready, model), *model.concerns())
        ready.first_screen_shown()

    return main


def without_api_docs(app: Asgi) -> Asgi:
    """The web app with FastAPI's /docs, /redoc and /openapi.json answered "404 Not Found".

    flet-web builds two FastAPI apps (one mounted in the other), each with those pages,
    and an unknown path would fall through to the client's index page: so they are
    refused here, in front of both."""

    async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"].rstrip("/") in API_DOCS:
            body = b"Not Found"
            await send({"type": "http.response.start", "status": 404,
                        "headers": [(b"content-type", b"text/plain"),
                                    (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})
            return
        await app(scope, receive, send)

    return guarded


def quiet_when_gone(app: Asgi) -> Asgi:
    """The web app with what is sent to a browser that has just gone dropped quietly.

    flet-web's send loop re-raises when its socket has closed under it, and the server
    then logs a traceback for every update still queued for a page that went away; the
    page itself is let go when the receiving side sees the socket close."""

    async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await app(scope, receive, send)
            return

        async def send_unless_gone(message: MutableMapping[str, Any]) -> None:
            try:
                await send(message)
            except Exception as error:  # uvicorn: ClientDisconnected, websockets' InvalidState
                if message.get("type") != "websocket.send":
                    raise
                log.debug("dropped a message for a page that has gone: %r", error)

        await app(scope, receive, send_unless_gone)

    return guarded


def drawn_on_one_thread(app: Asgi) -> Asgi:
    """The web app served without cross-origin isolation, so that Flutter's skwasm renderer
    draws on the page's own thread.

    flet-web sends ``Cross-Origin-Opener-Policy``/``-Embedder-Policy``, which make skwasm
    rasterise on a worker thread beside the page's text layout. The two share Skia's glyph
    cache unguarded in the Flutter build flet-web 1.0.5 ships (flutter/flutter#190039, fixed
    by #190048 in 3.47): under load the wasm heap is corrupted and the page spins at 100 %
    CPU for ever, never drawing or answering again. The suite met it about once in 500 page
    loads on a loaded machine; a guest's slow phone is where it would strike."""
    isolating = {b"cross-origin-opener-policy", b"cross-origin-embedder-policy"}

    async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return

        async def send_unisolated(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [
                    (name, value) for name, value in message.get("headers", [])
                    if name.lower() not in isolating]}
            await send(message)

        await app(scope, receive, send_unisolated)

    return guarded


def serve_web(main: Callable[[ft.Page], None], host: str, port: int,
              open_browser: bool = False) -> None:
    """Flet's web app under uvicorn, as ``ft.run`` would serve it, without the API pages."""
    import uvicorn

    from scorekeeper.app.transport import send_without_formatting

    send_without_formatting()
    # A backup comes from a browser by flet-web's upload, never in one of the page's
    # messages (app/uploads.py).
    app = ft.run(main, export_asgi_app=True, assets_dir=str(ASSETS), no_cdn=True,
                 upload_dir=str(take_uploads()))
    quiet_unless_asked()  # after ft.run, which sets the level FLET_LOG_LEVEL names
    if open_browser:
        def open_when_listening() -> None:
            _wait_for_listening(port)
            webbrowser.open(f"http://127.0.0.1:{port}")

        threading.Thread(target=open_when_listening, daemon=True).start()
    level = logging.getLogger("flet").getEffectiveLevel()
    with_room(lambda: uvicorn.run(
        without_api_docs(asking_only_its_own_server(drawn_on_one_thread(quiet_when_gone(app)))),
        host=host, port=port,
        ws="websockets-sansio",
        log_level="warning" if level in (logging.NOTSET, logging.CRITICAL)
        else logging.getLevelName(level).lower()))


def start(database: DatabaseChoice, port: int = DEFAULT_PORT, browser: bool | None = None
          ) -> None:
    """``scorekeeper``: the desktop window, or the browser app on 127.0.0.1."""
    if browser is None:
        browser = not desktop_available()
    if not browser:
        quiet_unless_asked()
        with_room(lambda: ft.run(app_main(opening(database)), assets_dir=str(ASSETS)))
        return
    scorebook = opening(database, port)
    print(f"Scorekeeper: open http://127.0.0.1:{port} in your browser", flush=True)
    serve_web(app_main(scorebook), "127.0.0.1", port, open_browser=True)


def serve(database: DatabaseChoice, host: str = "127.0.0.1", port: int = DEFAULT_PORT) -> None:
    """``scorekeeper serve``: the table display for the local network, behind a join code."""
    scorebook = opening(database, port)
    # On the loopback address only this device can connect: no join code needed.
    room = None
    if not is_local(host):
        addresses = guest_addresses(host, port)
        room = LanRoom(addresses=addresses, scan_codes=scan_codes(addresses))
    print(f"Scorekeeper: serving on http://{host}:{port}", flush=True)
    if room is not None:
        for address in room.addresses:
            print(f"Guests open {address}", flush=True)
        print(f"Join code: {shown(room.code)} (also shown on the host's table screen)",
              flush=True)
    serve_web(app_main(scorebook, room), host, port)
