"""Waiting on a database connection's socket without a round trip to the server."""

from __future__ import annotations

import select


def readable(socket: int, seconds: float) -> bool:
    """Does ``socket`` have something to read, now or within ``seconds``? ``poll`` takes
    any descriptor (``select`` fails from 1024 on, which a busy server's sockets reach);
    Windows has no ``poll``, and its ``select`` takes any socket."""
    if not hasattr(select, "poll"):
        return bool(select.select([socket], [], [], seconds)[0])
    waiting = select.poll()
    waiting.register(socket, select.POLLIN)
    return bool(waiting.poll(seconds * 1000))
