"""A transaction cancelled while its BEGIN is on the way gives its connection back to the pool."""

from __future__ import annotations

import asyncio

import pytest
from tortoise import connections
from tortoise.transactions import in_transaction

from core.fastpath import pgclient


@pytest.fixture
def pool():
    client = connections.get("default")
    if client.capabilities.dialect != "postgres":
        pytest.skip("the pool is PostgreSQL's")
    return client._pool


async def test_a_cancel_during_begin_leaks_no_connection(pool, monkeypatch):
    await connections.get("default").execute_query("SELECT 1")  # the pool exists and is open
    began = asyncio.Event()

    async def slow_begin(self):
        began.set()
        await asyncio.sleep(3600)

    monkeypatch.setattr(pgclient.ResilientTransaction, "begin", slow_begin)

    async def transaction() -> None:
        async with in_transaction():
            raise AssertionError("never reached")

    for _ in range(pool.get_max_size() + 2):  # more cancels than the pool has connections
        began.clear()
        task = asyncio.create_task(transaction())
        await began.wait()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    monkeypatch.undo()
    held = [await pool.acquire(timeout=5) for _ in range(pool.get_max_size())]
    for connection in held:
        await pool.release(connection)
