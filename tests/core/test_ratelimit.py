"""Fixed-window limits (rest.md §0.6), in memory and in Redis."""

import asyncio

import pytest

from core.ratelimit import RateLimiter
from tests.conftest import REDIS_URL, needs_redis
from tests.support import TEST_CLIENT_ADDRESS, call, use_up


async def _exercise(limiter: RateLimiter, key: str) -> None:
    assert [await limiter.hit(key, 3, 200, 400) for _ in range(3)] == [None, None, None]
    ttl = await limiter.hit(key, 3, 200, 400)
    assert ttl is not None and 300 < ttl <= 400
    still = await limiter.hit(key, 3, 200, 400)
    assert still is not None and still <= ttl
    assert await limiter.hit(key + "-other", 3, 200, 400) is None
    await asyncio.sleep(0.45)
    assert await limiter.hit(key, 3, 200, 400) is None


async def test_memory_limiter_allows_n_then_blocks_until_the_block_ends():
    await _exercise(RateLimiter(), "memory-key")


@needs_redis
async def test_redis_limiter_behaves_the_same():
    import redis.asyncio as aioredis

    client = aioredis.from_url(REDIS_URL)
    try:
        await _exercise(RateLimiter(redis=client), "redis-key")
    finally:
        await client.delete("hearth:rl:redis-key", "hearth:rl:redis-key-other")
        await client.aclose()


@pytest.mark.parametrize("enabled", [True, False])
async def test_global_api_limit_is_100_per_15_seconds_per_ip(make_app, enabled):
    app = make_app(**{"rate_limits.enabled": enabled})
    async with app.test_app():
        client = app.test_client()
        if enabled:
            assert (await client.get("/api/plugins")).status_code == 200
            await use_up(app, "global_limit", TEST_CLIENT_ADDRESS, 98)
            assert (await client.get("/api/plugins")).status_code == 200  # the hundredth
            status, body = await call(client, "GET", "/api/plugins")
            assert status == 429
            assert body["message"] == "Slow down!" and body["path"] is None and 0 < body["ttl"] <= 30_000
        else:
            assert {(await client.get("/api/plugins")).status_code for _ in range(101)} == {200}
