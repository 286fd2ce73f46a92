"""A Flet server's CPU per event: ``python -m tests.bench.cpu_watch ARGS`` runs the command
line with ARGS (``serve``), and ``watch()`` does the same for any Flet page run in the
process. Each event a page sends writes ``start`` with the process's CPU time, and each
message the server sends back ``sent``, to the file ``$SCOREKEEPER_CPU_LOG``: from the one
to the last of the other is what the server spent on a tap (``cpu_ms``)."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Sequence
from typing import Any

from flet.messaging.session import Session


def watch() -> None:
    log = open(os.environ["SCOREKEEPER_CPU_LOG"], "a", buffering=1, encoding="utf-8")  # noqa: SIM115
    dispatch, send = Session.dispatch_event, Session._Session__send_message  # type: ignore[attr-defined]

    async def dispatched(self: Session, *args: Any, **kwargs: Any) -> Any:
        log.write(f"start {time.process_time_ns()}\n")
        return await dispatch(self, *args, **kwargs)

    def sent(self: Session, message: Any) -> Any:
        done = send(self, message)
        log.write(f"sent {time.process_time_ns()}\n")
        return done

    Session.dispatch_event = dispatched  # type: ignore[method-assign]
    Session._Session__send_message = sent  # type: ignore[attr-defined]


def cpu_ms(lines: Sequence[str]) -> float:
    """The CPU milliseconds from the first event in ``lines`` to the last message sent."""
    start = next(int(line.split()[1]) for line in lines if line.startswith("start"))
    end = [int(line.split()[1]) for line in lines if line.startswith("sent")][-1]
    return (end - start) / 1e6


if __name__ == "__main__":
    watch()
    from scorekeeper.cli import main

    main(sys.argv[1:], prog_name="scorekeeper")
