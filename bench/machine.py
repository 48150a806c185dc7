"""How fast this machine is right now: a fixed pure-Python loop, in CPU milliseconds.

Shared and virtual machines change speed with their neighbours' load (on this project's 2-core
machine the same work took twice as long in one hour as in the one before), so every bench
prints this beside its figures: compare figures only between runs with similar speeds."""

from __future__ import annotations

import time


def speed_probe_ms(rounds: int = 3) -> float:
    best = float("inf")
    for _ in range(rounds):
        started, total = time.process_time(), 0
        for i in range(1_000_000):
            total += i * i
        best = min(best, (time.process_time() - started) * 1000)
    return best


def speed_line() -> str:
    return f"machine speed      {speed_probe_ms():.0f} ms of CPU for a fixed Python loop (lower is faster)"
