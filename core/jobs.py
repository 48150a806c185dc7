"""Background work a plugin repeats on every server process (scheduled deletions, expiries):
``start_periodic`` in ``hearth_startup``, ``stop_periodic`` in ``hearth_shutdown``. Each round
runs in the app's context; a failing round is logged and the next one runs as usual, so the
work itself must be safe to run on several processes at once."""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Awaitable, Callable

log = logging.getLogger("hearth.jobs")


def start_periodic(app: Any, name: str, interval_seconds: float, work: Callable[[], Awaitable[Any]]) -> None:
    app.extensions[f"job:{name}"] = asyncio.create_task(_repeat(app, name, float(interval_seconds), work))


async def stop_periodic(app: Any, name: str) -> None:
    task = app.extensions.pop(f"job:{name}", None)
    if task is not None:
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            pass


async def _repeat(app: Any, name: str, interval: float, work: Callable[[], Awaitable[Any]]) -> None:
    while True:
        await asyncio.sleep(interval)
        try:
            async with app.app_context():
                await work()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("background job %s failed", name)
