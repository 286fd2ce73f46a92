"""Mutation fuzzing of session files (FORMAT.md) and roster files, shared by
tests/test_session_file_fuzz.py, tests/test_roster_file_fuzz.py and the longer run in
tests/bench/fuzz.py.

Seeds are the example files and a few valid sessions; each case mutates one of them
(flips, inserts or deletes bytes; swaps JSON values for hostile ones: huge numbers, deep
nesting, NUL, lone surrogates, control and bidi characters, long strings, wrong types,
unknown names, a unit that underflows) and runs it through the command line in-process.
Each case must be refused whole (exit 2, one printable line on stderr, the database
unchanged) or accepted, and then `show`, `settle` and every export succeed in bounded time.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from scorekeeper.cli import main
from scorekeeper.core import Deal, Session, make_money, make_table
from scorekeeper.formats.roster_file import dump_roster
from scorekeeper.formats.session_file import dump_session
from scorekeeper.payments import payment_details
from tests.bench.data import deals
from tests.conftest import REPO, database_counts

EXAMPLES = sorted((REPO / "tests" / "examples").glob("*.json"))
SECONDS_PER_CASE = 60.0  # refusing or exporting one night of cards: far less than this

# Raw JSON text put in place of a value: numbers json.dumps could not write, or nesting.
RAW_VALUES = (
    "1e-1000100", "1e1000000", "-1e400", "9" * 5000, "1" + "0" * 300, "-0", "0.0000001",
    "NaN", "Infinity", "-Infinity", "[" * 3000 + "]" * 3000, '{"a":' * 3000 + "1" + "}" * 3000,
    '"\\ud800"', '"\\udfff\\ud800"', '"\\u0000"', '"Ast\\u0000rid"',
)
# Ordinary JSON values a hostile or careless file might hold anywhere.
VALUES: tuple[Any, ...] = (
    "", " ", "\x00", "\x1b[2J\x1b[H", "\r\n", "\u202e", "\u2066Astrid\u2069", "x" * 100_000,
    "=CMD|' /C CALC'!A0", "+1", "-1", "@SUM(1)", "Zed", "ASTRID", " astrid ", "A\u030asa",
    "Åsa", "sek", "JPY", "XAU", "1e-1000100", "0.001", "1000001", "english", "mattmar",
    "ramsen", "whist", "split", "carry", [], {}, [1, 2], ["Astrid", "Astrid"], {"Astrid": 5},
    {"Zed": 1}, True, False, None, 0, -1, 1, 5, 6, 99, 100, 2**63, 1.5, -0.5,
)


def seed_documents() -> list[str]:
    """The example files and valid sessions written by dump_session (the app's export)."""
    seeds = [path.read_text(encoding="utf-8") for path in EXAMPLES]
    for names, currency, unit, seed in (
        (["Åsa Öberg", "Bengt", "Cilla", "Dag"], "SEK", "0.50", 1),
        (["Astrid", "Bengt", "Cilla"], "JPY", "100", 2),
        (["Ängla", "Björn", "Çelik", "Dagny", "Eir"], "KWD", "0.125", 3),
    ):
        table = make_table("english", names, None, {}, make_money(unit, currency))
        session = Session.replay(table, deals(table, 12, seed))
        seeds.append(json.dumps(dump_session("Night " + str(seed), session),
                                ensure_ascii=False))
    counters = make_table("counters", ["Astrid", "Bengt", "Cilla"], None, {"start": 5})
    session = Session.replay(counters, [Deal(tricks={"Bengt": 2, "Cilla": 3, "Astrid": 0})])
    seeds.append(json.dumps(dump_session("Counters", session), ensure_ascii=False))
    return seeds


def roster_seeds() -> list[str]:
    """Rosters as the app writes them: no details, Swish, a SEPA IBAN, a QR-bill account."""
    details = {
        "Dag": payment_details(swish="070-123 45 67"),
        "Cilla Åberg": payment_details(iban="DE89370400440532013000", holder="Cilla Åberg"),
        "Urs": payment_details(qr_iban="CH9300762011623852957", holder="Urs Meier",
                               postcode="8001", town="Zürich"),
    }
    return [dump_roster(names, details).decode("utf-8") for names in (
        ["Astrid"], ["Astrid", "Dag"], ["Cilla Åberg", "Urs"], ["Astrid", "Dag", "Cilla Åberg",
                                                              "Urs", "王伟", "Åsa Öberg"])]


def _paths(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, (*path, index))


def _set(document: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    parent = document
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value
    return document


def _mutate_json(rng: random.Random, text: str) -> str:
    try:
        document = json.loads(text)
    except ValueError:
        return _mutate_bytes(rng, text.encode("utf-8", "surrogatepass")).decode(
            "utf-8", "surrogatepass")
    raws: list[str] = []
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        paths = list(_paths(document))
        path = rng.choice(paths)
        roll = rng.random()
        if roll < 0.1 and isinstance(node := _at(document, path), dict):
            node[rng.choice(("note", "x-app", "name", "version"))] = rng.choice(VALUES)
        elif roll < 0.3:
            raws.append(rng.choice(RAW_VALUES))
            document = _set(document, path, f"@@RAW{len(raws) - 1}@@")
        elif roll < 0.85:
            document = _set(document, path, rng.choice(VALUES))
        elif path and isinstance(_parent(document, path), dict):
            del _parent(document, path)[path[-1]]
        elif path and isinstance(_parent(document, path), list):
            parent = _parent(document, path)
            parent.insert(path[-1], parent[path[-1]])  # a deal or a name written twice
    body = json.dumps(document, ensure_ascii=rng.random() < 0.8)
    for number, raw in enumerate(raws):
        body = body.replace(f'"@@RAW{number}@@"', raw)
    return body


def _at(document: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        document = document[step]
    return document


def _parent(document: Any, path: tuple[Any, ...]) -> Any:
    parent = document
    for step in path[:-1]:
        parent = parent[step]
    return parent


def _mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    buffer = bytearray(data)
    for _ in range(rng.choice((1, 1, 2, 4, 8))):
        if not buffer:
            buffer.extend(rng.randbytes(4))
        at = rng.randrange(len(buffer))
        roll = rng.random()
        if roll < 0.4:
            buffer[at] ^= 1 << rng.randrange(8)
        elif roll < 0.7:
            buffer[at:at] = rng.choice((rng.randbytes(rng.randint(1, 8)), b"\x00", b"\xff",
                                        b"\xed\xa0\x80", b'"', b",", b"{", b"]"))
        else:
            del buffer[at:at + rng.randint(1, 16)]
    return bytes(buffer)


def cases(seed: int, count: int, seeds: list[str] | None = None
          ) -> Iterator[tuple[int, bytes]]:
    """``count`` mutated files of ``seeds`` (session files unless given), the same ones for
    the same seed: (case number, bytes)."""
    rng = random.Random(seed)
    seeds = seeds or seed_documents()
    for number in range(count):
        source = rng.choice(seeds)
        if rng.random() < 0.75:
            yield number, _mutate_json(rng, source).encode("utf-8", "surrogatepass")
        else:
            yield number, _mutate_bytes(rng, source.encode("utf-8"))


@dataclass
class Tally:
    refused: int = 0
    accepted: int = 0


def check_case(url: str, engine: Any, folder: Path, number: int, body: bytes,
               tally: Tally, seconds: float = SECONDS_PER_CASE) -> None:
    """Run one mutated file through `import` (and `replay`); raises AssertionError, naming
    the case, when Scorekeeper neither refuses it cleanly nor handles it whole within
    ``seconds``."""
    path = folder / f"case-{number}.json"
    path.write_bytes(body)
    started = time.monotonic()
    before = database_counts(engine)
    imported = _invoke(number, "--db", url, "import", str(path))
    replayed = _invoke(number, "replay", str(path))
    assert replayed.exit_code == imported.exit_code, _say(number, imported, replayed)
    if imported.exit_code == 2:
        for result in (imported, replayed):
            _refused_in_one_line(number, result)
        assert database_counts(engine) == before, "database changed: " + _say(number, imported)
        tally.refused += 1
    else:
        assert imported.exit_code == 0, _say(number, imported)
        found = re.search(r"session (\d+)", imported.stdout)
        assert found, _say(number, imported)
        session_id = found.group(1)
        out = folder / "out"
        for args in (["show", session_id], ["settle", session_id],
                     ["export", session_id, "--format", "json", "-o", f"{out}.json"],
                     ["export", session_id, "--format", "csv", "-o", f"{out}.csv"],
                     ["export", session_id, "--format", "csv", "--standings", "-o",
                      f"{out}.standings.csv"],
                     ["export", session_id, "--format", "pdf", "-o", f"{out}.pdf"]):
            result = _invoke(number, "--db", url, *args)
            assert result.exit_code == 0, _say(number, result)
        tally.accepted += 1
    elapsed = time.monotonic() - started
    assert elapsed < seconds, f"over budget: case {number}: took {elapsed:.1f} s"
    path.unlink()


def check_roster_case(url: str, engine: Any, folder: Path, number: int, body: bytes,
                      tally: Tally) -> None:
    """Run one mutated roster through `players --import`: refused whole (exit 2, one line,
    the roster unchanged) or kept, and then exported and imported again to no change."""
    path = folder / f"roster-{number}.json"
    path.write_bytes(body)
    started = time.monotonic()
    before = roster_rows(engine)
    imported = _invoke(number, "--db", url, "players", "--import", str(path))
    if imported.exit_code == 2:
        _refused_in_one_line(number, imported)
        assert roster_rows(engine) == before, _say(number, imported)
        tally.refused += 1
    else:
        assert imported.exit_code == 0, _say(number, imported)
        kept = roster_rows(engine)
        again = folder / "roster-again.json"
        exported = _invoke(number, "--db", url, "players", "--export", str(again))
        assert exported.exit_code == 0, _say(number, exported)
        reimported = _invoke(number, "--db", url, "players", "--import", str(again))
        assert reimported.exit_code == 0, _say(number, reimported)
        assert roster_rows(engine) == kept, f"case {number}: the roster's own file changed it"
        tally.accepted += 1
    elapsed = time.monotonic() - started
    assert elapsed < SECONDS_PER_CASE, f"case {number}: took {elapsed:.1f} s"
    path.unlink()


def roster_rows(engine: Any) -> list[tuple[Any, ...]]:
    """Every player with every payment detail: what "the roster is unchanged" compares."""
    from sqlalchemy import select
    from sqlalchemy.orm import Session as Db

    from scorekeeper.store.models import DETAIL_COLUMNS, PlayerRow

    columns = [PlayerRow.name, *(getattr(PlayerRow, c) for c in DETAIL_COLUMNS)]
    with Db(engine) as db:
        return [tuple(row) for row in db.execute(select(*columns).order_by(PlayerRow.name))]


def _refused_in_one_line(number: int, result: Result) -> None:
    lines = result.stderr.splitlines()
    assert len(lines) == 1, _say(number, result)
    assert lines[0].isprintable(), _say(number, result)
    assert len(lines[0]) <= 400, _say(number, result)
    assert result.stdout == "", _say(number, result)


def _invoke(number: int, *args: str) -> Result:
    result = CliRunner().invoke(main, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError("traceback: " + _say(number, result)) from result.exception
    return result


def _say(number: int, *results: Result) -> str:
    details = "; ".join(f"exit {r.exit_code}, stderr {r.stderr[:300]!r}, "
                        f"exception {r.exception!r}" for r in results)
    return f"case {number}: {details}"
