"""The host's view of the room on the network: a compact chip with the join code and the
address guests open, the address as a code to scan, and a panel (opened from the chip)
with the devices that joined, who may score, the lock-out after wrong codes, a new code,
and removing a device."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.inputs import switch
from scorekeeper.app.lan import LOCK_AFTER, LanRoom, shown
from scorekeeper.app.routes import route_to
from scorekeeper.app.state.room import LAN_CHANGED
from scorekeeper.app.widgets import Link, icon_button, labelled, panel, readout, screen, screen_bar

if TYPE_CHECKING:
    from collections.abc import Callable

    from scorekeeper.app.state.room import Room
    from scorekeeper.app.state.said import Said
    from scorekeeper.app.words import Words

ADDRESS_SIDE = 200  # px: a phone camera reads it from across a card table


@ft.memo
@ft.component
def LanPanel(room: Room, said: Said, words: Words) -> ft.Control:
    """Beside a desktop's table: the join code and the address as a chip; beside it, the
    address as a code to scan and the devices panel, each opened with a tap. Handed the
    ``room`` itself: its news (a device joined, a new code) redraws this."""
    lan = room.lan
    assert lan is not None
    opened, set_opened = ft.use_state("")  # "", "code" (the address to scan) or "devices"
    devices = words.t("ui.room_devices")
    devices = f"{devices} ({len(lan.viewers)})"

    def toggle(what: str) -> Callable[[], None]:
        return lambda: set_opened("" if opened == what else what)

    chip = ft.Row(wrap=True, spacing=6, run_spacing=4,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
        room_chip(words, lan),
        *([labelled(words.t("ui.show_address_code"), ft.IconButton(
            ft.Icons.QR_CODE_2, selected=opened == "code", on_click=toggle("code")))]
          if lan.addresses else []),
        labelled(devices, ft.TextButton(
            devices, icon=ft.Icons.EXPAND_LESS if opened == "devices" else ft.Icons.DEVICES,
            on_click=toggle("devices"))),
    ])
    shown_too = {"code": lambda: AddressCodes(words, lan.addresses, lan.scan_codes,
                                              shown(lan.code)),
                 "devices": lambda: devices_panel(room, lan, said, words,
                                                  words.t("ui.lan_title"))
                 }.get(opened)
    return ft.Column(spacing=8, controls=[chip, shown_too()]) if shown_too else chip


@ft.component
def RoomScreen(back: str, room: Room, said: Said, words: Words,
               go: Callable[[str], object]) -> ft.Control:
    """On a phone, a screen of its own (the table's rows keep the table's screen): the
    join code and the address, the address to scan, the devices; ``back``: the table it
    was opened from. Handed the ``room`` itself: its news redraws this."""
    lan = room.lan
    if lan is None or room.role != "host":
        return ft.Column(expand=True, spacing=0, controls=[
            screen_bar(words, go, words.t("ui.lan_title"), back),
            screen(ft.Text(words.t("ui.not_on_network"), size=16))])
    return ft.Column(expand=True, spacing=0, controls=[
        screen_bar(words, go, words.t("ui.lan_title"), back),
        screen(room_chip(words, lan),
               *([AddressCodes(words, lan.addresses, lan.scan_codes, shown(lan.code))]
                 if lan.addresses else []),
               devices_panel(room, lan, said, words, words.t("ui.room_devices"))),
    ])


def room_link(words: Words, lan: LanRoom | None, session_id: int) -> Link:
    """The room in a phone's screen bar; a lock when wrong codes have locked it."""
    locked = lan is not None and lan.locked()
    return Link(ft.Icons.LOCK if locked else ft.Icons.QR_CODE_2, words.t("ui.room_link"),
                route_to("room", session=session_id))


def room_chip(words: Words, lan: LanRoom) -> ft.Control:
    """The code and where to open the table, on one chip: a guest is told both at once."""
    code = words.t("ui.join_code", code=shown(lan.code))
    where = [ft.Text(lan.addresses[0], size=12, selectable=True)] if lan.addresses else []
    return ft.Container(
        padding=ft.Padding.symmetric(horizontal=12, vertical=3),
        border_radius=ft.BorderRadius.all(16),
        bgcolor=ft.Colors.ERROR_CONTAINER if lan.locked() else ft.Colors.SECONDARY_CONTAINER,
        content=ft.Column(spacing=0, controls=[
            readout(label=code, content=ft.Text(code, size=16, weight=ft.FontWeight.BOLD)),
            *where]))


def devices_panel(room: Room, lan: LanRoom, said: Said, words: Words, title: str
                  ) -> ft.Control:
    """The devices that joined, who may score, the lock-out, a new code, removing one
    (each only while ``room`` says this page is the host's)."""

    def host_only(action: Callable[[], object]) -> Callable[[], None]:
        """Run ``action`` only if this page is the host now (an event can be forged)."""
        def checked() -> None:
            if room.role != "host":
                said.notice = words.t("ui.not_allowed")
                return
            action()
            ft.context.page.pubsub.send_all(LAN_CHANGED)
        return checked

    rows: list[ft.Control] = []
    if lan.locked():
        rows.append(ft.Text(words.t("ui.room_locked_host", count=LOCK_AFTER,
                                    minutes=lan.minutes_locked()),
                            color=ft.Colors.ERROR, size=15))
        rows.append(ft.Row([ft.FilledButton(words.t("ui.unlock_room"), icon=ft.Icons.LOCK_OPEN,
                                            on_click=host_only(lan.unlock))]))
    for viewer in list(lan.viewers.values()):
        name = viewer.name
        # The switch's words over the address and Remove: side by side, a phone squeezed
        # the address to a letter a line. Keyed by the device: a tap landing as the rows
        # close up after one was removed reaches the device its row showed, never the next.
        rows.append(ft.Column(spacing=0, key=f"device-{viewer.key}", controls=[
            switch(words.t("ui.guest_may_score", name=name), viewer.may_score,
                   lambda on, key=viewer.key: host_only(lambda: lan.grant(key, on))()),
            ft.Row(spacing=4, controls=[
                ft.Text(words.t("ui.device_away", address=viewer.address) if viewer.away
                        else viewer.address, size=13, color=ft.Colors.ON_SURFACE_VARIANT,
                        expand=True),
                icon_button(ft.Icons.PERSON_REMOVE, words.t("ui.remove_device", name=name),
                            host_only(lambda key=viewer.key: lan.leave(key))),
            ]),
        ]))
    if not lan.viewers:
        rows.append(ft.Text(words.t("ui.no_viewers")))
    rows.append(ft.Row([ft.OutlinedButton(words.t("ui.new_code"), icon=ft.Icons.REFRESH,
                                          on_click=host_only(lan.new_code))]))
    return panel(title, *rows)


@ft.memo
@ft.component
def AddressCodes(words: Words, addresses: tuple[str, ...], codes: tuple[bytes, ...],
                 code: str) -> ft.Control:
    """The address as a code a guest's camera reads (``codes``: made when the server
    started), big enough to scan across the table; then they type the join code."""
    return panel(words.t("ui.guests_scan"), ft.Row(wrap=True, spacing=12, controls=[
        ft.Column(spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER, controls=[
            # Black on white whatever the theme, drawn pixel for pixel: a camera reads it.
            ft.Semantics(label=words.t("ui.address_code", address=address), image=True,
                         container=True, exclude_semantics=True, content=ft.Container(
                             bgcolor=ft.Colors.WHITE, content=ft.Image(
                                 src=picture, width=ADDRESS_SIDE, height=ADDRESS_SIDE,
                                 filter_quality=ft.FilterQuality.NONE))),
            ft.Text(address, size=14, selectable=True),
        ])
        for address, picture in zip(addresses, codes, strict=True)
    ]), ft.Text(words.t("ui.then_type_code", code=code), size=14))
