"""Work repeated in the background for as long as the process runs (heartbeats, reapers)."""

from __future__ import annotations

import asyncio
import logging
from typing import Awaitable, Callable

log = logging.getLogger("hearth.periodic")


def every(seconds: float, work: Callable[[], Awaitable[None]], what: str) -> asyncio.Task:
    """Run ``work`` now and then every ``seconds`` until the task is cancelled; a failure is
    logged (as ``what``) and the next round runs anyway."""

    async def loop() -> None:
        while True:
            try:
                await work()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("%s failed", what)
            await asyncio.sleep(seconds)

    return asyncio.create_task(loop())
