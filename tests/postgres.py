"""A private PostgreSQL server on 127.0.0.1 for the tests, started and stopped by them.

Debian's postgresql package provides the binaries; the server runs as the
``postgres`` user (PostgreSQL refuses root) in a fresh data folder.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.ports import free_port


def _binaries() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        raise RuntimeError("PostgreSQL is not installed: run tests/run.sh, which installs it")
    return Path(found[-1]).parent


def _as_postgres(*command: str) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else list(command)


@dataclass
class Cluster:
    """A private server: its URL, and how to restart it (as a club's server is restarted
    under its connected clients), or stop it for a while and start it again."""

    url: str
    restart: Callable[[], None]
    stop: Callable[[], None]
    start: Callable[[], None]


@contextmanager
def postgres_server(durable: bool = False) -> Iterator[str]:
    """Yields a SQLAlchemy URL of an empty database on a server of its own. Tests run it
    without fsync (they test logic, not disks); benchmarks ask for a durable one."""
    with postgres_cluster(durable) as cluster:
        yield cluster.url


@contextmanager
def postgres_cluster(durable: bool = False) -> Iterator[Cluster]:
    """``postgres_server``, with the way to restart it."""
    bin_dir = _binaries()
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    data, port = folder / "data", free_port()
    run = lambda *c: subprocess.run(_as_postgres(*c), check=True, capture_output=True)  # noqa: E731
    run(str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
    options = f"-h 127.0.0.1 -p {port} -k {folder}" + ("" if durable else " -c fsync=off")

    def pg_ctl(*command: str) -> None:  # each returns once the server is up, or down
        run(str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(folder / "log"), "-w",
            "-m", "fast", "-o", options, *command)

    pg_ctl("start")

    try:
        for _ in range(50):
            ready = subprocess.run([str(bin_dir / "pg_isready"), "-h", "127.0.0.1", "-p",
                                    str(port)], capture_output=True)
            if ready.returncode == 0:
                break
            time.sleep(0.1)
        run(str(bin_dir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres",
            "scorekeeper")
        yield Cluster(f"postgresql+psycopg://postgres@127.0.0.1:{port}/scorekeeper",
                      restart=lambda: pg_ctl("restart"), stop=lambda: pg_ctl("stop"),
                      start=lambda: pg_ctl("start"))
    finally:
        # A test may have left it stopped: then there is nothing to stop.
        subprocess.run(_as_postgres(str(bin_dir / "pg_ctl"), "-D", str(data), "-m",
                                    "immediate", "stop"), capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)
