"""Medians, and comparisons measured side by side (these machines are noisy)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_ms(action: Callable[[], object], runs: int = 15, warmup: int = 2) -> float:
    for _ in range(warmup):
        action()
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


def median_wall_and_cpu_ms(action: Callable[[], object], runs: int = 15, warmup: int = 2,
                           ) -> tuple[float, float]:
    """Medians of the wall time and of this process's CPU time, in ms: on a shared machine
    the wall time is mostly waiting for a CPU, the CPU time what the work itself takes."""
    for _ in range(warmup):
        action()
    wall, cpu = [], []
    for _ in range(runs):
        start, used = time.perf_counter(), time.process_time()
        action()
        cpu.append(time.process_time() - used)
        wall.append(time.perf_counter() - start)
    return statistics.median(wall) * 1000, statistics.median(cpu) * 1000


def side_by_side_ms(first: Callable[[], object], second: Callable[[], object],
                    runs: int = 15) -> tuple[float, float]:
    """Both actions timed in turns (first, second, first, ...): medians in ms."""
    a: list[float] = []
    b: list[float] = []
    for _ in range(runs):
        for action, samples in ((first, a), (second, b)):
            start = time.perf_counter()
            action()
            samples.append(time.perf_counter() - start)
    return statistics.median(a) * 1000, statistics.median(b) * 1000
