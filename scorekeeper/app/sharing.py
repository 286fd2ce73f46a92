"""A file handed on (a picture, a backup): on a phone to the system's share sheet (the
group chat is one tap away), in a browser as a download, on a desktop to a file chosen in
a dialog."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import flet as ft

if TYPE_CHECKING:
    from scorekeeper.app.state.said import Said

PHONES = (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS)


def shares() -> bool:
    """Does this device hand a file to a share sheet (an installed phone app)? A phone's
    browser is a browser: Flutter's web share falls back to a download anyway."""
    page = ft.context.page
    return not page.web and page.platform in PHONES


async def hand_on(said: Said, picture: bytes, file_name: str) -> None:
    """A picture to the share sheet, or saved (and said so: the share sheet says its own)."""
    if await hand_on_file(picture, file_name, "image/png") is not False and not shares():
        said.notice = said.t("ui.exported", file=file_name)


async def hand_on_file(body: bytes, file_name: str, mime_type: str) -> bool | None:
    """To the share sheet, or saved: whether it was kept. True: a desktop's save dialog
    gave a place that now holds the file, or the share sheet says it was shared; False:
    the dialog or the sheet was closed without; None: this device cannot tell (a browser
    is handed a download and says nothing of it; some phones' share sheets neither)."""
    if shares():
        shared = await ft.Share().share_files(
            [ft.ShareFile.from_bytes(body, mime_type=mime_type, name=file_name)])
        return {ft.ShareResultStatus.SUCCESS: True,
                ft.ShareResultStatus.DISMISSED: False}.get(shared.status)
    saved = await ft.FilePicker().save_file(file_name=file_name, src_bytes=body)
    if ft.context.page.web:
        return None
    return saved is not None and holds(saved, len(body))


def holds(path: str, size: int) -> bool:
    """The save dialog's place holds the file: the desktop's window wrote it there, on
    this machine (a full disk or a folder it may not write to leaves less, or nothing)."""
    try:
        return os.stat(path).st_size == size
    except OSError:
        return False
