"""Answers that start before their request body has arrived (an upload refused for its token,
its group or its size; any route that refuses without reading).

Quart reads a request body in a task of its own and cancels it once the route has answered; the
server (hypercorn) then finds the body unfinished and closes the connection: without having said
``Connection: close`` (a client reusing the connection gets "server disconnected" on its next
request) and with the client's bytes still unread (the kernel resets the connection, and a client
still sending often sees that reset instead of the answer).

So, for HTTP/1.x, an answer waits at its start until the rest of the body has arrived, discarded,
when that rest is at most ``limit`` bytes (the largest body Hearth accepts anyway) and arrives
within ``DRAIN_SECONDS``: the connection then stays usable. Otherwise the answer says
``Connection: close`` and goes at once, and its end waits while up to ``limit`` more bytes are
read and discarded (at most ``LINGER_SECONDS``), so the close that follows is a clean one for a
client that stops sending when it has its answer.

While it waits, the rest is read here (and by Quart's reader, which runs until the answer is
sent), and dropped before Quart stores it. A route that streams its answer while still reading
its body would lose that body: Hearth has none (Socket.IO's polling does not go through Quart).
"""

from __future__ import annotations

import asyncio
from asyncio import FIRST_COMPLETED
from typing import Any

DRAIN_SECONDS = 30.0  # both well within Quart's RESPONSE_TIMEOUT (60 s), which bounds a send
LINGER_SECONDS = 10.0


def expected_length(headers: list[tuple[bytes, bytes]]) -> int | None:
    """The body's declared length: 0 for none, None when it comes chunked (unknown)."""
    length = 0
    for name, value in headers:
        name = name.lower()
        if name == b"transfer-encoding":
            return None
        if name == b"content-length":
            try:
                length = int(value)
            except ValueError:
                return None
    return length


class UnreadBodies:
    """ASGI middleware around Quart: see the module's docstring."""

    def __init__(self, asgi_app: Any, limit: int):
        self.asgi_app = asgi_app
        self.limit = limit

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope.get("http_version") not in ("1.0", "1.1"):
            await self.asgi_app(scope, receive, send)
            return
        expected = expected_length(scope["headers"])
        if expected == 0:
            await self.asgi_app(scope, receive, send)
            return
        body = _RequestBody(receive, send, expected, self.limit)
        await self.asgi_app(scope, body.receive, body.send)


class _RequestBody:
    def __init__(self, receive: Any, send: Any, expected: int | None, limit: int):
        self._receive, self._send = receive, send
        self.expected, self.limit = expected, limit
        self.received = 0
        self.finished = asyncio.Event()  # the last part arrived, or the client went away
        self.enough = asyncio.Event()  # ``stop_at`` bytes arrived: waiting longer is not worth it
        self.stop_at: int | None = None
        self.discarding = False
        self.lingering = False

    async def receive(self) -> dict[str, Any]:
        message = await self._receive()
        if message["type"] == "http.request":
            size = len(message.get("body", b""))
            self.received += size
            if not message.get("more_body", False):
                self.finished.set()
            elif self.stop_at is not None and self.received >= self.stop_at:
                self.enough.set()
            if self.discarding and size:
                message = {**message, "body": b""}
        elif message["type"] == "http.disconnect":
            self.finished.set()
        return message

    async def send(self, message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start" and not self.finished.is_set():
            message = await self._before_answering(message)
        elif self.lingering and message["type"] == "http.response.body" and not message.get("more_body", False):
            await self._read_on(LINGER_SECONDS)
        await self._send(message)

    async def _before_answering(self, start: dict[str, Any]) -> dict[str, Any]:
        self.discarding = True
        rest = None if self.expected is None else self.expected - self.received
        if (rest is None or rest <= self.limit) and await self._read_on(DRAIN_SECONDS):
            return start
        self.lingering = True
        return {**start, "headers": [*start.get("headers", []), (b"connection", b"close")]}

    async def _read_on(self, seconds: float) -> bool:
        """Read on, dropping what arrives, up to ``limit`` more bytes and ``seconds``; True when
        the body has all arrived. Quart's own reader may be reading too: whichever of the two
        gets a part, it is counted (and dropped) here."""
        self.stop_at = self.received + self.limit
        self.enough.clear()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        stops = [asyncio.ensure_future(self.finished.wait()), asyncio.ensure_future(self.enough.wait())]
        pull: asyncio.Future[Any] | None = None
        try:
            while not (self.finished.is_set() or self.enough.is_set()) and loop.time() < deadline:
                if pull is not None and pull.done():
                    if pull.exception() is not None:
                        break  # the server cannot give more: nothing left to wait for
                    pull = None
                pull = pull or asyncio.ensure_future(self.receive())
                await asyncio.wait([pull, *stops], timeout=deadline - loop.time(), return_when=FIRST_COMPLETED)
        finally:
            for future in (*stops, *([pull] if pull is not None else [])):
                future.cancel()
        return self.finished.is_set()
