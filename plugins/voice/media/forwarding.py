"""Forwarding Opus packets between aiortc peer connections without decoding them.

aiortc's receiver puts incoming RTP through a jitter buffer (holding four packets, 80 ms) and
decodes it in a thread; its sender encodes what a track yields unless the track yields encoded
``av.Packet`` objects, which it only packetises. A forwarder wants neither the delay nor the
decoding, so :func:`tap_receiver` replaces a receiver's RTP handler with one that hands each
packet's Opus payload straight to the media engine, and :class:`SlotTrack` is a track that
yields those payloads as ``av.Packet`` for a sender to packetise as they are. What remains per
forwarded packet is parsing, SRTP decryption once per speaker, and per listener a new RTP header
and SRTP encryption (each listener has its own keys) — no decode, no re-encode.

The tap relies on ``RTCRtpReceiver._handle_rtp_packet`` (aiortc 1.16, pinned): the engine's
tests hear a 440 Hz tone through it, so an aiortc release that renames it fails them.
"""

from __future__ import annotations

import asyncio
import fractions
import time
from collections.abc import Callable
from typing import Any

import av
from aiortc import MediaStreamTrack
from aiortc.mediastreams import MediaStreamError

CLOCK = 48000
TIME_BASE = fractions.Fraction(1, CLOCK)
FRAME = 960  # 20 ms, what browsers send
MAX_QUEUE = 8  # 160 ms: a listener's sender further behind than this drops the oldest packets
HALF = 1 << 31
MAX_JUMP = CLOCK * 5

PacketHandler = Callable[[bytes, int, Any], None]


def tap_receiver(receiver: Any, on_packet: PacketHandler) -> None:
    """Route the receiver's RTP to ``on_packet(payload, rtp timestamp, audio level)`` (audio level
    is the ``ssrc-audio-level`` header extension ``(voice activity, -dBov)`` or None)."""

    async def handle(packet: Any, arrival_time_ms: int = 0) -> None:
        if packet.payload:
            on_packet(packet.payload, packet.timestamp, packet.extensions.audio_level)

    receiver._handle_rtp_packet = handle


class SlotTrack(MediaStreamTrack):
    """One receive slot of a listener: the packets of whichever speaker currently holds it, with
    a continuous timeline (RTP timestamps rebased when the speaker changes or pauses)."""

    kind = "audio"

    def __init__(self) -> None:
        super().__init__()
        self._queue: asyncio.Queue[tuple[bytes, int] | None] = asyncio.Queue()
        self._source: Any = None
        self._last_source_ts = 0
        self._last_time = 0.0
        self._out = 0
        self.forwarded = 0

    def push(self, source: Any, payload: bytes, timestamp: int) -> None:
        now = time.monotonic()
        if source is self._source:
            step = (timestamp - self._last_source_ts) & 0xFFFFFFFF
            if step == 0 or step >= HALF:
                return  # a duplicate or a late packet: the listener's jitter buffer has moved on
            if step > MAX_JUMP:
                step = max(FRAME, int((now - self._last_time) * CLOCK))
        else:
            # another speaker (or the first): continue the timeline from the wall clock
            step = max(FRAME, int((now - self._last_time) * CLOCK)) if self._last_time else FRAME
            self._source = source
        self._last_source_ts, self._last_time = timestamp, now
        self._out += step
        if self._queue.qsize() >= MAX_QUEUE:
            self._queue.get_nowait()
        self._queue.put_nowait((payload, self._out))
        self.forwarded += 1

    async def recv(self) -> av.Packet:
        if self.readyState != "live":
            raise MediaStreamError
        item = await self._queue.get()
        if item is None:
            raise MediaStreamError
        packet = av.Packet(item[0])
        packet.pts = item[1]
        packet.time_base = TIME_BASE
        return packet

    def stop(self) -> None:
        if self.readyState == "live":
            self._queue.put_nowait(None)
        super().stop()
