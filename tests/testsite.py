"""A real web server (aiohttp) serving the pages and images that link-preview, safe-fetch and
image-proxy tests fetch (the `site` fixture; browser tests import it too)."""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest
from aiohttp import web
from PIL import Image

from tests.support import free_port


def png(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), (200, 80, 40)).save(out, "PNG")
    return out.getvalue()


def gif(frames: int) -> bytes:
    out = io.BytesIO()
    images = [Image.new("RGB", (30, 20), (i * 80, 255 - i * 80, 0)) for i in range(frames)]
    images[0].save(out, "GIF", save_all=frames > 1, append_images=images[1:], duration=100, loop=0)
    return out.getvalue()


def page(head: str, body: str = "<p>Hello</p>") -> str:
    return f"<!DOCTYPE html><html><head><meta charset='utf-8'>{head}</head><body>{body}</body></html>"


@dataclass
class Site:
    port: int
    hits: dict[str, int]

    def url(self, path: str, host: str = "127.0.0.1") -> str:
        return f"http://{host}:{self.port}{path}"


@pytest.fixture
async def site() -> AsyncIterator[Site]:
    port = free_port()
    hits: dict[str, int] = {}
    pages = {
        "/og": page(
            "<title>Fallback title</title>"
            '<meta property="og:type" content="article">'
            '<meta property="og:title" content="Hearth &amp; friends">'
            '<meta property="og:description" content="A place to talk.">'
            '<meta property="og:site_name" content="Hearth Blog">'
            '<meta property="og:url" content="/og?canonical=1">'
            '<meta property="og:image" content="/wide.png">'
        ),
        "/card": page(
            '<meta name="twitter:card" content="summary_large_image">'
            '<meta name="twitter:title" content="A big picture">'
            '<meta name="twitter:description" content="Seen from afar.">'
            '<meta name="twitter:image" content="/wide.png">'
        ),
        "/plain": page('<title>  Just a\n title </title><meta name="description" content="Described.">'),
        "/long": page(f'<meta property="og:title" content="{"x" * 1500}">'),
        "/no-tags": page("", "<h1>Nothing to preview</h1>"),
        "/second": page('<meta property="og:title" content="The second page">'),
        "/hearth-test": page(
            '<meta property="og:title" content="Hearth test page">'
            '<meta property="og:description" content="Previewed live.">'
            '<meta property="og:site_name" content="Test Site">'
            '<meta name="twitter:card" content="summary_large_image">'
            '<meta property="og:image" content="/wide.png">'
        ),
    }
    images = {
        "/wide.png": (png(640, 320), "image/png"),
        "/still.gif": (gif(1), "image/gif"),
        "/moving.gif": (gif(3), "image/gif"),
    }

    async def handle(request: web.Request) -> web.StreamResponse:
        path = request.path
        hits[path] = hits.get(path, 0) + 1
        if path in pages:
            return web.Response(text=pages[path], content_type="text/html")
        if path in images:
            data, mime = images[path]
            return web.Response(body=data, content_type=mime)
        if path == "/fake.png":
            return web.Response(body=b"not an image at all", content_type="image/png")
        if path == "/json":
            return web.json_response({"title": "not a page"})
        if path == "/huge":  # more than 1 MiB, announced
            return web.Response(
                text=page('<meta property="og:title" content="Huge">', "x" * (1024 * 1024 + 10)),
                content_type="text/html",
            )
        if path == "/huge-stream":  # more than 1 MiB, not announced (chunked)
            response = web.StreamResponse(headers={"Content-Type": "text/html"})
            response.enable_chunked_encoding()
            await response.prepare(request)
            await response.write(b"<html><head><title>Endless")
            for _ in range(40):
                await response.write(b"y" * 32768)
            await response.write_eof()
            return response
        if path == "/drawing.svg":
            return web.Response(
                text='<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
                content_type="image/svg+xml",
            )
        if path == "/slow.png":
            await asyncio.sleep(3)
            return web.Response(body=images["/wide.png"][0], content_type="image/png")
        if path == "/slow":
            await asyncio.sleep(3)
            return web.Response(text=pages["/og"], content_type="text/html")
        if path.startswith("/hop/"):  # /hop/<n>: n redirects, then /og
            n = int(path.rsplit("/", 1)[1])
            raise web.HTTPFound(f"/hop/{n - 1}" if n > 1 else "/og")
        if path == "/to-loopback":
            raise web.HTTPFound(f"http://127.0.0.1:{port}/og")
        if path == "/set-cookie":  # sets a cookie, then redirects to a page telling whether it came back
            response = web.HTTPFound("/cookie-check")
            response.set_cookie("session", "secret")
            raise response
        if path == "/cookie-check":
            told = "with a cookie" if request.headers.get("Cookie") else "without cookies"
            return web.Response(text=page(f'<meta property="og:title" content="{told}">'), content_type="text/html")
        raise web.HTTPNotFound()

    app = web.Application()
    app.router.add_route("GET", "/{tail:.*}", handle)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    tcp = web.TCPSite(runner, "127.0.0.1", port)
    await tcp.start()
    yield Site(port=port, hits=hits)
    await runner.cleanup()
