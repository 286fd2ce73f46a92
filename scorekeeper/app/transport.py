"""flet-web's sending of changes to the browser, without the debug line it formats.

flet-web 1.0.5 writes ``transport_log.debug(f"send_message: {message}")`` for every
message it sends: the f-string formats the whole change (every control in it, field by
field) whether that log is on or not. In a screen change that was 10 to 40 % of the
server's time, on the tap at the table too. This sends as flet-web does, and formats
the line only when its log is on; a change for a browser that has gone is dropped (where
flet-web's own raises on the queue it has already let go). Only for the version it was
written against: another version keeps its own ``send_message``.
"""

from __future__ import annotations

import logging
from importlib.metadata import version
from typing import Any

PATCHED_VERSION = "1.0.5"


def send_without_formatting() -> bool:
    """Put the lean ``send_message`` in place; False where flet-web is another version."""
    from flet_web.fastapi import flet_app

    if version("flet-web") != PATCHED_VERSION:
        return False
    app_class: Any = flet_app.FletApp
    logged = app_class.send_message
    if getattr(logged, "lean", False):
        return True
    encode = flet_app.configure_encode_object_for_msgpack(flet_app.BaseControl)

    def send_message(self: Any, message: Any) -> None:
        if flet_app.transport_log.isEnabledFor(logging.DEBUG):
            logged(self, message)
            return
        queue = self._FletApp__send_queue
        if queue is None:
            # The browser went away while a change for it was being made (a page closed
            # during its first screen): there is no one to send it to.
            return
        body = flet_app.msgpack.packb([message.action, message.body], default=encode)
        queue.put_nowait(b"\x00" + body)

    send_message.lean = True  # type: ignore[attr-defined]
    app_class.send_message = send_message
    return True
