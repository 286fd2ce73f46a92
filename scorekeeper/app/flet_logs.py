"""Flet's debug lines: off, and not even asked for, unless a person asks for them.

Flet 1.0.5 asks its loggers for a debug line at every step of drawing a component and
diffing a control: one Save at a table of four asked about 3,400 times (counted with
tests/e2e/render_watch.py), each call finding the level off and returning. Unless debug
lines are asked for (``FLET_LOG_LEVEL=debug``, as ``flet run -v`` sets it, or logging set
to DEBUG before the app starts), each of Flet's loggers is given a ``debug`` that does
nothing, and the calls stop there, short of the logging machinery.
"""

from __future__ import annotations

import logging
import os
from typing import Any

# The loggers Flet asks while it draws, diffs and sends (flet/components, flet/controls,
# flet/messaging), and flet-web's, asked at each message it receives.
FLET_LOGGERS = ("flet", "flet_components", "flet_controls", "flet_object_patch",
                "flet_transport", "flet_web", "flet_web.fastapi")


def _not_asked(*_args: Any, **_kwargs: Any) -> None:
    """A debug line nobody asked for."""


def asked_for() -> bool:
    """Debug lines are wanted: Flet's own switch, or logging already at DEBUG."""
    if os.environ.get("FLET_LOG_LEVEL", "").strip().upper() == "DEBUG":
        return True
    return any(logging.getLogger(name).isEnabledFor(logging.DEBUG) for name in FLET_LOGGERS)


def quiet_unless_asked() -> bool:
    """Flet's debug calls skipped where nobody asked for them; True if they are."""
    quiet = not asked_for()
    for name in FLET_LOGGERS:
        logger = logging.getLogger(name)
        if quiet:
            logger.debug = _not_asked  # type: ignore[method-assign]
        else:
            vars(logger).pop("debug", None)  # the logger's own, which writes them
    return quiet
