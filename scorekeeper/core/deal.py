"""A deal as the table reports it: who passed, who took what, what went wrong."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Deal:
    """The recorded outcome of one deal; the fields mirror the session file (FORMAT.md).

    ``tricks`` lists tricks per active player; an active player left out took none.
    """

    dealer: str | None = None  # when given, must be the dealer the rotation expects
    passed: tuple[str, ...] = ()
    widow: str | None = None
    general: str | None = None  # declarer of General Rams
    tricks: Mapping[str, int] = field(default_factory=dict)
    fouls: tuple[str, ...] = ()
    forfeit_to: str | None = None
    buy_down: tuple[str, ...] = ()
    conceded: bool = False  # the RH paid the dealer instead of playing
    misdeal: bool = False
    interrupted: bool = False  # ramina: stopped the moment someone reached 0

    def tricks_of(self, player: str) -> int:
        return self.tricks.get(player, 0)
