"""Two devices doing something at the same moment: each call on a thread (or a process) of
its own, all released together by a barrier, so the store's locks, not the order of the
threads, decide."""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Callable


def at_once(*calls: Callable[[], object]) -> list[object]:
    """Run ``calls`` at once; what each returned, or the exception it raised, in order."""
    barrier = threading.Barrier(len(calls), timeout=30)
    results: list[object] = [None] * len(calls)

    def run(i: int) -> None:
        barrier.wait()
        try:
            results[i] = calls[i]()
        except Exception as error:
            results[i] = error

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
        assert not thread.is_alive(), "a device is still waiting after a minute"
    return results


def two_processes(device: Callable[..., None], *args: object) -> list[object]:
    """Run ``device(barrier, told, *args)`` in two processes of their own (as two servers
    on one database are): ``barrier`` releases both together, ``told`` gathers what each
    put in it. Every item told, once both processes have finished.

    Each process is forked from multiprocessing's fork server, a process that imported the
    device's module and never opened a database: no copy of this process's connections, as
    with a spawned process, without starting Python and importing SQLAlchemy and the store
    twice per test (1.5 CPU-s each). It gets this process's environment as it is now, as a
    spawned one would."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([device.__module__])  # read when the server first starts
    barrier, told = context.Barrier(2, timeout=60), context.Queue()
    processes = [context.Process(target=_with_environment,
                                 args=(dict(os.environ), device, barrier, told, *args))
                 for _ in range(2)]
    for process in processes:
        process.start()
    heard = []
    while len([item for item in heard if item is None]) < len(processes):
        heard.append(told.get(timeout=120))  # each device ends with None
    for process in processes:
        process.join(timeout=60)
        assert process.exitcode == 0, f"a device ended with exit code {process.exitcode}"
    return [item for item in heard if item is not None]


def _with_environment(environment: dict[str, str], device: Callable[..., None],
                      *args: object) -> None:
    os.environ.clear()
    os.environ.update(environment)
    device(*args)
