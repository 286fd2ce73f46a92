"""An unexpected failure in a handler: the person reads one sentence, the log gets the rest.

Flet sends a failed handler's traceback to the browser as a "session crashed" message;
the app answers with a notice in the person's language instead. The failure is forced by
a forged resize event (a width that is no number, which no browser sends).
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tests.e2e.conftest import Server, start_server, stop_server
from tests.e2e.flet_wire import frame, registration

CONTROL_EVENT = 3
SESSION_CRASHED = b"\x92\x06\x81\xa7message"  # msgpack [6, {"message": ...}]


NOTICE = b"Something went wrong there. The host's log says what; please try again."
PATCH_CONTROL = b"\x00\x92\x02"  # a frame [2, {...}]: the app drew something


async def forge(url: str, events: list[tuple[str, object]], until: bytes) -> bytes:
    """Register as a browser would, send the control events no browser sends (name, data;
    on the page), and return everything the server sent until a frame holding ``until``."""
    import websockets

    async with websockets.connect(url, max_size=None) as socket:
        await socket.send(registration("/"))
        heard = await heard_until(socket, lambda message: message.startswith(PATCH_CONTROL))
        for name, data in events:
            await socket.send(frame(CONTROL_EVENT, {"target": 1, "name": name, "data": data}))
        return heard + await heard_until(socket, lambda message: until in message)


def forged(server: Server, events: list[tuple[str, object]], until: bytes) -> bytes:
    # In a thread of its own: the browser tests' driver keeps an event loop running in
    # this one.
    port = server.url.rsplit(":", 1)[1]
    with ThreadPoolExecutor(max_workers=1) as worker:
        return worker.submit(asyncio.run,
                             forge(f"ws://127.0.0.1:{port}/ws", events, until)).result()


async def heard_until(socket, last) -> bytes:  # type: ignore[no-untyped-def]
    """The frames the server sends, up to the first one ``last`` accepts; a minute without
    it fails the test."""
    heard = b""
    while True:
        message = await asyncio.wait_for(socket.recv(), 60)
        message = message if isinstance(message, bytes) else message.encode()
        heard += message
        if last(message):
            return heard


def test_a_failing_handler_shows_a_sentence_and_logs_the_traceback_on_the_server(
    tmp_path: Path,
):
    server = start_server(tmp_path, cold=True)  # one server started as a person does
    try:
        # A width that is no number: the app's resize handler fails on it.
        heard = forged(server, [("resize", {"width": "wide", "height": 844})], NOTICE)
    finally:
        server.process.terminate()
        server.process.wait(timeout=20)
    assert NOTICE in heard
    assert b"Traceback" not in heard
    assert b"TypeError" not in heard
    assert SESSION_CRASHED not in heard
    log = (tmp_path / "server.log").read_text(errors="replace")
    assert "a handler failed on page" in log
    assert "TypeError: '>=' not supported between instances of 'str' and 'int'" in log


# A session's number past what the database's INTEGER holds: the driver's OverflowError
# went to the browser as a crash, the screen blank. A number no session can have names none.
HUGE = "100000000000000000000"
NOT_HERE = b"This session is not here (any more): it may have been removed."


def test_a_forged_route_change_changes_nothing_and_fails_nothing(tmp_path: Path):
    """Route changes no browser sends (a route that is a number, a list, nothing, a map,
    a session no database can hold, digits that are not ASCII), then the browser's own
    move to the players, drawn as ever; and the address of a session past the database's
    INTEGER alone, which says there is no such session. (An event with no route at all,
    or data that is no map, Flet 1.0.5 refuses itself while reading it, before the app
    hears of it.)"""
    forgeries = [("route_change", data) for data in (
        {"route": 5}, {"route": ["/players"]}, {"route": None}, {"route": {"to": "/players"}},
        {"route": f"/session/{HUGE}/ledger"}, {"route": "/session/\u00b2"},
        {"route": f"/session/1/edit/{HUGE}"})]
    server = start_server(tmp_path)
    try:
        heard = forged(server, [*forgeries, ("route_change", {"route": "/players"})],
                       b"Add player")
        missing = forged(server, [("route_change", {"route": f"/session/{HUGE}"})], NOT_HERE)
    finally:
        stop_server(server)  # fails the test on any traceback in the app's log
    for sent in (heard, missing):
        assert NOTICE not in sent
        assert SESSION_CRASHED not in sent
        assert b"OverflowError" not in sent
    assert "a handler failed" not in (tmp_path / "server.log").read_text(errors="replace")
