"""The host's view of the room on the network: the join code, and who may score."""

from __future__ import annotations

import flet as ft

from scorekeeper.app.model import LAN_CHANGED, AppModel
from scorekeeper.app.widgets import panel, readout


@ft.component
def LanPanel(app: AppModel) -> ft.Control:
    """The host's view of the room: the join code, and who may score."""
    room = app.lan
    assert room is not None

    def grant(key: str, may: bool) -> None:
        room.grant(key, may)
        ft.context.page.pubsub.send_all(LAN_CHANGED)

    rows: list[ft.Control] = [
        readout(label=app.t("ui.join_code", code=room.code),
                content=ft.Text(app.t("ui.join_code", code=room.code), size=26,
                                weight=ft.FontWeight.BOLD)),
    ]
    for viewer in app.guests:
        rows.append(ft.Switch(
            label=app.t("ui.viewer_may_score", address=viewer.address),
            value=viewer.may_score,
            on_change=lambda e, key=viewer.key: grant(key, bool(e.control.value)),
        ))
    if not app.guests:
        rows.append(ft.Text(app.t("ui.no_viewers")))
    return panel(app.t("ui.lan_title"), *rows)
