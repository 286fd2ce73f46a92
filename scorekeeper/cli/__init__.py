"""The command line: everything that is not play at the table.

``base`` is the frame (the group, its options, how a command refuses); each other module
adds its commands to it when imported here.
"""

from scorekeeper.cli import (  # noqa: F401 (they add the commands)
    backup,
    groups,
    players,
    serving,
    sessions,
    versus,
)
from scorekeeper.cli.base import main

__all__ = ["main"]
