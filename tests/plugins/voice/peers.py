"""aiortc peers for voice tests: a microphone playing a generated tone, and an ear that records
what arrives and tells its loudest frequency."""

from __future__ import annotations

import asyncio
import fractions
import time
from typing import Any

import av
import numpy as np
from aiortc import MediaStreamTrack, RTCPeerConnection, RTCSessionDescription
from aiortc.mediastreams import MediaStreamError

RATE = 48000
FRAME = 960


class Tone(MediaStreamTrack):
    """A microphone hearing a pure tone, in real time."""

    kind = "audio"

    def __init__(self, frequency: float = 440.0, amplitude: int = 12000):
        super().__init__()
        self.frequency, self.amplitude = frequency, amplitude
        self._pts = 0
        self._start: float | None = None

    async def recv(self) -> av.AudioFrame:
        if self._start is None:
            self._start = time.monotonic()
        delay = self._start + self._pts / RATE - time.monotonic()
        if delay > 0:
            await asyncio.sleep(delay)
        t = (np.arange(FRAME) + self._pts) / RATE
        samples = (np.sin(2 * np.pi * self.frequency * t) * self.amplitude).astype(np.int16)
        frame = av.AudioFrame.from_ndarray(samples.reshape(1, -1), format="s16", layout="mono")
        frame.sample_rate, frame.pts, frame.time_base = RATE, self._pts, fractions.Fraction(1, RATE)
        self._pts += FRAME
        return frame


class Ear:
    """Records every remote audio track of a peer connection (first channel, 48 kHz)."""

    def __init__(self, pc: RTCPeerConnection):
        self.chunks: list[np.ndarray] = []
        self.tasks: list[asyncio.Task] = []
        pc.on("track", self._track)

    def _track(self, track: Any) -> None:
        if track.kind == "audio":
            self.tasks.append(asyncio.ensure_future(self._pull(track)))

    async def _pull(self, track: Any) -> None:
        while True:
            try:
                frame = await track.recv()
            except MediaStreamError:
                return
            data = frame.to_ndarray().reshape(-1)
            channels = len(frame.layout.channels)
            self.chunks.append(data[::channels].astype(np.float64))

    def seconds(self) -> float:
        return sum(len(c) for c in self.chunks) / RATE

    async def hear(self, seconds: float = 1.0, timeout: float = 15.0) -> np.ndarray:
        """The last ``seconds`` of sound, once that much has arrived and is not silence."""

        async def until() -> np.ndarray:
            while True:
                if self.seconds() >= seconds:
                    recent = np.concatenate(self.chunks)[-int(seconds * RATE) :]
                    if np.abs(recent).max() > 1000:
                        return recent
                await asyncio.sleep(0.05)

        return await asyncio.wait_for(until(), timeout)

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()


def peak_frequency(samples: np.ndarray) -> float:
    spectrum = np.abs(np.fft.rfft(samples * np.hanning(len(samples))))
    return float(np.fft.rfftfreq(len(samples), 1 / RATE)[spectrum.argmax()])


async def answer_offer(pc: RTCPeerConnection, sdp: str) -> str:
    await pc.setRemoteDescription(RTCSessionDescription(sdp=sdp, type="offer"))
    await pc.setLocalDescription(await pc.createAnswer())
    return pc.localDescription.sdp


async def server_peer(probe: Any, channel_id: str, tone: float | None, slots: int = 3) -> tuple[RTCPeerConnection, Ear]:
    """A participant of a server-mode call: its microphone (the first audio line, also the first
    receive slot) and slots - 1 receive-only lines, offered with ``voice:media_offer``."""
    pc = RTCPeerConnection()
    ear = Ear(pc)
    if tone is not None:
        pc.addTrack(Tone(tone))
    else:
        pc.addTransceiver("audio", direction="sendrecv")
    for _ in range(slots - 1):
        pc.addTransceiver("audio", direction="recvonly")
    await pc.setLocalDescription(await pc.createOffer())
    count = len(probe.received("voice:media_answer")) + 1
    await probe.client.emit("voice:media_offer", {"channelId": channel_id, "sdp": pc.localDescription.sdp})
    answer = await probe.wait_for("voice:media_answer", count=count, timeout=20)
    assert answer["channelId"] == channel_id
    await pc.setRemoteDescription(RTCSessionDescription(sdp=answer["sdp"], type="answer"))
    return pc, ear
