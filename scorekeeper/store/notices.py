"""Hearing the other servers of a club's PostgreSQL at once: revision 0010 notifies the
channel ``scorekeeper`` from inside every transaction that changes a session or a group
(since revision 0014 a session's notice carries the version the change made, read by
``session_notice``); ``listen`` holds one connection that hears them and calls back for each.

A dropped connection (the database server restarted, the network gone for a while) is
taken up again every second; once it is back, ``on_notice`` is called anyway, as what was
changed meanwhile was told to nobody (and so at the start, for what changed before). The
same connection is how a server knows that the database is away: ``on_reach`` hears when
it goes and when it is back.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import Engine

from scorekeeper.store.sockets import readable

CHANNEL = "scorekeeper"
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
TELL_DEAL = (f", pg_notify('{CHANNEL}', %s || ':' || version || ':' || "
             "(extract(epoch FROM updated_at) * 1000000)::bigint || ':' || %s)")


def deal_told(session_id: int, record: str) -> tuple[str, str] | None:
    """``TELL_DEAL``'s parameters for a Save of one deal; None for a record a notice would
    not hold (the trigger's notice alone then tells of it)."""
    if len(record.encode()) > DEAL_NOTICE_ROOM:
        return None
    return str(session_id), record


def session_notice(payload: str) -> tuple[int, int | None] | None:
    """The session a notice names and the version its commit made it ("12:7"), or the
    session alone ("12": a session removed, or a database still at revision 0010); None
    for a notice that names no session ("", "group", "roster")."""
    named, _, version = payload.partition(":")
    if not named.isdecimal():
        return None
    return int(named), int(version) if version.isdecimal() else None


def listen(engine: Engine, on_notice: Callable[[str], None], stop: threading.Event,
           listening: threading.Event | None = None,
           on_reach: Callable[[bool], None] | None = None) -> None:
    """Until ``stop`` is set: ``on_notice(payload)`` for each change another connection
    commits (a session's id and new version, a session's id, "group" or "roster"), and
    ``on_notice("")`` each time the connection starts listening (at first, and after a
    dropped connection is back). ``listening`` is
    set once notices are heard (and cleared while the connection is down);
    ``on_reach(False)`` once the connection is lost (or cannot be made), ``on_reach(True)``
    once it is back."""
    import psycopg  # the PostgreSQL driver: only a club's database loads it

    address = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    missed = False
    while not stop.is_set():
        try:
            with psycopg.connect(address, autocommit=True, connect_timeout=5,
                                 **KEEPALIVE) as connection:
                connection.execute(f"LISTEN {CHANNEL}")
                if listening is not None:
                    listening.set()
                if missed and on_reach is not None:
                    on_reach(True)
                missed = False
                # Whatever changed before this connection listened: while it was down, or
                # (the first time) between the pages reading the store and hearing begin.
                on_notice("")
                told = True  # what came while it started listening, if anything
                while not stop.is_set():
                    if told:
                        for notice in connection.notifies(timeout=0):  # all that came
                            on_notice(notice.payload)
                    # Asleep until the database sends something, or a second passes
                    # (so that stop is heard): psycopg's own wait for notices
                    # (``notifies(timeout=...)``) wakes every 0.1 s to look at its clock,
                    # and four idle servers spent 4.9 CPU-ms a second on it, most of an
                    # idle club's CPU. A dropped connection wakes it too (its socket reads
                    # as ready), and the next ``notifies`` raises.
                    told = readable(connection.fileno(), RETRY_SECONDS)
        except psycopg.Error as error:
            if listening is not None:
                listening.clear()
            log.info("not hearing the database's notices (%s); trying again", type(error).__name__)
            if not missed and on_reach is not None:
                on_reach(False)
            missed = True
            stop.wait(RETRY_SECONDS)
