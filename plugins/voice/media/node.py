"""The server-side media engine: one aiortc peer connection per participant, each speaker's Opus
forwarded to the others (see ``forwarding``).

Every listener has ``slots`` receive tracks, negotiated once: the client offers one send-and-
receive audio line (its microphone, and slot 0) and ``slots - 1`` receive-only lines. Whoever
talks is given a slot at each listener, first come first served, and keeps it while talking or
for :data:`HOLD_S` after; when more people talk at once than there are slots, the latest wait.
So a listener receives at most ``slots`` streams however big the call, joins and leaves never
renegotiate, and the server never decodes. Which user holds which slot is sent to the listener
(``slots`` event) for its speaking rings.

Runs in its own process (``process.py``), away from the event loop that serves HTTP.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiortc import RTCConfiguration, RTCIceServer, RTCPeerConnection, RTCSessionDescription

from plugins.voice.media.forwarding import SlotTrack, tap_receiver

log = logging.getLogger("hearth.voice.media")
TALKING_S = 0.4  # a speaker whose last loud packet is this recent is talking
HOLD_S = 1.5  # a speaker keeps its slots this long after the last loud packet
SILENT_LEVEL = 100  # -dBov; packets quieter than this (and without the voice-activity bit) are not talk
SELECT_EVERY_S = 0.1

Emit = Callable[[dict[str, Any]], Awaitable[None]]


class MediaError(Exception):
    pass


@dataclass(eq=False)
class Participant:
    user: str
    sid: str
    pc: RTCPeerConnection
    slots: list[SlotTrack]
    assignment: list[str | None]
    receiving: bool = True
    talk_start: float = 0.0
    last_loud: float = 0.0
    drop_timer: asyncio.TimerHandle | None = None
    packets_in: int = 0


@dataclass(eq=False)
class Call:
    id: str
    participants: dict[str, Participant] = field(default_factory=dict)
    routes: dict[str, list[SlotTrack]] = field(default_factory=dict)
    selector: asyncio.Task | None = None
    dirty: asyncio.Event = field(default_factory=asyncio.Event)


class MediaNode:
    def __init__(
        self, emit: Emit, slots: int = 3, grace_seconds: float = 15.0, ice_servers: list[dict[str, Any]] | None = None
    ):
        self.emit = emit
        self.slot_count = max(1, slots)
        self.grace = grace_seconds
        self.ice_servers = [RTCIceServer(**server) for server in ice_servers or []]
        self.calls: dict[str, Call] = {}
        self.forwarded_before = 0  # packets forwarded by connections already closed

    # --- signalling ----------------------------------------------------------------------
    async def offer(self, call_id: str, user: str, sid: str, sdp: str) -> str:
        """A participant's offer (first, or a replacement after its connection failed): a new
        peer connection, answered once ICE candidates are gathered (aiortc does not trickle)."""
        call = self.calls.get(call_id) or self._new_call(call_id)
        old = call.participants.pop(user, None)
        if old is not None:
            await self._close(old)
        pc = RTCPeerConnection(RTCConfiguration(iceServers=self.ice_servers or None))
        try:
            await pc.setRemoteDescription(RTCSessionDescription(sdp=sdp, type="offer"))
            audio = [t for t in pc.getTransceivers() if t.kind == "audio"]
            if not audio:
                raise MediaError("the offer has no audio")
            slots = [SlotTrack() for _ in audio[: self.slot_count]]
            participant = Participant(user=user, sid=sid, pc=pc, slots=slots, assignment=[None] * len(slots))
            for slot in slots:
                pc.addTrack(slot)
            tap_receiver(
                audio[0].receiver, lambda payload, ts, level: self._packet(call, participant, payload, ts, level)
            )
            pc.on("connectionstatechange", lambda: self._state_changed(call, participant))
            await pc.setLocalDescription(await pc.createAnswer())
        except Exception:
            await pc.close()
            raise
        call.participants[user] = participant
        call.dirty.set()
        return pc.localDescription.sdp

    async def resume(self, call_id: str, user: str, sid: str) -> bool:
        """Take back a participant whose socket dropped (kept for the grace period): true when its
        connection is still up, so the client keeps it."""
        call = self.calls.get(call_id)
        participant = call.participants.get(user) if call else None
        if (
            call is None
            or participant is None
            or participant.pc.connectionState not in ("new", "connecting", "connected")
        ):
            return False
        if participant.drop_timer is not None:
            participant.drop_timer.cancel()
            participant.drop_timer = None
        participant.sid, participant.receiving = sid, True
        participant.assignment = [None] * len(participant.slots)
        call.dirty.set()
        await self._send_slots(call, participant)
        return True

    async def drop(self, call_id: str, user: str, keep: bool = False, sid: str | None = None) -> None:
        """A participant left. ``keep``: it may come back (its socket dropped): stop forwarding
        to and from it but keep its connection for the grace period. ``sid``: only if the
        connection is still the one that socket made (a drop that arrives after the user came
        back from another socket leaves the new connection alone)."""
        call = self.calls.get(call_id)
        participant = call.participants.get(user) if call else None
        if call is None or participant is None or (sid is not None and participant.sid != sid):
            return
        if keep and self.grace > 0:
            participant.receiving = False
            participant.drop_timer = asyncio.get_running_loop().call_later(
                self.grace, lambda: asyncio.ensure_future(self.drop(call_id, user))
            )
            call.dirty.set()
            return
        call.participants.pop(user, None)
        await self._close(participant)
        call.dirty.set()
        if not call.participants:
            await self.end(call_id)

    async def end(self, call_id: str) -> None:
        call = self.calls.pop(call_id, None)
        if call is None:
            return
        if call.selector is not None:
            call.selector.cancel()
        for participant in list(call.participants.values()):
            await self._close(participant)
        call.participants.clear()

    async def close(self) -> None:
        for call_id in list(self.calls):
            await self.end(call_id)

    def stats(self) -> dict[str, Any]:
        live = sum(
            slot.forwarded for call in self.calls.values() for p in call.participants.values() for slot in p.slots
        )
        return {
            "calls": len(self.calls),
            "participants": sum(len(c.participants) for c in self.calls.values()),
            "packetsIn": sum(p.packets_in for c in self.calls.values() for p in c.participants.values()),
            "forwarded": self.forwarded_before + live,
        }

    # --- forwarding ----------------------------------------------------------------------
    def _packet(self, call: Call, speaker: Participant, payload: bytes, timestamp: int, level: Any) -> None:
        speaker.packets_in += 1
        if not speaker.receiving:
            return
        now = time.monotonic()
        loud = level is None or level[0] or level[1] <= SILENT_LEVEL
        if loud:
            if now - speaker.last_loud > TALKING_S:
                speaker.talk_start = now
                if speaker.user not in call.routes:
                    call.dirty.set()  # a new talker: give it slots now, not at the next tick
            speaker.last_loud = now
        for slot in call.routes.get(speaker.user, ()):
            slot.push(speaker, payload, timestamp)

    def _new_call(self, call_id: str) -> Call:
        call = self.calls[call_id] = Call(id=call_id)
        call.selector = asyncio.create_task(self._select_forever(call))
        return call

    async def _select_forever(self, call: Call) -> None:
        while True:
            try:
                await asyncio.wait_for(call.dirty.wait(), SELECT_EVERY_S)
            except TimeoutError:
                pass
            call.dirty.clear()
            try:
                await self._select(call)
            except Exception:
                log.exception("speaker selection failed")

    async def _select(self, call: Call) -> None:
        now = time.monotonic()
        members = [p for p in call.participants.values() if p.receiving]
        talking = sorted((p for p in members if now - p.last_loud <= TALKING_S), key=lambda p: p.talk_start)
        recent = sorted((p for p in members if TALKING_S < now - p.last_loud <= HOLD_S), key=lambda p: -p.last_loud)
        ranking = [p.user for p in (*talking, *recent)]
        audible = set(ranking)
        routes: dict[str, list[SlotTrack]] = {}
        for listener in members:
            # whoever holds a slot keeps it while talking or pausing (HOLD_S); free slots go to
            # the others in order: talkers by when they started, then the most recent
            assignment = [user if user in audible else None for user in listener.assignment]
            for user in ranking:
                if None not in assignment:
                    break
                if user != listener.user and user not in assignment:
                    assignment[assignment.index(None)] = user
            if assignment != listener.assignment:
                listener.assignment = assignment
                await self._send_slots(call, listener)
            for slot, user in zip(listener.slots, assignment):
                if user is not None:
                    routes.setdefault(user, []).append(slot)
        call.routes = routes

    async def _send_slots(self, call: Call, participant: Participant) -> None:
        await self.emit(
            {
                "event": "slots",
                "call": call.id,
                "user": participant.user,
                "sid": participant.sid,
                "slots": participant.assignment,
            }
        )

    def _state_changed(self, call: Call, participant: Participant) -> None:
        state = participant.pc.connectionState
        asyncio.ensure_future(
            self.emit(
                {"event": "state", "call": call.id, "user": participant.user, "sid": participant.sid, "state": state}
            )
        )
        if state == "failed" and call.participants.get(participant.user) is participant:
            # the client sees it fail too and offers a new connection
            asyncio.ensure_future(self.drop(call.id, participant.user))

    async def _close(self, participant: Participant) -> None:
        if participant.drop_timer is not None:
            participant.drop_timer.cancel()
        self.forwarded_before += sum(slot.forwarded for slot in participant.slots)
        for slot in participant.slots:
            slot.stop()
        await participant.pc.close()
