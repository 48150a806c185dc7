"""``GET /api/health`` for load balancers and supervisors, and the worker's draining state.

    {"status": "ok" | "degraded" | "down", "database": {"ok", "latencyMs"},
     "redis": {"ok", "latencyMs"} | null, "worker": {"id", "pid"}, "draining": bool,
     "version": "0.1.0"}

200 while the worker serves (``degraded``: Redis is configured but does not answer; requests
still work), 503 (``down``) when the database does not answer or the worker is draining, so a
load balancer stops sending it traffic. Answered in front of Quart, like a static file: no
authentication, no rate limit, no request hooks; each check gives up after ``CHECK_TIMEOUT``.
``worker.id`` is the supervisor's slot number (``core.serve``), 0 when not run by it; ``version``
is the code this worker runs (during a rolling restart old and new workers answer different ones).
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from quart import Quart
from tortoise import connections

from core.version import VERSION

CHECK_TIMEOUT = 2.0
PATH = "/api/health"


@dataclass
class Health:
    redis_url: str
    draining: bool = False
    redis: Any = None

    async def report(self) -> tuple[int, dict[str, Any]]:
        database, redis = await asyncio.gather(
            _timed(_ping_database), _timed(self._ping_redis) if self.redis_url else _nothing()
        )
        if self.draining or not database["ok"]:
            status = "down"
        elif redis is not None and not redis["ok"]:
            status = "degraded"
        else:
            status = "ok"
        body = {
            "status": status,
            "database": database,
            "redis": redis,
            "worker": {"id": int(os.environ.get("HEARTH_WORKER_ID", "0")), "pid": os.getpid()},
            "draining": self.draining,
            "version": VERSION,
        }
        return (503 if status == "down" else 200), body

    async def _ping_redis(self) -> None:
        if self.redis is None:
            import redis.asyncio as aioredis

            self.redis = aioredis.from_url(
                self.redis_url, socket_connect_timeout=CHECK_TIMEOUT, socket_timeout=CHECK_TIMEOUT
            )
        await self.redis.ping()

    async def close(self) -> None:
        if self.redis is not None:
            await self.redis.aclose()
            self.redis = None


async def _ping_database() -> None:
    await connections.get("default").execute_query("SELECT 1")


async def _nothing() -> None:
    return None


async def _timed(check: Callable[[], Awaitable[None]]) -> dict[str, Any]:
    started = time.perf_counter()
    try:
        await asyncio.wait_for(check(), CHECK_TIMEOUT)
        ok = True
    except Exception:  # unreachable, timed out, not initialised yet: all mean "not ok"
        ok = False
    return {"ok": ok, "latencyMs": round((time.perf_counter() - started) * 1000, 1)}


class HealthEndpoint:
    """ASGI middleware answering ``GET``/``HEAD /api/health``; everything else goes to ``app``."""

    def __init__(self, app: Any, health: Health):
        self.app = app
        self.health = health

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["path"] != PATH or scope["method"] not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        status, body = await self.health.report()
        payload = json.dumps(body, separators=(",", ":")).encode()
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(payload)).encode()),
                    (b"cache-control", b"no-store"),
                    (b"x-content-type-options", b"nosniff"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else payload})


def install_health(app: Quart) -> None:
    health = Health(redis_url=app.extensions["hearth"].settings.redis.url or "")
    app.extensions["hearth.health"] = health
    app.asgi_app = HealthEndpoint(app.asgi_app, health)  # type: ignore[method-assign]

    @app.after_serving
    async def close_health_checks() -> None:
        await health.close()


async def begin_drain(app: Quart) -> None:
    """The worker stopped accepting connections (``core.worker``): answer 503 from now on and ask
    every socket of this process to reconnect (to a live worker), so none is left behind."""
    app.extensions["hearth.health"].draining = True
    await app.extensions["hearth"].gateway.ask_to_reconnect()
