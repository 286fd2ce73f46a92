"""A club night as it is used: 200 tables across 4 app servers on one durable PostgreSQL,
each table saving a deal at random, every 60 s on average (a Poisson process), for ten
minutes; every save heard on another server. A league night is the same night ten times
over: 2,000 tables across 8 servers (``LEAGUE``), 33 deals a second.

Each server is a process of its own holding one scorebook, as a served app does (its
pages' saves are the scorebook's ``record``, one at a time on one thread, as Flet 1.0
runs every page's handlers on its event loop; the drawing of the page is not part of
it). A table's taps on Save are drawn beforehand from its own random numbers; the clock
of a Save starts at the tap it was due, so a Save that waits for another on the same
server counts that wait. Each server also has open the sessions of the next server's
tables and hears them through the scorebook's listeners (PostgreSQL's notices), as the
pages of a server show its own tables and the next one's: a server is told of those
alone (each session's channel), not of every table of the night. A save is heard when
that server is told its session changed, timed from the tap on the first server (the
machine's monotonic clock is one for all processes).

The capacity beside it is what the night cost the machine, read from the kernel's own
account: the servers' CPU (every thread, hearing included) and PostgreSQL's (its
backends, WAL writer and checkpointer), in CPU-ms per recorded deal, and the deals per
second that many CPU-ms let the machine's cores sustain.

``python -m tests.bench.club_night [SECONDS] [league [TABLES]]`` runs the club's night
alone, or the league's (a shorter night for a try: the offered load per second stays the
night's, 200 tables / 60 s = 3.3 deals/s, 2,000 / 60 s = 33; or fewer tables)."""

from __future__ import annotations

import heapq
import multiprocessing
import os
import random
import resource
import statistics
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from multiprocessing.synchronize import Barrier, Event
from typing import Any

from scorekeeper.session.news import Shown
from scorekeeper.session.scorebook import Scorebook
from scorekeeper.store.database import connect
from scorekeeper.store.sessions import SessionStore
from tests.bench import stopped_cleanly_by_sigterm
from tests.bench.data import english_table, next_deal
from tests.bench.idle_penalty import IdlePenalty, idle_penalty
from tests.bench.postgres_cpu import postgres_running, postgres_since
from tests.bench.rows import Row
from tests.bench.tables_bench import lost_or_doubled, spent
from tests.postgres import postgres_server


@dataclass(frozen=True, slots=True)
class Night:
    """A night's size: how many tables, on how many app servers (processes)."""

    what: str
    tables: int
    servers: int


CLUB = Night("a club night", 200, 4)
LEAGUE = Night("a league night", 2000, 8)
MEAN_GAP = 60.0  # seconds between two saves of one table, on average
NIGHT = 600.0  # seconds of the night
# Threads a server runs its pages' handlers on: Flet's event loop. (A pool of 8 measured
# the same: 4.6 and 5.0 CPU-ms a deal against 4.5 and 4.9 on one, one-minute nights.)
HANDLERS = 1
SETTLE = 3.0  # seconds after the last tap for the last notices to arrive
IDLE = 10.0  # seconds the servers and PostgreSQL are watched idle, before the night
WAIT = 900  # seconds a server or the bench waits for the others, before it gives up


def taps(table: int, seconds: float) -> list[float]:
    """When the table taps Save, in seconds from the start: a Poisson process."""
    rng = random.Random(1000 + table)
    times, now = [], rng.expovariate(1 / MEAN_GAP)
    while now < seconds:
        times.append(now)
        now += rng.expovariate(1 / MEAN_GAP)
    return times


def cpu_seconds() -> float:
    """This process's CPU so far, every thread's (ended ones too), user and system."""
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def hearing_seconds() -> float:
    """CPU so far of the scorebook's thread that hears the database's notices (it works
    out the deal a notice carries, or asks the store, and tells the pages: here the one
    opening the session again)."""
    for thread in threading.enumerate():
        if thread.name == "scorebook-watch" and thread.native_id is not None:
            return spent(f"/proc/self/task/{thread.native_id}/schedstat").running
    return 0.0


class Server:
    """One app server: its tables' sessions, the other server's it hears, and the times."""

    def __init__(self, url: str, number: int, night: Night) -> None:
        self.book = Scorebook(SessionStore(connect(url)))
        self.tables = list(range(number, night.tables, night.servers))
        self.open = {t: self.book.create(f"Table {t + 1}", english_table()) for t in self.tables}
        self.locks = {t: threading.Lock() for t in self.tables}
        self.rngs = {t: random.Random(t) for t in self.tables}
        self.saves: list[tuple[int, int, float, float]] = []  # session, deal, tap, saved
        self.heard: list[tuple[int, int, float]] = []  # session, deals it holds, heard
        self.watched: set[int] = set()
        self.recording: list[float] = []  # CPU seconds of each save, on its own thread

    def hear(self, session_ids: list[int]) -> None:
        """Its pages show its own tables and the next server's (opened), and it hears what
        they show: told of those alone, once its connection listens."""
        for session_id in session_ids:
            self.book.open(session_id)
        self.watched = set(session_ids)
        own = {session.id for session in self.open.values()}
        self.book.subscribe(self._told, Shown(sessions=frozenset(own | self.watched)))
        if not self.book._listeners.hearing.wait(WAIT):
            raise RuntimeError("the server never listened to the database")

    def _told(self, heard: object) -> None:
        if heard not in self.watched:
            return  # its own tables, or the list of sessions
        at = time.monotonic()
        session = self.book.open(heard)  # as a page told of it opens it again
        self.heard.append((heard, session.state.deals, at))

    def save(self, table: int, tap: float) -> None:
        with self.locks[table]:  # a table's next Save waits for its last
            began = time.thread_time()
            stored = self.open[table]
            deal = next_deal(stored.table, stored.state, self.rngs[table])
            stored, _ = self.book.record(stored.id, deal, stored.version)
            self.open[table] = stored
            self.saves.append((stored.id, stored.state.deals, tap, time.monotonic()))
            self.recording.append(time.thread_time() - began)

    def night(self, seconds: float) -> None:
        due = [(at, table) for table in self.tables for at in taps(table, seconds)]
        heapq.heapify(due)
        start = time.monotonic()
        with ThreadPoolExecutor(HANDLERS) as handlers:
            while due:
                at, table = heapq.heappop(due)
                tap = start + at
                time.sleep(max(0.0, tap - time.monotonic()))
                handlers.submit(self.save, table, tap)
        time.sleep(SETTLE)


def server_night(url: str, number: int, night: Night, seconds: float, ids: Any, watch: Any,
                 barriers: tuple[Barrier, Barrier, Barrier], done: Event,
                 results: Any) -> None:
    ready, start, end = barriers
    server = Server(url, number, night)
    ids.put((number, [session.id for session in server.open.values()]))
    server.hear(watch.get(timeout=WAIT))
    ready.wait(WAIT)
    idle = cpu_seconds()
    time.sleep(IDLE)
    idle = cpu_seconds() - idle
    start.wait(WAIT)
    before, hearing = cpu_seconds(), hearing_seconds()
    server.night(seconds)
    cpu = (cpu_seconds() - before, sum(server.recording), hearing_seconds() - hearing, idle)
    end.wait(WAIT)
    results.put((number, server.saves, server.heard, cpu))
    done.wait(WAIT)  # PostgreSQL's backends are counted before they go
    server.book.store.engine.dispose()


@dataclass(frozen=True, slots=True)
class Measured:
    """What one night measured: every save (session, deal, tap, saved), every hearing
    (session, deals it holds, heard), the CPU of the servers (all, recording, hearing,
    idle) and of PostgreSQL, the load average at its start and end, what was lost or
    doubled, and the CPU-s a second the servers and PostgreSQL spent idle."""

    night: Night
    seconds: float
    saves: list[tuple[int, int, float, float]]
    heard: list[tuple[int, int, float]]
    app_cpu: tuple[float, ...]
    database: float
    load: tuple[float, float]
    wrong: list[str]
    idling: float

    @property
    def per_deal(self) -> float:
        """CPU-ms a recorded deal cost, the app servers and PostgreSQL together."""
        return 1000 * (self.app_cpu[0] + self.database) / len(self.saves)

    @property
    def marginal(self) -> float:
        """What one more deal costs: the night's CPU less what the servers and PostgreSQL
        spend idle (watched for IDLE seconds before it), which no deal adds to."""
        return self.per_deal - 1000 * self.idling * self.seconds / len(self.saves)


def night_measured(night: Night, seconds: float = NIGHT,
                   penalty: bool = False) -> tuple[Measured, IdlePenalty | None]:
    """``night`` run for ``seconds``; with ``penalty``, what a pause costs this machine,
    measured on the same PostgreSQL once the night is over."""
    with postgres_server(durable=True) as url:
        connect(url).dispose()  # the schema made once, before the servers open it
        context = multiprocessing.get_context("spawn")
        ids, results = context.Queue(), context.Queue()
        watch = [context.Queue() for _ in range(night.servers)]
        barriers = tuple(context.Barrier(night.servers + 1) for _ in range(3))
        ready, start, end = barriers
        done = context.Event()
        servers = [context.Process(target=server_night, args=(
            url, n, night, seconds, ids, watch[n], barriers, done, results))
            for n in range(night.servers)]
        for server in servers:
            server.start()
        try:
            held = dict(ids.get(timeout=WAIT) for _ in servers)
            for n in range(night.servers):  # each server hears the next one's tables
                watch[n].put(held[(n + 1) % night.servers])
            ready.wait(WAIT)
            idle_before = postgres_running(url)
            time.sleep(IDLE)
            idle = postgres_since(url, idle_before)
            start.wait(WAIT)
            server_before, load_before = postgres_running(url), os.getloadavg()[0]
            end.wait(WAIT)
            database, load_after = postgres_since(url, server_before), os.getloadavg()[0]
            told = [results.get(timeout=WAIT) for _ in servers]
        except BaseException:  # stopped (Ctrl-C, SIGTERM) or failed: no night to wait for
            for server in servers:
                server.terminate()
            raise
        finally:  # the servers go before their database does, whatever happened
            done.set()
            for server in servers:
                server.join(WAIT)
        saves = [save for _, night_saves, _, _ in told for save in night_saves]
        expected = {}
        for session_id, number, _, _ in saves:
            expected[session_id] = max(number, expected.get(session_id, 0))
        wrong = lost_or_doubled(url, expected)
        # After the night, which starts as it always did.
        paused = idle_penalty(url) if penalty else None
    heard = [h for _, _, night_heard, _ in told for h in night_heard]
    app_cpu = tuple(sum(cpu[n] for _, _, _, cpu in told) for n in range(4))
    idling = (app_cpu[3] + idle) / IDLE  # CPU-s a second, nothing recorded
    return Measured(night, seconds, saves, heard, app_cpu, database,
                    (load_before, load_after), wrong, idling), paused


def club_night(seconds: float = NIGHT) -> list[Row]:
    """The club's night and the league's, and the capacity both measured."""
    club, penalty = night_measured(CLUB, seconds, penalty=True)
    league, _ = night_measured(LEAGUE, seconds)
    assert penalty is not None
    return [night_row(club), night_row(league), capacity_row([club, league], penalty)]


def _heard_after(saves: list[tuple[int, int, float, float]],
                 heard: list[tuple[int, int, float]]) -> tuple[list[float], int]:
    """Seconds from each tap to the first time another server was told of its deal (a
    session read holding it), and how many saves were never heard."""
    told: dict[int, list[tuple[float, int]]] = {}
    for session_id, deals, at in heard:
        told.setdefault(session_id, []).append((at, deals))
    for times in told.values():
        times.sort()
    after, unheard = [], 0
    for session_id, number, tap, _ in saves:
        first = next((at for at, deals in told.get(session_id, []) if deals >= number
                      and at >= tap), None)
        if first is None:
            unheard += 1
        else:
            after.append(first - tap)
    return after, unheard


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(0.95 * len(ordered)) - 1)]


def night_row(measured: Measured) -> Row:
    night, saves, seconds = measured.night, measured.saves, measured.seconds
    count = len(saves)
    took = [saved - tap for _, _, tap, saved in saves]
    after, unheard = _heard_after(saves, measured.heard)
    save_p95, heard_p95 = p95(took) * 1000, p95(after) * 1000 if after else float("inf")
    wrong = measured.wrong
    intact = "none lost, none doubled" if not wrong else "LOST OR DOUBLED: " + "; ".join(wrong)
    never = ("every save heard by the servers showing its table" if not unheard else
             f"{unheard} saves NEVER HEARD")
    load = measured.load
    workload = (f"{night.tables:,} tables across {night.servers} app servers (processes, "
                "each one scorebook; a Save is its record, one at a time as on Flet's event "
                "loop, not the page's drawing) on one durable PostgreSQL, each table saving "
                f"at random every {MEAN_GAP:.0f} s on average (Poisson), "
                f"{_length(seconds)} in real time ({count:,} deals, "
                f"{count / seconds:.2f} a second; each server shows its own tables and the "
                "next one's, and hears of those alone)")
    how = (f"load average {load[0]:.1f} at the start, {load[1]:.1f} at the end, from other "
           "work on the machine")
    return Row(f"{night.what}, PostgreSQL", workload,
               "p95 Save ≤ 25 ms; p95 heard on another server ≤ 150 ms; none lost or doubled",
               f"Save median {statistics.median(took) * 1000:.1f} ms, p95 {save_p95:.1f} ms; "
               f"heard on another server median "
               f"{statistics.median(after) * 1000 if after else float('inf'):.1f} ms, "
               f"p95 {heard_p95:.1f} ms; {intact}; {never} ({how})",
               save_p95 <= 25 and heard_p95 <= 150 and not wrong and not unheard)


def _length(seconds: float) -> str:
    return f"{seconds / 60:.0f} minutes" if seconds >= 120 else f"{seconds:.0f} s"


def capacity_row(nights: list[Measured], penalty: IdlePenalty) -> Row:
    """What the nights measured cost the machine a deal, each night beside the other."""
    cores = os.cpu_count() or 1
    measured = "; ".join(_night_cpu(night, cores) for night in nights)
    return Row("a night's capacity", "the nights above: CPU the app servers (every thread, "
               "hearing included) and PostgreSQL (every process) spent, from the kernel's "
               "account, per recorded deal",
               "≤ 3 CPU-ms a deal",
               f"{measured}. {penalty.why()}",
               all(night.per_deal <= 3 for night in nights))


def _night_cpu(measured: Measured, cores: int) -> str:
    night, count = measured.night, len(measured.saves)
    app_ms, db_ms = 1000 * measured.app_cpu[0] / count, 1000 * measured.database / count
    recording_ms, hearing_ms = (1000 * measured.app_cpu[1] / count,
                                1000 * measured.app_cpu[2] / count)
    sustained = cores * 1000 / measured.marginal
    return (f"{night.tables:,} tables, {count / measured.seconds:.1f} deals a second: "
            f"{measured.per_deal:.1f} CPU-ms a deal ({app_ms:.1f} in the app servers: "
            f"recording it {recording_ms:.1f}, the {night.servers} servers hearing of it "
            f"{hearing_ms:.1f}, the rest their other threads; {db_ms:.1f} in PostgreSQL); "
            f"of it {measured.marginal:.1f} CPU-ms is the deal's own (idle, the servers and "
            f"PostgreSQL spent {1000 * measured.idling:.0f} CPU-ms a second): {cores} cores "
            f"would sustain about {sustained:,.0f} deals/s")


def _tried(argv: list[str]) -> list[Row]:
    """``[SECONDS] [league [TABLES]]``: one night alone, as the command line asks."""
    seconds = float(argv[0]) if argv else NIGHT
    night = CLUB
    if argv[1:2] == ["league"]:
        night = LEAGUE if len(argv) < 3 else replace(LEAGUE, tables=int(argv[2]))
    measured, penalty = night_measured(night, seconds, penalty=night is CLUB)
    rows = [night_row(measured)]
    if penalty is not None:
        rows.append(capacity_row([measured], penalty))
    else:
        print(_night_cpu(measured, os.cpu_count() or 1), flush=True)
    return rows


if __name__ == "__main__":
    stopped_cleanly_by_sigterm()
    for row in _tried(sys.argv[1:]):
        print(f"{'ok  ' if row.met else 'MISS'} {row.what} [{row.workload}]: "
              f"{row.measured} (target {row.target})", flush=True)
