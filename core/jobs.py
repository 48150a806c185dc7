"""Background work a plugin repeats on every server process (scheduled deletions, expiries):
``start_periodic`` in ``hearth_startup``, ``stop_periodic`` in ``hearth_shutdown``. Each round
runs in the app's context; a failing round is logged and the next one runs as usual, so the
work itself must be safe to run on several processes at once."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from contextvars import ContextVar
from typing import Any

from core.metrics.families import JOB_DURATION, JOB_RUNS
from core.periodic import every, stop

# The job whose round is running in this task, if any: what a request costs is counted without
# the background work that happens to run beside it (tests/contracts/queries.py).
current_job: ContextVar[str | None] = ContextVar("hearth_current_job", default=None)
_held: set[str] = set()  # jobs whose rounds every app of this process skips (``held``)
_rounds: dict[str, set[asyncio.Future]] = {}  # each job's rounds under way, done when they end


def start_periodic(app: Any, name: str, interval_seconds: float, work: Callable[[], Awaitable[Any]]) -> None:
    async def in_context() -> None:
        if name in _held:
            return
        current_job.set(name)
        started = time.perf_counter()
        ended = asyncio.get_running_loop().create_future()
        _rounds.setdefault(name, set()).add(ended)
        try:
            async with app.app_context():
                await work()
        except Exception:
            JOB_RUNS.labels(name, "failed").inc()
            raise
        finally:
            _rounds[name].discard(ended)
            ended.set_result(None)
        JOB_RUNS.labels(name, "ok").inc()
        JOB_DURATION.labels(name).observe(time.perf_counter() - started)

    app.extensions[f"job:{name}"] = every(
        float(interval_seconds), in_context, f"background job {name}", wait_first=True
    )


async def stop_periodic(app: Any, name: str) -> None:
    await stop(app.extensions.pop(f"job:{name}", None))


@asynccontextmanager
async def held(name: str) -> AsyncIterator[None]:
    """No round of this job runs in this process inside the block, on any app (a round under way
    is waited for): for tests that do the job's work by hand beside apps that would do it too."""
    _held.add(name)
    try:
        under_way = list(_rounds.get(name, ()))
        if under_way:
            await asyncio.wait(under_way)
        yield
    finally:
        _held.discard(name)
