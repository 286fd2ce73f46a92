"""This page's place in the room on the network: its role, and the host's view of the
devices that joined."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import flet as ft

if TYPE_CHECKING:
    from scorekeeper.app.lan import LanRoom, Viewer

Role = Literal["host", "scorer", "viewer", "locked"]
LAN_CHANGED = "lan-changed"  # pubsub: someone joined the room, or may now score


@ft.observable
@dataclass
class Room:
    lan: LanRoom | None = None
    role: Role = "host"
    viewer_key: str = ""  # the page's key in the room, for a guest
    guests: tuple[Viewer, ...] = ()  # the host's view of the room
    heard: int = 0  # news of the room (a new code, a lock) redraws the host's panel

    @property
    def guest(self) -> bool:
        return self.role in ("viewer", "scorer")

    @property
    def device_name(self) -> str | None:
        """The name this device gave the room (a guest's "Bengt's phone"), else None."""
        if self.lan is None or self.role == "host":
            return None
        viewer = self.lan.viewers.get(self.viewer_key)
        return viewer.name if viewer is not None else None

    @property
    def shared_session(self) -> int | None:
        """The session the host has open: the one a guest sees."""
        return self.lan.session_id if self.lan is not None else None

    def opened(self, session_id: int) -> None:
        """The host opened ``session_id``: the guests follow it."""
        if self.lan is not None and self.role == "host" and self.lan.session_id != session_id:
            self.lan.session_id = session_id
            ft.context.page.pubsub.send_all(LAN_CHANGED)

    def changed(self) -> bool:
        """Heard news of the room; False if this guest was removed (back at the join code)."""
        if self.lan is None:
            return True
        if self.role == "host":
            self.guests = tuple(self.lan.viewers.values())
            self.heard += 1
            return True
        if self.guest:
            viewer = self.lan.viewers.get(self.viewer_key)
            if viewer is None:
                self.role = "locked"
                return False
            self.role = "scorer" if viewer.may_score else "viewer"
        return True
