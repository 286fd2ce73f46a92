"""The session file (FORMAT.md): the app's lossless export, its import, replay's input.

An external contract: field names are kept to the letter. Readers ignore fields
they do not know; a file that breaks a rule is refused with the deal and the rule.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from decimal import Decimal

from scorekeeper.core.deal import Deal, deal_of_record, deal_record
from scorekeeper.core.errors import RuleError, refuse
from scorekeeper.core.session import Session
from scorekeeper.core.table import Table, make_money, make_table
from scorekeeper.core.text import quote, session_name

FORMAT = "scorekeeper/1"


@dataclass(frozen=True, slots=True)
class SessionFile:
    name: str
    table: Table
    deals: tuple[Deal, ...]

    def replay(self) -> Session:
        return Session.replay(self.table, self.deals)


def load_session(text: str) -> SessionFile:
    """Parse a session file's text; refuses broken JSON and broken rules alike."""
    try:
        # A byte-order mark (some Windows editors write one) is not part of the JSON.
        document = json.loads(text.removeprefix("\ufeff"), parse_float=Decimal)
    except (json.JSONDecodeError, RecursionError):
        raise refuse("file.not_json") from None
    except ValueError:  # a number too long to be a number of anything at a card table
        raise refuse("file.number_too_long") from None
    return parse_session(document)


def parse_session(document: object) -> SessionFile:
    if not isinstance(document, dict):
        raise refuse("file.not_an_object")
    if document.get("format", FORMAT) != FORMAT:
        raise refuse("file.format", format=quote(document.get("format")))
    players = document.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise refuse("file.players")
    options = document.get("options") or {}
    if not isinstance(options, dict):
        raise refuse("file.options")
    money = document.get("money") or {}
    if not isinstance(money, dict):
        raise refuse("file.money")
    first_dealer = document.get("first_dealer")
    if first_dealer is not None and not isinstance(first_dealer, str):
        raise refuse("setup.unknown_first_dealer", player=quote(first_dealer))
    name = session_name(document.get("name"))
    table = make_table(
        document.get("variant"),  # type: ignore[arg-type]  # make_table refuses a non-text
        players,
        first_dealer,
        options,
        make_money(money.get("unit", 1), money.get("currency")),
    )
    deals = document.get("deals") or []
    if not isinstance(deals, list):
        raise refuse("file.deals")
    parsed = []
    for number, deal in enumerate(deals, start=1):
        try:
            parsed.append(deal_of_record(deal))
        except RuleError as error:
            raise error.at(number) from None
    return SessionFile(name, table, tuple(parsed))


def dump_session(name: str, session: Session) -> dict[str, object]:
    """The session as a FORMAT.md document; parsing it back gives the same session."""
    table = session.table
    document: dict[str, object] = {
        "format": FORMAT,
        "name": name,
        "variant": table.rules.variant,
        "options": dict(table.options),
        "players": list(table.players),
        "first_dealer": table.first_dealer,
    }
    if table.money.currency or table.money.unit != 1:
        money: dict[str, str] = {"unit": str(table.money.unit)}
        if table.money.currency:
            money = {"currency": table.money.currency, **money}
        document["money"] = money
    document["deals"] = [deal_record(deal) for deal in session.deals]
    return document
