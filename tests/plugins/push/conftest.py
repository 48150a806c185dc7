"""Push tests: a real local push service (an aiohttp server on a free port) that records what it
receives, and browser-side subscriptions whose keys the test holds, to decrypt what arrives."""

from __future__ import annotations

import asyncio
import base64
import os
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from aiohttp import web
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from core.settings import Settings
from core.testing import free_port


@pytest.fixture
def settings(base_settings: Settings) -> Settings:
    # The local push service is plain HTTP on 127.0.0.1.
    return base_settings.with_overrides(
        {"push.allow_http_endpoints": True, "fetch.allow_private_networks": True, "push.max_subscriptions_per_user": 3}
    )


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@dataclass
class Browser:
    """What a browser's PushManager holds: the endpoint, its P-256 key pair and auth secret."""

    endpoint: str
    private_key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth_secret: bytes = field(default_factory=lambda: os.urandom(16))

    @property
    def public_bytes(self) -> bytes:
        return self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )

    def subscription(self) -> dict[str, Any]:
        return {"endpoint": self.endpoint, "keys": {"p256dh": b64(self.public_bytes), "auth": b64(self.auth_secret)}}


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


class PushService:
    def __init__(self, url: str):
        self.url = url
        self.received: list[Received] = []
        self.statuses: dict[str, int] = {}  # path → status to answer (default 201)
        self.arrived = asyncio.Event()

    def browser(self, name: str) -> Browser:
        return Browser(f"{self.url}/push/{name}")

    def to(self, browser: Browser) -> list[Received]:
        path = browser.endpoint[len(self.url) :]
        return [r for r in self.received if r.path == path]

    async def handle(self, request: web.Request) -> web.Response:
        self.received.append(
            Received(request.path, {k.lower(): v for k, v in request.headers.items()}, await request.read())
        )
        self.arrived.set()
        return web.Response(status=self.statuses.get(request.path, 201))


@pytest.fixture
async def push_service() -> AsyncIterator[PushService]:
    port = free_port()
    service = PushService(f"http://127.0.0.1:{port}")
    app = web.Application()
    app.router.add_post("/push/{name}", service.handle)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", port)
    await site.start()
    yield service
    await runner.cleanup()
