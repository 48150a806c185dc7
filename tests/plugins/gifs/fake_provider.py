"""A local stand-in for a Tenor v2 API (aiohttp on a free port): ``/v2/search``, ``/v2/categories``
and the GIFs themselves under ``/media/``. It counts the calls it gets and can be told to fail,
to be slow, or to answer something that is not a provider's answer."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from aiohttp import web

from tests.support import free_port
from tests.testsite import gif

API_KEY = "test-key"


@dataclass
class FakeProvider:
    port: int
    calls: list[dict[str, str]] = field(default_factory=list)
    # "ok", "down" (500), "slow" (longer than any test's timeout), "garbage" (not JSON), "odd" (JSON, no results)
    mode: str = "ok"
    release: asyncio.Event = field(default_factory=asyncio.Event)  # ends "slow" answers at teardown

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def media(self, name: str) -> str:
        return f"{self.url}/media/{name}"

    def settings(self, **more: Any) -> dict[str, Any]:
        return {"gifs.api_key": API_KEY, "gifs.base_url": self.url, "gifs.timeout_seconds": 2, **more}

    def count(self, path: str) -> int:
        return sum(1 for call in self.calls if call["path"] == path)


def _item(provider: FakeProvider, query: str, n: int) -> dict[str, Any]:
    slug = f"{query.replace(' ', '-')}-{n}"
    return {
        "id": slug,
        "title": slug,
        "itemurl": f"https://tenor.example/view/{slug}",
        "url": f"https://tenor.example/{slug}",
        "tags": [query],
        "media_formats": {
            "gif": {"url": provider.media(f"{slug}.gif"), "dims": [30, 20]},
            "tinygif": {"url": provider.media(f"{slug}-tiny.gif"), "dims": [15, 10]},
        },
    }


def search_answer(provider: FakeProvider, query: str, pos: str | None, limit: int) -> dict[str, Any]:
    start = int(pos or 0)
    results = [_item(provider, query, n) for n in range(start, start + min(limit, 4))]
    # one item without a gif format, which the reference drops
    results.append(
        {
            "id": "sticker",
            "itemurl": "https://tenor.example/view/sticker",
            "media_formats": {"tinygif": {"url": provider.media("sticker.gif"), "dims": [10, 10]}},
        }
    )
    return {"results": results, "next": str(start + 4)}


def categories_answer(provider: FakeProvider) -> dict[str, Any]:
    return {
        "locale": "en",
        "tags": [
            {
                "searchterm": term,
                "path": f"/v2/search?q={term}&locale=en&component=categories&contentfilter=high",
                "image": provider.media(f"{term}.gif"),
                "name": f"#{term}",
            }
            for term in ("happy", "dance", "thumbs up")
        ],
    }


@pytest.fixture
async def provider() -> AsyncIterator[FakeProvider]:
    fake = FakeProvider(port=free_port())
    picture = gif(3)

    async def api(request: web.Request) -> web.StreamResponse:
        fake.calls.append({"path": request.path, **request.query})
        if request.query.get("key") != API_KEY:
            return web.json_response({"error": {"code": 400, "message": "API key not valid."}}, status=400)
        if fake.mode == "down":
            return web.json_response({"error": "unavailable"}, status=500)
        if fake.mode == "slow":
            try:
                await asyncio.wait_for(fake.release.wait(), 30)
            except TimeoutError:
                pass
        if fake.mode == "garbage":
            return web.Response(text="<html>oops</html>", content_type="text/html")
        if fake.mode == "odd":
            return web.json_response({"results": "none today"})
        if request.path == "/v2/categories":
            return web.json_response(categories_answer(fake))
        return web.json_response(
            search_answer(
                fake, request.query.get("q", ""), request.query.get("pos"), int(request.query.get("limit", 20))
            )
        )

    async def media(request: web.Request) -> web.StreamResponse:
        return web.Response(body=picture, content_type="image/gif")

    app = web.Application()
    app.router.add_get("/v2/search", api)
    app.router.add_get("/v2/categories", api)
    app.router.add_get("/media/{name}", media)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", fake.port).start()
    yield fake
    fake.release.set()
    await runner.cleanup()
