"""Flake (snowflake) IDs, the layout the wire reference gives (entities.md §1)."""

from __future__ import annotations

import os
import threading
import time

EPOCH_MS = 1_356_048_000_000  # 2012-12-21T00:00:00Z
_MACHINE_ID = (42 + int(os.environ.get("HEARTH_WORKER_INDEX", "0")) + os.getpid()) % 1023


class FlakeGenerator:
    def __init__(self, machine_id: int = _MACHINE_ID):
        self._machine_id = machine_id & 0x3FF
        self._lock = threading.Lock()
        self._last_ms = 0
        self._sequence = 0

    def next(self) -> int:
        with self._lock:
            now = int(time.time() * 1000)
            if now == self._last_ms:
                self._sequence = (self._sequence + 1) & 0xFFF
                if self._sequence == 0:
                    while now <= self._last_ms:
                        now = int(time.time() * 1000)
            else:
                self._sequence = 0
            self._last_ms = now
            return ((now - EPOCH_MS) << 22) | (self._machine_id << 12) | self._sequence


_generator = FlakeGenerator()


def new_id() -> int:
    return _generator.next()


def id_timestamp_ms(flake: int) -> int:
    return (flake >> 22) + EPOCH_MS


def parse_id(value: object) -> int | None:
    """A flake id from a path, query or body value, or None when it is not one (ids are BIGINTs)."""
    text = str(value) if isinstance(value, (str, int)) and not isinstance(value, bool) else ""
    if not text or not text.isascii() or not text.isdigit() or int(text) >= 2**63:
        return None
    return int(text)
