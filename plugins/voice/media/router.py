"""Getting server-mode signalling to the process that serves a call's media.

A server-mode call has one *media node*: the worker process (store.py names it) whose media
process holds every participant's peer connection. A client's ``voice:media_offer`` arrives at
whichever worker holds its socket; that worker hands it to the media node — itself, or another
worker through the gateway's cross-process commands (Redis) — and the media node answers the
client's socket directly (``voice:media_answer``, ``voice:media_resumed``, ``voice:media_slots``
through Socket.IO's Redis fan-out). Leaves and ends reach the media node the same way.

Without server-side media (``[voice] server_media = false``) nothing here starts.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from plugins.voice.ice import ice_server
from plugins.voice.media.client import MediaProcess
from plugins.voice.store import CallChange, Entry, Left

if TYPE_CHECKING:
    from plugins.voice.service import VoiceService

log = logging.getLogger("hearth.voice.media")
COMMAND = "voice:media"


def media_config(settings: Any) -> dict[str, Any]:
    server = ice_server(settings, "hearth-media")
    return {
        "slots": int(settings.get("voice.server_media_slots", 3)),
        "grace": float(settings.get("voice.reconnect_grace_seconds", 15)),
        "iceServers": [server] if server else [],
    }


class MediaRouter:
    def __init__(self, service: VoiceService):
        self.service = service
        self.gateway = service.gateway
        self.process = MediaProcess(media_config(self.gateway.settings), self._event)

    def install(self) -> None:
        self.gateway.on_everywhere(COMMAND, self._command)

    async def stop(self) -> None:
        await self.process.stop()

    # --- from this worker --------------------------------------------------------------
    async def offer(self, node: str, entry: Entry, sdp: str) -> None:
        await self._send(
            node,
            {"op": "offer", "call": str(entry.channel_id), "user": str(entry.user_id), "sid": entry.sid, "sdp": sdp},
        )

    async def resume(self, node: str, entry: Entry) -> None:
        await self._send(
            node, {"op": "resume", "call": str(entry.channel_id), "user": str(entry.user_id), "sid": entry.sid}
        )

    async def left(self, left: Left, keep: bool) -> None:
        node = left.call.previous_node or left.call.media_node
        if node is not None:
            await self._send(
                node,
                {
                    "op": "drop",
                    "call": str(left.entry.channel_id),
                    "user": str(left.entry.user_id),
                    "keep": keep,
                    "sid": left.entry.sid,
                },
            )

    async def call_changed(self, change: CallChange) -> None:
        if change.media_moved_away:
            await self._send(change.previous_node, {"op": "end", "call": str(change.channel_id)})  # type: ignore[arg-type]

    async def _send(self, node: str, op: dict[str, Any]) -> None:
        if node == self.service.node:
            await self._run(op)
        else:
            await self.gateway.everywhere(COMMAND, {"node": node, "op": op})

    # --- on the media node -------------------------------------------------------------
    async def _command(self, data: dict[str, Any]) -> None:
        if data.get("node") == self.service.node and isinstance(data.get("op"), dict):
            await self._run(data["op"])

    async def _run(self, op: dict[str, Any]) -> None:
        kind = op.get("op")
        try:
            if kind == "offer":
                answer = await self.process.request(
                    "offer", call=op["call"], user=op["user"], sid=op["sid"], sdp=op["sdp"]
                )
                await self._to_client(op["sid"], "voice:media_answer", {"channelId": op["call"], "sdp": answer["sdp"]})
            elif kind == "resume":
                answer = await self.process.request("resume", call=op["call"], user=op["user"], sid=op["sid"])
                await self._to_client(op["sid"], "voice:media_resumed", {"channelId": op["call"], "ok": answer["ok"]})
            elif kind in ("drop", "end"):
                await self.process.tell(kind, **{k: v for k, v in op.items() if k != "op"})
        except Exception as error:
            log.warning("media %s failed: %s", kind, error)
            if kind in ("offer", "resume"):
                await self._to_client(op["sid"], "voice:media_failed", {"channelId": op["call"]})

    async def _event(self, event: dict[str, Any]) -> None:
        if event.get("event") == "slots":
            await self._to_client(
                event["sid"], "voice:media_slots", {"channelId": event["call"], "slots": event["slots"]}
            )

    async def _to_client(self, sid: str, name: str, payload: dict[str, Any]) -> None:
        await self.gateway.emit(name, payload, to=sid)
