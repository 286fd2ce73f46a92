"""CSV of the ledger (one row per entry) and of the standings (one row per player, best
first, as the card, ``show`` and the score sheet rank them).

UTF-8 with a byte-order mark, so "Åsa Öberg" opens cleanly in a spreadsheet. No text
cell can become a formula there (``spreadsheet_safe``); numbers are written as numbers.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from typing import TextIO

from scorekeeper.core import (
    N_,
    POT,
    Closing,
    Entry,
    Payment,
    ScoreChange,
    State,
    Table,
    games_won,
    session_standings,
    standing,
)
from scorekeeper.core.owed import Handover
from scorekeeper.core.text import FORMULA_STARTS
from scorekeeper.formats.replay import units
from scorekeeper.i18n import render, text
from scorekeeper.i18n.accounts import payment_line

ENCODING = "utf-8-sig"  # the mark tells spreadsheets the file is UTF-8


def spreadsheet_safe(cell: object) -> object:
    """A text cell that a spreadsheet would run as a formula gets a leading single quote
    ("=CMD|..." is written "'=CMD|..."); numbers, and all other text, are left alone.

    By the cell's type: -5 or Decimal("-13.50") is a number, never a formula."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell


def safe_row(cells: Iterable[object]) -> list[object]:
    return [spreadsheet_safe(cell) for cell in cells]

LEDGER_COLUMNS = ("session", "deal", "kind", "from", "to", "player", "units", "points",
                  "money", "currency", "reason", "rule")
# A row per player, best first (``place``: the session's standings, last so that a column
# keeps the position it had before the rows were ranked); ``seat``: in order of play.
STANDINGS_COLUMNS = ("player", "seat", "score", "units", "flights", "deals_played", "tricks",
                     "games_won", "money", "currency", "place")


def write_ledger(out: TextIO, session_name: str, table: Table, entries: Iterable[Entry],
                 language: str = "en", payments: Iterable[Handover] = (),
                 finished: bool = False) -> int:
    """Every entry, in order, then a row of kind ``paid`` for each payment, in the order
    they were made (no deal; the same columns), and for a finished session a last row of
    kind ``finished``; returns how many rows were written."""
    writer = csv.writer(out)
    writer.writerow(LEDGER_COLUMNS)
    money = table.money
    pot = text("ledger.pot_account", language)
    count = 0
    for entry in entries:
        reason = render(entry.reason, language)
        if isinstance(entry, Payment):
            row = [session_name, entry.deal, "payment",
                   pot if entry.payer == POT else entry.payer,
                   pot if entry.payee == POT else entry.payee, "",
                   units(entry.minor, money), "", money.to_decimal(entry.minor),
                   money.currency or "", reason, entry.reason.key]
        elif isinstance(entry, ScoreChange):
            row = [session_name, entry.deal, "score", "", "", entry.player, "", entry.points,
                   "", "", reason, entry.reason.key]
        else:  # a player sat down or stood up
            row = [session_name, entry.deal, "seat", "", "", entry.player, "", "",
                   "", "", reason, entry.reason.key]
        writer.writerow(safe_row(row))
        count += 1
    for given in payments:
        writer.writerow(safe_row([
            session_name, "", "paid", given.payer, given.payee, "", units(given.minor, money),
            "", money.to_decimal(given.minor), money.currency or "",
            payment_line(given.payer, given.payee, given.minor, money, language),
            N_("payments.paid_amount")]))
        count += 1
    if finished:
        writer.writerow(safe_row([session_name, "", "finished", "", "", "", "", "", "", "",
                                  text("card.finished", language), N_("card.finished")]))
        count += 1
    return count


def write_standings(out: TextIO, table: Table, state: State, closing: Closing) -> None:
    writer = csv.writer(out)
    writer.writerow(STANDINGS_COLUMNS)
    scores = standing(table, state)
    won = games_won(table, state)
    seats = {player: seat for seat, player in enumerate(state.everyone, start=1)}
    for placing in session_standings(table, state, closing):
        player = placing.player
        writer.writerow(safe_row([
            player, seats[player], scores[player], units(state.balances[player], table.money),
            state.flights[player], state.played[player], state.tricks[player], won[player],
            table.money.to_decimal(closing.money[player]), table.money.currency or "",
            placing.place,
        ]))
