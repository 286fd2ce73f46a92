"""A file handed on (a picture, a backup): on a phone to the system's share sheet (the
group chat is one tap away), in a browser as a download, on a desktop to a file chosen in
a dialog."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

if TYPE_CHECKING:
    from scorekeeper.app.model import AppModel

PHONES = (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS)


def shares() -> bool:
    """Does this device hand a file to a share sheet (an installed phone app)? A phone's
    browser is a browser: Flutter's web share falls back to a download anyway."""
    page = ft.context.page
    return not page.web and page.platform in PHONES


async def hand_on(app: AppModel, picture: bytes, file_name: str) -> None:
    """A picture to the share sheet, or saved."""
    await hand_on_file(app, picture, file_name, "image/png")


async def hand_on_file(app: AppModel, body: bytes, file_name: str, mime_type: str) -> None:
    """To the share sheet, or saved (and said so: the share sheet says its own)."""
    if shares():
        await ft.Share().share_files(
            [ft.ShareFile.from_bytes(body, mime_type=mime_type, name=file_name)])
    else:
        await ft.FilePicker().save_file(file_name=file_name, src_bytes=body)
        app.said.notice = app.t("ui.exported", file=file_name)
