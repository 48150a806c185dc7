"""Server-side voice: what forwarding costs and how big a call one core carries.

Starts Hearth (one worker, scratch SQLite) with every call server-side, fills one server with
members, and grows a call through --sizes participants: --speakers of them send audio (Opus-sized
packets, 50 per second, as a browser does), the others listen (they send nothing, as Hearth's
client does while nobody talks). Every participant is a real WebRTC peer (aiortc) connected
through the real signalling (sockets, ``voice:media_offer``). For each size it prints:

- the media process's CPU (it forwards in a process of its own), per forwarded packet and per
  forwarded stream (one speaker heard by one listener: 50 packets/s);
- the audio delay from the speaker's send to the listener's receipt (p50/p99), which is the
  server's forwarding delay plus loopback networking;
- the worker's event loop while media flows: ``GET /api/health`` latency (p50/p99) next to the
  same figure before any call, and the worker's own CPU.

Then the largest call one core carries with p99 delay ≤ 150 ms: the media CPU fitted linearly
over the measured sizes and solved for one core, if the measured delays stayed under the bound.

    .venv/bin/python bench/voice_media.py --sizes 4,8,16,32 --speakers 2 --seconds 6

Listeners read packets without decoding (as the server forwards them), so the load generator
costs less than the server it measures; on a 2-core machine both still share the CPU: compare
runs made under similar load (the machine speed line).
"""

from __future__ import annotations

import argparse
import asyncio
import fractions
import os
import struct
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.machine import children, cpu_seconds, speed_line  # noqa: E402
from bench.message_fanout import pct, populate, start_server, wait_until_up  # noqa: E402

FRAME_S = 0.02
PAYLOAD_BYTES = 80  # a 20 ms Opus frame at 32 kbit/s
DELAY_BOUND_MS = 150


def media_pid(root: int) -> int | None:
    for pid in children(root):
        try:
            if b"plugins.voice.media.process" in Path(f"/proc/{pid}/cmdline").read_bytes():
                return pid
        except OSError:
            continue
        found = media_pid(pid)
        if found:
            return found
    return None


def worker_pid(root: int) -> int:
    kids = [pid for pid in children(root) if b"plugins.voice.media" not in Path(f"/proc/{pid}/cmdline").read_bytes()]
    return kids[0] if kids else root


class Clock:
    """When each packet left a speaker, and how long it took to reach each listener."""

    def __init__(self) -> None:
        self.sent: dict[tuple[int, int], float] = {}
        self.delays: list[float] = []
        self.received = 0
        self.measuring = False

    def arrived(self, payload: bytes) -> None:
        if len(payload) < 6:
            return
        speaker, counter = struct.unpack_from("!BI", payload, 1)
        sent = self.sent.get((speaker, counter))
        if sent is not None and self.measuring:
            self.delays.append((time.monotonic() - sent) * 1000)
            self.received += 1


def speaker_track(index: int, clock: Clock):
    import av
    from aiortc import MediaStreamTrack

    class Speaker(MediaStreamTrack):
        kind = "audio"

        def __init__(self) -> None:
            super().__init__()
            self.counter = 0
            self.start = time.monotonic()

        async def recv(self):
            self.counter += 1
            wait = self.start + self.counter * FRAME_S - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            payload = struct.pack("!BBI", 0x78, index, self.counter).ljust(PAYLOAD_BYTES, b"\x55")
            clock.sent[(index, self.counter)] = time.monotonic()
            packet = av.Packet(payload)
            packet.pts, packet.time_base = self.counter * 960, fractions.Fraction(1, 48000)
            return packet

    return Speaker()


async def participant(url: str, token: str, channel_id: str, speaker_index: int | None, clock: Clock, slots: int):
    """A socket and a peer connection to the server, joined to the call."""
    import socketio
    from aiortc import RTCPeerConnection, RTCSessionDescription

    client = socketio.AsyncClient(reconnection=False)
    answers: asyncio.Queue = asyncio.Queue()
    authenticated = asyncio.Event()
    client.on("user:authenticated", lambda *_: authenticated.set())
    client.on("voice:media_answer", lambda data: answers.put_nowait(data))
    await client.connect(url, transports=["websocket"], wait_timeout=10)
    await client.emit("user:authenticate", {"token": token})
    await asyncio.wait_for(authenticated.wait(), 20)
    async with aiohttp.ClientSession() as http:
        async with http.post(
            f"{url}/api/channels/{channel_id}/voice/join",
            json={"socketId": client.get_sid("/"), "serverMedia": True},
            headers={"Authorization": token},
        ) as response:
            assert response.status == 200, await response.text()
    pc = RTCPeerConnection()
    if speaker_index is not None:
        pc.addTrack(speaker_track(speaker_index, clock))
    else:
        pc.addTransceiver("audio", direction="sendrecv")
    for _ in range(slots - 1):
        pc.addTransceiver("audio", direction="recvonly")
    for transceiver in pc.getTransceivers():

        async def tap(packet, arrival_time_ms=0):
            clock.arrived(packet.payload)

        transceiver.receiver._handle_rtp_packet = tap  # read packets, never decode them
    await pc.setLocalDescription(await pc.createOffer())
    await client.emit("voice:media_offer", {"channelId": channel_id, "sdp": pc.localDescription.sdp})
    answer = await asyncio.wait_for(answers.get(), 30)
    await pc.setRemoteDescription(RTCSessionDescription(sdp=answer["sdp"], type="answer"))
    return client, pc


async def http_latencies(http: aiohttp.ClientSession, url: str, seconds: float, rate: float = 20) -> list[float]:
    samples = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        start = time.monotonic()
        async with http.get(f"{url}/api/health") as response:
            await response.read()
        samples.append((time.monotonic() - start) * 1000)
        await asyncio.sleep(max(0.0, 1 / rate - (time.monotonic() - start)))
    return samples


def fit_one_core(points: list[tuple[int, float]]) -> float | None:
    """Participants at which the media CPU (fraction of a core) reaches 1, by least squares."""
    if len(points) < 2:
        return None
    n = len(points)
    mean_x = sum(x for x, _ in points) / n
    mean_y = sum(y for _, y in points) / n
    slope = sum((x - mean_x) * (y - mean_y) for x, y in points) / max(1e-9, sum((x - mean_x) ** 2 for x, _ in points))
    if slope <= 0:
        return None
    return mean_x + (1 - mean_y) / slope


async def main(args: argparse.Namespace) -> None:
    sizes = sorted(int(s) for s in args.sizes.split(","))
    scratch = tempfile.mkdtemp(prefix="hearth-voice-")
    server, url = start_server(
        scratch,
        None,
        {
            "HEARTH_VOICE_P2P_MAX_PARTICIPANTS": "0",
            "HEARTH_VOICE_SERVER_MEDIA_SLOTS": str(args.slots),
            "HEARTH_AUTH_ARGON2_TIME_COST": "1",
            "HEARTH_AUTH_ARGON2_MEMORY_KIB": "8192",
        },
    )
    clock = Clock()
    peers = []
    try:
        async with aiohttp.ClientSession() as http:
            await wait_until_up(http, url)
            print(await speed_line(http, url, server.pid), flush=True)
            tokens, channel_id = await populate(http, url, sizes[-1])
            idle = await http_latencies(http, url, 4)
            print(
                f"idle worker        GET /api/health p50 {pct(idle, 0.5):.1f} ms  p99 {pct(idle, 0.99):.1f} ms",
                flush=True,
            )
            print(
                f"{'people':>6} {'streams':>7} {'media CPU':>9} {'µs/packet':>9} {'CPU/stream':>10} "
                f"{'delay p50':>9} {'p99':>7} {'health p50':>10} {'p99':>7} {'worker CPU':>10}",
                flush=True,
            )
            results: list[tuple[int, float, float]] = []
            for size in sizes:
                while len(peers) < size:
                    index = len(peers)
                    peers.append(
                        await participant(
                            url, tokens[index], channel_id, index if index < args.speakers else None, clock, args.slots
                        )
                    )
                await asyncio.sleep(args.warmup)
                media = media_pid(server.pid)
                worker = worker_pid(server.pid)
                if media is None:
                    raise RuntimeError("no media process")
                clock.delays.clear()
                clock.received = 0
                clock.measuring = True
                media_before, worker_before = cpu_seconds(media), cpu_seconds(worker)
                started = time.monotonic()
                health = await http_latencies(http, url, args.seconds)
                elapsed = time.monotonic() - started
                clock.measuring = False
                media_cpu = (cpu_seconds(media) - media_before) / elapsed
                worker_cpu = (cpu_seconds(worker) - worker_before) / elapsed - media_cpu
                speakers = min(args.speakers, size)
                # each listener hears every speaker (up to the slots); each speaker hears the others
                streams = (size - speakers) * min(speakers, args.slots) + speakers * min(speakers - 1, args.slots)
                packets = clock.received / elapsed
                per_packet_us = media_cpu / packets * 1e6 if packets else float("nan")
                per_stream = media_cpu / streams if streams else float("nan")
                delay50, delay99 = pct(clock.delays, 0.5), pct(clock.delays, 0.99)
                results.append((size, media_cpu, delay99))
                print(
                    f"{size:>6} {streams:>7} {media_cpu * 100:>8.1f}% {per_packet_us:>9.1f} {per_stream * 100:>9.3f}% "
                    f"{delay50:>7.1f}ms {delay99:>5.1f}ms {pct(health, 0.5):>8.1f}ms {pct(health, 0.99):>5.1f}ms "
                    f"{worker_cpu * 100:>9.1f}%",
                    flush=True,
                )
            within = [r for r in results if r[2] <= DELAY_BOUND_MS]
            estimate = fit_one_core([(size, cpu) for size, cpu, _ in results])
            print(
                f"\nCPU per forwarded stream (50 packets/s): {results[-1][1] / max(1, streams) * 100:.3f}% of a core "
                f"at {results[-1][0]} people",
                flush=True,
            )
            if estimate and len(within) == len(results):
                print(
                    f"largest call on one core with p99 delay <= {DELAY_BOUND_MS} ms: ~{estimate:.0f} people with "
                    f"{args.speakers} talking at once (media CPU fitted over {len(results)} sizes; delays measured up to "
                    f"{results[-1][0]} people, p99 {results[-1][2]:.1f} ms)"
                )
            else:
                best = max((r[0] for r in within), default=0)
                print(f"largest measured call with p99 delay <= {DELAY_BOUND_MS} ms: {best} people")
    finally:
        for client, pc in peers:
            await pc.close()
            await client.disconnect()
        server.terminate()
        server.wait(30)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="4,8,16,32", help="call sizes to measure, ascending")
    parser.add_argument("--speakers", type=int, default=2, help="participants talking at once")
    parser.add_argument("--slots", type=int, default=3, help="[voice] server_media_slots")
    parser.add_argument("--seconds", type=float, default=6, help="measurement per size")
    parser.add_argument("--warmup", type=float, default=2)
    try:
        import uvloop

        uvloop.run(main(parser.parse_args()))
    except ImportError:
        asyncio.run(main(parser.parse_args()))
    os._exit(0)
