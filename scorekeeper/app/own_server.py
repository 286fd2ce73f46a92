"""The page asks nothing of a host other than the app's own server.

flet-web 1.0.5's client loads Rive's runtime (rive_native.js, for Rive animations, which
Scorekeeper never draws) from cdn.jsdelivr.net at every start, whatever ``no_cdn`` says:
the address is written into main.dart.wasm. Offline the script fails unseen; online it tells
a third party each time someone opens the table. The page the browser loads (flet-web's
index.html, at every route) is given a script that runs first and answers that one script
in place: Rive is absent, and the client goes on without it as it does when Rive fails.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scorekeeper.app.run import Asgi, Receive, Scope, Send

# The client sets the src of a <script> it makes to the CDN's address (wasm/rive_native.js,
# then wasm_compatibility/rive_native.js), waits for it to load, and calls RiveNative(): a
# promise of the runtime, whose refusal it takes as "no Rive here".
KEEP_RIVE_HOME = b"""<script>
(() => {
  const rive = /^https:\\/\\/cdn\\.jsdelivr\\.net\\/npm\\/@rive-app\\//;
  const absent = "data:text/javascript," + encodeURIComponent(
    "window.RiveNative = () => Promise.reject(new Error('Rive is not served here'));");
  const src = Object.getOwnPropertyDescriptor(HTMLScriptElement.prototype, "src");
  Object.defineProperty(HTMLScriptElement.prototype, "src", {
    ...src,
    set(url) { src.set.call(this, rive.test(String(url)) ? absent : url); },
  });
})();
</script>"""
HEAD = b"<head>"


def asking_only_its_own_server(app: Asgi) -> Asgi:
    """The web app with its page (any HTML it serves) given KEEP_RIVE_HOME first thing in
    its head; everything else as it was."""

    async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        held: list[MutableMapping[str, Any]] = []  # the page's start, then its body

        async def send_page(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start" and _html(message):
                held.append(message)
                return
            if not held:
                await send(message)
                return
            if message["type"] != "http.response.body":  # a file sent by its path: as it is
                await send(held.pop())
                await send(message)
                return
            held.append(message)
            if message.get("more_body"):
                return
            start, *parts = held
            held.clear()
            body = b"".join(part.get("body", b"") for part in parts)
            page = body.replace(HEAD, HEAD + KEEP_RIVE_HOME, 1)
            # A HEAD has no body to look in: it is told the length its GET would have.
            added = len(KEEP_RIVE_HOME) if scope["method"] == "HEAD" else len(page) - len(body)
            await send({**start, "headers": _length_grown(start["headers"], added)})
            await send({"type": "http.response.body", "body": page})

        await app(scope, receive, send_page)

    return guarded


def _html(start: MutableMapping[str, Any]) -> bool:
    return start.get("status") == 200 and any(
        name.lower() == b"content-type" and value.startswith(b"text/html")
        for name, value in start.get("headers", []))


def _length_grown(headers: list[tuple[bytes, bytes]], added: int) -> list[tuple[bytes, bytes]]:
    return [(name, str(int(value) + added).encode()) if name.lower() == b"content-length"
            else (name, value) for name, value in headers]
