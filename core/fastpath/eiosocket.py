"""Engine.IO's socket without tasks and timers that an idle socket keeps alive for nothing.

- python-engineio schedules each ping by starting a task that sleeps ``ping_interval`` and then
  sends it: one task (with its coroutine, its sleep future and its timer) alive per idle socket
  at all times. A loop timer does the same wait for a fraction of the memory; the ping is still
  sent, and its answer awaited, exactly as the library does.
- Its websocket writer waits for the next packet under ``asyncio.wait_for``, which wraps the wait
  in one more task with its own timer, only so that the writer ends once a socket whose client
  stopped answering pings is closed (``close`` cannot queue its CLOSE packet then). Here ``close``
  wakes the writer itself (``None`` in the queue: the writer sends what is queued before it and
  closes the websocket, as it does when the reader ends), so the writer just waits.
- ``close`` cancels the pending ping timer: the loop would otherwise keep a closed socket (and
  through it its server and app) alive until the timer fires, ``ping_interval`` later.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import socketio
from engineio import exceptions, packet
from engineio.async_socket import AsyncSocket

from core.fastpath.leanqueue import LeanQueue


class LeanSocket(AsyncSocket):
    _ping_timer: asyncio.TimerHandle | None = None

    async def poll(self) -> list[Any]:
        try:
            packets = [await self.queue.get()]
            self.queue.task_done()
        except asyncio.CancelledError:
            raise exceptions.QueueEmpty() from None
        if packets == [None]:
            return []
        while True:
            try:
                pkt = self.queue.get_nowait()
                self.queue.task_done()
                if pkt is None:
                    self.queue.put_nowait(None)
                    break
                packets.append(pkt)
            except asyncio.QueueEmpty:
                break
        return packets

    async def close(self, wait: bool = True, abort: bool = False, reason: Any = None) -> None:
        was_closed = self.closed
        await super().close(wait=wait, abort=abort, reason=reason)
        if self.closed and not was_closed:
            self.queue.put_nowait(None)  # the writer ends (see above)
        if self.closed and self._ping_timer is not None:
            self._ping_timer.cancel()
            self._ping_timer = None

    def schedule_ping(self) -> None:
        # only schedule a new ping if the previous ping wait cycle completed (as the library does)
        if self.last_ping:
            self.last_ping = None
            self._ping_timer = asyncio.get_running_loop().call_later(self.server.ping_interval, self._ping_due)

    def _ping_due(self) -> None:
        self._ping_timer = None
        if not self.closing and not self.closed:
            asyncio.ensure_future(self._ping_now())

    async def _ping_now(self) -> None:
        if not self.closing and not self.closed:
            self.last_ping = time.time()
            await self.send(packet.Packet(packet.PING))


def make_lean(socket: object) -> None:
    """Turn a socket Engine.IO just created into a :class:`LeanSocket` (same state, same layout)."""
    if type(socket) is AsyncSocket:
        socket.__class__ = LeanSocket


class LeanSocketServer(socketio.AsyncServer):
    """A Socket.IO server whose Engine.IO sockets are :class:`LeanSocket` s with a
    :class:`~core.fastpath.leanqueue.LeanQueue` each (``lean_queues`` after construction)."""

    def lean_queues(self) -> None:
        self.eio.create_queue = LeanQueue  # each socket's packet queue (see core.fastpath.leanqueue)

    async def _handle_eio_connect(self, eio_sid: str, environ: dict) -> Any:
        # before Engine.IO schedules the socket's first ping
        make_lean(self.eio.sockets.get(eio_sid))
        return await super()._handle_eio_connect(eio_sid, environ)
