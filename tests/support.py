"""Helpers shared by the test layers: API calls, registered users, live socket clients, mail."""

from __future__ import annotations

import asyncio
import itertools
import socket
from dataclasses import dataclass, field
from typing import Any

import socketio

_counter = itertools.count(1)
PASSWORD = "correct horse 1"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def call(client: Any, method: str, path: str, json: Any = None, token: str | None = None,
               **kwargs: Any) -> tuple[int, Any]:
    headers = {"Authorization": token} if token else {}
    response = await client.open(path, method=method, json=json, headers=headers, **kwargs)
    body = await response.get_json(silent=True) if response.mimetype == "application/json" else await response.get_data(as_text=True)
    return response.status_code, body


@dataclass
class Person:
    token: str
    id: str
    username: str
    tag: str
    email: str
    password: str = PASSWORD


async def register(client: Any, username: str | None = None, email: str | None = None,
                   password: str = PASSWORD) -> Person:
    n = next(_counter)
    username = username or f"user{n}"
    email = email or f"{username}.{n}@example.com"
    status, body = await call(client, "POST", "/api/users/register",
                              {"email": email, "username": username, "password": password})
    assert status == 200, body
    token = body["token"]
    status, me = await call(client, "GET", "/api/users", token=token)
    assert status == 200, me
    return Person(token=token, id=me["user"]["id"], username=username, tag=me["user"]["tag"], email=email,
                  password=password)


@dataclass
class SocketProbe:
    """A real Socket.IO client that records every event it receives."""

    client: socketio.AsyncClient
    events: list[tuple[str, Any]] = field(default_factory=list)
    _arrived: asyncio.Event = field(default_factory=asyncio.Event)

    def received(self, name: str) -> list[Any]:
        return [data for event, data in self.events if event == name]

    async def wait_for(self, name: str, timeout: float = 5.0, count: int = 1) -> Any:
        async def until() -> Any:
            while len(self.received(name)) < count:
                self._arrived.clear()
                await self._arrived.wait()
            return self.received(name)[count - 1]

        return await asyncio.wait_for(until(), timeout)

    async def wait_disconnected(self, timeout: float = 5.0) -> None:
        async def until() -> None:
            while self.client.connected:
                await asyncio.sleep(0.02)

        await asyncio.wait_for(until(), timeout)

    async def close(self) -> None:
        if self.client.connected:
            await self.client.disconnect()


async def connect_socket(url: str, token: str | None = None, authenticate: bool = True) -> SocketProbe:
    client = socketio.AsyncClient(reconnection=False)
    probe = SocketProbe(client)

    @client.on("*")
    async def record(event: str, data: Any = None) -> None:
        probe.events.append((event, data))
        probe._arrived.set()

    await client.connect(url, transports=["websocket"], wait_timeout=5)
    if token is not None and authenticate:
        await client.emit("user:authenticate", {"token": token})
        await asyncio.wait_for(_first_of(probe, "user:authenticated", "user:authenticate_error"), 5)
    return probe


async def _first_of(probe: SocketProbe, *names: str) -> None:
    while not any(probe.received(name) for name in names):
        probe._arrived.clear()
        await probe._arrived.wait()


class Inbox:
    """Messages received by the test SMTP server (aiosmtpd)."""

    def __init__(self) -> None:
        self.messages: list[Any] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        from email import message_from_bytes, policy

        self.messages.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 OK"

    async def wait_for(self, to: str, timeout: float = 5.0) -> Any:
        async def until() -> Any:
            while True:
                for message in reversed(self.messages):
                    if to.lower() in str(message["To"]).lower():
                        return message
                await asyncio.sleep(0.02)

        return await asyncio.wait_for(until(), timeout)

    @staticmethod
    def text(message: Any) -> str:
        return message.get_body(preferencelist=("plain",)).get_content()
