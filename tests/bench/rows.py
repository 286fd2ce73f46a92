"""One row of the benchmark table: what was measured, against which target."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Row:
    what: str
    workload: str
    target: str
    measured: str
    met: bool
    note: str = ""
