"""A large file the person picks (a backup), brought to the server whole and never inside
one of the page's messages: a browser's socket takes at most 16 MiB a message, and a
club's backup is more (its connection closed, and nothing was said).

In a browser the file is uploaded: Flet's picker PUTs it to flet-web's upload endpoint, at
an address signed for this one file and ten minutes, into the data folder's ``uploads``
(its owner's alone: a backup holds payment details), read back bounded and removed. On a
desktop or a phone (no web server there) the picker gives the file's place on this
device, read the same way. What arrives is hostile bytes until the restore has checked
them: bounded here, checked there.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import shutil
from collections.abc import Callable
from pathlib import Path

import flet as ft

from scorekeeper.core.errors import refuse
from scorekeeper.platform import OWNER_ONLY_FOLDER, owned_data_dir
from scorekeeper.user_files import TooLargeError, read_within

# An upload whose browser has gone quiet this long is given up (10% of a file is told
# at a time: a club's 40 MB on a slow phone's Wi-Fi is 4 MB a step).
QUIET = 300.0  # seconds
SIGNED_FOR = 600  # seconds an upload's address is good for


class Uploads:
    """Where this server takes uploads, once ``serve_web`` has set it up (None: a window
    or a phone, whose picker gives a place on this device)."""

    folder: Path | None = None


def take_uploads() -> Path:
    """The upload folder flet-web is to write into, emptied of anything a server killed
    in an upload left behind; uploads signed with a key of this server's own (flet-web
    reads it from FLET_SECRET_KEY at each upload, as it reads FLET_MAX_UPLOAD_SIZE)."""
    folder = owned_data_dir() / "uploads"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(mode=OWNER_ONLY_FOLDER)
    os.environ.setdefault("FLET_SECRET_KEY", secrets.token_urlsafe(32))
    Uploads.folder = folder
    return folder


async def picked_file(title: str, most: int, told: Callable[[int, int], None]) -> bytes | None:
    """The bytes of a JSON file the person picks (None when they pick nothing), at most
    ``most`` of them (``RuleError`` beyond, or when it does not arrive whole); ``told``
    hears how much of it has reached the server, of how much."""
    heard: asyncio.Queue[ft.FilePickerUploadEvent] = asyncio.Queue()
    picker = ft.FilePicker(on_upload=heard.put_nowait)
    picked = await picker.pick_files(dialog_title=title, allowed_extensions=["json"],
                                     file_type=ft.FilePickerFileType.CUSTOM)
    if not picked:
        return None
    file = picked[0]
    # Only a page of this device's own window or phone app gives a place to read: a
    # browser's page may say anything (its path could name any file on the server).
    if not ft.context.page.web:
        if file.path is None:
            raise refuse("upload.no_place")
        return await asyncio.to_thread(read_bounded, Path(file.path), most)
    if Uploads.folder is None:
        raise refuse("upload.not_taken")
    if file.size > most:  # as the browser says: said at once, and checked again on arrival
        raise refuse("upload.too_large", most=most // (1024 * 1024))
    name = f"{secrets.token_hex(16)}.json"
    arrived = Uploads.folder / name
    # flet-web stops writing one byte past the bound, and its browser hears an error.
    os.environ["FLET_MAX_UPLOAD_SIZE"] = str(most + 1)
    try:
        await picker.upload([ft.FilePickerUploadFile(
            ft.context.page.get_upload_url(name, SIGNED_FOR), method="PUT", id=file.id)])
        await _arrival(heard, file.size, told)
        return await asyncio.to_thread(read_bounded, arrived, most)
    finally:
        arrived.unlink(missing_ok=True)


async def _arrival(heard: asyncio.Queue[ft.FilePickerUploadEvent], size: int,
                   told: Callable[[int, int], None]) -> None:
    """Until the browser says the upload is done (the server has answered its PUT)."""
    while True:
        try:
            event = await asyncio.wait_for(heard.get(), QUIET)
        except TimeoutError:
            raise refuse("upload.not_arrived") from None
        if event.error is not None or event.progress is None:
            raise refuse("upload.not_arrived")
        told(int(event.progress * size), size)
        if event.progress >= 1.0:
            return


def read_bounded(path: Path, most: int) -> bytes:
    """A file's bytes, at most ``most`` of them, as every file a person names is read
    (``user_files.read_within``: a regular file only, a FIFO opened without waiting and
    refused, read to one byte past the bound whatever its size says); refused in words."""
    try:
        return read_within(path, most)
    except TooLargeError:
        raise refuse("upload.too_large", most=most // (1024 * 1024)) from None
    except OSError:
        raise refuse("upload.unreadable") from None


__all__ = ["Uploads", "picked_file", "read_bounded", "take_uploads"]
