"""What each proxy test does through the proxy, as a client on another address (127.0.0.2) that
also tries to choose its own address with forged headers: log in, open a socket, upload a file
larger than nginx's default body limit, send it in a message the other person's socket receives
live, download it, and read the session's recorded address."""

from __future__ import annotations

import asyncio
import os
import socket
import ssl
from typing import Any

import aiohttp
import socketio

from core.settings import ROOT
from tests.plugins.messages.helpers import member
from tests.support import PASSWORD

EXAMPLES = ROOT / "examples" / "proxy"
CLIENT_ADDRESS = "127.0.0.2"  # the proxy sees this; Hearth sees the proxy's 127.0.0.1
FORGED = {"X-Forwarded-For": "203.0.113.9", "CF-Connecting-IP": "198.51.100.7"}
UPLOAD_BYTES = 2 * 1024 * 1024 + 17  # over nginx's default client_max_body_size (1 MB)


def client_session(ca_file: str) -> aiohttp.ClientSession:
    context = ssl.create_default_context(cafile=ca_file)
    connector = aiohttp.TCPConnector(ssl=context, family=socket.AF_INET, local_addr=(CLIENT_ADDRESS, 0))
    return aiohttp.ClientSession(connector=connector, headers=FORGED)


async def api(http: aiohttp.ClientSession, base: str, method: str, path: str, token: str | None, body: Any = None):
    headers = {"Authorization": token} if token else {}
    async with http.request(method, f"{base}/api{path}", json=body, headers=headers) as response:
        assert response.status == 200, (path, response.status, await response.text())
        return await response.json()


async def journey(base: str, ca_file: str) -> None:
    alice, bob = await member(), await member()
    async with client_session(ca_file) as http:
        login = await api(http, base, "POST", "/users/login", None, {"email": alice.email, "password": PASSWORD})
        token = login["token"]
        channel_id = (await api(http, base, "POST", f"/users/{bob.id}/open-channel", token))["channelId"]

        listener = socketio.AsyncClient(reconnection=False, http_session=client_session(ca_file))
        created: list[Any] = []
        authenticated = SocketioEvent(listener, "user:authenticated")
        listener.on("message:created", lambda data: created.append(data))
        await listener.connect(base, transports=["websocket"], wait_timeout=30)
        try:
            await listener.emit("user:authenticate", {"token": bob.token})
            await authenticated.wait_for(30)

            upload = (await api(http, base, "POST", f"/channels/{channel_id}/cdn/token", token))["token"]
            data = os.urandom(UPLOAD_BYTES)
            form = aiohttp.FormData()
            form.add_field("f", data, filename="notes.bin", content_type="application/octet-stream")
            async with http.post(
                f"{base}/cdn/attachments/{channel_id}", data=form, headers={"Authorization": upload}
            ) as response:
                assert response.status == 200, await response.text()
                file_id = (await response.json())["fileId"]
            sent = await api(
                http,
                base,
                "POST",
                f"/channels/{channel_id}/messages",
                token,
                {"content": "through the proxy", "nerimityCdnFileId": file_id},
            )
            await wait_until(lambda: created, 30)
            assert created[0]["message"]["id"] == sent["id"]
            [attachment] = created[0]["message"]["attachments"]
            async with http.get(f"{base}/cdn/{attachment['path']}") as response:
                assert response.status == 200 and await response.read() == data
        finally:
            await listener.disconnect()
            await listener.eio.http.close()

        # new_person's session has no address; the login's is the client's, not the proxy's nor a forged one
        sessions = await api(http, base, "GET", "/users/sessions", token)
        assert sorted(row["location"] for row in sessions) == ["", CLIENT_ADDRESS], sessions

        async with http.get(f"{base}/metrics") as response:
            assert response.status == 403  # scraped directly, never through the proxy


class SocketioEvent:
    """The first arrival of ``name`` on a Socket.IO client."""

    def __init__(self, client: socketio.AsyncClient, name: str):
        self.arrived = asyncio.Event()
        client.on(name, lambda *args: self.arrived.set())

    async def wait_for(self, timeout: float) -> None:
        await asyncio.wait_for(self.arrived.wait(), timeout)


async def wait_until(check: Any, timeout: float) -> None:
    for _ in range(int(timeout / 0.05)):
        if check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("not within the time")
