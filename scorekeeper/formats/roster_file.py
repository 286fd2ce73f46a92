"""The roster file: the players and their payment details, to move to another device.

    {"format": "scorekeeper-roster/1",
     "players": [{"name": "Dag", "swish": "0701234567"},
                 {"name": "Urs", "iban": "CH93...", "holder": "Urs Meier", ...}]}

Loading checks it whole like any input: a file with one bad detail is refused, naming
the player and the detail, and nothing of it is taken.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from scorekeeper.core.errors import RuleError, refuse
from scorekeeper.core.payee import DETAIL_FIELDS
from scorekeeper.core.table import Table
from scorekeeper.core.text import player_name
from scorekeeper.formats.bounds import bound_roster, bound_text
from scorekeeper.i18n import render
from scorekeeper.payments.details import PaymentDetails, payment_details

FORMAT = "scorekeeper-roster/1"
DETAILS = "payment_details"  # the players' details, added to a session file only when asked


def dump_roster(names: Sequence[str], details: Mapping[str, PaymentDetails]) -> bytes:
    """The roster as UTF-8 JSON: every name, with the details each has."""
    players = [{"name": name, **(detail_fields(details[name]) if name in details else {})}
               for name in names]
    return json.dumps({"format": FORMAT, "players": players}, ensure_ascii=False,
                      indent=2).encode("utf-8")


def load_roster(data: bytes | str, language: str = "en") -> dict[str, PaymentDetails]:
    """Each player's details, checked (``RuleError`` names the player and the problem,
    in ``language``)."""
    bound_text(data)
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
        document = json.loads(text.removeprefix("\ufeff"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise refuse("roster.not_json") from None
    except ValueError:  # a number of thousands of digits: Python will not even read it
        raise refuse("roster.number_too_long") from None
    bound_roster(document)  # counted first, as a session file is
    if not isinstance(document, dict) or not isinstance(document.get("players"), list):
        raise refuse("roster.not_a_roster")
    if document.get("format", FORMAT) != FORMAT:
        raise refuse("roster.format", format=str(document.get("format"))[:40])
    roster: dict[str, PaymentDetails] = {}
    seen: set[str] = set()
    for number, player in enumerate(document["players"], start=1):
        name = player.get("name") if isinstance(player, dict) else None
        if not isinstance(name, str) or not name.strip():
            raise refuse("roster.player", number=number)
        try:  # checked as a name typed in: no control characters, no lone surrogates
            name = player_name(name)
        except RuleError as error:
            raise refuse("roster.name_refused", number=number,
                         reason=render(error.message, language)) from None
        if name.casefold() in seen:
            raise refuse("roster.duplicate", player=name)
        seen.add(name.casefold())
        for field in DETAIL_FIELDS:
            if not isinstance(player.get(field, ""), str | None):
                raise refuse("roster.field", field=field, player=name)
        try:
            roster[name] = payment_details(**{f: player.get(f) for f in DETAIL_FIELDS})
        except RuleError as error:
            raise refuse("roster.player_refused", player=name,
                         reason=render(error.message, language)) from None
    return roster


def with_details(document: Mapping[str, object], table: Table,
                 details: Mapping[str, PaymentDetails]) -> dict[str, object]:
    """``document`` with the seated players' payment details added (the input is kept)."""
    out = dict(document)
    given = {player: detail_fields(details[player]) for player in table.players
             if player in details and not details[player].empty}
    if given:
        out[DETAILS] = given
    return out


def detail_fields(details: PaymentDetails) -> dict[str, str]:
    """The details that are set, by field name (the roster file uses the same shape)."""
    return {field: value for field in DETAIL_FIELDS
            if (value := getattr(details, field)) is not None}


def load_details(document: Mapping[str, object], table: Table) -> dict[str, PaymentDetails]:
    """The payment details a session file carries (if it was written with them),
    each checked like details typed in."""
    given = document.get(DETAILS) or {}
    if not isinstance(given, dict):
        raise refuse("roster.field", field=DETAILS, player="")
    found = {}
    for name, fields in given.items():
        player = table.resolve(name)
        if player is None or not isinstance(fields, dict) or not all(
                isinstance(fields.get(f, ""), str) for f in DETAIL_FIELDS):
            raise refuse("roster.field", field=DETAILS, player=str(name)[:40])
        found[player] = payment_details(**{f: fields.get(f) for f in DETAIL_FIELDS})
    return found
