"""What an idle authenticated socket keeps (bench/idle_sockets.py measures how much): no copy of
its request headers, no sleeping task per socket for pings, a packet queue that is small while
empty. Contracts on the objects, not timings."""

import asyncio
import gc
import weakref

import engineio

from core.fastpath.eiosocket import LeanSocket
from core.fastpath.leanqueue import LeanQueue
from core.gateway import KEPT_ENVIRON
from tests.support import connect_socket, new_person


async def test_an_idle_socket_keeps_no_request_headers_nor_a_ping_task(client, live_server):
    person = await new_person()
    probe = await connect_socket(live_server.url, person.token, headers={"X-Bulky": "x" * 4000})
    gateway = live_server.app.quart.extensions["hearth"].gateway
    (sid,) = [sid for sid, ctx in gateway.sockets.items() if str(ctx.user.id) == person.id]
    environ = gateway.sio.get_environ(sid)
    assert set(environ) <= set(KEPT_ENVIRON) and "HTTP_X_BULKY" not in environ
    eio_socket = gateway.sio.eio.sockets[gateway.sio.manager.eio_sid_from_sid(sid, "/")]
    assert isinstance(eio_socket, LeanSocket) and isinstance(eio_socket.queue, LeanQueue)
    pinging = [task for task in asyncio.all_tasks() if "_send_ping" in repr(task.get_coro())]
    assert pinging == []
    assert gateway.client_ip(sid) == "127.0.0.1"
    await probe.close()


async def test_the_ping_timer_sends_one_ping_per_cycle():
    server = engineio.AsyncServer(async_mode="asgi", ping_interval=0.01)
    socket = LeanSocket(server, "s1")
    socket.connected = True
    socket.schedule_ping()
    socket.schedule_ping()  # within the same cycle: no second ping (as the library does)
    packet = await asyncio.wait_for(socket.queue.get(), 5)
    assert packet.packet_type == engineio.packet.PING and socket.last_ping is not None
    await asyncio.sleep(0.05)
    assert socket.queue.empty()
    socket.schedule_ping()  # the answer came: the next cycle
    assert (await asyncio.wait_for(socket.queue.get(), 5)).packet_type == engineio.packet.PING
    socket.closed = True
    socket.schedule_ping()
    await asyncio.sleep(0.05)
    assert socket.queue.empty()  # a closed socket is not pinged


async def test_the_lean_queue_behaves_as_asyncio_queue_does_for_engineio():
    queue = LeanQueue()
    assert queue.empty() and queue.qsize() == 0
    getter = asyncio.ensure_future(queue.get())
    await asyncio.sleep(0)
    queue.put_nowait("a")
    await queue.put("b")
    assert await getter == "a" and queue.get_nowait() == "b"
    try:
        queue.get_nowait()
        raise AssertionError("an empty queue gave an item")
    except asyncio.QueueEmpty:
        pass
    # a get cancelled by a timeout (Engine.IO's writer waits so) leaves nothing behind
    try:
        await asyncio.wait_for(queue.get(), 0.01)
    except TimeoutError:
        pass
    queue.put_nowait("c")
    assert await asyncio.wait_for(queue.get(), 5) == "c"
    joined = asyncio.ensure_future(queue.join())
    await asyncio.sleep(0)
    assert not joined.done()  # three items put, none marked done
    for _ in range(3):
        queue.task_done()
    await asyncio.wait_for(joined, 5)
    await queue.join()  # nothing unfinished: returns at once


async def test_closing_a_lean_socket_ends_its_writer_without_a_timeout():
    server = engineio.AsyncServer(async_mode="asgi")
    socket = LeanSocket(server, "s2")
    socket.connected = True
    await socket.close(wait=False)  # as the ping-timeout check closes a silent client's socket
    packets = await asyncio.wait_for(socket.poll(), 5)
    assert [p.packet_type for p in packets] == [engineio.packet.CLOSE]
    assert await asyncio.wait_for(socket.poll(), 5) == []  # the writer stops and closes the websocket


async def test_a_closed_socket_is_freed_at_once_not_when_its_ping_timer_fires():
    server = engineio.AsyncServer(async_mode="asgi", ping_interval=600)
    socket = LeanSocket(server, "s3")
    socket.connected = True
    socket.schedule_ping()
    await socket.close(wait=False)
    freed = weakref.ref(socket)
    del socket
    gc.collect()
    assert freed() is None  # nothing on the loop holds it for the next 600 s
