"""``scorekeeper`` watched while it draws: ``python -m tests.e2e.drawing_watch ARGS`` runs the
command line with ARGS, and writes to the file ``$SCOREKEEPER_DRAWING_LOG`` one line for
every database statement, every replay of deals and every payment code drawn as a picture
while a component draws. Screens only draw: what they show was loaded when the route or
the session's version changed (README, "How the code is laid out"), so the file stays
empty."""

from __future__ import annotations

import os
import sys
import threading
import traceback
from collections.abc import Callable
from typing import Any

from flet.components.component import Renderer
from sqlalchemy import event
from sqlalchemy.engine import Engine

import scorekeeper.app.shell
import scorekeeper.payments.images
import scorekeeper.session.changes
import scorekeeper.session.scorebook
from scorekeeper.cli import main
from scorekeeper.core import Session

LOG = open(os.environ["SCOREKEEPER_DRAWING_LOG"], "a", buffering=1, encoding="utf-8")  # noqa: SIM115
drawing = threading.local()  # the component drawing on this thread, if any


def tell(what: str) -> None:
    component = getattr(drawing, "component", None)
    if component is None:
        return
    here = [f"{frame.filename.rsplit('/scorekeeper/', 1)[-1]}:{frame.lineno}"
            for frame in traceback.extract_stack()[:-2] if "/scorekeeper/" in frame.filename]
    LOG.write(f"{what} while {component} draws (at {' < '.join(reversed(here[-4:]))})\n")


real_render = Renderer.render


def render(self: Renderer, root_fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    outer = getattr(drawing, "component", None)
    drawing.component = getattr(root_fn, "__name__", repr(root_fn))
    try:
        return real_render(self, root_fn, *args, **kwargs)
    finally:
        drawing.component = outer


Renderer.render = render  # type: ignore[method-assign]


@event.listens_for(Engine, "before_cursor_execute")
def statement(_connection: Any, _cursor: Any, sql: str, *_rest: Any) -> None:
    tell(f"the statement {' '.join(sql.split()[:4])!r}")


def counted(name: str, real: Callable[..., Any]) -> Callable[..., Any]:
    def watched(*args: Any, **kwargs: Any) -> Any:
        tell(name)
        return real(*args, **kwargs)

    return watched


# A replay is what costs: every deal of a session (or of its newest page) checked again.
# Checking the one deal being entered is no replay.
Session._replay_from = counted("a replay", Session._replay_from)  # type: ignore[method-assign]
scorekeeper.session.changes.recent_steps = counted("a replay of the newest deals",
                                                   scorekeeper.session.changes.recent_steps)
scorekeeper.payments.images.png = counted("a payment code drawn",
                                          scorekeeper.payments.images.png)

if __name__ == "__main__":
    main(sys.argv[1:], prog_name="scorekeeper")
