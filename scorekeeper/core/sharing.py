"""Sharing an amount out fairly: equal shares, the indivisible rest one at a time in order."""

from __future__ import annotations

from collections.abc import Sequence


def from_seat(players: Sequence[str], first: str) -> tuple[str, ...]:
    """``players`` in order of play, starting with ``first``."""
    seat = players.index(first)
    return (*players[seat:], *players[:seat])


def share_out(total: int, recipients: Sequence[str]) -> dict[str, int]:
    """``total`` split equally; the rest goes one each to the first recipients in order."""
    each, rest = divmod(total, len(recipients))
    return {player: each + (1 if seat < rest else 0) for seat, player in enumerate(recipients)}
