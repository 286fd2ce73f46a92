"""``scorekeeper`` watched while it draws: ``python -m tests.e2e.render_watch ARGS`` runs the
command line with ARGS, and writes to the file ``$SCOREKEEPER_RENDER_LOG`` a line for every
component drawn (``drew PlayerRow``) and for every debug line a Flet logger was asked to
write, on or off (``debug flet_object_patch``): what a tap costs the server, counted."""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable
from typing import Any

from flet.components.component import Renderer

from scorekeeper.cli import main

LOG = open(os.environ["SCOREKEEPER_RENDER_LOG"], "a", buffering=1, encoding="utf-8")  # noqa: SIM115

real_render = Renderer.render


def render(self: Renderer, root_fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    LOG.write(f"drew {getattr(root_fn, '__name__', repr(root_fn))}\n")
    return real_render(self, root_fn, *args, **kwargs)


Renderer.render = render  # type: ignore[method-assign]

real_debug = logging.Logger.debug


def debug(self: logging.Logger, *args: Any, **kwargs: Any) -> None:
    if self.name.startswith("flet"):
        LOG.write(f"debug {self.name}\n")
    real_debug(self, *args, **kwargs)


logging.Logger.debug = debug  # type: ignore[method-assign]

if __name__ == "__main__":
    main(sys.argv[1:], prog_name="scorekeeper")
