"""Everything in one file (FORMAT.md): back up a whole scorebook, and restore one.

``write_backup`` writes the roster with its payment details, every group with the payments
on its tab, and every session as its session file, from one snapshot. ``what_it_adds``
reads a backup and says what a restore would add, writing nothing; ``restore`` adds it in
one transaction. Both check everything first the same way: a damaged file, a session the
rules refuse at some deal, or a conflict with what this database holds (a session's uid
stored with other deals, a player with other payment details, a group in another
currency) is refused (``RuleError``: one line naming it), and nothing is written.
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import BinaryIO

from scorekeeper.core import RuleError, Session
from scorekeeper.core.deal import deal_record
from scorekeeper.core.errors import refuse
from scorekeeper.core.tab import may_join
from scorekeeper.core.text import name_key, quote
from scorekeeper.formats import backup_file
from scorekeeper.formats.backup_file import (
    BackupFile,
    GroupEntry,
    TabPayment,
    session_refused,
)
from scorekeeper.formats.session_file import (
    Evening,
    SessionFile,
    parse_session,
    session_document,
)
from scorekeeper.payments.details import PaymentDetails
from scorekeeper.session.changes import write_imported
from scorekeeper.store.restore import Restoring, restoring
from scorekeeper.store.sessions import SessionStore
from scorekeeper.store.whole import KeptSession, whole

Progress = Callable[[int, int], None]  # sessions done, of how many


@dataclass(frozen=True, slots=True)
class Counts:
    """What a backup holds, or what a restore adds (would add): the sessions, the players
    new to the roster, the groups, and the payments on groups' tabs."""

    sessions: int = 0
    players: int = 0
    groups: int = 0
    tab_payments: int = 0

    @property
    def nothing(self) -> bool:
        return not (self.sessions or self.players or self.groups or self.tab_payments)


def backup_name(day: date) -> str:
    """What a backup made on ``day`` is called: ``scorekeeper-backup-2026-11-28.json``."""
    return f"scorekeeper-backup-{day.isoformat()}.json"


def write_backup(store: SessionStore, out: BinaryIO, made: datetime) -> Counts:
    """The whole scorebook, written to ``out`` a session at a time; what it holds."""
    sessions = 0
    with whole(store.engine) as book:
        players = [(name, PaymentDetails(**details)) for name, details in book.players()]
        groups = [GroupEntry(group.name, group.currency, tuple(
            TabPayment(paid.uid or "", paid.handover, _day(paid.paid_at))
            for paid in group.payments)) for group in book.groups()]

        def documents() -> Iterator[Mapping[str, object]]:
            nonlocal sessions
            for kept in book.sessions():
                sessions += 1
                yield session_document(kept.name, kept.table, kept.deals, _evening(kept))

        backup_file.write_backup(out, made, players, groups, documents())
    return Counts(sessions, len(players), len(groups),
                  sum(len(group.payments) for group in groups))


def backup_bytes(store: SessionStore, made: datetime) -> bytes:
    """The whole scorebook as a backup file's bytes (what the app shares or downloads)."""
    out = io.BytesIO()
    write_backup(store, out, made)
    return out.getvalue()


def what_it_adds(store: SessionStore, data: bytes, language: str) -> Counts:
    """What ``restore`` would add from the backup ``data``, everything checked as it
    would check it (``RuleError`` where it would refuse); nothing is written."""
    backup = backup_file.load_backup(data, language)
    with restoring(store.engine, writing=False) as here:
        return _Restore(here, language, writing=False).run(backup)


def restore(store: SessionStore, data: bytes, language: str,
            progress: Progress | None = None) -> Counts:
    """Add what the database lacks from the backup ``data``, in one transaction; what
    was added. ``progress`` is told after each session how many are done, of how many."""
    backup = backup_file.load_backup(data, language)
    with restoring(store.engine, writing=True) as here:
        return _Restore(here, language, writing=True, progress=progress).run(backup)


def _day(moment: datetime) -> date:
    """The day (UTC) a payment was made: SQLite hands back the UTC time it was given,
    PostgreSQL the same moment in the server's time zone."""
    return (moment.astimezone(UTC) if moment.tzinfo else moment).date()


def _evening(kept: KeptSession) -> Evening:
    return Evening(kept.payments, kept.group, kept.played_on, kept.finished, kept.uid)


class _Restore:
    """One restore (or a look at one): the backup's parts in the order they are added,
    each checked against what is here, and written when ``writing``."""

    def __init__(self, here: Restoring, language: str, *, writing: bool,
                 progress: Progress | None = None) -> None:
        self.here = here
        self.language = language
        self.writing = writing
        self.progress = progress
        self.new_players: set[str] = set()
        self.new_groups: set[str] = set()
        # Each group's currency once known (the backup's, this database's, or the first
        # session's that brings it): every session in it must be in it.
        self.currencies: dict[str, str | None] = {}

    def run(self, backup: BackupFile) -> Counts:
        for name, details in backup.players.items():
            self._player(name, details)
        for group in backup.groups:
            self._group(group)
        sessions = self._sessions(backup)
        payments = self._tab_payments(backup.groups)
        return Counts(sessions, len(self.new_players), len(self.new_groups), payments)

    def _player(self, name: str, details: PaymentDetails) -> None:
        given = dataclasses.asdict(details)
        kept = self.here.details_of(name)
        if kept is None:
            self.new_players.add(name_key(name))
        elif not any(given.values()) or kept == given:
            return
        elif any(kept.values()):
            raise refuse("restore.player_differs", player=name)
        if self.writing:  # a new player, or one here without details: the backup's
            self.here.keep_player(name, given)

    def _group(self, group: GroupEntry) -> None:
        kept = self.here.group(group.name)
        key = name_key(group.name)
        self.currencies[key] = group.currency
        if kept is None:
            self.new_groups.add(key)
            if self.writing:
                self.here.add_group(group.name, group.currency)
        elif kept.currency != group.currency:
            if kept.sessions:
                raise refuse("restore.group_currency", group=kept.name,
                              currency=kept.currency or "-", other=group.currency or "-")
            if self.writing:
                self.here.set_currency(group.name, group.currency)

    def _sessions(self, backup: BackupFile) -> int:
        added, seen = 0, set()
        for index, document in enumerate(backup.sessions):
            backup.sessions[index] = None  # read once: let the memory go as we go
            file, session = self._read(index + 1, document)
            uid = file.evening.uid
            if uid is not None:
                if uid in seen:
                    raise refuse("backup.session_twice", session=quote(file.name))
                seen.add(uid)
                kept = self.here.session(uid)
                if kept is not None:
                    _same_or_refused(kept, file, session)
                    self._done(index + 1, len(backup.sessions))
                    continue
            self._add(index + 1, file, session)
            added += 1
            self._done(index + 1, len(backup.sessions))
        return added

    def _done(self, sessions: int, of: int) -> None:
        if self.progress is not None:
            self.progress(sessions, of)

    def _read(self, number: int, document: object) -> tuple[SessionFile, Session]:
        name = document.get("name") if isinstance(document, dict) else None
        try:
            file = parse_session(document)
            return file, file.replay()
        except RuleError as error:
            raise session_refused(number, name, error, self.language) from None

    def _add(self, number: int, file: SessionFile, session: Session) -> None:
        evening = file.evening
        for player in session.state.everyone:
            if name_key(player) not in self.new_players and self.here.details_of(player) is None:
                self.new_players.add(name_key(player))
        if evening.group is not None:
            self._fits_group(number, file, evening.group)
        if self.writing:
            change = self.here.new_session(file.name, file.table, evening.played_on,
                                           evening.uid)
            write_imported(change, session, payments=evening.payments, group=evening.group,
                           finished=evening.finished)

    def _fits_group(self, number: int, file: SessionFile, group: str) -> None:
        """The session's group takes it: its currency (once known) is the session's."""
        key = name_key(group)
        if key not in self.currencies:
            kept = self.here.group(group)
            if kept is None:
                self.new_groups.add(key)
            elif kept.sessions:
                self.currencies[key] = kept.currency
        try:
            may_join(file.table, self.currencies.get(key), key in self.currencies)
        except RuleError as error:
            raise session_refused(number, file.name, error, self.language) from None
        self.currencies[key] = file.table.money.currency

    def _tab_payments(self, groups: tuple[GroupEntry, ...]) -> int:
        added, seen = 0, set()
        for group in groups:
            for paid in group.payments:
                if paid.uid in seen:
                    raise refuse("backup.payment_twice", group=group.name)
                seen.add(paid.uid)
                kept = self.here.tab_payment(paid.uid)
                if kept is not None and kept.group == name_key(group.name) and (
                        kept.handover == paid.handover):
                    continue
                if kept is not None or self.here.uid_taken(paid.uid):
                    raise refuse("restore.tab_payment_differs", group=group.name)
                added += 1
                if self.writing:
                    self.here.add_tab_payment(group.name, paid.uid, paid.handover, paid.on)
        return added


def _same_or_refused(kept: KeptSession, file: SessionFile, session: Session) -> None:
    """A session the backup brings under a uid stored here: equal, or a conflict."""
    if [deal_record(deal) for deal in kept.deals] != [
            deal_record(step.deal) for step in session.steps]:
        raise refuse("restore.session_other_deals", session=quote(file.name))
    here = _evening(kept)
    brought = file.evening
    if (session_document(kept.name, kept.table, (), dataclasses.replace(
            here, group=here.group and name_key(here.group)))
            != session_document(file.name, file.table, (), dataclasses.replace(
                brought, group=brought.group and name_key(brought.group),
                played_on=brought.played_on or here.played_on))):
        raise refuse("restore.session_differs", session=quote(file.name))


__all__ = ["Counts", "backup_bytes", "backup_name", "restore", "what_it_adds",
           "write_backup"]
