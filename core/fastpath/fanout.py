"""Room emits that cost one encode per event and one write per socket.

python-socketio's manager creates an asyncio task per recipient for every room emit, and
Engine.IO encodes the packet again for each socket. With a few hundred sockets in a channel
room that bookkeeping is most of a message's delivery cost, so these managers encode the event
once, build its websocket frame once, and write that frame to each connection that has nothing
queued (``core.fastpath.wsdirect``); a socket with packets still queued gets the packet queued behind
them, so a socket's events never overtake each other. Emits with an acknowledgement callback
keep the library's path, as do all emits of a manager whose ``fast`` is False (fast paths off:
``core.fanout_redis`` still needs this class for its Redis stream).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import socketio
from engineio import packet as eio_packet
from socketio import packet as sio_packet

from core.fastpath.wsdirect import DirectWebSocket, text_frame
from core.passive import Passive


class _PreEncoded(eio_packet.Packet):
    """An Engine.IO MESSAGE packet whose text form is computed once for every recipient."""

    def __init__(self, text: str):
        super().__init__(eio_packet.MESSAGE, text)
        self._text = str(eio_packet.MESSAGE) + text

    def encode(self, b64: bool = False) -> Any:
        return self._text if not b64 else super().encode(b64)


class FastEmitManager(socketio.AsyncManager):
    direct: dict[str, DirectWebSocket] = {}  # the gateway sets the Engine.IO server's registry
    fast = True  # False: every emit takes python-socketio's own path
    passive: Passive | None = None  # the gateway's: quiet events skip passive sockets (core/passive.py)

    async def emit(
        self,
        event: str,
        data: Any,
        namespace: str,
        room: Any = None,
        skip_sid: Any = None,
        callback: Any = None,
        to: Any = None,
        **kwargs: Any,
    ) -> None:
        room = to or room
        if self.passive is not None and self.passive.views:
            skip_sid = self.passive.skipped(event, data, room, skip_sid)
        if callback or not self.fast or namespace not in self.rooms:
            skip_sid = list(skip_sid) if isinstance(skip_sid, set) else skip_sid  # the library's type
            return await super().emit(event, data, namespace, room=room, skip_sid=skip_sid, callback=callback, **kwargs)
        pkt = self._encoded(event, data, namespace)
        if pkt is None:  # binary attachments: not sent by Hearth, keep the library's path
            skip_sid = list(skip_sid) if isinstance(skip_sid, set) else skip_sid
            return await super().emit(event, data, namespace, room=room, skip_sid=skip_sid, **kwargs)
        skipped = skip_sid if isinstance(skip_sid, set) else set(skip_sid) if isinstance(skip_sid, list) else {skip_sid}
        await self._send_all(pkt, self._recipients(namespace, room, skipped))

    def _encoded(self, event: str, data: Any, namespace: str) -> _PreEncoded | None:
        args = list(data) if isinstance(data, tuple) else ([] if data is None else [data])
        # binary=False: Hearth sends no bytes in events, and the library's check for them walks the
        # whole payload (tens of thousands of calls for a bot's user:authenticated in 500 servers)
        encoded = self.server.packet_class(
            sio_packet.EVENT, namespace=namespace, data=[event, *args], binary=False
        ).encode()
        return None if isinstance(encoded, list) else _PreEncoded(encoded)

    async def _send_all(self, pkt: _PreEncoded, eio_sids: Iterable[str]) -> None:
        frame: bytes | None = None
        sockets, direct = self.server.eio.sockets, self.direct
        for eio_sid in eio_sids:
            socket = sockets.get(eio_sid)
            if socket is None or socket.closed:
                continue
            if socket.upgrading:
                await socket.send(pkt)
                continue
            connection = direct.get(eio_sid)
            if connection is not None and socket.queue.empty():
                frame = frame or text_frame(pkt._text)
                connection.write(frame)
            else:
                socket.queue.put_nowait(pkt)

    def _recipients(self, namespace: str, room: Any, skipped: set[Any]) -> Iterable[str]:
        """The Engine.IO sids of the room's sockets here, less the skipped: for one room with many
        skipped (passive sockets of a big server) a set difference, not a loop over everyone."""
        if isinstance(room, list | tuple) and len(room) == 1:
            room = room[0]
        members = self.rooms[namespace].get(room) if isinstance(room, str) and len(skipped) > 1 else None
        if members is None:
            return (eio_sid for sid, eio_sid in self.get_participants(namespace, room) if sid not in skipped)
        eio_sids = members.keys().mapping
        return [eio_sids[sid] for sid in members.keys() - skipped]

    def local_participants(self, room: str) -> Iterable[str]:
        """The sids in a room of this process, as a view of the room (no copy: read it at once)."""
        members = self.rooms.get("/", {}).get(room)
        return members.keys() if members is not None else ()

    async def emit_here(self, event: str, data: Any, sids: list[str]) -> None:
        """``event`` to these sockets of this process only (never published to other processes)."""
        connected = self.rooms.get("/", {}).get(None)  # python-socketio's room of every socket
        pkt = self._encoded(event, data, "/") if self.fast and connected is not None else None
        if pkt is None:
            await FastEmitManager.emit(self, event, data, "/", to=sids)
            return
        eio_sids = connected.keys().mapping
        await self._send_all(pkt, [eio_sids[sid] for sid in sids if sid in eio_sids])
