"""Pot games (english, denexa, rounce, pool): the dealer antes, tricks are paid from the pot.

RULES.md, family 1. Amounts are in units; "five tricks" is ``rules.five_tricks``.
"""

from __future__ import annotations

from scorekeeper.core.book import Book
from scorekeeper.core.checks import (
    TRICKS,
    check_general_tricks,
    check_tricks,
    check_widow,
)
from scorekeeper.core.deal import Deal
from scorekeeper.core.errors import RuleError, refuse
from scorekeeper.core.ledger import POT, Entry
from scorekeeper.core.messages import N_, counts, msg
from scorekeeper.core.passing import check_passes, is_single_pot, refusal
from scorekeeper.core.seating import Seating
from scorekeeper.core.state import State
from scorekeeper.core.table import Table


def play(table: Table, state: State, seats: Seating, deal: Deal) -> tuple[State, list[Entry]]:
    book = Book(table, state)
    _ante(table, state, seats, book, deal)
    if deal.misdeal:
        pass  # the deal passes on; the ante stays in the pot (Decision)
    elif deal.conceded:
        _concede(table, state, seats, book, deal)
    elif deal.general is not None:
        _general_rams(table, state, seats, book, deal)
    else:
        _tricks(table, state, seats, book, deal)
    return book.posted(state), book.entries


def _ante(table: Table, state: State, seats: Seating, book: Book, deal: Deal) -> None:
    """The dealer antes, always, even into a pot that is not empty."""
    if deal.misdeal:
        key, paragraph = N_("ledger.ante_misdeal"), "misdeal"
    elif not table.rules.single_pot:
        key, paragraph = N_("ledger.ante"), "ante"
    elif is_single_pot(table, state):
        key, paragraph = N_("ledger.ante_single"), "single_pot"
    else:
        key, paragraph = N_("ledger.ante_double"), "double_pot"
    units = table.rules.five_tricks
    book.pay(seats.dealer, POT, units,
             msg(key, paragraph=paragraph, player=seats.dealer, units=units))


def _concede(table: Table, state: State, seats: Seating, book: Book, deal: Deal) -> None:
    """Everyone before the RH passed and the RH paid the dealer instead of playing."""
    before_rh = seats.before(seats.rh)
    if is_single_pot(table, state):
        raise RuleError(refusal(msg("must.single_pot", paragraph="single_pot"), seats.rh))
    check_passes(table, state, seats, deal, speakers=before_rh)
    if (set(deal.passed) - {seats.rh}) != set(before_rh):
        raise refuse("deal.concede_needs_passes", paragraph="rh", player=seats.rh)
    if deal.tricks or deal.widow or deal.fouls or deal.forfeit_to:
        raise refuse("deal.concede_not_played", paragraph="rh")
    units = table.rules.five_tricks
    book.pay(seats.rh, seats.dealer, units,
             msg("ledger.conceded", paragraph="rh", player=seats.rh, dealer=seats.dealer,
                 units=units))


def _active(table: Table, state: State, seats: Seating, deal: Deal) -> list[str]:
    check_passes(table, state, seats, deal)
    check_widow(table.rules, seats, deal)
    active = [p for p in seats.order if p not in deal.passed]
    if active == [seats.rh]:
        # Only when the dealer of six sits out: the RH may not play alone.
        raise RuleError(refusal(msg("must.rh_concede", paragraph="rh"), seats.rh))
    check_tricks(deal, active, total=None if deal.general else TRICKS)
    for player in deal.fouls:
        if player not in active:
            raise refuse("deal.foul_not_active", paragraph="foul", player=player)
    if deal.forfeit_to is not None:
        if not deal.fouls or deal.general is not None:
            raise refuse("deal.forfeit_without_foul", paragraph="forfeit", player=deal.forfeit_to)
        if deal.forfeit_to not in active or deal.forfeit_to in deal.fouls:
            raise refuse("deal.forfeit_to_not_active", paragraph="forfeit", player=deal.forfeit_to)
    return active


def _general_rams(table: Table, state: State, seats: Seating, book: Book, deal: Deal) -> None:
    declarer = deal.general
    assert declarer is not None
    book.went_in(_active(table, state, seats, deal), deal.tricks)
    won = check_general_tricks(deal, declarer)
    units = table.rules.five_tricks
    pot = book.units(POT)
    others = [p for p in seats.order if p != declarer]
    paragraph = "general_won" if won else "general_lost"
    if won:
        book.pay(POT, declarer, pot,
                 msg("ledger.general_won_pot", paragraph=paragraph, player=declarer, units=pot))
        for player in others:
            book.pay(player, declarer, units, msg("ledger.general_won_pays", paragraph=paragraph,
                                                  player=player, declarer=declarer, units=units))
    else:
        book.pay(declarer, POT, pot,
                 msg("ledger.general_lost_pot", paragraph=paragraph, player=declarer, units=pot))
        for player in others:
            book.pay(declarer, player, units, msg("ledger.general_lost_pays", paragraph=paragraph,
                                                  player=declarer, to=player, units=units))
    _fouls(table, book, deal)


def _tricks(table: Table, state: State, seats: Seating, book: Book, deal: Deal) -> None:
    active = _active(table, state, seats, deal)
    book.went_in(active, deal.tricks)
    rules = table.rules
    pot = book.units(POT)
    # Shares are rounded down; a rest stays in the pot (Decision, for house rules
    # that leave the pot off a multiple of five).
    share = 1 if rules.trick_pays_one else pot // TRICKS
    tricks = deal.tricks
    for player in active:
        taken = tricks.get(player, 0)
        if not taken:
            continue
        units = taken * share
        if player not in deal.fouls:
            reason = msg("ledger.trick_share", paragraph="trick_share", player=player,
                         tricks=taken, share=share,
                         units=units)
            book.pay(POT, player, units, reason)
        elif deal.forfeit_to is not None:
            book.pay(POT, deal.forfeit_to, units,
                     msg(counts("ledger.forfeit", "tricks"), paragraph="forfeit",
                         player=deal.forfeit_to,
                         offender=player, tricks=taken, units=units))
    _fouls(table, book, deal)
    # Flights pay after the split, so their units wait in the pot for the next deal.
    for player in active:
        if not tricks.get(player, 0):
            book.pay(player, POT, rules.five_tricks,
                     msg("ledger.flight", paragraph="flight", player=player,
                         units=rules.five_tricks))
            book.fly(player)


def _fouls(table: Table, book: Book, deal: Deal) -> None:
    units = table.rules.foul_costs
    for player in deal.fouls:
        taken = deal.tricks_of(player) if deal.general is None else 0
        book.pay(player, POT, units,
                 msg(counts("ledger.foul_no_share", "tricks") if taken else N_("ledger.foul"),
                     paragraph="foul", player=player, tricks=taken, units=units))
