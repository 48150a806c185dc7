"""A worker's CPU profile, on demand, for the benches (``bench/message_fanout.py --cprofile``);
off unless ``HEARTH_DEBUG_PROFILE_DIR`` names a directory (never set in production).

SIGUSR1 starts cProfile in the worker; the next SIGUSR1 stops it and writes
``<dir>/<pid>.prof`` (``pstats`` reads it). cProfile slows Python code down more than C code, so
its shares, not its times, are what to read.
"""

from __future__ import annotations

import asyncio
import cProfile
import os
import signal
from pathlib import Path


def install(loop: asyncio.AbstractEventLoop) -> None:
    directory = os.environ.get("HEARTH_DEBUG_PROFILE_DIR")
    if not directory:
        return
    running: list[cProfile.Profile] = []

    def toggle() -> None:
        if running:
            profile = running.pop()
            profile.disable()
            profile.dump_stats(Path(directory) / f"{os.getpid()}.prof")
        else:
            running.append(cProfile.Profile())
            running[0].enable()

    loop.add_signal_handler(signal.SIGUSR1, toggle)
