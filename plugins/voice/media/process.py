"""The media process: ``python -m plugins.voice.media.process '<json config>'``.

A worker starts one the first time a call of its needs server-side media, and talks to it in JSON
lines: requests ``{id?, op, ...}`` on stdin, answers ``{id, ...}`` and events ``{event, ...}`` on
stdout. It ends when stdin closes (its worker stopped or died).
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
from typing import Any

from plugins.voice.media.node import MediaNode


class Channel:
    def __init__(self, writer: asyncio.StreamWriter):
        self.writer = writer

    async def send(self, message: dict[str, Any]) -> None:
        self.writer.write(json.dumps(message, separators=(",", ":")).encode() + b"\n")
        await self.writer.drain()


class CallQueues:
    """One call's requests run in order (an offer, then the drop that follows it); calls run side by side."""

    def __init__(self) -> None:
        self._locks: dict[str, tuple[asyncio.Lock, list[int]]] = {}

    async def run(self, key: str, work: Any) -> None:
        lock, users = self._locks.setdefault(key, (asyncio.Lock(), [0]))
        users[0] += 1
        try:
            async with lock:
                await work
        finally:
            users[0] -= 1
            if not users[0]:
                self._locks.pop(key, None)


async def _run(node: MediaNode, out: Channel, request: dict[str, Any]) -> None:
    op, rid = request.get("op"), request.get("id")
    answer: dict[str, Any] = {"id": rid}
    try:
        if op == "offer":
            answer["sdp"] = await node.offer(request["call"], request["user"], request["sid"], request["sdp"])
        elif op == "resume":
            answer["ok"] = await node.resume(request["call"], request["user"], request["sid"])
        elif op == "drop":
            await node.drop(request["call"], request["user"], bool(request.get("keep")), request.get("sid"))
        elif op == "end":
            await node.end(request["call"])
        elif op == "stats":
            answer["stats"] = node.stats()
        else:
            answer["error"] = f"unknown op {op!r}"
    except Exception as error:  # the worker tells the client; this process keeps serving
        logging.getLogger("hearth.voice.media").warning("%s failed: %s", op, error)
        answer["error"] = str(error) or type(error).__name__
    if rid is not None:
        await out.send(answer)


async def main(config: dict[str, Any]) -> None:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=1 << 20)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    transport, protocol = await loop.connect_write_pipe(asyncio.streams.FlowControlMixin, sys.stdout)
    out = Channel(asyncio.StreamWriter(transport, protocol, None, loop))
    node = MediaNode(
        out.send,
        slots=int(config.get("slots", 3)),
        grace_seconds=float(config.get("grace", 15)),
        ice_servers=config.get("iceServers") or [],
    )
    tasks: set[asyncio.Task] = set()
    queues = CallQueues()
    await out.send({"event": "ready"})
    while line := await reader.readline():
        try:
            request = json.loads(line)
        except ValueError:
            continue
        task = asyncio.create_task(queues.run(str(request.get("call")), _run(node, out, request)))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    await node.close()


def run() -> None:
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="media: %(levelname)s %(name)s %(message)s")
    config = json.loads(sys.argv[1]) if len(sys.argv) > 1 else {}
    try:
        import uvloop

        uvloop.run(main(config))
    except ImportError:
        asyncio.run(main(config))


if __name__ == "__main__":
    run()
