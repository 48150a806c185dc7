"""Background work a plugin repeats on every server process (scheduled deletions, expiries):
``start_periodic`` in ``hearth_startup``, ``stop_periodic`` in ``hearth_shutdown``. Each round
runs in the app's context; a failing round is logged and the next one runs as usual, so the
work itself must be safe to run on several processes at once."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from typing import Any

from core.metrics.families import JOB_DURATION, JOB_RUNS
from core.periodic import every, stop

# The job whose round is running in this task, if any: what a request costs is counted without
# the background work that happens to run beside it (tests/contracts/queries.py).
current_job: ContextVar[str | None] = ContextVar("hearth_current_job", default=None)


def start_periodic(app: Any, name: str, interval_seconds: float, work: Callable[[], Awaitable[Any]]) -> None:
    async def in_context() -> None:
        current_job.set(name)
        started = time.perf_counter()
        try:
            async with app.app_context():
                await work()
        except Exception:
            JOB_RUNS.labels(name, "failed").inc()
            raise
        JOB_RUNS.labels(name, "ok").inc()
        JOB_DURATION.labels(name).observe(time.perf_counter() - started)

    app.extensions[f"job:{name}"] = every(
        float(interval_seconds), in_context, f"background job {name}", wait_first=True
    )


async def stop_periodic(app: Any, name: str) -> None:
    await stop(app.extensions.pop(f"job:{name}", None))
