"""Everything in one file (FORMAT.md): back up a whole scorebook, and restore one.

``write_backup`` writes the roster with its payment details, every group with the payments
on its tab, and every session as its session file, from one snapshot. ``restore`` adds a
backup in one transaction, everything checked first: a damaged file, a session the rules
refuse at some deal, a payment on a tab ``pay`` would refuse, or a conflict with what this
database holds (a session's uid stored with other deals, a player with other payment
details, a group in another currency) is refused (``RuleError``: one line naming it), and
nothing is written. ``what_it_adds`` says first what it would add, writing nothing: it
checks the file, the roster, the groups and their tabs as the restore does, and counts the
sessions at a glance (``session.backup_look``); the restore itself replays them.
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
from scorekeeper.core.owed import Handover
from scorekeeper.core.tab import may_join_as, spelled, tab_handover
from scorekeeper.core.text import name_key, quote
from scorekeeper.formats import backup_file
from scorekeeper.formats.backup_file import (
    LARGEST_BACKUP,
    BackupFile,
    GroupEntry,
    TabPayment,
    session_refused,
    tab_payment_refused,
)
from scorekeeper.formats.session_file import (
    Evening,
    SessionFile,
    content_uid,
    parse_session,
    session_document,
)
from scorekeeper.payments.details import PaymentDetails
from scorekeeper.session.backup_apart import Read, new_session, read_of, reading
from scorekeeper.store.restore import LOOKED_UP, Restoring, SessionRows, restoring
from scorekeeper.store.sessions import SessionStore
from scorekeeper.store.whole import KeptSession, whole

# A restore's progress, told as it goes: what it is at ("reading" the file, its "sessions",
# its "tab_payments"), how many of them are done, of how many (the file's bytes when
# reading).
Progress = Callable[[str, int, int], None]
CHUNK = 200  # sessions read, looked up and written at a time


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


def what_it_adds(store: SessionStore, data: bytes, language: str,
                 progress: Progress | None = None) -> Counts:
    """What ``restore`` would add from the backup ``data`` (``RuleError`` where the file,
    its roster, its groups or their tabs are refused; a session the rules refuse is
    refused by the restore); nothing is written."""
    return _run(store, data, language, progress, writing=False)


def restore(store: SessionStore, data: bytes, language: str,
            progress: Progress | None = None, processes: int = 1) -> Counts:
    """Add what the database lacks from the backup ``data``, in one transaction; what
    was added. ``progress`` is told how far it is as it goes; ``processes``: how many may
    read its sessions (``session.backup_apart``: the command line's one a core)."""
    return _run(store, data, language, progress, writing=True, processes=processes)


def _run(store: SessionStore, data: bytes, language: str, progress: Progress | None, *,
         writing: bool, processes: int = 1) -> Counts:
    from scorekeeper.session.backup_look import Look

    if progress is not None:
        progress("reading", 0, len(data))
    backup = backup_file.load_backup(data, language)
    with restoring(store.engine, writing=writing) as here:
        kind = Restore if writing else Look
        return kind(here, language, progress, processes).run(backup)


def _day(moment: datetime) -> date:
    """The day (UTC) a payment was made: SQLite hands back the UTC time it was given,
    PostgreSQL the same moment in the server's time zone."""
    return (moment.astimezone(UTC) if moment.tzinfo else moment).date()


def _evening(kept: KeptSession) -> Evening:
    return Evening(kept.payments, kept.group, kept.played_on, kept.finished, kept.uid)


class Restore:
    """One restore: the backup's parts in the order they are added, each checked against
    what is here, and written (``backup_look.Look``: only looked at, nothing written)."""

    writing = True

    def __init__(self, here: Restoring, language: str,
                 progress: Progress | None = None, processes: int = 1) -> None:
        self.here = here
        self.language = language
        self.progress = progress
        self.processes = processes  # how many may read its sessions (``backup_apart``)
        self.new_players: set[str] = set()
        self.new_groups: set[str] = set()
        # Each group's currency once known (the backup's, this database's, or the first
        # session's that brings it): every session in it must be in it.
        self.currencies: dict[str, str | None] = {}
        # Everyone in the finished sessions the backup brings to each group (by its name's
        # key): with those here, the players its tab will have, whom its payments are between.
        self.finished_players: dict[str, dict[str, str]] = {}

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
        """Each session the backup brings: here and equal, or a conflict, or new; read,
        looked up and written ``CHUNK`` at a time (read on other processes, given them:
        ``session.backup_apart``)."""
        added, seen = 0, set()
        met: dict[str, int] = {}  # how often each content without a uid was met so far
        total, done = len(backup.sessions), 0
        with reading(backup.sessions, CHUNK, self.processes) as chunks:
            for chunk in chunks:
                read = []
                for number, (document, got) in enumerate(chunk, done + 1):
                    if got is None:  # read here: refused here, in the restore's words
                        got = read_of(*self._read(number, document))
                    read.append((number, document, got,
                                 self._known_as(number, document, got, seen, met)))
                done += len(chunk)
                here = self.here.sessions_here([uid for *_, uid in read if uid is not None])
                adding = []
                for number, document, got, uid in read:
                    if uid is None:
                        continue  # the session met before in this backup under its uid
                    self._on_tab(got.group, got.finished, spelled(got.everyone))
                    if uid in here:
                        kept = self.here.session(uid)
                        assert kept is not None
                        _same_or_refused(kept, *self._whole(number, document, got))
                    else:
                        adding.append((uid, self._new(number, got)))
                added += len(adding)
                self.here.add_sessions(adding)
                self._done("sessions", done, total)
        self.here.placed_all()
        return added

    def _whole(self, number: int, document: object, got: Read) -> tuple[SessionFile, Session]:
        """The session's file and replay (read again here if another process read it)."""
        if got.file is not None and got.session is not None:
            return got.file, got.session
        return self._read(number, document)

    def _known_as(self, number: int, document: object, got: Read, seen: set[str],
                  met: dict[str, int]) -> str | None:
        """The uid the session is known by (None: met already in this backup)."""
        def content(occurrence: int) -> str:
            assert got.content is not None
            if occurrence == 1:
                return got.content
            return content_uid(got.file or self._parsed(number, document), occurrence)

        return _known_by(got.uid, got.name, content, seen, met)

    @staticmethod
    def _uid(file: SessionFile, seen: set[str], met: dict[str, int]) -> str | None:
        """The uid the session ``file`` is known by (None: met already in this backup)."""
        return _known_by(file.evening.uid, file.name,
                         lambda occurrence: content_uid(file, occurrence), seen, met)

    def _on_tab(self, group: str | None, finished: bool, everyone: Mapping[str, str]) -> None:
        """A finished session of a group: its players (``everyone``, by their names' keys)
        are on its tab."""
        if group is not None and finished:
            self.finished_players.setdefault(name_key(group), {}).update(everyone)

    def _done(self, what: str, done: int, of: int) -> None:
        if self.progress is not None:
            self.progress(what, done, of)

    def _read(self, number: int, document: object) -> tuple[SessionFile, Session]:
        file = self._parsed(number, document)
        try:
            return file, file.replay()
        except RuleError as error:
            raise session_refused(number, _name(document), error, self.language) from None

    def _parsed(self, number: int, document: object) -> SessionFile:
        try:
            return parse_session(document)
        except RuleError as error:
            raise session_refused(number, _name(document), error, self.language) from None

    def _new(self, number: int, got: Read) -> SessionRows:
        """A session new here, checked against what is (its group's currency); the rows
        the store writes of it."""
        self._met(spelled(got.everyone))
        if got.group is not None:
            self._fits_group(number, got, got.group)
        if got.rows is not None:
            return got.rows
        assert got.file is not None
        assert got.session is not None
        return self.here.rows_of(new_session(got.file, got.session))

    def _met(self, everyone: Mapping[str, str]) -> None:
        """The players of a session new here (by their names' keys): those not on the
        roster are new to it."""
        for key, player in everyone.items():
            if key not in self.new_players and not self.here.knows(player):
                self.new_players.add(key)

    def _fits_group(self, number: int, got: Read, group: str) -> None:
        """The session's group takes it: its currency (once known) is the session's."""
        key = name_key(group)
        if key not in self.currencies:
            kept = self.here.group(group)
            if kept is None:
                self.new_groups.add(key)
            elif kept.sessions:
                self.currencies[key] = kept.currency
        try:
            may_join_as(got.end_pot, got.currency, self.currencies.get(key),
                        key in self.currencies)
        except RuleError as error:
            raise session_refused(number, got.name, error, self.language) from None
        self.currencies[key] = got.currency

    def _tab_payments(self, groups: tuple[GroupEntry, ...]) -> int:
        """Each payment on a group's tab already here and equal, or one ``pay`` would
        record now the sessions are in: between two players of the group's finished
        sessions, kept as the tab spells them. Looked up and written a thousand at a time
        (a club's million payments one by one took an hour)."""
        added, seen = 0, set()
        done, total = 0, sum(len(group.payments) for group in groups)
        for group in groups:
            players: dict[str, str] | None = None
            for start in range(0, len(group.payments), LOOKED_UP):
                brought = group.payments[start:start + LOOKED_UP]
                here = self.here.payments([paid.uid for paid in brought])
                adding: list[tuple[str, Handover, date]] = []
                for paid in brought:
                    if paid.uid in seen:
                        raise refuse("backup.payment_twice", group=group.name)
                    seen.add(paid.uid)
                    if paid.uid in here:
                        kept = here[paid.uid]
                        if kept is None or kept.group != name_key(group.name) or not (
                                _same_handover(kept.handover, paid.handover)):
                            raise refuse("restore.tab_payment_differs", group=group.name)
                        continue
                    if players is None:
                        players = self._tab_players(group.name)
                    given = paid.handover
                    try:
                        on_tab = tab_handover(given.payer, given.payee, given.minor, players,
                                              group.name)
                    except RuleError as error:
                        raise tab_payment_refused(group.name, given.payer, given.payee,
                                                  error, self.language) from None
                    adding.append((paid.uid, on_tab, paid.on))
                added += len(adding)
                if self.writing and adding:
                    self.here.add_tab_payments(group.name, adding)
                done += len(brought)
                self._done("tab_payments", done, total)
        return added

    def _tab_players(self, group: str) -> dict[str, str]:
        """The players of the group's finished sessions once the backup's are in, by their
        names' keys, as the tab will spell them (the roster's spelling where the player is
        here)."""
        names = dict(self.finished_players.get(name_key(group), {}))
        names.update(spelled(self.here.tab_players(group)))
        return names


def _known_by(uid: str | None, name: str, content: Callable[[int], str], seen: set[str],
              met: dict[str, int]) -> str | None:
    """The uid a session of the backup is known by: its own (``uid``), or where it has
    none, the one its content gives (``content``, for the how-manieth time that content is
    met); None where it was met already."""
    if uid is None:
        # Known by its content: restored again, the same file finds it here.
        plain = content(1)
        met[plain] = met.get(plain, 0) + 1
        uid = plain if met[plain] == 1 else content(met[plain])
        if uid in seen:
            return None
    elif uid in seen:
        raise refuse("backup.session_twice", session=quote(name))
    seen.add(uid)
    return uid


def _name(document: object) -> object:
    """A session document's name as it gives it (to name it in a refusal)."""
    return document.get("name") if isinstance(document, dict) else None


def _same_handover(kept: Handover, brought: Handover) -> bool:
    """The same payment, its names in any case: the tab keeps them as it spells them."""
    return (name_key(kept.payer), name_key(kept.payee), kept.minor) == (
        name_key(brought.payer), name_key(brought.payee), brought.minor)


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
                played_on=brought.played_on or here.played_on, uid=here.uid))):
        raise refuse("restore.session_differs", session=quote(file.name))


__all__ = ["LARGEST_BACKUP", "Counts", "Progress", "backup_bytes", "backup_name", "restore",
           "what_it_adds", "write_backup"]
