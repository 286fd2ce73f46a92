"""Waiting on a database connection's socket without a round trip to the server."""

from __future__ import annotations

import select
from collections.abc import Sequence


def readable(socket: int, seconds: float) -> bool:
    """Does ``socket`` have something to read, now or within ``seconds``?"""
    return bool(ready((socket,), seconds))


def ready(sockets: Sequence[int], seconds: float) -> set[int]:
    """Those of ``sockets`` that have something to read, now or within ``seconds`` (empty
    once the time is up). ``poll`` takes any descriptor (``select`` fails from 1024 on,
    which a busy server's sockets reach); Windows has no ``poll``, and its ``select``
    takes any socket."""
    if not hasattr(select, "poll"):
        return set(select.select(list(sockets), [], [], seconds)[0])
    waiting = select.poll()
    for socket in sockets:
        waiting.register(socket, select.POLLIN)
    return {socket for socket, _ in waiting.poll(seconds * 1000)}
