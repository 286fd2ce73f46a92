"""A browser's side of Flet's wire, without a browser: what a forged client can send.

Each websocket frame is ``[0x00][msgpack [action, body]]`` (flet/messaging/protocol.py):
action 1 registers (``{"session_id", "page_name", "page"}``, the page's first properties,
as the web client sends them), 4 updates control properties (``{"id", "props"}``; the page
is control 1). Run as a script (inside a network namespace, say) it registers, sends the
updates given, and writes every byte the server sent back to a file.
"""

from __future__ import annotations

import asyncio
import json
import sys

import msgpack
import websockets

REGISTER, UPDATE_PROPS = 1, 4


def frame(action: int, body: dict) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


def registration(route: str) -> bytes:
    return frame(REGISTER, {"session_id": None, "page_name": "", "page": {
        "route": route, "web": True, "platform": "linux", "width": 390.0, "height": 844.0}})


async def visit(url: str, route: str, updates: list[dict], listen: float = 4.0) -> bytes:
    """Register, send ``updates`` (each ``{"id", "props"}``), and return what came back."""
    heard = b""
    async with websockets.connect(url, max_size=None) as socket:
        await socket.send(registration(route))
        for update in updates:
            await socket.send(frame(UPDATE_PROPS, update))
        try:
            while True:
                message = await asyncio.wait_for(socket.recv(), listen)
                heard += message if isinstance(message, bytes) else message.encode()
        except TimeoutError:
            pass
    return heard


if __name__ == "__main__":
    target, path, out = sys.argv[1], sys.argv[2], sys.argv[3]
    sent = json.loads(sys.argv[4]) if len(sys.argv) > 4 else []
    with open(out, "wb") as received:
        received.write(asyncio.run(visit(target, path, sent)))
