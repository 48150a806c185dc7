"""Websocket frames written straight onto the connection, for the gateway's hot path.

Sending one Socket.IO event to one browser through the ASGI stack costs a trip through
python-engineio's per-socket writer task, the ASGI ``websocket.send`` message, hypercorn's
stream and protocol objects, wsproto's framing and a stream drain: ~75 µs of Python per frame,
which is most of a message's cost in a busy channel. A server-to-client text frame is not
masked, so its bytes are the same for every recipient: this module builds them once per event
and writes them to each connection's transport.

Only for HTTP/1.1 websockets under hypercorn's asyncio or uvloop worker, where the transport can be
found behind the ASGI ``send`` callable; anything else (HTTP/2, another server) keeps the ASGI
path. Frames go out uncompressed (RFC 7692 lets a permessage-deflate sender leave any message
uncompressed, and the compression context only covers compressed messages). A connection whose
unsent bytes pass ``MAX_BUFFERED`` is a client that stopped reading: it is dropped rather than
left to hold the server's memory.

A write to a connection that was quiet goes out at once; frames for a connection written to in
the last ``WINDOW`` seconds wait for the end of that window and leave together. In a busy channel
that turns many small writes (each a system call, and a wake-up of the reader) into one, and
adds at most ``WINDOW`` to a delivery; a quiet connection gets no delay at all.
"""

from __future__ import annotations

import asyncio
import logging
import struct
from typing import Any

from engineio.async_drivers.asgi import WebSocket

log = logging.getLogger("hearth.gateway")
MAX_BUFFERED = 8 * 1024 * 1024
WINDOW = 0.015


def text_frame(text: str) -> bytes:
    """One unfragmented, unmasked websocket text frame (RFC 6455 §5.2)."""
    payload = text.encode()
    size = len(payload)
    if size < 126:
        return bytes((0x81, size)) + payload
    if size < 1 << 16:
        return struct.pack("!BBH", 0x81, 126, size) + payload
    return struct.pack("!BBQ", 0x81, 127, size) + payload


def find_transport(asgi_send: Any) -> asyncio.WriteTransport | None:
    """The socket transport behind hypercorn's websocket ``send``: WSStream → H11Protocol → TCPServer."""
    stream = getattr(asgi_send, "__self__", None)
    protocol = getattr(getattr(stream, "send", None), "__self__", None)
    tcp_server = getattr(getattr(protocol, "send", None), "__self__", None)
    if (type(stream).__name__, type(protocol).__name__) != ("WSStream", "H11Protocol"):
        return None
    transport = getattr(getattr(tcp_server, "writer", None), "transport", None)
    # uvloop's transports are not asyncio.WriteTransport subclasses: ask for what is used.
    usable = all(
        callable(getattr(transport, name, None)) for name in ("write", "is_closing", "get_write_buffer_size", "abort")
    )
    return transport if usable else None


class Coalescer:
    """The connections inside a write window, and the one timer that closes the windows."""

    def __init__(self, window: float = WINDOW):
        self.window = window
        self.open: set[DirectWebSocket] = set()
        self._timer: asyncio.TimerHandle | None = None

    def opened(self, connection: DirectWebSocket) -> None:
        self.open.add(connection)
        if self._timer is None:
            self._timer = asyncio.get_running_loop().call_later(self.window, self.flush)

    def flush(self) -> None:
        self._timer = None
        closing, self.open = self.open, set()  # a connection dropped while flushing leaves ``open``
        for connection in closing:
            if connection.flush():
                self.open.add(connection)
        if self.open:
            self._timer = asyncio.get_running_loop().call_later(self.window, self.flush)


class DirectWebSocket(WebSocket):
    """engineio's ASGI websocket wrapper, writing text frames itself once the handshake is done.

    ``registry`` (one per Engine.IO server, see ``install``) maps Engine.IO session ids to open
    connections so room emits can write a pre-built frame without the socket's queue.
    """

    registry: dict[str, DirectWebSocket]
    coalescer: Coalescer

    def __init__(self, handler: Any, server: Any):
        super().__init__(handler, server)
        self.transport: asyncio.WriteTransport | None = None
        self.pending: list[bytes] | None = None  # None: no window open, the next frame goes at once
        self.sid: str | None = getattr(getattr(handler, "__self__", None), "sid", None)

    async def __call__(self, environ: dict[str, Any]) -> str:
        self.asgi_receive = environ["asgi.receive"]
        self.asgi_send = environ["asgi.send"]
        await self.asgi_send({"type": "websocket.accept"})
        self.transport = find_transport(self.asgi_send)
        if self.transport is not None and self.sid:
            self.registry[self.sid] = self
        try:
            await self.handler(self)
        finally:
            self._detach()
        return ""

    def write(self, frame: bytes) -> bool:
        """Write a built frame (or keep it for the open window); False when the connection is gone."""
        if self.pending is not None:  # written to a moment ago: the flush checks the connection
            self.pending.append(frame)
            return True
        if not self._writable():
            return False
        self.transport.write(frame)  # type: ignore[union-attr]
        self.pending = []
        self.coalescer.opened(self)
        return True

    def flush(self) -> bool:
        """Write what waited for the window; True when there was something (the window stays open)."""
        pending = self.pending
        if not pending or not self._writable():
            self.pending = None
            return False
        self.transport.write(b"".join(pending))  # type: ignore[union-attr]
        self.pending = []
        return True

    def _writable(self) -> bool:
        """The connection is open and its reader keeps up; a reader that does not is dropped."""
        transport = self.transport
        if transport is None or transport.is_closing():
            return False
        if transport.get_write_buffer_size() > MAX_BUFFERED:
            log.warning("dropping websocket %s: over %d bytes unread", self.sid, MAX_BUFFERED)
            self._detach()
            transport.abort()
            return False
        return True

    async def send(self, message: str | bytes) -> None:
        if isinstance(message, str) and self.transport is not None:
            if not self.write(text_frame(message)):
                raise OSError("websocket closed")
            return
        await super().send(message)

    async def close(self) -> None:
        self.flush()
        self._detach()  # the close frame goes through hypercorn, and nothing may follow it
        await super().close()

    def _detach(self) -> None:
        self.transport = None
        self.pending = None
        self.coalescer.open.discard(self)
        if self.sid and self.registry.get(self.sid) is self:
            del self.registry[self.sid]


def install(eio_server: Any) -> dict[str, DirectWebSocket]:
    """Use ``DirectWebSocket`` for this Engine.IO server's websockets; returns its registry."""
    registry: dict[str, DirectWebSocket] = {}
    connection_class = type("DirectWebSocket", (DirectWebSocket,), {"registry": registry, "coalescer": Coalescer()})
    eio_server._async = {**eio_server._async, "websocket": connection_class}
    return registry
