"""What a pause costs the work that follows it on this machine: the figure behind a club
night's capacity (club_night.py).

In a night each server records a deal about every second, and every server's listener
and PostgreSQL's backends wake after a pause for each deal; back to back, the same code
runs with its caches warm. Measured side by side, in turns:

- the rules working out three deals (no database, nothing to wait for), back to back,
  after ``GAP`` asleep, after ``GAP`` spinning (the CPU kept, not given back), and after
  ``NIGHT_GAP`` spinning: a night's server waits that long between deals, and the caches
  are lost over it even by a CPU that never gives itself back (the host's other work);
- one scorebook recording deals on the night's durable PostgreSQL, back to back and with
  ``GAP`` asleep between deals: the app's CPU (this thread's) and PostgreSQL's (every
  process of its server), per deal.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass

from scorekeeper.core import Session, State, Table, record
from scorekeeper.session.scorebook import Scorebook
from scorekeeper.store.database import connect
from scorekeeper.store.sessions import SessionStore
from tests.bench.data import english_table, next_deal
from tests.bench.postgres_cpu import postgres_running, postgres_since

GAP = 0.02  # seconds between two pieces of work: a fiftieth of a night's gap per server
ROUNDS = 5  # turns of each way, alternating
RULES_EACH = 40  # times the rules are timed in a turn
DEALS_EACH = 40  # deals a turn records
TABLES = 10  # sessions the deals go round, as a server's tables do
NIGHT_GAP = 1.0  # seconds: about what a night's server waits between two of its deals
NIGHT_GAP_EACH = 3  # times the rules are timed after it, in a turn


@dataclass(frozen=True, slots=True)
class IdlePenalty:
    """Microseconds of CPU the rules took for three deals (medians), and CPU-ms a
    recorded deal cost in the app and in PostgreSQL (means, as a night's are)."""

    rules_warm: float
    rules_asleep: float
    rules_spinning: float
    rules_a_night_gap: float
    app_warm: float
    database_warm: float
    app_asleep: float
    database_asleep: float

    @property
    def rules_ratio(self) -> float:
        return self.rules_asleep / self.rules_warm

    @property
    def recording_warm(self) -> float:
        return self.app_warm + self.database_warm

    @property
    def recording_asleep(self) -> float:
        return self.app_asleep + self.database_asleep

    def why(self) -> str:
        """Why a night's deal costs what it does on this machine, in the capacity row."""
        gap = f"{GAP * 1000:.0f} ms"
        return (f"Why: on this machine work that follows a pause runs about "
                f"{self.rules_ratio:.1f} × slower, its caches gone, and in a night every "
                f"server and every PostgreSQL process wakes after a pause for each deal. The "
                f"rules for three deals took {self.rules_warm:.0f} µs of CPU back to back, "
                f"{self.rules_asleep:.0f} µs after {gap} asleep, "
                f"{self.rules_spinning:.0f} µs after {gap} spinning (the CPU kept), and "
                f"{self.rules_a_night_gap:.0f} µs after {NIGHT_GAP:.0f} s spinning, about "
                f"a night's server's wait between its deals (the CPU kept, the caches lost all "
                f"the same, to the host's other work); one "
                f"server recording deals on this PostgreSQL spent "
                f"{self.recording_warm:.1f} CPU-ms a deal back to back (the app "
                f"{self.app_warm:.1f}, PostgreSQL {self.database_warm:.1f}) and "
                f"{self.recording_asleep:.1f} with {gap} asleep between deals (the app "
                f"{self.app_asleep:.1f}, PostgreSQL {self.database_asleep:.1f})")


def idle_penalty(url: str) -> IdlePenalty:
    """Measured against the durable PostgreSQL at ``url``: the night's, once it is over."""
    rules: dict[str, list[float]] = {"warm": [], "asleep": [], "spinning": [], "night": []}
    recorded: dict[str, list[tuple[float, float]]] = {"warm": [], "asleep": []}
    table = english_table()
    engine = connect(url)
    try:
        tables = _Tables(Scorebook(SessionStore(engine)), table)
        tables.record(DEALS_EACH, 0.0)  # the connection made, the statements prepared
        for _ in range(ROUNDS):
            for way, gap, spin, times in (("warm", 0.0, False, RULES_EACH),
                                          ("asleep", GAP, False, RULES_EACH),
                                          ("spinning", GAP, True, RULES_EACH),
                                          ("night", NIGHT_GAP, True, NIGHT_GAP_EACH)):
                rules[way] += _rules(table, gap, spin, times)
            for way, gap in (("warm", 0.0), ("asleep", GAP)):
                before = postgres_running(url)
                app = tables.record(DEALS_EACH, gap)
                recorded[way].append((app, postgres_since(url, before)))
    finally:
        engine.dispose()

    def per_deal(way: str, part: int) -> float:
        return 1000 * sum(turn[part] for turn in recorded[way]) / (ROUNDS * DEALS_EACH)

    return IdlePenalty(
        *(statistics.median(rules[way]) * 1e6
          for way in ("warm", "asleep", "spinning", "night")),
        per_deal("warm", 0), per_deal("warm", 1), per_deal("asleep", 0),
        per_deal("asleep", 1))


def _rules(table: Table, gap: float, spin: bool, times: int) -> list[float]:
    """CPU seconds the rules took for three deals, ``times`` times, each after ``gap``."""
    rng, state, took = random.Random(7), Session(table).state, []
    for _ in range(times):
        _idle(gap, spin)
        began = time.thread_time()
        for _ in range(3):
            state = _next(table, state, rng)
        took.append(time.thread_time() - began)
    return took


def _next(table: Table, state: State, rng: random.Random) -> State:
    return record(table, state, next_deal(table, state, rng)).state


def _idle(gap: float, spin: bool) -> None:
    if not gap:
        return
    if not spin:
        time.sleep(gap)
        return
    until = time.perf_counter() + gap
    while time.perf_counter() < until:
        pass


class _Tables:
    """A server's few tables, each recording its next deal in turn."""

    def __init__(self, book: Scorebook, table: Table) -> None:
        self.book = book
        self.open = [book.create(f"Table {n + 1}", table) for n in range(TABLES)]
        self.rng = random.Random(11)

    def record(self, count: int, gap: float) -> float:
        """Record ``count`` deals, ``gap`` asleep before each; the CPU seconds it took."""
        spent = 0.0
        for number in range(count):
            _idle(gap, spin=False)
            began = time.thread_time()
            stored = self.open[number % TABLES]
            deal = next_deal(stored.table, stored.state, self.rng)
            self.open[number % TABLES], _ = self.book.record(stored.id, deal, stored.version)
            spent += time.thread_time() - began
        return spent
