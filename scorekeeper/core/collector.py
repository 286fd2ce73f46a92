"""Python's cycle collector, paused while thousands of objects are made that hold no
reference cycles: it would only walk them again and again."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """A replay makes thousands of objects and no reference cycles (the collector took a
    third of a long replay's time); so does reading a group's thousands of evenings."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
