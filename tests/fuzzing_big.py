""""Big" mutations of session files, for the longer fuzzing run (tests/bench/fuzz.py --big):
each case grows one thing of a valid file far past what an evening holds, or to just
within and just past the limit of formats/bounds.py: players, payments, joins and
leaves, deals, the names a deal lists, a name's length, nesting. Each case is held to a
time proportional to its size (``budget``): a check that grows faster than the file
shows as a case over its budget long before it stalls anything.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Iterator
from typing import Any

from scorekeeper.core.seat_changes import MOST_PEOPLE
from scorekeeper.formats.bounds import DEALS, DEPTH, PAYMENTS, SEAT_CHANGES, SEATS, WRITTEN
from tests.fuzzing import seed_documents

# Measured: a file of 50,000 deals (2.1 MB) imported, replayed, shown, settled and
# exported to JSON, CSV and PDF in 22 s; a refusal of any size in well under a second.
# What every accepted file costs whatever its size (the PDF's fonts, the exports' modules)
# took up to 7 s on this shared 2-core machine while other work ran.
BASE_SECONDS = 10.0
SECONDS_PER_MB = 25.0
LARGEST = 200_000  # the most of anything a case grows


def budget(body: bytes) -> float:
    """The most one case of ``body`` may take: a few seconds, and more with its size."""
    return BASE_SECONDS + SECONDS_PER_MB * len(body) / 1e6


Document = dict[str, Any]


def _players(document: Document, count: int, rng: random.Random) -> None:
    document["players"] = [f"Player {n}" for n in range(count)]
    document.pop("first_dealer", None)
    if rng.random() < 0.5:
        document["variant"] = rng.choice(("pool", "rounce", "counters"))


def _payments(document: Document, count: int, rng: random.Random) -> None:
    a, b = document["players"][:2]
    document["payments"] = [{"from": a, "to": b, "amount": rng.choice(("1.00", "0.50", "1"))}
                            for _ in range(count)]


def _joins(document: Document, count: int, rng: random.Random) -> None:
    """``count`` deals that seat someone and stand them up again: new names each time, or
    the same few coming back."""
    first = document["players"][0]
    names = [f"Joiner {n % (5 if rng.random() < 0.5 else count)}" for n in range(count)]
    deals = document.setdefault("deals", [])
    for name in names:
        deals.append({"misdeal": True, "join": [{"name": name, "after": first}]})
        deals.append({"misdeal": True, "leave": [name]})


def _deals(document: Document, count: int, rng: random.Random) -> None:
    played = [{k: v for k, v in deal.items() if k != "dealer"}
              for deal in document.get("deals") or []] or [{"misdeal": True}]
    document["deals"] = [played[n % len(played)] for n in range(count)]


def _listed(document: Document, count: int, rng: random.Random) -> None:
    field = rng.choice(("pass", "fouls", "buy_down", "leave", "tricks", "join"))
    names = [f"Name {n}" for n in range(count)]
    value: Any = (dict.fromkeys(names, 0) if field == "tricks"
                  else [{"name": n, "after": n} for n in names] if field == "join" else names)
    deals = document.setdefault("deals", [])
    deals.insert(rng.randrange(len(deals) + 1), {field: value})


def _long_name(document: Document, count: int, rng: random.Random) -> None:
    long = rng.choice(("x", "Å", "A\u030a", " ", "王")) * count
    where = rng.choice(("player", "name", "group", "first_dealer", "deal", "payment"))
    if where == "player":
        players = document["players"]
        players[rng.randrange(len(players))] = (
            rng.choice(players) + long if rng.random() < 0.5 else long)
    elif where == "deal" and document.get("deals"):
        deal = rng.choice(document["deals"])
        deal[rng.choice(("dealer", "widow", "general"))] = long
    elif where == "payment":
        document["payments"] = [{"from": long, "to": document["players"][0], "amount": "1"}]
    else:
        document[where] = long


DEEP = "@@DEEP@@"  # where _nested puts its nesting, written as raw JSON text afterwards


def _nested(document: Document, count: int, rng: random.Random) -> None:
    where = rng.choice(("note", "options", "deals", "money", "players"))
    if where == "deals" and document.get("deals"):
        document["deals"][0]["note"] = DEEP
    else:
        document[where] = DEEP


def _deep(count: int, rng: random.Random) -> str:
    """``count`` levels of lists or objects, as text (json.dumps would recurse past ~1,000)."""
    if rng.random() < 0.5:
        return "[" * count + "1" + "]" * count
    return '{"x":' * count + '"Astrid"' + "}" * count


Grow = Callable[[Document, int, random.Random], None]
# Each way of growing a file, and the limit it meets (a case sometimes lands just within
# it and just past it).
GROWTHS: dict[str, tuple[Grow, int]] = {
    "players": (_players, SEATS), "payments": (_payments, PAYMENTS),
    "joins": (_joins, min(SEAT_CHANGES, MOST_PEOPLE)), "deals": (_deals, DEALS),
    "listed": (_listed, SEATS), "long name": (_long_name, WRITTEN), "nested": (_nested, DEPTH),
}


def big_cases(seed: int, count: int) -> Iterator[tuple[int, str, bytes]]:
    """``count`` grown files, the same ones for the same seed: (case, how it grew, bytes)."""
    rng = random.Random(seed)
    seeds = [json.loads(text) for text in seed_documents()]
    for number in range(count):
        kind = rng.choice(sorted(GROWTHS))
        grow, limit = GROWTHS[kind]
        roll = rng.random()
        if roll < 0.3:
            size = limit + rng.choice((-1, 0, 1))
        else:
            size = int(math.exp(rng.uniform(math.log(10), math.log(LARGEST))))
        document = json.loads(json.dumps(rng.choice(seeds)))
        size = max(size, 1)
        grow(document, size, rng)
        text = json.dumps(document, ensure_ascii=rng.random() < 0.5)
        if kind == "nested":
            text = text.replace(f'"{DEEP}"', _deep(size, rng), 1)
        yield number, f"{kind} {size}", text.encode("utf-8", "surrogatepass")
