"""Two devices doing something at the same moment: each call on a thread of its own, all
released together by a barrier, so the store's locks, not the order of the threads, decide."""

from __future__ import annotations

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
