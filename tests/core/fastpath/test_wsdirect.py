"""Websocket frames written straight onto the connection (core.fastpath.wsdirect): what a client reads
is a well-formed frame, every socket under hypercorn takes that path, events keep their order
through the write windows, and a client that stops reading is dropped."""

from __future__ import annotations

import asyncio
import json
import os
import struct

import pytest
import websockets
from wsproto import ConnectionType
from wsproto.connection import Connection
from wsproto.events import TextMessage

from core.fastpath import wsdirect
from tests.support import connect_socket, new_person


@pytest.mark.parametrize("size", [0, 1, 125, 126, 65535, 65536, 200_000])
def test_a_frame_reads_back_as_the_same_text_message(size):
    text = ("é" * size)[:size] if size % 2 else "x" * size
    client = Connection(ConnectionType.CLIENT)
    client.receive_data(wsdirect.text_frame(text))
    events = list(client.events())
    assert [type(e) for e in events] == [TextMessage]
    assert events[0].data == text and events[0].message_finished


async def test_a_quiet_connection_writes_at_once_and_a_busy_one_waits_for_the_window():
    received = asyncio.Queue()

    async def reader(r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
        while data := await r.read(65536):
            await received.put(data)

    server = await asyncio.start_server(reader, "127.0.0.1", 0)
    _, writer = await asyncio.open_connection("127.0.0.1", server.sockets[0].getsockname()[1])
    connection_class = type(
        "Probe", (wsdirect.DirectWebSocket,), {"registry": {}, "coalescer": wsdirect.Coalescer(window=3600)}
    )
    connection = connection_class(None, None)
    connection.transport = writer.transport
    first, second, third = (wsdirect.text_frame(t) for t in ("one", "two", "three"))

    assert connection.write(first)
    assert await asyncio.wait_for(received.get(), 5) == first
    assert connection.write(second) and connection.write(third)
    assert connection.pending == [second, third] and received.empty()

    connection.coalescer.flush()
    data = b""
    while len(data) < len(second + third):
        data += await asyncio.wait_for(received.get(), 5)
    assert data == second + third
    connection.coalescer.flush()  # nothing waited: the window closes, the next write goes at once
    assert connection.pending is None and connection not in connection.coalescer.open
    writer.close()
    server.close()


async def test_every_socket_under_hypercorn_takes_the_direct_path_and_bursts_keep_their_order(client, live_server):
    person = await new_person()
    probe = await connect_socket(live_server.url, person.token)
    gateway = live_server.app.quart.extensions["hearth"].gateway
    assert len(gateway.sio.manager.direct) == 1

    for n in range(300):
        await gateway.emit("test:burst", {"n": n}, to=person.id)
    await probe.wait_for("test:burst", count=300)
    assert [data["n"] for data in probe.received("test:burst")] == list(range(300))
    await probe.close()
    for _ in range(100):
        if not gateway.sio.manager.direct:
            break
        await asyncio.sleep(0.02)
    assert gateway.sio.manager.direct == {}


async def raw_socket(url: str, token: str) -> websockets.ClientConnection:
    """An authenticated Socket.IO client by hand, whose reading we control."""
    ws = await websockets.connect(
        url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket",
        max_queue=1,
        compression=None,
        max_size=None,
    )
    await ws.recv()
    await ws.send("40")
    while not (await ws.recv()).startswith("40"):
        pass
    await ws.send('42["user:authenticate",' + json.dumps({"token": token}) + "]")
    while not (await ws.recv()).startswith('42["user:authenticated"'):
        pass
    return ws


async def test_a_client_that_stops_reading_is_dropped_and_the_others_are_served(client, live_server, monkeypatch):
    monkeypatch.setattr(wsdirect, "MAX_BUFFERED", 256 * 1024)
    stalled, reader = await new_person(), await new_person()
    gateway = live_server.app.quart.extensions["hearth"].gateway
    ws = await raw_socket(live_server.url, stalled.token)  # never read again: its buffers fill
    probe = await connect_socket(live_server.url, reader.token)
    stalled_sid = next(sid for sid, ctx in gateway.sockets.items() if str(ctx.user.id) == stalled.id)

    bulk = os.urandom(150_000).hex()
    try:
        for n in range(200):  # 60 MB: more than the kernel's buffers on both ends of a loopback socket
            await gateway.emit("test:bulk", {"n": n, "bulk": bulk}, to=stalled.id)
            await gateway.emit("test:tick", {"n": n}, to=reader.id)  # the reader stays in a write window
            await asyncio.sleep(0.001)
        for _ in range(250):
            if stalled_sid not in gateway.sockets:
                break
            await asyncio.sleep(0.02)
        assert stalled_sid not in gateway.sockets
    finally:
        ws.transport.abort()

    await gateway.emit("test:after", {"ok": True}, to=reader.id)
    assert await probe.wait_for("test:after", timeout=20) == {"ok": True}
    assert [tick["n"] for tick in probe.received("test:tick")] == list(range(200))
    await probe.close()


def test_frame_headers_follow_rfc_6455_lengths():
    assert wsdirect.text_frame("a")[:2] == b"\x81\x01"
    assert wsdirect.text_frame("a" * 126)[:4] == b"\x81\x7e" + struct.pack("!H", 126)
    assert wsdirect.text_frame("a" * 65536)[:10] == b"\x81\x7f" + struct.pack("!Q", 65536)
