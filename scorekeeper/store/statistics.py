"""Lifetime statistics of a player, per game, added up from the stored standings."""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session as Db

from scorekeeper.core.text import name_key
from scorekeeper.store.database import reading
from scorekeeper.store.models import PlayerRow, SessionRow, StandingRow


@dataclass(slots=True)
class Lifetime:
    """One player's record in one variant (or, with ``variant="*"``, in all of them)."""

    variant: str
    sessions: int = 0
    deals_played: int = 0
    tricks: int = 0
    flights: int = 0
    games_won: int = 0
    money: dict[str, int] = field(default_factory=dict)  # minor units by currency ("" none)

    def add(self, other: Lifetime) -> None:
        self.sessions += other.sessions
        self.deals_played += other.deals_played
        self.tricks += other.tricks
        self.flights += other.flights
        self.games_won += other.games_won
        for currency, minor in other.money.items():
            self.money[currency] = self.money.get(currency, 0) + minor


def lifetimes(engine: Engine, player: str | None = None) -> dict[str, list[Lifetime]]:
    """Every player's record (or one player's), by name key, in one query."""
    query = (
        select(
            PlayerRow.name_key, SessionRow.variant, SessionRow.currency, func.count(),
            func.sum(StandingRow.deals_played), func.sum(StandingRow.tricks),
            func.sum(StandingRow.flights), func.sum(StandingRow.games_won),
            func.sum(StandingRow.minor),
        )
        .join(SessionRow, SessionRow.id == StandingRow.session_id)
        .join(PlayerRow, PlayerRow.id == StandingRow.player_id)
        .group_by(PlayerRow.name_key, SessionRow.variant, SessionRow.currency)
        .order_by(PlayerRow.name_key, SessionRow.variant)
    )
    if player is not None:
        query = query.where(PlayerRow.name_key == name_key(player))
    by_player: dict[str, dict[str, Lifetime]] = {}
    with Db(reading(engine)) as db:
        for key, variant, currency, sessions, deals, tricks, flights, won, minor in (
            db.execute(query)
        ):
            row = Lifetime(variant, sessions, deals, tricks, flights, won,
                           {currency or "": int(minor)})
            by_player.setdefault(key, {}).setdefault(variant, Lifetime(variant)).add(row)
    return {key: _with_total(list(rows.values())) for key, rows in by_player.items()}


def _with_total(rows: list[Lifetime]) -> list[Lifetime]:
    total = Lifetime("*")
    for row in rows:
        total.add(row)
    return [*rows, total]
