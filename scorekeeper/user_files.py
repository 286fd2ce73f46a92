"""The files a person names (an export, a backup, the roster, a session file to import),
read within a bound and written whole or not at all.

A file is written to a temporary file in its folder, flushed and synced, and only then
renamed onto its name: a full disk, a failure or a kill leaves the old file as it was,
never half a new one. It is written only onto a regular file or a new name: a link, a
pipe (FIFO), a device or a socket at that name is refused before anything is opened, so
that neither the thing a link points to is replaced by a file nor a pipe's reader gets
nothing, nor a device (``/dev/full``) becomes a file holding the scorebook. The temporary
file is locked while it is written and removed on any failure; one a kill left behind
(its lock went with its process) is removed by the next write into that folder.

A file is read only when it is a regular file (``/dev/zero`` or a pipe is refused before
it is opened, and an open never blocks), and never more than its bound plus one byte,
whatever its size says: a file that grows while it is read is refused as too large.
"""

from __future__ import annotations

import contextlib
import io
import os
import secrets
import stat
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO, TypeVar

try:  # a lock on the temporary file tells a writer at work from one a kill left behind
    import fcntl
except ImportError:  # Windows: the leftovers of a kill stay, named as ours
    fcntl = None  # type: ignore[assignment]

Written = TypeVar("Written")

OWNER_ONLY = 0o600  # a file holding payment details (a backup, the roster)
TEMPORARY = (".scorekeeper-", ".part")  # what a temporary file's name starts and ends with
_NAME_KEPT = 40  # of the target's name, in its temporary file's (a name has 255 bytes at most)
_NEVER_BLOCK = os.O_NONBLOCK if hasattr(os, "O_NONBLOCK") else 0
_NO_LINK = os.O_NOFOLLOW if hasattr(os, "O_NOFOLLOW") else 0


class NotAFileError(OSError):
    """The name given is a link, a pipe, a device, a socket or a folder, not a file."""

    def __init__(self, path: Path, kind: str) -> None:
        super().__init__(None, kind, str(path))
        self.kind = kind  # "link", "pipe", "device", "socket" or "folder"


class TooLargeError(OSError):
    """A file larger than the bound it is read within."""

    def __init__(self, path: Path, most: int) -> None:
        super().__init__(None, "too large", str(path))
        self.most = most


class WriteFailedError(OSError):
    """A file that could not be written whole (the disk is full, the folder is read-only or
    missing): its old content, if any, is as it was. ``disk``: the folder its disk is
    mounted on, to name in what is said."""

    def __init__(self, path: Path, cause: OSError) -> None:
        super().__init__(cause.errno, cause.strerror, str(path))
        self.disk = str(mount_point(path.parent))


def kind_of(mode: int) -> str | None:
    """What a file's mode says it is, when it is not a regular file (None when it is)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISLNK(mode):
        return "link"
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISFIFO(mode):
        return "pipe"
    if stat.S_ISSOCK(mode):
        return "socket"
    return "device"


def read_within(path: Path, most: int) -> bytes:
    """The bytes of the regular file at ``path``, at most ``most`` of them (``TooLargeError``
    beyond); ``NotAFileError`` for anything else, before it is opened."""
    kind = kind_of(path.stat().st_mode)  # follows a link: a link to a file is read
    if kind is not None:
        raise NotAFileError(path, kind)
    # Never blocks: a pipe put at the name since is opened and refused, not waited on.
    handle = os.open(path, os.O_RDONLY | _NEVER_BLOCK | getattr(os, "O_BINARY", 0))
    with os.fdopen(handle, "rb") as file:
        found = os.fstat(handle)
        kind = kind_of(found.st_mode)
        if kind is not None:
            raise NotAFileError(path, kind)
        if found.st_size > most:
            raise TooLargeError(path, most)
        body = file.read(most + 1)
    if len(body) > most:
        raise TooLargeError(path, most)
    return body


def write_whole(path: Path, write: Callable[[BinaryIO], Written], *,
                private: bool = False) -> Written:
    """``write`` the file at ``path`` whole, or not at all (see the module's words); what
    ``write`` returned. ``private``: readable by its owner only (it holds payment details);
    otherwise a file replaced keeps its permissions and a new one gets the umask's.
    Raises ``NotAFileError`` before anything is opened, ``WriteFailedError`` when the disk
    or the folder fails it; whatever ``write`` raises passes through, and nothing is left."""
    _refuse_unless_a_file(path)
    folder = path.parent
    try:
        _clear_left_behind(folder)
        handle, temporary = _temporary(folder, path.name, private)
    except OSError as error:
        raise WriteFailedError(path, error) from error
    watched = _Watched(lambda data: os.write(handle, data))
    out = io.BufferedWriter(watched, buffer_size=1 << 16)
    try:
        written = write(out)
        out.flush()
        if private and os.name == "posix":
            os.fchmod(handle, OWNER_ONLY)  # whatever the umask
        elif not private:
            _keep_permissions(path, handle)
        os.fsync(handle)
        _refuse_unless_a_file(path)  # nothing put at the name meanwhile is replaced
        os.replace(temporary, path)
    except BaseException as error:
        _remove(temporary)
        if watched.failed is not None:  # whatever it became on its way out (a store's
            # own words for a disk): the disk under this file is what failed
            raise WriteFailedError(path, watched.failed) from error
        if isinstance(error, OSError) and not isinstance(error, NotAFileError):
            raise WriteFailedError(path, error) from error
        raise
    finally:
        watched.to = None
        out.close()
        os.close(handle)
    _sync_folder(folder)
    return written


def mount_point(folder: Path) -> Path:
    """The folder the disk under ``folder`` is mounted on (``/`` at the most), named when
    that disk fails a write."""
    place = Path(os.path.abspath(folder))
    while not place.exists() and place != place.parent:
        place = place.parent
    while not os.path.ismount(place) and place != place.parent:
        place = place.parent
    return place


class _Watched(io.RawIOBase):
    """A file's writes, with the first failure kept: whatever layer it passes through on
    its way out (a CSV streamed from the store, a backup read in the store's snapshot)
    may say it in its own words, and it is still the file's disk that failed."""

    def __init__(self, write: Callable[[bytes], int | None]) -> None:
        super().__init__()
        self.to: Callable[[bytes], int | None] | None = write  # None once done with
        self.failed: OSError | None = None

    def writable(self) -> bool:
        return True

    def write(self, data: bytes | bytearray | memoryview) -> int:  # type: ignore[override]
        if self.to is None:  # what is left in the buffer after a failure goes nowhere
            return len(data)
        try:
            written = self.to(bytes(data))
        except OSError as error:
            self.failed = self.failed or error
            raise
        return len(data) if written is None else written


def write_to(stream: BinaryIO, name: Path, write: Callable[[BinaryIO], Written]) -> Written:
    """``write`` into ``stream`` (standard output, called ``name``), flushed; a failure of
    the stream itself (the reader gone, its disk full) is ``WriteFailedError``."""
    watched = _Watched(stream.write)
    out = io.BufferedWriter(watched, buffer_size=1 << 16)
    try:
        written = write(out)
        out.flush()
        stream.flush()
    except BaseException as error:
        failed = watched.failed or (error if isinstance(error, OSError) else None)
        if failed is not None:
            raise WriteFailedError(name, failed) from error
        raise
    finally:
        watched.to = None
        out.close()
    return written


def _refuse_unless_a_file(path: Path) -> None:
    try:
        found = path.lstat()  # a link is refused as a link, wherever it points
    except FileNotFoundError:
        return
    except OSError as error:
        raise WriteFailedError(path, error) from error
    kind = kind_of(found.st_mode)
    if kind is not None:
        raise NotAFileError(path, kind)


def _temporary(folder: Path, name: str, private: bool) -> tuple[int, Path]:
    """A new temporary file in ``folder``, locked (``fcntl``) while it is written."""
    while True:
        temporary = folder / (f"{TEMPORARY[0]}{name[:_NAME_KEPT]}-{secrets.token_hex(6)}"
                              f"{TEMPORARY[1]}")
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NO_LINK
                         | getattr(os, "O_BINARY", 0), OWNER_ONLY if private else 0o666)
        if fcntl is None:
            return handle, temporary
        fcntl.flock(handle, fcntl.LOCK_EX)
        if os.fstat(handle).st_nlink:  # not taken for a kill's leftover in the moment
            return handle, temporary  # between its creation and its lock
        os.close(handle)


def _clear_left_behind(folder: Path) -> None:
    """Remove the temporary files in ``folder`` that no writer holds: a kill's leftovers."""
    if fcntl is None:
        return
    try:
        names = [entry.name for entry in os.scandir(folder)
                 if entry.name.startswith(TEMPORARY[0]) and entry.name.endswith(TEMPORARY[1])]
    except FileNotFoundError:
        return
    for name in names:
        left = folder / name
        try:
            handle = os.open(left, os.O_RDONLY | _NEVER_BLOCK | _NO_LINK)
        except OSError:  # gone already, or a link of that name: not ours to remove
            continue
        try:
            if not stat.S_ISREG(os.fstat(handle).st_mode):
                continue
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:  # a writer at work
                continue
            _remove(left)
        finally:
            os.close(handle)


def _keep_permissions(path: Path, handle: int) -> None:
    """A file replaced keeps who may read it (an export over one made private stays so)."""
    try:
        kept = path.stat().st_mode & 0o7777
    except FileNotFoundError:
        return
    if os.name == "posix":
        os.fchmod(handle, kept)


def _remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()


def _sync_folder(folder: Path) -> None:
    """The rename itself made durable (a crash right after it keeps the new file)."""
    if os.name != "posix":
        return
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:  # a filesystem that syncs no folders: the file itself is synced
        pass
    finally:
        os.close(handle)
