"""Who is at the other end of a page's connection: the one fact a browser cannot forge.

Flet copies the websocket's peer address into ``page.client_ip`` when a page registers,
but ``page.client_ip`` is an ordinary page property: a browser may overwrite it with an
update message (``{"id": 1, "props": {"client_ip": "127.0.0.1"}}``), and a guest that did
so was taken for the host. The address here is read instead from the connection itself
(flet-web's ``FletApp`` keeps it from ``websocket.client.host`` when the socket opens, and
no message from the browser changes it). The app decides the host from this, once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import flet as ft


def peer_address(page: ft.Page) -> str:
    """The peer address of the socket this page came in on; "" when it cannot be known
    (a desktop window has no socket peer, and then there is no room to protect)."""
    try:
        connection = page.session.connection
    except RuntimeError:  # the session has gone
        return ""
    # flet-web 1.0.5 FletApp.handle(): self.__client_ip = websocket.client.host, set once.
    address = getattr(connection, "_FletApp__client_ip", None)
    return address if isinstance(address, str) else ""
