"""Checks every family makes on a recorded deal before it touches anything."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import replace

from scorekeeper.core.deal import Deal, dealt_plainly
from scorekeeper.core.errors import refuse
from scorekeeper.core.fields import TRICKS, deal_fields
from scorekeeper.core.messages import N_
from scorekeeper.core.presets import Rules
from scorekeeper.core.seating import Seating
from scorekeeper.core.state import State
from scorekeeper.core.text import name_key, quote


def resolve_names(state: State, deal: Deal) -> Deal:
    """The deal with every name as seated (trimmed, any case, NFC); unknown or doubled names
    refused, and so are the names of players who are away."""
    seated = frozenset(state.seated)
    if _as_seated(seated, deal):
        return deal  # the common case, as the app and the store write deals: nothing to do
    by_key = {name_key(p): p for p in seated}
    away = {name_key(p): p for p in state.away}

    def one(name: str | None) -> str | None:
        if name is None:
            return None
        key = name_key(name) if isinstance(name, str) else None
        player = by_key.get(key)
        if player is None:
            if key in away:
                raise refuse("deal.player_away", paragraph="between_deals", player=away[key])
            raise refuse("deal.unknown_player", player=quote(name))
        return player

    def many(names: Iterable[str], field: str) -> tuple[str, ...]:
        players: list[str] = []
        for name in names:
            player = one(name)
            assert player is not None
            if player in players:
                raise refuse("deal.listed_twice", player=player, field=field)
            players.append(player)
        return tuple(players)

    tricks: dict[str, int] = {}
    for name, count in deal.tricks.items():
        player = one(name)
        assert player is not None
        if player in tricks:
            raise refuse("deal.listed_twice", player=player, field="tricks")
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= TRICKS:
            raise refuse("deal.tricks_range", paragraph="cards", player=player)
        tricks[player] = count
    return replace(
        deal,
        dealer=one(deal.dealer),
        passed=many(deal.passed, "pass"),
        widow=one(deal.widow),
        general=one(deal.general),
        tricks=tricks,
        fouls=many(deal.fouls, "fouls"),
        forfeit_to=one(deal.forfeit_to),
        buy_down=many(deal.buy_down, "buy_down"),
    )


def _as_seated(seated: frozenset[str], deal: Deal) -> bool:
    """Every name exactly as seated, none twice, every trick count in range.

    Exactly: the seated names are NFC, so a name typed decomposed ("A" plus a combining
    ring) is not found here and goes through ``name_key``, which maps it."""
    for names in (deal.passed, deal.fouls, deal.buy_down):
        if len(set(names)) != len(names) or any(n not in seated for n in names):
            return False
    for name in (deal.dealer, deal.widow, deal.general, deal.forfeit_to):
        if name is not None and name not in seated:
            return False
    return all(
        p in seated and type(n) is int and 0 <= n <= TRICKS for p, n in deal.tricks.items()
    )


def check_dealer(state: State, deal: Deal) -> None:
    if deal.dealer is not None and deal.dealer != state.dealer:
        raise refuse("deal.wrong_dealer", paragraph="deal_passes", player=deal.dealer,
                     dealer=state.dealer)


def check_fields(rules: Rules, deal: Deal) -> None:
    """Refuse what the variant does not have (a widow in mattmar, fouls outside english...)."""
    if dealt_plainly(deal):
        return  # a dealer and tricks, as most deals: every variant has those
    offered = deal_fields(rules)
    present = {  # each field: whether the deal uses it, its refusal, the paragraph that has it
        "widow": (deal.widow is not None, N_("deal.no_widow"), "widow"),
        "general": (deal.general is not None, N_("deal.no_general"), "general"),
        "fouls": (bool(deal.fouls or deal.forfeit_to), N_("deal.no_fouls"), "foul"),
        "buy_down": (bool(deal.buy_down), N_("deal.no_buy_down"), "buy_down"),
        "conceded": (deal.conceded, N_("deal.no_conceded"), "rh"),
        "interrupted": (deal.interrupted, N_("deal.no_interrupted"), "ramina"),
    }
    for field, (used, key, paragraph) in present.items():
        if used and not getattr(offered, field):
            raise refuse(key, paragraph=paragraph, variant=rules.variant)
    if deal.misdeal and (deal.passed or deal.tricks or deal.widow or deal.general or deal.fouls
                         or deal.forfeit_to or deal.buy_down or deal.conceded or deal.interrupted):
        raise refuse("deal.misdeal_alone", paragraph="misdeal")


def check_seated(seats: Seating, deal: Deal) -> None:
    """Nobody sitting this deal out (the dealer of six, a player out of the game) is named."""
    named = {*deal.passed, *deal.tricks, *deal.fouls, *deal.buy_down}
    named.update(p for p in (deal.widow, deal.general, deal.forfeit_to) if p is not None)
    for player in seats.sitting_out:
        if player in named:
            raise refuse("deal.sitting_out", paragraph="sits_out", player=player)


def check_tricks(deal: Deal, active: Collection[str], total: int | None = TRICKS) -> None:
    """Tricks only for active players; all five accounted for (``total=None``: up to five)."""
    for player in deal.tricks:
        if player not in active:
            raise refuse("deal.tricks_not_active", player=player)
    taken = sum(deal.tricks.values())
    if total is not None and taken != total:
        raise refuse("deal.tricks_total", paragraph="cards", taken=taken, total=total)
    if taken > TRICKS:
        raise refuse("deal.tricks_total", paragraph="cards", taken=taken, total=TRICKS)


def check_widow(rules: Rules, seats: Seating, deal: Deal) -> None:
    if deal.widow is not None and rules.widow == "forehand" and deal.widow != seats.forehand:
        raise refuse("deal.widow_forehand", paragraph="widow", player=deal.widow,
                     forehand=seats.forehand)


def check_general_tricks(deal: Deal, declarer: str) -> bool:
    """General Rams stops at the first trick the declarer loses; True when it succeeded."""
    own = deal.tricks_of(declarer)
    others = {p: n for p, n in deal.tricks.items() if p != declarer and n}
    if own == TRICKS and not others:
        return True
    if len(others) != 1 or next(iter(others.values())) != 1:
        raise refuse("deal.general_stops", paragraph="general", declarer=declarer)
    return False
