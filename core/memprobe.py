"""A worker's memory, on demand, for ``bench/idle_sockets.py``; off unless ``HEARTH_DEBUG_MEMORY_DIR``
names a directory (never set in production).

On SIGUSR2 the worker runs a full garbage collection and writes ``<dir>/<pid>-<n>.done``. With
``HEARTH_DEBUG_TRACEMALLOC=1`` the first signal also starts tracing allocations (tracing slows
everything several times over: the bench's set-up runs untraced), and each later one writes a
tracemalloc snapshot as ``<dir>/<pid>-<n>.snapshot`` first: what was allocated since the first
and is still alive.
"""

from __future__ import annotations

import asyncio
import gc
import itertools
import os
import signal
import tracemalloc
from pathlib import Path


def install(loop: asyncio.AbstractEventLoop) -> None:
    directory = os.environ.get("HEARTH_DEBUG_MEMORY_DIR")
    if not directory:
        return
    trace = os.environ.get("HEARTH_DEBUG_TRACEMALLOC") == "1"
    counter = itertools.count(1)

    def probe() -> None:
        gc.collect()
        stem = Path(directory) / f"{os.getpid()}-{next(counter)}"
        if tracemalloc.is_tracing():
            tracemalloc.take_snapshot().dump(f"{stem}.snapshot")
        elif trace:
            tracemalloc.start(int(os.environ.get("HEARTH_DEBUG_TRACEMALLOC_FRAMES", "12")))
        Path(f"{stem}.done").write_text("")

    loop.add_signal_handler(signal.SIGUSR2, probe)
