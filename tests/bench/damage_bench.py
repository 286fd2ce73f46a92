"""Damage SQLite does not see (issue 52): of 40 damaged copies of a database (three
times, with three seeds), how many
``PRAGMA quick_check`` refuses on opening, how many leave every row Scorekeeper reads as
it was (the damage fell in unused space), and how many change a row: of those, how many
each check in ``damage_checks`` catches, and what each costs on the million-entry
database (the start row's).

``python -m tests.bench.damage_bench FOLDER [CLUB_DB]``: FOLDER gets the database and
its damaged copies; CLUB_DB, the million-entry database (``store_bench.club_years``
makes it as ``club.db``), is timed when given.
"""

from __future__ import annotations

import random
import shutil
import sqlite3
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from sqlalchemy import create_engine

from scorekeeper.core import Session
from scorekeeper.session.scorebook import Scorebook
from scorekeeper.store.claim import claim
from scorekeeper.store.database import REVISIONS, connect
from scorekeeper.store.errors import StoreError
from scorekeeper.store.sessions import SessionStore
from tests.bench.damage_checks import (
    SHAPE,
    broken_sessions,
    check,
    integrity,
    opening,
    replayed_differs,
    shape,
)
from tests.bench.data import club

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
PAGE = 4096
KINDS = ("header byte flipped", "byte flipped", "16-byte burst", "page zeroed", "truncated")
TABLES = ("players", "sessions", "seats", "deals", "entries", "standings", "payments",
          "groups", "alembic_version")


def base(folder: Path) -> Path:
    """The example sessions and twenty evenings of 50 deals, folded into one file."""
    path = folder / "base.db"
    book = Scorebook(SessionStore(connect(f"sqlite:///{path}")))
    for example in (EXAMPLES / "friday-at-the-cabin.json", EXAMPLES / "mattmar-saturday.json"):
        book.import_file(example.read_text(encoding="utf-8"))
    club(book, sessions=20, deals_each=50)
    book.store.engine.dispose()
    return path


def damaged(whole: bytes, rng: random.Random) -> list[tuple[str, bytes]]:
    """Eight of each kind, at places the seeded generator picks."""
    made = []
    pages = len(whole) // PAGE
    for kind in KINDS:
        for _ in range(8):
            body = bytearray(whole)
            if kind == "header byte flipped":
                body[rng.randrange(100)] ^= 1 << rng.randrange(8)
            elif kind == "byte flipped":
                body[rng.randrange(PAGE, len(body))] ^= 1 << rng.randrange(8)
            elif kind == "16-byte burst":
                at = rng.randrange(PAGE, len(body) - 16)
                body[at:at + 16] = rng.randbytes(16)
            elif kind == "page zeroed":
                page = rng.randrange(1, pages)
                body[page * PAGE:(page + 1) * PAGE] = bytes(PAGE)
            else:
                del body[rng.randrange(PAGE, len(body)):]
            made.append((kind, bytes(body)))
    return made


def rows(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, read as a command reads it (raises on what SQLite sees)."""
    with sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True) as db:
        db.text_factory = bytes
        return {table: db.execute(f"SELECT * FROM {table} ORDER BY rowid").fetchall()
                for table in TABLES}


def measure(folder: Path, seed: int = 52) -> dict[str, object]:
    folder.mkdir(parents=True, exist_ok=True)
    whole = base(folder)
    original = rows(whole)
    counts: dict[str, object] = dict.fromkeys(
        ("files", "quick_check refused", "rows unchanged", "unchanged, integrity_check finds",
         "unreadable rows", "rows changed", "cheap", "cheap + ledger", "rows' shape", "replay",
         "integrity_check", "opening", "opening + whole replay",
         "opening: traceback"), 0)
    counts["missed by all"] = []
    for number, (kind, body) in enumerate(damaged(whole.read_bytes(), random.Random(seed))):
        path = folder / f"damaged-{number:02}.db"
        path.write_bytes(body)
        counts["files"] += 1  # type: ignore[operator]
        try:
            claim(path, REVISIONS)
        except StoreError:
            counts["quick_check refused"] += 1  # type: ignore[operator]
            continue
        try:
            changed = rows(path) != original
        except sqlite3.DatabaseError:
            counts["unreadable rows"] += 1  # type: ignore[operator]
            continue
        if not changed:
            counts["rows unchanged"] += 1  # type: ignore[operator]
            counts["unchanged, integrity_check finds"] += integrity(path)  # type: ignore[operator]
            continue
        counts["rows changed"] += 1  # type: ignore[operator]
        found = {"cheap": check(path, False), "cheap + ledger": check(path, True),
                 "rows' shape": shape(path), "replay": replayed_differs(path),
                 "integrity_check": integrity(path)}
        opened, replayed = opening(path), opening(path, replayed=True)
        found["opening"] = opened == "refused"
        found["opening + whole replay"] = replayed == "refused"
        counts["opening: traceback"] += "traceback" in (opened, replayed)  # type: ignore[operator]
        for name, caught in found.items():
            counts[name] += caught  # type: ignore[operator]
        if not any(found.values()):
            counts["missed by all"].append(f"{number} {kind}")  # type: ignore[union-attr]
    return counts


def costs(club_db: Path) -> dict[str, str]:
    """Each check's time on the million-entry database, medians of runs in turns, beside
    what opening it costs now (``connect``, which runs ``PRAGMA quick_check``)."""
    engine = create_engine(f"sqlite:///{club_db}")

    def read(query: str) -> object:
        with sqlite3.connect(f"file:{club_db}?mode=ro", uri=True) as db:
            return db.execute(query).fetchall()

    def invariants(ledger: bool) -> None:
        with engine.connect() as connection:
            assert broken_sessions(connection, ledger=ledger) == []

    store = SessionStore(engine)

    def replay_hundred() -> None:  # a tenth of the sessions: the whole takes ten times it
        for session_id in range(1, 101):
            stored = store.get(session_id)
            session = Session.replay(stored.table, store.deals(session_id))
            assert session.state == stored.newest_state
            assert list(session.entries) == store.entries(session_id, first=1)

    checks: dict[str, Callable[[], object]] = {
        "open (connect, with quick_check)": lambda: connect(f"sqlite:///{club_db}").dispose(),
        "quick_check alone": lambda: read("PRAGMA quick_check"),
        "cheap": lambda: invariants(False),
        "cheap + ledger": lambda: invariants(True),
        "rows' shape": lambda: [read(query) for query in SHAPE],
        "integrity_check": lambda: read("PRAGMA integrity_check"),
    }
    times: dict[str, list[float]] = defaultdict(list)
    try:
        for _ in range(5):
            for name, action in checks.items():
                times[name].append(timed(action))
        found = {name: f"{statistics.median(ms):.0f} ms ({min(ms):.0f} to {max(ms):.0f})"
                 for name, ms in times.items()}
        found["replay and compare, 100 of 1,000 sessions"] = f"{timed(replay_hundred):.0f} ms"
    finally:
        engine.dispose()
    return found


def timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return (time.perf_counter() - started) * 1000


def main() -> None:
    folder = Path(sys.argv[1])
    shutil.rmtree(folder, ignore_errors=True)
    for seed in (52, 53, 54):
        print(seed, measure(folder / str(seed), seed))
    if len(sys.argv) > 2:
        print(costs(Path(sys.argv[2])))


if __name__ == "__main__":
    main()
