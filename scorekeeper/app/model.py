"""The app's state: one observable model per browser or window, shared by its screens."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import flet as ft

from scorekeeper.app.lan import LanRoom
from scorekeeper.app.settings import Settings, save_settings
from scorekeeper.i18n import text
from scorekeeper.store.sessions import SessionStore, StoredSession

Role = Literal["host", "scorer", "viewer", "locked"]
REFRESH = "session-changed"  # pubsub: a session was changed somewhere
LAN_CHANGED = "lan-changed"  # pubsub: someone joined the room, or may now score


@ft.observable
@dataclass
class AppModel:
    store: SessionStore
    settings: Settings
    route: str = "/"
    role: Role = "host"
    notice: str | None = None  # a short message shown once (snack bar)
    session: StoredSession | None = None  # the session on screen
    lan: LanRoom | None = None
    viewer_key: str = ""
    revision: int = 0  # bumped when another device changed the session

    # --- words ---
    def t(self, key: str, **params: str | int) -> str:
        return text(key, self.settings.language, **params)

    # --- where we are ---
    def go(self, route: str) -> None:
        self.route = route
        ft.context.page.run_task(ft.context.page.push_route, route)

    def on_route_change(self, event: ft.RouteChangeEvent) -> None:
        self.route = event.route

    @property
    def may_score(self) -> bool:
        return self.role in ("host", "scorer")

    # --- the session on screen ---
    def open(self, session_id: int) -> StoredSession:
        if self.session is None or self.session.id != session_id:
            self.session = self.store.get(session_id)
            if self.lan is not None and self.role == "host":
                self.lan.session_id = session_id
        return self.session

    def reload(self) -> None:
        if self.session is not None:
            self.session = self.store.get(self.session.id)

    def changed(self, stored: StoredSession, notice: str | None = None) -> None:
        """After this device changed the session: show it, and tell the other devices."""
        self.session = stored
        self.notice = notice
        ft.context.page.pubsub.send_all(REFRESH)

    # --- settings ---
    def set_settings(self, settings: Settings) -> None:
        save_settings(settings)
        self.settings = settings
