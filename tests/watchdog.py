"""Says where a hung test hangs: once one test has run ``PATIENCE_SECONDS``, every asyncio task of
the test loop is printed with its stack (Python's faulthandler, set in pyproject.toml, prints the
threads; in an async test they only show the loop waiting).

Tests await with bounds of their own; this is for the wait someone forgot to bound, so the run that
hangs once in fifty says why instead of only that it did.
"""

from __future__ import annotations

import asyncio
import sys
import threading
import time

PATIENCE_SECONDS = 600.0
_state: dict[str, object] = {"test": None, "since": 0.0, "told": False, "loop": None}
_lock = threading.Lock()


def test_started(nodeid: str) -> None:
    with _lock:
        _state.update(test=nodeid, since=time.monotonic(), told=False)


def test_finished() -> None:
    with _lock:
        _state.update(test=None)


def watch_loop(loop: asyncio.AbstractEventLoop) -> None:
    _state["loop"] = loop


def _dump_tasks(nodeid: str) -> None:
    tasks = asyncio.all_tasks()
    print(
        f"\n=== watchdog: {nodeid} still running after {PATIENCE_SECONDS:.0f} s; {len(tasks)} tasks:", file=sys.stderr
    )
    for task in tasks:
        print(f"--- {task!r}", file=sys.stderr)
        task.print_stack(limit=12, file=sys.stderr)
    sys.stderr.flush()


def _watch() -> None:
    while True:
        time.sleep(10)
        with _lock:
            nodeid, since, told, loop = _state["test"], _state["since"], _state["told"], _state["loop"]
            overdue = nodeid is not None and not told and time.monotonic() - float(since) > PATIENCE_SECONDS
            if overdue:
                _state["told"] = True
        if overdue and isinstance(loop, asyncio.AbstractEventLoop) and not loop.is_closed():
            loop.call_soon_threadsafe(_dump_tasks, nodeid)


def start() -> None:
    threading.Thread(target=_watch, name="test-watchdog", daemon=True).start()
