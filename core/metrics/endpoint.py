"""``GET /metrics``: the Prometheus text format, answered in front of Quart (like the health
check: no session, no rate limit, not counted as a request).

Disabled: 404, as for any unknown path. Enabled: only with ``Authorization: Bearer <[metrics]
token>`` (compared in constant time); otherwise 401. With several workers (``hearth serve``) the
answer adds up every worker's files in the run's directory (``core.metrics.multiproc``), so any
worker may be scraped; reading them is file work and runs off the event loop.
"""

from __future__ import annotations

import asyncio
import hmac
import os
from typing import Any

from core.metrics import sampler
from core.settings import Settings

PATH = "/metrics"
NOT_FOUND = b'{"message":"Not found.","path":null}'
UNAUTHORISED = b'{"message":"Invalid metrics token.","path":null}'


def exposition() -> tuple[bytes, str]:
    from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, generate_latest
    from prometheus_client.multiprocess import MultiProcessCollector

    directory = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if directory:
        registry = CollectorRegistry()
        MultiProcessCollector(registry, path=directory)
    else:
        registry = REGISTRY
    return generate_latest(registry), CONTENT_TYPE_LATEST


def authorised(header: bytes | None, token: str) -> bool:
    if not header or not token:
        return False
    scheme, _, given = header.partition(b" ")
    return scheme.lower() == b"bearer" and hmac.compare_digest(given.strip(), token.encode())


class MetricsEndpoint:
    """ASGI middleware answering ``GET``/``HEAD /metrics``; everything else goes to ``app``."""

    def __init__(self, app: Any, settings: Settings):
        self.app = app
        self.enabled = bool(settings.get("metrics.enabled", False))
        self.token = str(settings.get("metrics.token", "") or "")
        self.sample = sampler.Sampler(settings)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["path"] != PATH or scope["method"] not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        if not self.enabled:
            await _answer(send, 404, NOT_FOUND, "application/json")
            return
        header = next((value for name, value in scope.get("headers", ()) if name == b"authorization"), None)
        if not authorised(header, self.token):
            await _answer(
                send, 401, UNAUTHORISED, "application/json", [(b"www-authenticate", b'Bearer realm="metrics"')]
            )
            return
        await self.sample.now()  # this worker's gauges as of now; the others sample on their own
        body, content_type = await asyncio.to_thread(exposition)
        await _answer(send, 200, b"" if scope["method"] == "HEAD" else body, content_type)


async def _answer(
    send: Any, status: int, body: bytes, content_type: str, extra: list[tuple[bytes, bytes]] | None = None
) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", content_type.encode()),
                (b"content-length", str(len(body)).encode()),
                (b"cache-control", b"no-store"),
                (b"x-content-type-options", b"nosniff"),
                *(extra or []),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
