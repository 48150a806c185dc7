"""Work repeated in the background for as long as the process runs (heartbeats, reapers, jobs)."""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger("hearth.periodic")


def every(seconds: float, work: Callable[[], Awaitable[object]], what: str, wait_first: bool = False) -> asyncio.Task:
    """Run ``work`` now (or after ``seconds`` with ``wait_first``) and then every ``seconds``
    until the task is cancelled; a failure is logged (as ``what``) and the next round runs
    anyway. Stop it with ``stop``."""

    async def loop() -> None:
        me = asyncio.current_task()
        assert me is not None
        if wait_first:
            await _sleep(seconds)
        while True:
            try:
                await work()
            except asyncio.CancelledError:
                raise
            except Exception:
                # A cancel can come back as another error (redis-py turns one that lands
                # mid-command into a connection error): logging it would lose the cancel, and
                # the loop would go on for ever.
                if me.cancelling():
                    raise asyncio.CancelledError from None
                log.exception("%s failed", what)
            # The work may also have swallowed the cancel and returned.
            if me.cancelling():
                raise asyncio.CancelledError
            await _sleep(seconds)

    return asyncio.create_task(loop())


async def _sleep(seconds: float) -> None:
    """``asyncio.sleep`` whose timer holds nothing once cancelled. A cancelled timer stays on the
    loop until its time comes and keeps the context it was made in; a task started at start-up
    runs in the app's context, so ``asyncio.sleep`` here held a stopped app for ``seconds``."""
    loop = asyncio.get_running_loop()
    woken = loop.create_future()
    timer = loop.call_later(seconds, _wake, woken, context=contextvars.Context())
    try:
        await woken
    finally:
        timer.cancel()


def _wake(future: asyncio.Future) -> None:
    if not future.done():
        future.set_result(None)


async def stop(task: asyncio.Task | None) -> None:
    """Cancel ``task`` and wait until it has ended, so what it uses can be closed after."""
    if task is None:
        return
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
