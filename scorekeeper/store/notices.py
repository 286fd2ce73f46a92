"""Hearing the other servers of a club's PostgreSQL at once: revision 0010 notifies the
channel ``scorekeeper`` from inside every transaction that changes a session or a group
(since revision 0014 a session's notice carries the version the change made, read by
``session_notice``); ``listen`` holds one connection that hears them and calls back for each.

Since revision 0018 each change is also told on a channel of its own session
(``session_channel``), of the group the session is in (``group_channel``), and the roster's
on ``ROSTER_CHANNEL``: a server listens only to what its pages show (``Channels``), and a
league's deal wakes only the servers showing its table. ``scorekeeper`` still hears every
change, for a page that lists the sessions.

A dropped connection (the database server restarted, the network gone for a while) is
taken up again every second; once it is back, ``on_notice`` is called anyway, as what was
changed meanwhile was told to nobody (and so at the start, for what changed before). The
same connection is how a server knows that the database is away: ``on_reach`` hears when
it goes and when it is back.
"""

from __future__ import annotations

import contextlib
import logging
import socket
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from sqlalchemy import Engine

from scorekeeper.store.sockets import ready

if TYPE_CHECKING:
    import psycopg

CHANNEL = "scorekeeper"  # every change: what the lists of sessions hear
ROSTER_CHANNEL = "scorekeeper_roster"
# Revision 0018's trigger names the channels as these do: an id's digits after a fixed
# prefix, an identifier of at most 32 bytes (PostgreSQL's limit is 63).
SESSION_PREFIX, GROUP_PREFIX = "scorekeeper_s", "scorekeeper_g"
# Bytes of a deal's record a Save's notice may carry: PostgreSQL's notices hold 8,000, and
# the session, the version and the time take under 50 of them.
DEAL_NOTICE_ROOM = 7_000
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
RETRY_SECONDS = 1.0
# A network that goes silent (a cable pulled, a laptop's Wi-Fi asleep) closes nothing: the
# connection is found dead when the server stops answering its probes, within ten seconds.
KEEPALIVE = {"keepalives": 1, "keepalives_idle": 4, "keepalives_interval": 2,
             "keepalives_count": 3}
log = logging.getLogger("scorekeeper.store")


def notifies(engine: Engine) -> bool:
    """Does this database tell its changes (PostgreSQL), or must it be watched (SQLite)?"""
    return engine.dialect.name == "postgresql"


@dataclass(frozen=True, slots=True)
class DealNotice:
    """A Save's own notice: the deal it recorded, the version it made and when, as
    stored. Sent beside the trigger's "id:version", just before it."""

    session_id: int
    version: int
    updated_at: datetime
    record: str  # the deal as its row keeps it (``conversions.deal_of``)


def deal_notice(payload: str) -> DealNotice | None:
    """The deal a Save's notice carries ("12:7:<µs since 1970>:<record>"); None for any
    other notice, or one that does not parse: anyone allowed on the channel can send
    anything, and what does not parse is read from the store as ever."""
    named, version, micros, record = [*payload.split(":", 3), "", "", ""][:4]
    if not (named.isdecimal() and version.isdecimal() and micros.isdecimal() and record):
        return None
    try:
        updated_at = EPOCH + timedelta(microseconds=int(micros))
    except OverflowError:
        return None
    return DealNotice(int(named), int(version), updated_at, record)


# The Save's own notice, its deal carried (``statements.bump_held``): sent only if the
# version's guard let the Save write, and before the trigger's "id:version" (an AFTER
# trigger fires once the statement is done).
# Told on the session's own channel alone: only a server showing the session works the
# deal out, and the lists take the trigger's "id:version".
TELL_DEAL = (", pg_notify(%s, %s || ':' || version || ':' || "
             "(extract(epoch FROM updated_at) * 1000000)::bigint || ':' || %s)")


def deal_told(session_id: int, record: str) -> tuple[str, str, str] | None:
    """``TELL_DEAL``'s parameters for a Save of one deal; None for a record a notice would
    not hold (the trigger's notice alone then tells of it)."""
    if len(record.encode()) > DEAL_NOTICE_ROOM:
        return None
    return session_channel(session_id), str(session_id), record


def session_channel(session_id: int) -> str:
    """The channel a session's changes are told on (revision 0018)."""
    return f"{SESSION_PREFIX}{int(session_id)}"


def group_channel(group_id: int) -> str:
    """The channel the changes of a group's sessions and of its tab are told on; a session
    moved out of the group (or removed) is told there by its id alone."""
    return f"{GROUP_PREFIX}{int(group_id)}"


def channels(sessions: Iterable[int], groups: Iterable[int], lists: bool,
             roster: bool) -> frozenset[str]:
    """The channels that tell of what a server's pages show: its sessions (the channel
    that carries a Save's deal), and either every change (``lists``: the channel
    ``scorekeeper`` tells the roster's and every group's news too) or those of its groups
    and the roster's."""
    shown = {session_channel(session_id) for session_id in sessions}
    if lists:
        return frozenset(shown | {CHANNEL})
    shown |= {group_channel(group_id) for group_id in groups}
    return frozenset(shown | ({ROSTER_CHANNEL} if roster else set()))


class Channels:
    """The channels a listening connection is to be on: changed from any thread (a page
    shows something else), taken up by the listener at once (its wait is woken)."""

    def __init__(self, wanted: frozenset[str] = frozenset({CHANNEL})) -> None:
        self._wanted = wanted
        self._lock = threading.Lock()
        self._waking, self._woken = socket.socketpair()
        self._waking.setblocking(False)
        self._woken.setblocking(False)

    def want(self, wanted: frozenset[str]) -> None:
        with self._lock:
            if wanted == self._wanted:
                return
            self._wanted = wanted
        with contextlib.suppress(BlockingIOError):  # full: it has been woken already
            self._waking.send(b"\0")

    def wanted(self) -> frozenset[str]:
        """The channels wanted now (what woke the listener taken away)."""
        with contextlib.suppress(BlockingIOError):
            while self._woken.recv(4096):
                pass
        with self._lock:
            return self._wanted

    def fileno(self) -> int:
        return self._woken.fileno()


def _listen_to(connection: psycopg.Connection, wanted: frozenset[str],
               listened: frozenset[str]) -> None:
    """One round trip from the channels ``listened`` to those ``wanted``: each an
    identifier quoted by the driver, never text pasted into SQL."""
    from psycopg import sql

    changes = [sql.SQL("LISTEN {}").format(sql.Identifier(c)) for c in sorted(wanted - listened)]
    changes += [sql.SQL("UNLISTEN {}").format(sql.Identifier(c))
                for c in sorted(listened - wanted)]
    if changes:
        connection.execute(sql.SQL("; ").join(changes))


def session_notice(payload: str) -> tuple[int, int | None] | None:
    """The session a notice names and the version its commit made it ("12:7"), or the
    session alone ("12": a session removed, or a database still at revision 0010); None
    for a notice that names no session ("", "group", "roster")."""
    named, _, version = payload.partition(":")
    if not named.isdecimal():
        return None
    return int(named), int(version) if version.isdecimal() else None


def listen(engine: Engine, on_notice: Callable[[str, str], None], stop: threading.Event,
           listening: threading.Event | None = None,
           on_reach: Callable[[bool], None] | None = None, shown: Channels | None = None,
           on_listened: Callable[[frozenset[str], frozenset[str]], None] | None = None
           ) -> None:
    """Until ``stop`` is set: ``on_notice(payload, channel)`` for each change another
    connection commits (a session's id and new version, a session's id, "group" or
    "roster"), and ``on_notice("", "")`` each time the connection starts listening (at
    first, and after a dropped connection is back). ``shown``: the channels to be on
    (the lists' channel alone, without); ``on_listened(added, removed)`` once the
    connection listens to the channels added and no longer to those removed (not when it
    starts listening: ``on_notice("", "")`` tells that). ``listening`` is
    set once notices are heard (and cleared while the connection is down);
    ``on_reach(False)`` once the connection is lost (or cannot be made), ``on_reach(True)``
    once it is back."""
    import psycopg  # the PostgreSQL driver: only a club's database loads it

    shown = shown or Channels()
    address = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    missed = False
    while not stop.is_set():
        try:
            with psycopg.connect(address, autocommit=True, connect_timeout=5,
                                 **KEEPALIVE) as connection:
                listened = shown.wanted()
                _listen_to(connection, listened, frozenset())
                if listening is not None:
                    listening.set()
                if missed and on_reach is not None:
                    on_reach(True)
                missed = False
                # Whatever changed before this connection listened: while it was down, or
                # (the first time) between the pages reading the store and hearing begin.
                on_notice("", "")
                told = True  # what came while it started listening, if anything
                while not stop.is_set():
                    if told:
                        for notice in connection.notifies(timeout=0):  # all that came
                            on_notice(notice.payload, notice.channel)
                    # Asleep until the database sends something, a page shows something
                    # else, or a second passes (so that stop is heard): psycopg's own wait
                    # for notices (``notifies(timeout=...)``) wakes every 0.1 s to look at
                    # its clock, and four idle servers spent 4.9 CPU-ms a second on it,
                    # most of an idle club's CPU. A dropped connection wakes it too (its
                    # socket reads as ready), and the next ``notifies`` raises.
                    woken = ready((connection.fileno(), shown.fileno()), RETRY_SECONDS)
                    told = connection.fileno() in woken
                    if shown.fileno() in woken:
                        wanted = shown.wanted()
                        _listen_to(connection, wanted, listened)
                        added, removed = wanted - listened, listened - wanted
                        listened = wanted
                        told = True  # notices that came meanwhile wait in the driver
                        if on_listened is not None and (added or removed):
                            on_listened(added, removed)
        except psycopg.Error as error:
            if listening is not None:
                listening.clear()
            log.info("not hearing the database's notices (%s); trying again", type(error).__name__)
            if not missed and on_reach is not None:
                on_reach(False)
            missed = True
            stop.wait(RETRY_SECONDS)
