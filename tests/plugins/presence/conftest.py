"""Fixtures of the presence tests. With Redis, presence keys (``hearth:presence:*``) are
cleared before each test; the users are new in every test anyway."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.conftest import REDIS_URL
from tests.plugins.friends.conftest import limited  # noqa: F401


@pytest.fixture(autouse=True)
async def clean_presence() -> AsyncIterator[None]:
    if REDIS_URL:
        import redis.asyncio as aioredis

        client = aioredis.from_url(REDIS_URL)
        keys = [key async for key in client.scan_iter("hearth:presence:*")]
        if keys:
            await client.delete(*keys)
        await client.aclose()
    yield
