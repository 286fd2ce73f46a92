"""The browser tests' app servers, started warm.

Each test starts ``python -m scorekeeper serve`` of its own, about 155 a run, and each cold
start (and stop) cost 0.57 CPU-s, most of it Python loading the same libraries (Flet,
FastAPI, SQLAlchemy, Alembic...) again; forked warm, 0.21. So each worker keeps one process
that has loaded them, the starter, which forks every server from itself: the server then
imports the app's own modules afresh, in its own environment, folder and log, and runs the
command as a cold start does. No module of the app is loaded before the fork, so nothing the
app reads while it loads (its environment, its data folder) can be the starter's.

Run as a script, this is the starter: one request per line on stdin (JSON: the module to run,
its arguments, environment, folder and log), the pid of the forked server per line on stdout.
"""

from __future__ import annotations

import importlib
import json
import os
import runpy
import select
import signal
import subprocess
import sys
from pathlib import Path

# What every server loads before it reads its command line: the libraries, never the app.
LIBRARIES = ("flet", "flet_web.fastapi", "uvicorn",
             "uvicorn.protocols.websockets.websockets_sansio_impl", "sqlalchemy.orm", "sqlmodel",
             "alembic.command", "alembic.runtime.migration", "click", "platformdirs", "msgpack")


class Forked:
    """A server the starter forked: not this process's child, so it is signalled and waited
    for through a pidfd (which also keeps a reused pid from being signalled)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        try:
            self._pidfd = os.pidfd_open(pid)
        except ProcessLookupError:  # it failed at once, and the starter has reaped it
            self._pidfd = os.open(os.devnull, os.O_RDONLY)  # always ready: ended

    def ended(self) -> bool:
        return bool(select.select([self._pidfd], [], [], 0)[0])

    def send_signal(self, number: int) -> None:
        if not self.ended():
            signal.pidfd_send_signal(self._pidfd, number)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def wait(self, timeout: float) -> None:
        if not select.select([self._pidfd], [], [], timeout)[0]:
            raise subprocess.TimeoutExpired(f"server {self.pid}", timeout)

    def __del__(self) -> None:
        os.close(self._pidfd)


class Cold(subprocess.Popen):
    """A server started as a person starts it, Python and all."""

    def ended(self) -> bool:
        return self.poll() is not None


class Starter:
    """This worker's starter, started at its first server and ended with the worker."""

    _running: Starter | None = None

    def __init__(self) -> None:
        # The repository, found from here: tests.conftest's REPO would load the app into
        # the starter, which imports this module too.
        self._process = subprocess.Popen(
            [sys.executable, "-m", "tests.e2e.warm_start"], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, cwd=Path(__file__).resolve().parents[2], text=True)

    @classmethod
    def of_this_worker(cls) -> Starter:
        if cls._running is None or cls._running._process.poll() is not None:
            cls._running = cls()
        return cls._running

    def start(self, module: str, args: list[str], env: dict[str, str], cwd: Path,
              log: Path) -> Forked:
        request = {"module": module, "args": args, "env": env, "cwd": str(cwd), "log": str(log)}
        asking, answering = self._process.stdin, self._process.stdout
        assert asking is not None
        assert answering is not None
        asking.write(json.dumps(request) + "\n")
        asking.flush()
        answer = answering.readline()
        if not answer:
            raise RuntimeError("the warm starter has gone: see the worker's output")
        return Forked(int(answer))


def _reap(*_: object) -> None:
    try:
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass
    except ChildProcessError:
        pass


def _become_server(request: dict) -> None:
    """In the forked child: become the server the request asks for. Its exit is a cold
    start's: ``sys.exit`` (or a traceback) leaves through the interpreter's own way out."""
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    log = os.open(request["log"], os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    quiet = os.open(os.devnull, os.O_RDONLY)
    for standard, replacement in ((0, quiet), (1, log), (2, log)):
        os.dup2(replacement, standard)
    os.close(log)
    os.close(quiet)
    sys.stdin = open(0, encoding="utf-8", closefd=False)  # noqa: SIM115
    sys.stdout = open(1, "w", encoding="utf-8", buffering=1, closefd=False)  # noqa: SIM115
    sys.stderr = open(2, "w", encoding="utf-8", buffering=1, closefd=False)  # noqa: SIM115
    sys.argv = [request["module"], *request["args"]]
    runpy.run_module(request["module"], run_name="__main__", alter_sys=True)


def main() -> None:
    for library in LIBRARIES:
        importlib.import_module(library)
    assert not any(name == "scorekeeper" or name.startswith("scorekeeper.")
                   for name in sys.modules), "the starter must not load the app"
    # A fork copies only the thread that forks: a library's thread would be missing in
    # every server, with whatever lock it held.
    assert os.listdir("/proc/self/task") == [str(os.getpid())], "a library started a thread"
    signal.signal(signal.SIGCHLD, _reap)
    for line in sys.stdin:
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:
            _become_server(request)
            return
        print(pid, flush=True)


if __name__ == "__main__":
    main()
