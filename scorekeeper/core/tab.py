"""A group's running tab and its season table (RULES.md, "Groups and the running tab").

A group plays many evenings and settles when it likes. Its tab is, per player, the money
of the group's finished sessions plus what they have paid out less what they received,
in those sessions and on the tab itself; balances sum to zero, and the fewest transfers
settle them. The season table counts each evening (a date) as one: played, won (the
highest money of the evening, every player on it when equal), money, flights.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from scorekeeper.core.errors import refuse
from scorekeeper.core.owed import Handover, handover, owed_transfers, paid, paid_between
from scorekeeper.core.settle import Transfer
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
    sessions: int
    lines: tuple[TabLine, ...]
    transfers: tuple[Transfer, ...]
    handed: tuple[Handover, ...] = ()  # every payment counted, the sessions' and the tab's

    def paid_towards(self, transfer: Transfer) -> int:
        """What the transfer's payer has already handed its payee: "paid 4.00 of 7.00"."""
        return max(0, paid_between(transfer.payer, transfer.payee, self.handed))

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(line.name for line in self.lines)

    def player(self, name: str, group: str) -> str:
        """The player of ``group``'s tab a typed name means (any case); refused if nobody
        of that name played in its finished sessions."""
        for player in self.players:
            if name_key(player) == name_key(name):
                return player
        raise refuse("tab.unknown_player", player=name, group=group)


@dataclass(frozen=True, slots=True)
class SeasonLine:
    name: str
    evenings: int
    evenings_won: int
    money: int
    flights: int

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
    if table.rules.end_pot == "carry":
        raise refuse("group.carries_pot")
    if group_has_sessions and table.money.currency != group_currency:
        raise refuse("group.other_currency", currency=group_currency or "-",
                     other=table.money.currency or "-")


def in_order(results: Iterable[SessionResult]) -> list[SessionResult]:
    """By the evening's date; sessions of one evening in the order they were stored
    (the order given: the sort is stable)."""
    return sorted(results, key=lambda result: result.played_on)


def everyone(results: Sequence[SessionResult]) -> list[str]:
    """Everyone who played, in order of first appearance."""
    return list(dict.fromkeys(player for result in in_order(results)
                              for player in result.players))


def running_tab(results: Sequence[SessionResult], own: Sequence[Handover] = ()) -> Tab:
    """The tab of a group's finished sessions, with the payments made on the tab itself."""
    players = everyone(results)
    won = dict.fromkeys(players, 0)
    for result in results:
        for player in result.players:
            won[player] += result.money[player]
    handed = tuple(given for result in results for given in result.payments) + tuple(own)
    net = paid(players, handed)
    lines = tuple(TabLine(p, won[p], net[p], won[p] + net[p]) for p in players)
    # The same rule as a session's settle-up: a tab transfer paid in part keeps the rest.
    return Tab(len(results), lines, tuple(owed_transfers(won, handed)), handed)


def seasons(results: Iterable[SessionResult]) -> list[int]:
    """The years the group played in, newest first."""
    return sorted({result.played_on.year for result in results}, reverse=True)


def season_table(results: Sequence[SessionResult], year: int) -> list[SeasonLine]:
    """The season ``year``: per player, evenings played and won, money, flights; the
    most money first, then the most evenings won, then order of first appearance."""
    played = [result for result in in_order(results) if result.played_on.year == year]
    evenings: dict[date, dict[str, int]] = {}
    flights: dict[str, int] = {}
    for result in played:
        evening = evenings.setdefault(result.played_on, {})
        for player in result.players:
            evening[player] = evening.get(player, 0) + result.money[player]
            flights[player] = flights.get(player, 0) + result.flights[player]
    lines = []
    for player in everyone(played):
        their = [evening for evening in evenings.values() if player in evening]
        lines.append(SeasonLine(
            player, len(their),
            sum(evening[player] == max(evening.values()) for evening in their),
            sum(evening[player] for evening in their), flights[player]))
    first = {line.name: seat for seat, line in enumerate(lines)}
    return sorted(lines, key=lambda line: (-line.money, -line.evenings_won, first[line.name]))


def tab_handover(payer: str, payee: str, minor: int, tab: Tab, group: str) -> Handover:
    """A payment on the tab of ``group``, between two players of its finished sessions
    (as typed, in any case)."""
    return handover(tab.player(payer, group), tab.player(payee, group), minor, tab.players)


__all__ = ["SeasonLine", "SessionResult", "Tab", "TabLine", "in_order", "may_join",
           "running_tab", "season_table", "seasons", "tab_handover"]
