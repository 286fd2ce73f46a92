"""The session file (FORMAT.md): the app's lossless export, its import, replay's input.

An external contract: field names are kept to the letter. Readers ignore fields
they do not know; a file that breaks a rule is refused with the deal and the rule.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from functools import lru_cache

from scorekeeper.core.deal import Deal, deal_of_record, deal_record
from scorekeeper.core.errors import RuleError, refuse
from scorekeeper.core.owed import Handover
from scorekeeper.core.session import Session
from scorekeeper.core.table import Money, Table, make_money, make_table
from scorekeeper.core.text import group_name, name_key, player_name, quote, session_name
from scorekeeper.formats.bounds import bound_session, bound_text
from scorekeeper.formats.session_payments import PAYMENTS, load_payments, payments_field

FORMAT = "scorekeeper/1"
# A uid a file brings (FORMAT.md: a session's, a tab payment's): ours are UUIDs; another
# program's may be any short token, but never text that could be more than a name.
UID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:-]{0,63}")
# What the uid a restore gives a session file without one is made from (a UUID of its
# content, RFC 4122's name-based kind): any fixed UUID; this one must never change.
CONTENT = uuid.UUID("5c0be4ee-6a3b-4e2c-9d1f-0b5e7a1c2d66")


@dataclass(frozen=True, slots=True)
class Evening:
    """What a session file says of the session besides its deals (FORMAT.md): the money
    handed over, the group it belongs to, the evening's date, and whether it was finished."""

    payments: tuple[Handover, ...] = ()
    group: str | None = None
    played_on: date | None = None  # None: the day it is stored
    finished: bool = False
    uid: str | None = None  # None: it gets one when stored


PLAIN = Evening()  # a session file with none of these fields


@dataclass(frozen=True, slots=True)
class SessionFile:
    name: str
    table: Table
    deals: tuple[Deal, ...]
    evening: Evening = PLAIN

    def replay(self) -> Session:
        return Session.replay(self.table, self.deals)


def load_session(text: str) -> SessionFile:
    """Parse a session file's text; refuses broken JSON and broken rules alike."""
    bound_text(text)
    try:
        # A byte-order mark (some Windows editors write one) is not part of the JSON.
        document = json.loads(text.removeprefix("\ufeff"), parse_float=Decimal)
    except (json.JSONDecodeError, RecursionError):
        raise refuse("file.not_json") from None
    except ValueError:  # a number too long to be a number of anything at a card table
        raise refuse("file.number_too_long") from None
    return parse_session(document)


def parse_session(document: object) -> SessionFile:
    bound_session(document)  # counted first: every check below is linear in what is left
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
        _money(money.get("unit", 1), money.get("currency")),
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
    return SessionFile(name, table, tuple(parsed),
                       _evening(document, table, tuple(took_part_in(table, parsed).values())))


def _money(unit: object, currency: object) -> Money:
    """The file's money, checked (``make_money``). A club's evenings are all in the same
    few: a unit and currency written as text or a whole number are worked out once."""
    if type(unit) in (str, int) and (currency is None or type(currency) is str):
        return _money_of(unit, currency)
    return make_money(unit, currency)  # type: ignore[arg-type]  # make_money refuses the rest


@lru_cache(maxsize=64)
def _money_of(unit: str | int, currency: str | None) -> Money:
    return make_money(unit, currency)


def took_part_in(table: Table, deals: Sequence[Deal]) -> dict[str, str]:
    """Everyone who took part (``took_part``): the players at the start and everyone the
    deals seat later."""
    return took_part(table.players, (join.name for deal in deals for join in deal.joins))


def took_part(players: Sequence[str], joiners: Iterable[object]) -> dict[str, str]:
    """``players`` and each of ``joiners`` not among them already, by their names' keys,
    as the file names them, in order (a joiner's name that is no name is refused with
    its deal when the deals are replayed)."""
    everyone = {name_key(player): player for player in players}
    for name in joiners:
        try:
            joiner = player_name(name)
        except RuleError:
            continue
        everyone.setdefault(name_key(joiner), joiner)
    return everyone


def _evening(document: dict[str, object], table: Table, players: tuple[str, ...]) -> Evening:
    group = document.get("group")
    played_on = document.get("played_on")
    finished = document.get("finished", False)
    if played_on is not None:
        if not isinstance(played_on, str) or len(played_on) != len("2026-11-27"):
            raise refuse("file.played_on", date=quote(played_on))
        try:
            played_on = date.fromisoformat(played_on)
        except ValueError:
            raise refuse("file.played_on", date=quote(played_on)) from None
    if not isinstance(finished, bool):
        raise refuse("file.finished")
    return Evening(load_payments(document, table, players),
                   None if group is None else group_name(group), played_on, finished,
                   checked_uid(document.get("uid")))


def checked_uid(uid: object) -> str | None:
    """A uid as a file gives it (None: none given); refused unless a short token."""
    if uid is None:
        return None
    if not isinstance(uid, str) or not UID.fullmatch(uid):
        raise refuse("file.uid", uid=quote(uid))
    return uid


def content_uid(file: SessionFile, occurrence: int = 1) -> str:
    """The uid a restore gives ``file``'s session when the file carries none (a hand-made
    or older file): made from all it holds, so that restoring the file again finds the
    session there. ``occurrence``: the same content met again in one backup is another
    session (two evenings the same to the last trick), with a uid of its own."""
    held = json.dumps(session_document(file.name, file.table, file.deals, file.evening),
                      sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return str(uuid.uuid5(CONTENT, f"{occurrence}:{held}"))


def dump_session(name: str, session: Session, evening: Evening = PLAIN, *,
                 stored_on: date | None = None) -> dict[str, object]:
    """The session as a FORMAT.md document; parsing it back gives the same session and
    ``evening`` (its date ``stored_on`` when it has none of its own)."""
    return session_document(name, session.table, session.deals, evening, stored_on=stored_on)


def session_document(name: str, table: Table, deals: Sequence[Deal],
                     evening: Evening = PLAIN, *,
                     stored_on: date | None = None) -> dict[str, object]:
    """``dump_session`` from the table and its deals as recorded (the rules have checked
    them when they were stored): what a backup writes of each session without replaying
    it."""
    document: dict[str, object] = {"format": FORMAT}
    if evening.uid is not None:
        document["uid"] = evening.uid
    document |= {
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
    document["deals"] = [deal_record(deal) for deal in deals]
    document[PAYMENTS] = payments_field(evening.payments, table.money)
    document["group"] = evening.group
    played_on = evening.played_on or stored_on
    document["played_on"] = played_on.isoformat() if played_on else None
    document["finished"] = evening.finished
    return document
