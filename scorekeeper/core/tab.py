"""A group's running tab and its season table (RULES.md, "Groups and the running tab").

A group plays many evenings and settles when it likes. Its tab is, per player, the money
of the group's finished sessions plus what they have paid out less what they received,
in those sessions and on the tab itself; balances sum to zero, and the fewest transfers
settle them. The season table counts each evening (a date) as one: played, won (the
highest money of the evening, every player on it when equal), money, flights.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from typing import TypeVar

from scorekeeper.core.errors import refuse
from scorekeeper.core.owed import (
    Handover,
    PlanChange,
    handover,
    owed_transfers,
    paid,
    paid_between,
    plan_change,
)
from scorekeeper.core.settle import Transfer
from scorekeeper.core.standings import shared_places
from scorekeeper.core.table import Table
from scorekeeper.core.text import name_key


@dataclass(frozen=True, slots=True)
class SessionResult:
    """One finished session of a group, as the tab and the season table need it."""

    played_on: date
    players: tuple[str, ...]  # in order of play
    money: Mapping[str, int]  # minor units, after the end-of-session rule
    flights: Mapping[str, int]
    payments: tuple[Handover, ...] = ()


@dataclass(frozen=True, slots=True)
class TabLine:
    name: str
    won: int  # the money of the group's finished sessions
    paid: int  # paid out less received
    balance: int  # won + paid: still to come (+) or still to pay (-)


@dataclass(frozen=True, slots=True)
class Tab:
    sessions: int  # the finished sessions counted (``len``: FORMAT.md's ``sessions``)
    lines: tuple[TabLine, ...]
    transfers: tuple[Transfer, ...]
    handed: tuple[Handover, ...] = ()  # every payment counted, the sessions' and the tab's
    changed: PlanChange | None = None  # what the last payment on the tab did to the plan
    evenings: int = 0  # the dates they were played on (``by_evening``)
    # Payments on the tab itself that name someone who is not on it (an older version's
    # restore stored them unchecked): shown, counted in no balance.
    not_counted: tuple[Handover, ...] = ()

    def paid_towards(self, transfer: Transfer) -> int:
        """What the transfer's payer has already handed its payee: "paid 4.00 of 7.00"."""
        return max(0, paid_between(transfer.payer, transfer.payee, self.handed))

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(line.name for line in self.lines)

    def player(self, name: str, group: str) -> str:
        """The player of ``group``'s tab a typed name means (any case); refused if nobody
        of that name played in its finished sessions."""
        return tab_player(spelled(self.players), name, group)

    def counts(self, given: Handover) -> bool:
        """Whether a payment on the tab itself counts in its balances."""
        return counted(given, spelled(self.players)) is not None


@dataclass(frozen=True, slots=True)
class SeasonLine:
    name: str
    evenings: int
    evenings_won: int
    money: int
    flights: int
    place: int = 1  # in the season table: equal money and evenings won share a place

    @property
    def per_evening(self) -> int:
        """Money per evening played, in whole minor units (half a cent to the even)."""
        whole, rest = divmod(self.money, self.evenings)
        if 2 * rest > self.evenings or (2 * rest == self.evenings and whole % 2):
            whole += 1
        return whole


def may_join(table: Table, group_currency: str | None, group_has_sessions: bool) -> None:
    """Refuse a session a group's tab cannot take: one in another currency than the
    group's (its first session fixed it), or one that carries its pot over (its balances
    would not sum to zero)."""
    may_join_as(table.rules.end_pot, table.money.currency, group_currency, group_has_sessions)


def may_join_as(end_pot: str, currency: str | None, group_currency: str | None,
                group_has_sessions: bool) -> None:
    """``may_join`` from what it needs of the table: how its pot ends, and its currency
    (a restore's other processes hand on plain values, not the table)."""
    if end_pot == "carry":
        raise refuse("group.carries_pot")
    if group_has_sessions and currency != group_currency:
        raise refuse("group.other_currency", currency=group_currency or "-",
                     other=currency or "-")


Played = TypeVar("Played")


def by_evening(sessions: Iterable[Played], played_on: Callable[[Played], date]
               ) -> dict[date, list[Played]]:
    """A group's sessions by evening, the evenings in date order, each evening's sessions
    in the order given (stored): an evening is a date (README, "Season table"), however
    many sessions were played on it. What the tab, the season and the group's list of
    evenings count as an evening."""
    evenings: dict[date, list[Played]] = {}
    for session in sorted(sessions, key=played_on):  # stable: the order stored stays
        evenings.setdefault(played_on(session), []).append(session)
    return evenings


def _played_on(result: SessionResult) -> date:
    return result.played_on


def in_order(results: Iterable[SessionResult]) -> list[SessionResult]:
    """By the evening's date; sessions of one evening in the order they were stored
    (the order given: the sort is stable)."""
    return sorted(results, key=lambda result: result.played_on)


def everyone(results: Sequence[SessionResult]) -> list[str]:
    """Everyone who played, in order of first appearance."""
    return list(dict.fromkeys(player for result in in_order(results)
                              for player in result.players))


def running_tab(results: Sequence[SessionResult], own: Sequence[Handover] = ()) -> Tab:
    """The tab of a group's finished sessions, with the payments made on the tab itself
    (each between two of its players, as ``tab_handover`` takes them; any other is listed
    as not counted, so the balances sum to zero whatever is stored)."""
    players = everyone(results)
    won = dict.fromkeys(players, 0)
    for result in results:
        for player in result.players:
            won[player] += result.money[player]
    names = spelled(players)
    on_tab = [(given, counted(given, names)) for given in own]
    handed = tuple(given for result in results for given in result.payments) + tuple(
        kept for _, kept in on_tab if kept is not None)
    net = paid(players, handed)
    lines = tuple(TabLine(p, won[p], net[p], won[p] + net[p]) for p in players)
    # The same rule as a session's settle-up: a tab transfer paid in part keeps the rest.
    # The tab says what its own last payment did to the plan; a session's, its settle-up.
    return Tab(len(results), lines, tuple(owed_transfers(won, handed)), handed,
               plan_change(won, handed) if own else None,
               len(by_evening(results, _played_on)),
               tuple(given for given, kept in on_tab if kept is None))


def spelled(players: Iterable[str]) -> dict[str, str]:
    """Each player of a tab by their name's key: "astrid" is the tab's Astrid."""
    return {name_key(player): player for player in players}


def counted(given: Handover, names: Mapping[str, str]) -> Handover | None:
    """A payment on the tab as its balances count it: between two of its players
    (``names``, by ``spelled``), written as the tab spells them; or None."""
    payer, payee = names.get(name_key(given.payer)), names.get(name_key(given.payee))
    if payer is None or payee is None or payer == payee or given.minor <= 0:
        return None
    return Handover(payer, payee, given.minor)


def tab_player(names: Mapping[str, str], name: str, group: str) -> str:
    """The player of ``group``'s tab (``names``: its players, by ``spelled``) a typed name
    means (any case); refused if nobody of that name played in its finished sessions."""
    player = names.get(name_key(name))
    if player is None:
        raise refuse("tab.unknown_player", player=name, group=group)
    return player


def seasons(results: Iterable[SessionResult]) -> list[int]:
    """The years the group played in, newest first."""
    return sorted({result.played_on.year for result in results}, reverse=True)


def season_table(results: Sequence[SessionResult], year: int) -> list[SeasonLine]:
    """The season ``year``: per player, evenings played and won, money, flights, and the
    place; the most money first, then the most evenings won (equal on both: a shared
    place), then order of first appearance."""
    played = [result for result in in_order(results) if result.played_on.year == year]
    evenings: list[dict[str, int]] = []  # each evening's money per player who played it
    flights: dict[str, int] = {}
    for sessions in by_evening(played, _played_on).values():
        evening: dict[str, int] = {}
        for result in sessions:
            for player in result.players:
                evening[player] = evening.get(player, 0) + result.money[player]
                flights[player] = flights.get(player, 0) + result.flights[player]
        evenings.append(evening)
    lines = []
    for player in everyone(played):
        their = [evening for evening in evenings if player in evening]
        lines.append(SeasonLine(
            player, len(their),
            sum(evening[player] == max(evening.values()) for evening in their),
            sum(evening[player] for evening in their), flights[player]))
    first = {line.name: seat for seat, line in enumerate(lines)}
    lines.sort(key=lambda line: (-line.money, -line.evenings_won, first[line.name]))
    places = shared_places([(line.money, line.evenings_won) for line in lines])
    return [replace(line, place=place) for line, place in zip(lines, places, strict=True)]


def tab_handover(payer: str, payee: str, minor: int, names: Mapping[str, str],
                 group: str) -> Handover:
    """A payment on the tab of ``group``, between two of its players (``names``, by
    ``spelled``: those of its finished sessions), as typed, in any case, and kept as the
    tab spells them: what ``pay`` records, and what a restore brings."""
    on_tab = tab_player(names, payer, group), tab_player(names, payee, group)
    return handover(*on_tab, minor, on_tab)


__all__ = ["SeasonLine", "SessionResult", "Tab", "TabLine", "by_evening", "counted", "in_order",
           "may_join", "may_join_as", "running_tab", "season_table", "seasons", "spelled",
           "tab_handover", "tab_player"]
