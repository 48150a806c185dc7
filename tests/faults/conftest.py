"""Fixtures of the fault tests: a private Redis they may kill, Hearth workers in their own
processes, and an HTTP session to reach them."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import aiohttp
import pytest

from tests.faults.services import REDIS_SERVER, HttpClient, RedisServer, Worker

needs_redis_server = pytest.mark.skipif(REDIS_SERVER is None, reason="needs the redis-server binary")


@pytest.fixture
async def redis_server() -> AsyncIterator[RedisServer]:
    if REDIS_SERVER is None:
        pytest.skip("needs the redis-server binary")
    server = RedisServer()
    await server.start()
    yield server
    server.close()


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=60)) as session:
        yield session


@pytest.fixture
async def workers(database_url: str, http: aiohttp.ClientSession) -> AsyncIterator[Callable[..., Any]]:
    """``(w1, api1), (w2, api2) = await workers(2, redis_url, HEARTH_X="y")``: started together
    (``database=`` another URL of the test database, e.g. through a proxy)."""
    started: list[Worker] = []

    async def start(
        count: int, redis_url: str = "", database: str | None = None, **env: str
    ) -> list[tuple[Worker, HttpClient]]:
        import asyncio

        batch = [Worker(database or database_url, redis_url, **env) for _ in range(count)]
        started.extend(batch)
        await asyncio.gather(*(worker.start() for worker in batch))
        return [(worker, HttpClient(worker.url, http)) for worker in batch]

    yield start
    for index, worker in enumerate(started):
        # pytest shows this only for a test that failed: what each worker said, the traceback of a 500
        print(f"=== worker {index} ({worker.url}), the end of its log:\n{worker.output()[-6000:]}")
        worker.stop()
