"""Issue 63: the page the app serves answers Rive's script itself (app/own_server.py), and
says its new length; what is not a page goes as it was. The browser's side, that a page
load asks nothing of another host, is tests/e2e/test_screens.py's."""

from __future__ import annotations

import asyncio
from collections.abc import MutableMapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from scorekeeper.app.own_server import KEEP_RIVE_HOME, asking_only_its_own_server

INDEX = b"<!DOCTYPE html>\n<html>\n<head>\n  <base href=\"/\">\n</head><body></body></html>"


def served(path: str, kind: bytes, body: bytes, method: str = "GET"
           ) -> tuple[dict[bytes, bytes], bytes]:
    """What a browser gets for ``path`` from a server answering ``body`` of type ``kind``
    (in two parts, as a file is streamed), through asking_only_its_own_server."""
    async def app(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", kind),
                                (b"content-length", str(len(body)).encode())]})
        sent = b"" if method == "HEAD" else body
        await send({"type": "http.response.body", "body": sent[:10], "more_body": True})
        await send({"type": "http.response.body", "body": sent[10:]})

    got: list[MutableMapping[str, Any]] = []

    async def send(message: MutableMapping[str, Any]) -> None:
        got.append(message)

    async def receive() -> dict[str, Any]:
        return {"type": "http.request"}

    # In a thread of its own: a browser test's driver may keep an event loop running in
    # this one (the same worker runs both).
    with ThreadPoolExecutor(max_workers=1) as worker:
        worker.submit(asyncio.run, asking_only_its_own_server(app)(
            {"type": "http", "method": method, "path": path}, receive, send)).result()
    headers = dict(got[0]["headers"])
    return headers, b"".join(message.get("body", b"") for message in got[1:])


def test_the_page_answers_rives_script_first_thing_and_says_its_length():
    headers, page = served("/session/1", b"text/html; charset=utf-8", INDEX)
    assert page == INDEX.replace(b"<head>", b"<head>" + KEEP_RIVE_HOME)
    assert int(headers[b"content-length"]) == len(page)
    # A HEAD is told the length the page has.
    headers, nothing = served("/", b"text/html; charset=utf-8", INDEX, method="HEAD")
    assert nothing == b""
    assert int(headers[b"content-length"]) == len(page)


def test_what_is_not_a_page_goes_as_it_was():
    script = b"const head = '<head>'; // a script that names a head"
    headers, body = served("/flutter_bootstrap.js", b"text/javascript", script)
    assert body == script
    assert int(headers[b"content-length"]) == len(script)
