"""What each worker samples for itself every ``[metrics] sample_seconds``, and at each scrape it
answers: its open and authenticated sockets, its memory and CPU, and one database and one Redis
round trip. Sampling rather than counting on the hot path: connects, disconnects and every
request cost nothing extra, and a gauge can never drift from a missed decrement."""

from __future__ import annotations

import asyncio
import os
import resource
import time
from typing import Any

from core.metrics import enabled, materialise
from core.metrics.families import (
    DATABASE_ERRORS,
    DATABASE_PROBE,
    REDIS_ERRORS,
    REDIS_PROBE,
    SOCKETS_AUTHENTICATED,
    SOCKETS_CONNECTED,
    WORKER_CPU,
    WORKER_MEMORY,
    WORKER_STARTED,
)
from core.periodic import every, stop
from core.settings import Settings

PROBE_TIMEOUT = 2.0
PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")


class Sampler:
    def __init__(self, settings: Settings):
        self.interval = float(settings.get("metrics.sample_seconds", 15))
        self.redis_url = settings.redis.url or ""
        self.gateway: Any = None
        self.redis: Any = None
        self.task: asyncio.Task | None = None

    async def start(self, gateway: Any) -> None:
        if not enabled():
            return
        self.gateway = gateway
        materialise()  # the plugins' families too, declared as their modules were imported
        WORKER_STARTED.set(time.time())
        self.task = every(self.interval, self.now, "metrics sampling")

    async def close(self) -> None:
        await stop(self.task)
        self.task = None
        if self.redis is not None:
            await self.redis.aclose()
            self.redis = None

    async def now(self) -> None:
        if not enabled():
            return
        self._sockets()
        self._process()
        await asyncio.gather(self._database(), self._redis())

    def _sockets(self) -> None:
        if self.gateway is None:
            return
        SOCKETS_CONNECTED.set(len(self.gateway.sio.eio.sockets))
        SOCKETS_AUTHENTICATED.set(len(self.gateway.sockets))

    def _process(self) -> None:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        WORKER_CPU.set(usage.ru_utime + usage.ru_stime)
        try:
            with open("/proc/self/statm") as statm:
                WORKER_MEMORY.set(int(statm.read().split()[1]) * PAGE_SIZE)
        except OSError:  # not Linux: the peak is the best there is
            WORKER_MEMORY.set(usage.ru_maxrss * 1024)

    async def _database(self) -> None:
        from tortoise import Tortoise, connections

        if not Tortoise.is_inited():
            return
        started = time.perf_counter()
        try:
            await asyncio.wait_for(connections.get("default").execute_query("SELECT 1"), PROBE_TIMEOUT)
        except Exception:
            DATABASE_ERRORS.labels("probe").inc()
            return
        DATABASE_PROBE.observe(time.perf_counter() - started)

    async def _redis(self) -> None:
        if not self.redis_url:
            return
        if self.redis is None:
            import redis.asyncio as aioredis

            self.redis = aioredis.from_url(
                self.redis_url, socket_connect_timeout=PROBE_TIMEOUT, socket_timeout=PROBE_TIMEOUT
            )
        started = time.perf_counter()
        try:
            await asyncio.wait_for(self.redis.ping(), PROBE_TIMEOUT)
        except Exception:
            REDIS_ERRORS.inc()
            return
        REDIS_PROBE.observe(time.perf_counter() - started)
