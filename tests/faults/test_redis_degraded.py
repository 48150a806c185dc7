"""What leans on Redis keeps working while it is down: rate limits are counted per process (one
log line per outage, not one per request) and go back to Redis when it returns; presence answers
from the process's own sockets and puts them back into Redis after a restart."""

from __future__ import annotations

import logging

from core.identity.models import User
from plugins.presence.service import service_for
from tests.faults.services import wait_until
from tests.support import call, connect_socket, new_person


async def test_rate_limits_fall_back_to_this_process_and_return_to_redis(redis_server, make_app, caplog):
    app = make_app(**{"redis.url": redis_server.url, "rate_limits.enabled": True, "redis.retry_seconds": 0.2})
    async with app.test_app():
        client = app.test_client()
        person = await new_person()
        redis_server.kill()
        with caplog.at_level(logging.WARNING, logger="hearth.ratelimit"):
            statuses = [(await call(client, "GET", "/api/reminders", token=person.token))[0] for _ in range(6)]
            assert statuses == [200] * 5 + [429]  # reminders_get: 5 a minute, counted here meanwhile
            status, body = await call(client, "GET", "/api/reminders", token=person.token)
            assert (status, body["message"]) == (429, "Slow down!") and body["ttl"] > 0
            status, _ = await call(
                client, "POST", "/api/users/login", {"email": person.email, "password": person.password}
            )
            assert status == 200
        down = [r for r in caplog.records if r.name == "hearth.ratelimit" and "Redis unreachable" in r.getMessage()]
        assert len(down) == 1 and "rate limits are counted per process" in down[0].getMessage()

        await redis_server.start()
        other = await new_person()
        with caplog.at_level(logging.WARNING, logger="hearth.ratelimit"):
            await wait_until(
                lambda: _counted_in_redis(redis_server, client, other.token),
                timeout=10,
                what="rate limits to be counted in Redis again",
            )
        assert any(r.name == "hearth.ratelimit" and "Redis is back" in r.getMessage() for r in caplog.records)


async def _counted_in_redis(redis_server, client, token: str) -> bool:
    import redis.asyncio as aioredis

    status, _ = await call(client, "GET", "/api/reminders", token=token)
    assert status in (200, 429)
    redis = aioredis.from_url(redis_server.url)
    try:
        return bool([key async for key in redis.scan_iter("hearth:rl:*reminders_get")])
    finally:
        await redis.aclose()


async def test_presence_keeps_answering_and_is_restored_after_a_redis_restart(redis_server, start_server):
    server = await start_server(**{"redis.url": redis_server.url, "redis.retry_seconds": 0.2})
    client = server.app.quart.test_client()
    person = await new_person()
    probe = await connect_socket(server.url, person.token)
    try:
        presence = service_for(server.app.quart.extensions["hearth"].gateway)
        user_id = int(person.id)
        assert await presence.store.online([user_id]) == {user_id}

        redis_server.kill()
        assert await presence.store.online([user_id]) == {user_id}  # from this process's own sockets
        status, _ = await call(client, "POST", "/api/users/presence", {"status": 2}, token=person.token)
        assert status == 200
        assert (await User.get(id=user_id)).status == 2
        second = await connect_socket(server.url, person.token)  # a socket that comes while Redis is down
        assert second.received("user:authenticated")
        await second.close()

        await redis_server.start()  # empty: the restart lost every presence key
        await wait_until(
            lambda: presence.store.redis.exists(f"hearth:presence:user:{user_id}:sockets"),
            what="the socket to be put back into Redis",
        )
        assert await presence.store.online([user_id]) == {user_id}
        assert await presence.store.redis.scard(f"hearth:presence:user:{user_id}:sockets") == 1
    finally:
        await probe.close()
