"""The part of PyPI that the phone's dependency resolution reads, recorded in
tests/phone_index/ and served on a loopback address, so that tests/test_packaging.py asks pip
the phone's question without leaving this machine.

Recorded, for each project pip asks about: its simple-index page (PEP 691 JSON) cut to the
wheels a phone could take (pure Python, Android, iOS; pip passes over the rest for the phone's
platform tags anyway, and sdists for ``--only-binary``), and the ``METADATA`` headers of each
wheel pip reads. Served, each recorded wheel is a stand-in holding only that metadata, which is all
pip reads of a wheel for a dry run; a request for anything not recorded is answered 404, so
a resolution that needs more fails instead of quietly going elsewhere.

To record again (the phone's dependencies changed, or to look at today's PyPI)::

    rm -r tests/phone_index
    SCOREKEEPER_RECORD_PHONE_INDEX=1 python3 -m pytest -n0 tests/test_packaging.py -k phone
"""

from __future__ import annotations

import base64
import functools
import hashlib
import io
import json
import os
import re
import threading
import urllib.request
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

RECORDED = Path(__file__).with_name("phone_index")
PYPI = "https://pypi.org/simple"
SIMPLE_JSON = "application/vnd.pypi.simple.v1+json"
# What pip reads of a file entry; the rest (upload time, size) only makes the record longer.
KEPT = ("filename", "url", "hashes", "requires-python", "yanked")


def recording() -> bool:
    return os.environ.get("SCOREKEEPER_RECORD_PHONE_INDEX") == "1"


def phone_could_take(filename: str) -> bool:
    """A wheel whose platform tag (the last part of its name; several joined by dots) is
    pure Python, Android or iOS."""
    if not filename.endswith(".whl"):
        return False
    platforms = filename.removesuffix(".whl").split("-")[-1].split(".")
    return any(tag == "any" or tag.startswith(("android_", "ios_")) for tag in platforms)


def _fetch(url: str, accept: str = "*/*") -> bytes:
    with urllib.request.urlopen(urllib.request.Request(url, headers={"Accept": accept}),
                                timeout=60) as response:
        return response.read()


def _page(project: str) -> Path:
    path = RECORDED / "simple" / f"{project}.json"
    if not path.exists() and recording():
        upstream = json.loads(_fetch(f"{PYPI}/{project}/", SIMPLE_JSON))
        files = [{key: entry[key] for key in KEPT if key in entry}
                 for entry in upstream["files"] if phone_could_take(entry["filename"])]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"meta": {"api-version": "1.0"}, "name": upstream["name"],
                                    "files": files}, indent=1, sort_keys=True) + "\n")
    return path


def _metadata(filename: str) -> Path:
    return RECORDED / "metadata" / f"{filename}.metadata"


def _upstream(project: str, filename: str) -> str:
    files = json.loads(_page(project).read_text())["files"]
    (url,) = [entry["url"] for entry in files if entry["filename"] == filename]
    return url


def _record_wheel(project: str, filename: str) -> bytes:
    """The wheel from PyPI, for pip while recording; its METADATA is kept, less the long
    description that follows the headers (pip reads the headers alone)."""
    wheel = _fetch(_upstream(project, filename))
    with zipfile.ZipFile(io.BytesIO(wheel)) as contents:
        (inside,) = [name for name in contents.namelist()
                     if re.fullmatch(r"[^/]+\.dist-info/METADATA", name)]
        headers, _, _description = contents.read(inside).partition(b"\n\n")
    _metadata(filename).parent.mkdir(parents=True, exist_ok=True)
    _metadata(filename).write_bytes(headers + b"\n")
    return wheel


@functools.cache
def wheel_holding(filename: str, metadata: bytes) -> bytes:
    """A wheel named ``filename`` that holds nothing but its metadata: all that pip reads of
    a wheel to resolve, and all it needs to report a dry run. The same bytes every time (the
    zip's dates are fixed), so an index can give its hash."""
    name, version, *_ = filename.removesuffix(".whl").split("-")
    tags = filename.removesuffix(".whl").split("-")[-3:]
    info = f"{name}-{version}.dist-info"
    files = {
        f"{info}/METADATA": metadata,
        f"{info}/WHEEL": ("Wheel-Version: 1.0\nGenerator: tests\nRoot-Is-Purelib: false\n"
                          f"Tag: {'-'.join(tags)}\n").encode(),
    }
    record = "".join(f"{path},sha256={_urlsafe_digest(body)},{len(body)}\n"
                     for path, body in files.items()) + f"{info}/RECORD,,\n"
    files[f"{info}/RECORD"] = record.encode()
    wheel = io.BytesIO()
    with zipfile.ZipFile(wheel, "w") as contents:
        for path, body in files.items():
            contents.writestr(zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0)), body)
    return wheel.getvalue()


def _urlsafe_digest(body: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(body).digest()).rstrip(b"=").decode()


def _stand_in(filename: str) -> bytes | None:
    """The wheel served for ``filename``: one holding its recorded metadata, if recorded."""
    metadata = _metadata(filename)
    return wheel_holding(filename, metadata.read_bytes()) if metadata.exists() else None


def _served(project: str, page: Path) -> dict[str, Any]:
    """The recorded page with its files here, each recorded one's hash the stand-in's."""
    listed = json.loads(page.read_text())
    for entry in listed["files"]:
        entry["url"] = f"/files/{project}/{entry['filename']}"
        if (wheel := _stand_in(entry["filename"])) is not None:
            entry["hashes"] = {"sha256": hashlib.sha256(wheel).hexdigest()}
    return listed


class RecordedIndex(BaseHTTPRequestHandler):
    """``/simple/<project>/`` and ``/files/<project>/<wheel>``, from the record."""

    def do_GET(self) -> None:
        if found := re.fullmatch(r"/simple/([a-z0-9-]+)/", self.path):
            page = _page(found[1])
            if page.exists():
                self._answer(json.dumps(_served(found[1], page)).encode(), SIMPLE_JSON)
                return
        elif found := re.fullmatch(r"/files/([a-z0-9-]+)/([^/]+\.whl)", self.path):
            if (wheel := _stand_in(found[2])) is not None:
                self._answer(wheel, "application/octet-stream")
                return
            if recording():
                self._answer(_record_wheel(found[1], found[2]), "application/octet-stream")
                return
        self.server.unrecorded.append(self.path)  # type: ignore[attr-defined]
        self.send_error(404, "not in the recorded phone index (tests/phone_index.py)")

    def _answer(self, body: bytes, content_type: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        if recording():
            super().log_message(format, *args)


@dataclass
class ServedIndex:
    url: str  # for pip's --index-url
    unrecorded: list[str]  # what pip asked for that the record does not hold


@contextmanager
def served_phone_index() -> Iterator[ServedIndex]:
    """The recorded index on a loopback port."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), RecordedIndex)
    served = ServedIndex(f"http://127.0.0.1:{server.server_address[1]}/simple", [])
    server.unrecorded = served.unrecorded  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield served
    finally:
        server.shutdown()
        server.server_close()
