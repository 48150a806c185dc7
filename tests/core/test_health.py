"""``GET /api/health``: healthy on the test database (SQLite or PostgreSQL), Redis down → degraded
but 200, draining → 503 while the worker's sockets are asked to reconnect; never rate limited."""

from __future__ import annotations

import os
import shutil

import aiohttp
import pytest
import socketio

from core.health import begin_drain
from core.version import VERSION
from tests.conftest import REDIS_URL
from tests.core.serve_support import PrivateRedis
from tests.support import TEST_CLIENT_ADDRESS, call, new_person, use_up

needs_redis_server = pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs the redis-server program")


async def test_a_serving_worker_is_healthy(client):
    status, body = await call(client, "GET", "/api/health")
    assert status == 200
    assert body["status"] == "ok" and body["draining"] is False
    assert body["database"]["ok"] is True and body["database"]["latencyMs"] >= 0
    assert body["redis"] == ({"ok": True, "latencyMs": body["redis"]["latencyMs"]} if REDIS_URL else None)
    assert body["worker"] == {"id": 0, "pid": os.getpid()}  # id 0: not started by the supervisor
    assert body["version"] == VERSION and set(body) == {"status", "database", "redis", "worker", "draining", "version"}


async def test_health_is_not_rate_limited_and_needs_no_token(make_app):
    app = make_app(**{"rate_limits.enabled": True})
    async with app.test_app():
        client = app.test_client()
        assert (await call(client, "GET", "/api/plugins"))[0] == 200
        await use_up(app, "global_limit", TEST_CLIENT_ADDRESS, 99)
        assert (await call(client, "GET", "/api/plugins"))[0] == 429  # this address used up the global limit…
        for _ in range(20):
            status, body = await call(client, "GET", "/api/health")
            assert (status, body["status"]) == (200, "ok")  # …health still answers


async def test_only_get_and_head_are_health_checks(client):
    response = await client.head("/api/health")
    assert response.status_code == 200 and response.mimetype == "application/json"
    status, body = await call(client, "POST", "/api/health")
    assert status in (404, 405) and "message" in body


@needs_redis_server
async def test_redis_down_is_degraded_but_still_serving(make_app, tmp_path):
    redis = PrivateRedis(str(tmp_path))
    await redis.start()
    # Not started (no test_app): the database is the session's, and only the health check itself
    # talks to this Redis, so what other parts do on a Redis restart does not matter here.
    app = make_app(**{"redis.url": redis.url})
    client = app.test_client()
    try:
        status, body = await call(client, "GET", "/api/health")
        assert (status, body["status"], body["redis"]["ok"]) == (200, "ok", True)

        redis.stop()
        status, body = await call(client, "GET", "/api/health")
        assert (status, body["status"]) == (200, "degraded")
        assert body["redis"]["ok"] is False and body["database"]["ok"] is True

        await redis.start()  # same port: the check reconnects by itself
        status, body = await call(client, "GET", "/api/health")
        assert (status, body["status"], body["redis"]["ok"]) == (200, "ok", True)
    finally:
        await app.extensions["hearth.health"].close()
        redis.stop()


async def test_a_draining_worker_answers_503_and_asks_its_sockets_to_reconnect(client, live_server):
    person = await new_person()
    reasons: list[str] = []
    sio = socketio.AsyncClient(reconnection=False)
    sio.on("disconnect", lambda reason=None: reasons.append(reason))
    authenticated = []
    sio.on("user:authenticated", lambda data: authenticated.append(data))
    await sio.connect(live_server.url, transports=["websocket"], wait_timeout=5)
    await sio.emit("user:authenticate", {"token": person.token})
    for _ in range(200):
        if authenticated:
            break
        await sio.sleep(0.025)
    assert authenticated

    await begin_drain(live_server.app.quart)
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{live_server.url}/api/health") as response:
            body = await response.json()
            assert response.status == 503
            assert body["status"] == "down" and body["draining"] is True and body["database"]["ok"] is True
    for _ in range(200):
        if reasons:
            break
        await sio.sleep(0.025)
    # the connection was dropped, not closed with a Socket.IO disconnect: clients reconnect after it
    assert reasons and reasons[0] != socketio.AsyncClient.reason.SERVER_DISCONNECT
    await sio.disconnect()
