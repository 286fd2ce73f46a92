"""The host's view of the room on the network: a compact chip with the join code, and a
panel (opened from it) with the devices that joined, who may score, the lock-out after
wrong codes, a new code, and removing a device."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorekeeper.app.lan import LOCK_AFTER, shown
from scorekeeper.app.model import LAN_CHANGED, AppModel
from scorekeeper.app.widgets import icon_button, labelled, panel, readout


@ft.memo
@ft.component
def LanPanel(app: AppModel) -> ft.Control:
    """The join code as a chip; tapping it opens the devices panel."""
    room = app.lan
    assert room is not None
    opened, set_opened = ft.use_state(False)
    _ = app.room_heard  # read, so news of the room redraws this

    def host_only(action: Callable[[], object]) -> Callable[[], None]:
        """Run ``action`` only if this page is the host now (an event can be forged)."""
        def checked() -> None:
            if app.role != "host":
                app.notice = app.t("ui.not_allowed")
                return
            action()
            ft.context.page.pubsub.send_all(LAN_CHANGED)
        return checked

    code = app.t("ui.join_code", code=shown(room.code))
    devices = app.t("ui.room_devices")
    locked = room.locked()
    chip = ft.Row(wrap=True, spacing=8, controls=[
        readout(label=code, content=ft.Container(
            padding=ft.Padding.symmetric(horizontal=14, vertical=6),
            border_radius=ft.BorderRadius.all(20),
            bgcolor=ft.Colors.ERROR_CONTAINER if locked else ft.Colors.SECONDARY_CONTAINER,
            content=ft.Text(code, size=18, weight=ft.FontWeight.BOLD))),
        labelled(f"{devices} ({len(room.viewers)})", ft.TextButton(
            f"{devices} ({len(room.viewers)})",
            icon=ft.Icons.EXPAND_LESS if opened else ft.Icons.DEVICES,
            on_click=lambda: set_opened(not opened))),
    ])
    if not opened:
        return chip

    rows: list[ft.Control] = []
    if locked:
        rows.append(ft.Text(app.t("ui.room_locked_host", count=LOCK_AFTER,
                                  minutes=room.minutes_locked()),
                            color=ft.Colors.ERROR, size=15))
        rows.append(ft.Row([ft.FilledButton(app.t("ui.unlock_room"), icon=ft.Icons.LOCK_OPEN,
                                            on_click=host_only(room.unlock))]))
    for viewer in list(room.viewers.values()):
        name = viewer.name
        rows.append(ft.Row(spacing=4, controls=[
            ft.Switch(label=app.t("ui.guest_may_score", name=name), value=viewer.may_score,
                      on_change=lambda e, key=viewer.key: host_only(
                          lambda: room.grant(key, bool(e.control.value)))()),
            ft.Text(app.t("ui.device_away", address=viewer.address) if viewer.away
                    else viewer.address, size=13, color=ft.Colors.ON_SURFACE_VARIANT,
                    expand=True),
            icon_button(ft.Icons.PERSON_REMOVE, app.t("ui.remove_device", name=name),
                        host_only(lambda key=viewer.key: room.leave(key))),
        ]))
    if not room.viewers:
        rows.append(ft.Text(app.t("ui.no_viewers")))
    rows.append(ft.Row([ft.OutlinedButton(app.t("ui.new_code"), icon=ft.Icons.REFRESH,
                                          on_click=host_only(room.new_code))]))
    return ft.Column(spacing=8, controls=[chip, panel(app.t("ui.lan_title"), *rows)])
