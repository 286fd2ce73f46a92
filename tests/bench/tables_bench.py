"""The stress figure: twenty tables recording back to back into one PostgreSQL, far
beyond a club night (where a table saves a deal every minute or two: club_night.py).

Each table is a process of its own (a host's server), with its own session, recording
deals through the scorebook as the app does; they start together at a barrier. Every
record call is timed, and where its time went is measured from the scheduler's own
account (/proc/PID/schedstat: time on a CPU, time waiting in the run queue for one), for
the recording processes and for PostgreSQL's: on a two-core machine twenty tables
contend for the CPU, and the row says how much of a deal's time that is."""

from __future__ import annotations

import multiprocessing
import os
import random
import statistics
import time
from dataclasses import dataclass
from multiprocessing.synchronize import Barrier, Event
from pathlib import Path
from typing import Any

from sqlalchemy import text

from scorekeeper.session.scorebook import Scorebook
from scorekeeper.store.database import connect
from scorekeeper.store.sessions import SessionStore
from tests.bench.data import english_table, next_deal
from tests.bench.rows import Row
from tests.postgres import postgres_server

TABLES, DEALS = 20, 200
WAIT = 600  # seconds a table or the bench waits for the others, before it gives up


@dataclass(frozen=True, slots=True)
class Spent:
    """Seconds of one process (or the sum of several): on a CPU, and waiting for one."""

    running: float = 0.0
    queued: float = 0.0

    def __add__(self, other: Spent) -> Spent:
        return Spent(self.running + other.running, self.queued + other.queued)

    def __sub__(self, other: Spent) -> Spent:
        return Spent(self.running - other.running, self.queued - other.queued)


def spent(stat: str = "/proc/thread-self/schedstat") -> Spent:
    running, queued, _ = Path(stat).read_text().split()
    return Spent(int(running) / 1e9, int(queued) / 1e9)


def postgres_spent() -> Spent:
    """Every PostgreSQL process's time so far (its backends, WAL writer, checkpointer)."""
    total = Spent()
    for pid in Path("/proc").glob("[0-9]*"):
        try:
            if (pid / "comm").read_text().strip() == "postgres":
                total += spent(str(pid / "schedstat"))
        except OSError:
            pass  # gone between the listing and the reading
    return total


def table_night(url: str, number: int, start: Barrier, done: Event,
                results: Any) -> None:
    """One table: a new session, then DEALS deals recorded as the app records them,
    each call timed: (wall seconds, the recording thread's own Spent)."""
    engine = connect(url)
    book = Scorebook(SessionStore(engine))
    stored = book.create(f"Table {number + 1}", english_table())
    rng = random.Random(number)
    samples = []
    start.wait(WAIT)
    for _ in range(DEALS):
        deal = next_deal(stored.table, stored.state, rng)
        began, before = time.perf_counter(), spent()
        stored, _ = book.record(stored.id, deal, stored.version)
        took = spent() - before
        samples.append((time.perf_counter() - began, took.running, took.queued))
    results.put((stored.id, samples))
    done.wait(WAIT)  # PostgreSQL's backends are counted before they go
    engine.dispose()


def twenty_tables() -> Row:
    with postgres_server(durable=True) as url:
        connect(url).dispose()  # the schema made once, before the tables open it
        context = multiprocessing.get_context("spawn")
        start, done, results = context.Barrier(TABLES + 1), context.Event(), context.Queue()
        tables = [context.Process(target=table_night, args=(url, n, start, done, results))
                  for n in range(TABLES)]
        for table in tables:
            table.start()
        try:
            start.wait(WAIT)  # a table that died before it raises BrokenBarrierError
            server_before, began = postgres_spent(), time.perf_counter()
            recorded = [results.get(timeout=WAIT) for _ in tables]
            seconds, server = time.perf_counter() - began, postgres_spent() - server_before
        finally:  # the tables go before their database does, whatever happened
            done.set()
            for table in tables:
                table.join(WAIT)
        wrong = lost_or_doubled(url, {session_id: DEALS for session_id, _ in recorded})
    samples = [sample for _, taken in recorded for sample in taken]
    return _row(samples, server, seconds, wrong)


def lost_or_doubled(url: str, expected: dict[int, int]) -> list[str]:
    """Each session as stored must hold deals 1..n once each, n its ``expected`` count."""
    engine = connect(url)
    with engine.connect() as connection:
        found = {row.session_id: row for row in connection.execute(text(
            "SELECT session_id, count(*) AS deals, count(DISTINCT number) AS numbers, "
            "min(number) AS first, max(number) AS last FROM deals GROUP BY session_id"))}
    engine.dispose()
    stored = {session_id: tuple(row)[1:] for session_id, row in found.items()}
    return [f"session {session_id}: {stored.get(session_id, 'no deals')}"
            for session_id, deals in expected.items()
            if stored.get(session_id) != (deals, deals, 1, deals)]


def _row(samples: list[tuple[float, float, float]], server: Spent, seconds: float,
         wrong: list[str]) -> Row:
    walls = sorted(wall for wall, _, _ in samples)
    median_ms = statistics.median(walls) * 1000
    p95_ms = walls[int(0.95 * len(walls)) - 1] * 1000
    count = len(samples)
    mean_ms = 1000 * sum(walls) / count
    ours = 1000 * sum(running for _, running, _ in samples) / count
    queued = 1000 * sum(waited for _, _, waited in samples) / count
    cpu = ours + 1000 * server.running / count  # CPU-ms one deal costs the machine
    intact = "none lost, none doubled" if not wrong else "LOST OR DOUBLED: " + "; ".join(wrong)
    met = p95_ms <= 25 and not wrong
    where = (f"a deal took {mean_ms:.1f} ms on average: {ours:.1f} ms on a CPU in the "
             f"recording process, {queued:.1f} ms waiting for a CPU, "
             f"{mean_ms - ours - queued:.1f} ms waiting on PostgreSQL (which spent "
             f"{1000 * server.running / count:.1f} ms of CPU a deal); {cpu:.1f} CPU-ms a "
             f"deal on {os.cpu_count()} cores lets {TABLES} tables record one deal each in "
             f"{TABLES * cpu / (os.cpu_count() or 1):.0f} ms at best; {count / seconds:,.0f} "
             f"deals/s in all, load average {os.getloadavg()[0]:.1f}")
    return Row("stress: twenty tables recording back to back, PostgreSQL",
               f"{TABLES} processes started together, each a new session recording "
               f"{DEALS} deals through the scorebook into one durable PostgreSQL "
               f"({count:,} deals), with no pause between deals: far beyond a club night "
               "(the next rows)", "p95 ≤ 25 ms a deal; none lost, none doubled",
               f"median {median_ms:.1f} ms, p95 {p95_ms:.1f} ms; {intact}; {where}", met)
