"""PostgreSQL's CPU, from the kernel's account of each process of one server (its
backends, WAL writer and checkpointer): what a benchmark's night or turn cost it."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy.engine import make_url

from tests.bench.tables_bench import spent


def postgres_running(url: str) -> dict[str, float]:
    """CPU seconds so far of each process of the PostgreSQL server at ``url``, by its pid:
    the server started for the night and its children, not another PostgreSQL that other
    work on the machine runs (counted whole before, a test suite's servers were a third of
    the night's PostgreSQL figure)."""
    server = _postmaster(make_url(url).port)
    running = {}
    for pid in Path("/proc").glob("[0-9]*"):
        try:
            if (pid / "comm").read_text().strip() == "postgres" and server in (
                    pid.name, (pid / "stat").read_text().rpartition(")")[2].split()[1]):
                running[pid.name] = spent(str(pid / "schedstat")).running
        except OSError:
            pass  # gone between the listing and the reading
    return running


def _postmaster(port: int | None) -> str | None:
    """The pid of the PostgreSQL server listening on ``port`` (its command line says it)."""
    for pid in Path("/proc").glob("[0-9]*"):
        try:
            command = (pid / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if Path(command[0].decode(errors="replace")).name == "postgres" and (
                str(port).encode() in command):
            return pid.name
    return None


def postgres_since(url: str, before: dict[str, float]) -> float:
    """PostgreSQL's CPU seconds since ``before``: a process started since counts whole, one
    ended since is not counted (its part is lost with it: a connection's backend lives
    as long as the servers' pools keep it, through the night)."""
    return sum(cpu - before.get(pid, 0.0) for pid, cpu in postgres_running(url).items())
