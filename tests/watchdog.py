"""Says where a hung test hangs, and ends a hang: once one test has run ``PATIENCE_SECONDS``, every
thread's stack and every asyncio task of the test loop are printed; at twice that, the process exits
(pytest-xdist reports the worker's test as crashed and goes on; a plain run stops) instead of holding
CI until its limit.

It writes to a copy of the process's stderr taken at start-up, as pytest's own faulthandler does:
the test's stderr is captured by pytest and shown only when the test ends, which a hung test never
does. Tests await with bounds of their own; this is for the wait someone forgot to bound.
"""

from __future__ import annotations

import asyncio
import faulthandler
import os
import sys
import threading
import time
from typing import TextIO

PATIENCE_SECONDS = float(os.environ.get("HEARTH_TEST_PATIENCE_SECONDS", "600"))
_state: dict[str, object] = {"test": None, "since": 0.0, "told": False, "loop": None}
_lock = threading.Lock()
_out: list[TextIO] = []
last_teardown: list[str] = []  # where the session's database was last torn down (tests/conftest.py)


def test_started(nodeid: str) -> None:
    with _lock:
        _state.update(test=nodeid, since=time.monotonic(), told=False)


def test_finished() -> None:
    with _lock:
        _state.update(test=None)


def watch_loop(loop: asyncio.AbstractEventLoop) -> None:
    _state["loop"] = loop


def _stderr() -> TextIO:
    return _out[0] if _out else sys.__stderr__


def say(text: str, out: TextIO | None = None) -> None:
    print(text, file=out or _stderr(), flush=True)


def _dump_tasks(nodeid: str, out: TextIO | None = None) -> None:
    tasks = asyncio.all_tasks()
    say(f"=== watchdog: {nodeid}: {len(tasks)} asyncio tasks:", out)
    for task in tasks:
        say(f"--- {task!r}", out)
        task.print_stack(limit=12, file=out or _stderr())


def _watch() -> None:
    while True:
        time.sleep(min(10.0, PATIENCE_SECONDS / 4))
        with _lock:
            nodeid, since, told, loop = _state["test"], _state["since"], _state["told"], _state["loop"]
            waited = time.monotonic() - float(since) if nodeid is not None else 0.0
            if waited > PATIENCE_SECONDS and not told:
                _state["told"] = True
        if waited > 2 * PATIENCE_SECONDS:
            say(f"=== watchdog: {nodeid} still running after {waited:.0f} s; ending this process")
            faulthandler.dump_traceback(file=_stderr(), all_threads=True)
            os._exit(70)
        if waited > PATIENCE_SECONDS and not told:
            say(f"=== watchdog: {nodeid} still running after {waited:.0f} s; every thread:")
            faulthandler.dump_traceback(file=_stderr(), all_threads=True)
            if last_teardown:
                say("=== the session's database was torn down and set up again; torn down at:\n" + last_teardown[-1])
            if isinstance(loop, asyncio.AbstractEventLoop) and not loop.is_closed():
                loop.call_soon_threadsafe(_dump_tasks, nodeid)
            else:
                say("=== watchdog: the test loop is closed or unknown")


def start() -> None:
    _out.append(os.fdopen(os.dup(sys.__stderr__.fileno()), "w", buffering=1))
    threading.Thread(target=_watch, name="test-watchdog", daemon=True).start()
