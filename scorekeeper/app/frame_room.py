"""Room on CPython's frame stack for the event loop, so that drawing a change maps no memory.

CPython (3.11 on) keeps the frames of Python calls on a per-thread stack made of chunks,
and gives a chunk back to the system the moment the call that began it returns. Flet's
diff walks down the control tree and back, recursively, hundreds of times a change; each
time its depth crosses a chunk's end a fresh chunk is mapped and its pages faulted in
(perf: 96 % of a Save's page faults; 145 to 300 a Save, 1.5 to 2 ms of its server's CPU
on these machines). Run from a frame that begins a chunk with room for all the event
loop stacks on it, the loop's calls never cross a chunk's end: a Save faults in 1 to 6
pages (tests/bench, BENCHMARKS.md).
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

# A frame of this many slots (57 KiB) is too big for the chunk in use and begins one of its
# own, which CPython 3.11 makes 128 KiB: about 70 KiB above the frame, a few hundred frames,
# more than the loop and Flet's diff go deep.
ROOM_SLOTS = 7200


def _call(run: Callable[[], T]) -> T:
    return run()


# ``_call`` with ROOM_SLOTS more local variables, never set: only its frame's size changes.
_code = _call.__code__
_roomy = types.FunctionType(
    _code.replace(co_varnames=_code.co_varnames + tuple(f"_{n}" for n in range(ROOM_SLOTS)),
                  co_nlocals=_code.co_nlocals + ROOM_SLOTS),
    _call.__globals__, "_roomy")


def with_room(run: Callable[[], T]) -> T:
    """``run()`` (an event loop, for as long as the app runs) with room on the frame stack."""
    return _roomy(run)
