"""The backup file (FORMAT.md, "Everything in one file"): a whole scorebook, bytes in and out.

    {"format": "scorekeeper-backup/1", "made": "2026-11-28T21:15:00Z",
     "players": [{"name": "Astrid", "details": {"swish": "0701234567"}}],
     "groups": [{"name": "Friday group", "currency": "SEK", "payments": [
         {"uid": "…", "from": "Astrid", "to": "Dag", "amount": "5.00", "on": "2026-11-20"}]}],
     "sessions": [{"format": "scorekeeper/1", "uid": "…", "name": "…", …}]}

Each player, group and session is written on a line of its own, so a backup is read (and
compared) a session at a time. Reading checks the frame, the players and the groups
whole; each session is left as its document, for the reader to parse and replay one at a
time (a club's thousand sessions replayed at once would not fit a phone's memory).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import BinaryIO

from scorekeeper.core.currencies import currency_code
from scorekeeper.core.errors import RuleError, refuse
from scorekeeper.core.messages import N_
from scorekeeper.core.owed import Handover, amount_of
from scorekeeper.core.payee import DETAIL_FIELDS
from scorekeeper.core.table import Money
from scorekeeper.core.text import group_name, name_key, player_name, quote
from scorekeeper.formats.bounds import (  # the bound read by the command line and the app
    LARGEST_BACKUP,
    bound_backup,
)
from scorekeeper.formats.roster_file import detail_fields
from scorekeeper.formats.session_file import checked_uid
from scorekeeper.i18n import describe
from scorekeeper.payments.details import PaymentDetails, payment_details

FORMAT = "scorekeeper-backup/1"
DAY = len("2026-11-20")


@dataclass(frozen=True, slots=True)
class TabPayment:
    """A payment made on a group's tab, and the day it was made."""

    uid: str
    handover: Handover
    on: date


@dataclass(frozen=True, slots=True)
class GroupEntry:
    name: str
    currency: str | None
    payments: tuple[TabPayment, ...] = ()

    @property
    def money(self) -> Money:
        """The group's currency (a payment's amount is in its minor unit)."""
        return Money(Decimal(1), self.currency)


@dataclass(frozen=True, slots=True)
class BackupFile:
    made: str | None
    players: dict[str, PaymentDetails]  # the roster, each player's details (empty if none)
    groups: tuple[GroupEntry, ...]
    sessions: list[object]  # each a session file's document, not yet parsed


def write_backup(out: BinaryIO, made: datetime, players: Iterable[tuple[str, PaymentDetails]],
                 groups: Iterable[GroupEntry], sessions: Iterable[Mapping[str, object]],
                 ) -> None:
    """The backup, written to ``out`` as it is read: a session at a time."""
    def line(item: object) -> bytes:
        return json.dumps(item, ensure_ascii=False, separators=(", ", ": ")).encode("utf-8")

    def listed(items: Iterable[object], last: bytes) -> None:
        first = True
        for item in items:
            out.write(b"\n  " if first else b",\n  ")
            out.write(line(item))
            first = False
        out.write(b"\n " + last if not first else last)

    out.write(b'{"format": ' + line(FORMAT) + b",\n")
    out.write(b' "made": ' + line(made.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")) + b",\n")
    out.write(b' "players": [')
    listed(({"name": name, "details": detail_fields(details)} for name, details in players),
           b"],\n")
    out.write(b' "groups": [')
    listed((_group_document(group) for group in groups), b"],\n")
    out.write(b' "sessions": [')
    listed(sessions, b"]}\n")


def _group_document(group: GroupEntry) -> dict[str, object]:
    money = group.money
    return {"name": group.name, "currency": group.currency, "payments": [
        {"uid": paid.uid, "from": paid.handover.payer, "to": paid.handover.payee,
         "amount": money.format(paid.handover.minor), "on": paid.on.isoformat()}
        for paid in group.payments]}


def load_backup(data: bytes, language: str) -> BackupFile:
    """A backup's frame, roster and groups, checked whole (``RuleError``, one line naming
    what is wrong, in ``language`` where it quotes another refusal)."""
    bound_backup(data)
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as error:
        # Cut inside a letter of two or more bytes: a copy or a download stopped short.
        cut = error.reason == "unexpected end of data"
        raise refuse(N_("backup.cut_short") if cut else N_("backup.not_json")) from None
    try:
        document = json.loads(text, parse_float=Decimal)
    except json.JSONDecodeError as error:
        # The end reached inside the document (or inside a string that runs to the end).
        cut = bool(text.strip()) and (error.pos >= len(text.rstrip())
                                      or error.msg.startswith("Unterminated string"))
        raise refuse(N_("backup.cut_short") if cut else N_("backup.not_json")) from None
    except RecursionError:
        raise refuse("backup.not_json") from None
    except ValueError:  # a number of thousands of digits
        raise refuse("file.number_too_long") from None
    if not isinstance(document, dict):
        raise refuse("backup.not_a_backup")
    if document.get("format") != FORMAT:
        if document.get("format") is None:
            raise refuse("backup.not_a_backup")
        raise refuse("backup.format", format=quote(document.get("format"), 40))
    sessions = document.get("sessions", [])
    if not isinstance(sessions, list):
        raise refuse("backup.part", part="sessions")
    made = document.get("made")
    return BackupFile(made if isinstance(made, str) else None,
                      _players(document.get("players", []), language),
                      _groups(document.get("groups", []), language), sessions)


def _players(listed: object, language: str) -> dict[str, PaymentDetails]:
    if not isinstance(listed, list):
        raise refuse("backup.part", part="players")
    players: dict[str, PaymentDetails] = {}
    seen: set[str] = set()
    for number, player in enumerate(listed, start=1):
        name = player.get("name") if isinstance(player, dict) else None
        details = player.get("details", {}) if isinstance(player, dict) else None
        if not isinstance(name, str) or not isinstance(details, dict) or not all(
                isinstance(details.get(field, ""), str | None) for field in DETAIL_FIELDS):
            raise refuse("backup.player", number=number)
        try:
            name = player_name(name)
            if name_key(name) in seen:
                raise refuse("backup.player_twice", player=name)
            seen.add(name_key(name))
            players[name] = payment_details(**{f: details.get(f) for f in DETAIL_FIELDS})
        except RuleError as error:
            raise refuse("backup.player_refused", number=number,
                         reason=describe(error, language)) from None
    return players


def _groups(listed: object, language: str) -> tuple[GroupEntry, ...]:
    if not isinstance(listed, list):
        raise refuse("backup.part", part="groups")
    groups: list[GroupEntry] = []
    seen: set[str] = set()
    for number, group in enumerate(listed, start=1):
        if not isinstance(group, dict):
            raise refuse("backup.group", number=number)
        try:
            name = group_name(group.get("name"))
            if name_key(name) in seen:
                raise refuse("backup.group_twice", group=name)
            seen.add(name_key(name))
            entry = GroupEntry(name, currency_code(group.get("currency")))
            payments = _listed(group.get("payments", []))
        except RuleError as error:
            raise refuse("backup.group_refused", number=number,
                         reason=describe(error, language)) from None
        groups.append(GroupEntry(entry.name, entry.currency, tuple(
            _tab_payment(paid, entry, number, language) for paid in payments)))
    return tuple(groups)


def _listed(items: object) -> Sequence[object]:
    if not isinstance(items, list):
        raise refuse("backup.tab_payment")
    return items


def _tab_payment(paid: object, group: GroupEntry, number: int, language: str) -> TabPayment:
    """A payment on ``group``'s tab, checked as ``pay`` checks what is typed: its amount
    text in the currency's minor unit, between two players (who played in the group's
    finished sessions: the restore checks that against what it holds)."""
    try:
        if not isinstance(paid, dict) or not {"uid", "from", "to", "amount", "on"} <= paid.keys():
            raise refuse("backup.tab_payment")
        uid = checked_uid(paid["uid"])
        if uid is None:  # a payment without one could be counted twice by a second restore
            raise refuse("backup.tab_payment")
        payer, payee = player_name(paid["from"]), player_name(paid["to"])
        on = paid["on"]
        try:
            if not isinstance(on, str) or len(on) != DAY:
                raise ValueError(on)
            day = date.fromisoformat(on)
        except ValueError:
            raise refuse("backup.paid_on", date=quote(on)) from None
    except RuleError as error:
        raise refuse("backup.group_refused", number=number,
                     reason=describe(error, language)) from None
    try:
        if name_key(payer) == name_key(payee):
            raise refuse("payment.same_player", player=payer)
        amount = paid["amount"]
        if not isinstance(amount, str):  # read as a number: 1.5 is no sum of coins
            raise refuse("payment.written_as_number", amount=quote(amount))
        minor = amount_of(amount, group.money)
    except RuleError as error:
        raise tab_payment_refused(group.name, payer, payee, error, language) from None
    return TabPayment(uid, Handover(payer, payee, minor), day)


def tab_payment_refused(group: str, payer: str, payee: str, error: RuleError,
                        language: str) -> RuleError:
    """A payment the backup brings for ``group``'s tab refused: one line naming it, then
    why (what ``pay`` would say of it), in ``language``."""
    return refuse("restore.tab_payment_refused", group=group, payer=quote(payer),
                  payee=quote(payee), reason=describe(error, language))


def session_refused(number: int, name: object, error: RuleError, language: str) -> RuleError:
    """The backup's session ``number`` refused: one line naming it, then why (its deal and
    the rule, or the group that cannot take it), in ``language``."""
    return refuse("restore.session_refused", number=number,
                  session=quote(name if name is not None else "-"),
                  reason=describe(error, language))


__all__ = ["FORMAT", "LARGEST_BACKUP", "BackupFile", "GroupEntry", "TabPayment", "load_backup",
           "session_refused", "tab_payment_refused", "write_backup"]
