"""Shared helpers for the rule tests: build tables and sessions the way RULES.md writes them."""

from __future__ import annotations

from collections.abc import Iterable

from scorekeeper.core import Deal, Session, make_money, make_table


def session_of(
    variant: str,
    players: Iterable[str],
    deals: Iterable[Deal] = (),
    *,
    options: dict[str, object] | None = None,
    unit: str = "1",
    first_dealer: str | None = None,
) -> Session:
    table = make_table(variant, list(players), first_dealer, options, make_money(unit))
    return Session.replay(table, deals)


def units(session: Session) -> dict[str, int]:
    """Every player's net units, the way the RULES.md tables list them."""
    per_unit = session.table.money.minor_per_unit
    return {p: session.state.balances[p] // per_unit for p in session.table.players}


def pot(session: Session) -> int:
    return session.state.pot // session.table.money.minor_per_unit
