"""Post views: one per IP per post, written in batches (rest.md §7)."""

from __future__ import annotations

import asyncio

import redis.asyncio as aioredis

from core.testing import PATIENCE
from plugins.posts.models import Post
from plugins.posts.views import PENDING_KEY, ViewCounter
from tests.conftest import REDIS_URL, needs_redis
from tests.plugins.posts.helpers import call_from, confirmed, post


async def views_after_flush(app, post_id: str, expected: int) -> int:
    """Flush until the background counting has landed (it runs after the response)."""

    async def until() -> int:
        while True:
            async with app.app_context():
                await app.extensions["posts"].views.flush()
            views = (await Post.get(id=int(post_id))).views
            if views >= expected:
                return views
            await asyncio.sleep(0.02)

    return await asyncio.wait_for(until(), PATIENCE)


async def test_one_view_per_ip_per_post(make_app):
    app = make_app(**{"server.trust_proxy_headers": True})
    async with app.test_app():
        client = app.test_client()
        me = await confirmed()
        mine = await post(client, me, "look")
        for address in ("10.0.0.1", "10.0.0.1", "10.0.0.2"):
            assert (await call_from(client, address, "GET", f"/api/posts/{mine['id']}", me.token))[0] == 200
        assert (await call_from(client, "10.0.0.1", "GET", "/api/posts/feed", me.token))[0] == 200
        assert (await call_from(client, "10.0.0.3", "GET", f"/api/users/{me.id}/posts"))[0] == 200
        assert await views_after_flush(app, mine["id"], 3) == 3
        assert (await call_from(client, "10.0.0.1", "GET", f"/api/posts/{mine['id']}", me.token))[1]["views"] == 3


async def test_a_flush_writes_each_amount_once(client):
    me = await confirmed()
    a, b, c = (await post(client, me, "a")), (await post(client, me, "b")), (await post(client, me, "c"))
    counter = ViewCounter()
    for address in ("1", "2", "3"):
        counter.viewed(address, [int(a["id"]), int(b["id"])])
    counter.viewed("1", [int(c["id"])])
    assert await counter.flush() == 7
    assert await counter.flush() == 0
    assert [p.views for p in await Post.all().order_by("id")] == [3, 3, 1]


@needs_redis
async def test_views_reach_redis_in_batches_without_a_flush(client):
    me = await confirmed()
    a, b = int((await post(client, me, "a"))["id"]), int((await post(client, me, "b"))["id"])
    redis = aioredis.from_url(REDIS_URL)
    try:
        await redis.delete(PENDING_KEY)
        counter = ViewCounter(redis, batch_seconds=0.05)
        counter.viewed("10.1.1.1", [a, b])
        counter.viewed("10.1.1.1", [a])  # the same IP again: not a new view
        counter.viewed("10.1.1.2", [a])

        async def counted() -> dict[bytes, bytes]:
            while not (found := await redis.hgetall(PENDING_KEY)):
                await asyncio.sleep(0.02)
            return found

        assert await asyncio.wait_for(counted(), 10) == {str(a).encode(): b"2", str(b).encode(): b"1"}
        assert await counter.close() == 3
        assert [p.views for p in await Post.all().order_by("id")] == [2, 1]
    finally:
        await redis.aclose()
