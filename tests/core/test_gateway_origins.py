"""Socket.IO honours ``server.cors_origins`` (core/gateway.py): with a list, a browser page of
another origin cannot open a socket (the web UI's own origin and clients sending no Origin, such
as bots, still can); with ``*`` any origin may, but never with credentials — tokens travel in
``user:authenticate``, not in cookies."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import aiohttp
import pytest
import websockets

ALLOWED = "https://chat.example"


async def handshake(server: Any, origin: str | None) -> bool:
    """A raw Engine.IO websocket handshake: True when the server opens the session."""
    url = server.url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket"
    try:
        async with websockets.connect(url, origin=origin, open_timeout=10) as socket:
            return (await socket.recv()).startswith("0{")
    except websockets.exceptions.InvalidStatus as refused:
        assert refused.response.status_code in (400, 403)
        return False


async def test_a_list_of_origins_refuses_other_pages(start_server):
    server = await start_server(**{"server.cors_origins": [ALLOWED], "server.public_url": "https://hearth.example"})
    own = f"http://{urlsplit(server.url).netloc}"
    assert await handshake(server, ALLOWED)
    assert await handshake(server, own)  # the web UI served by this server
    assert await handshake(server, "https://hearth.example")  # its public address
    assert await handshake(server, None)  # no browser, no Origin (bots)
    assert not await handshake(server, "https://evil.example")
    assert not await handshake(server, "https://chat.example.evil.example")


@pytest.mark.parametrize("origins", ["*", ["*"]])
async def test_any_origin_without_credentials(start_server, origins):
    server = await start_server(**{"server.cors_origins": origins})
    assert await handshake(server, "https://evil.example")
    async with aiohttp.ClientSession() as session:
        async with session.get(
            f"{server.url}/socket.io/?EIO=4&transport=polling", headers={"Origin": "https://evil.example"}
        ) as response:
            assert response.headers.get("Access-Control-Allow-Credentials") != "true"
