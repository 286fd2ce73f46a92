"""Settle-up: the fewest transfers that bring every balance exactly to zero.

The minimum is (accounts with a non-zero balance) - (the largest number of
disjoint zero-sum groups). A card table has at most nine players (and the pot),
so an exact search over subsets is cheap; but it grows as 3^n, and a group's tab or an
evening that many joined can hold more (18 accounts paired +1/-1: 4 s, 20: half a
minute). Beyond ``EXACT`` accounts, two who owe each other the same amount settle
between themselves first (a group of two is in some best partition), and what is left,
if still beyond ``EXACT``, is settled as one group (one transfer fewer than its
accounts, where the fewest may be fewer still), in time that grows with the square of
the accounts. Within each
group, debtors pay from the largest debt down, each paying the largest creditor left
until their debt is gone.
Every transfer clears a debtor or a creditor, so a group of k settles in k - 1.
Ties go in order of play, so the same balances always give the same list.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache


@dataclass(frozen=True, slots=True)
class Transfer:
    payer: str
    payee: str
    minor: int



def fewest_transfers(balances: Mapping[str, int]) -> list[Transfer]:
    """Transfers settling ``balances`` (minor units, summing to zero, listed in order of play)."""
    if sum(balances.values()) != 0:
        raise ValueError("balances must sum to zero to be settled")
    accounts = tuple(name for name, amount in balances.items() if amount)
    amounts = tuple(balances[name] for name in accounts)
    transfers: list[Transfer] = []
    for group in _groups(amounts):
        transfers.extend(_settle_group([accounts[i] for i in group], [amounts[i] for i in group]))
    return transfers


EXACT = 14  # accounts searched exactly: at worst 0.07 s (seven pairs of +1/-1)


def _groups(amounts: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Zero-sum groups of the indices: as many as possible up to ``EXACT`` accounts."""
    if len(amounts) <= EXACT:
        return _zero_sum_groups(amounts)
    pairs: list[tuple[int, ...]] = []
    waiting: dict[int, list[int]] = {}  # an amount: the indices still waiting for its opposite
    for index, amount in enumerate(amounts):
        partners = waiting.get(-amount)
        if partners:
            pairs.append((partners.pop(0), index))
        else:
            waiting.setdefault(amount, []).append(index)
    rest = sorted(index for indices in waiting.values() for index in indices)
    if len(rest) <= EXACT:
        left = [tuple(rest[i] for i in group)
                for group in _zero_sum_groups(tuple(amounts[i] for i in rest))]
    else:
        left = [tuple(rest)] if rest else []
    return sorted([*pairs, *left])


def _zero_sum_groups(amounts: tuple[int, ...]) -> list[tuple[int, ...]]:
    """A partition of the indices into as many zero-sum groups as possible, found exactly.

    Among equally good partitions, the one whose groups pair players earliest in the
    order of play (lexicographically smallest) is chosen, so ties go in order of play.
    """
    count = len(amounts)
    full = (1 << count) - 1
    totals = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        totals[mask] = totals[mask & (mask - 1)] + amounts[low]

    def seats(mask: int) -> tuple[int, ...]:
        return tuple(i for i in range(count) if mask >> i & 1)

    @cache
    def best(mask: int) -> tuple[int, tuple[tuple[int, ...], ...]]:
        """Most zero-sum groups that ``mask`` splits into, and the earliest such split."""
        if not mask:
            return 0, ()
        # The group holding the lowest index: try every zero-sum subset containing it.
        low = mask & -mask
        rest = mask ^ low
        found: tuple[int, tuple[tuple[int, ...], ...]] = (-1, ())
        sub = rest
        while True:
            group = sub | low
            if totals[group] == 0:
                groups, split = best(mask ^ group)
                candidate = (groups + 1, (seats(group), *split))
                if candidate[0] > found[0] or (
                    candidate[0] == found[0] and candidate[1] < found[1]
                ):
                    found = candidate
            if not sub:
                break
            sub = (sub - 1) & rest
        return found

    return list(best(full)[1])


def _settle_group(names: Sequence[str], amounts: Sequence[int]) -> list[Transfer]:
    owed = dict(zip(names, amounts, strict=True))
    seat = {name: i for i, name in enumerate(names)}
    transfers = []
    for payer in sorted((n for n in names if owed[n] < 0), key=lambda n: (owed[n], seat[n])):
        while owed[payer]:
            payee = min((n for n in names if owed[n] > 0), key=lambda n: (-owed[n], seat[n]))
            amount = min(-owed[payer], owed[payee])
            transfers.append(Transfer(payer, payee, amount))
            owed[payer] += amount
            owed[payee] -= amount
    return transfers
