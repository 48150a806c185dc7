"""A worker's handle on its media process (``process.py``): started the first time it is needed,
restarted the next time after it died, stopped with the worker."""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import sys
from collections.abc import Awaitable, Callable
from typing import Any

from core.settings import ROOT

log = logging.getLogger("hearth.voice.media")
REQUEST_TIMEOUT_S = 20.0

OnEvent = Callable[[dict[str, Any]], Awaitable[None]]


class MediaProcess:
    def __init__(self, config: dict[str, Any], on_event: OnEvent):
        self.config = config
        self.on_event = on_event
        self.process: asyncio.subprocess.Process | None = None
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future] = {}
        self._reader: asyncio.Task | None = None
        self._starting: asyncio.Lock = asyncio.Lock()

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None and self.process.returncode is None else None

    async def _ensure(self) -> asyncio.subprocess.Process:
        async with self._starting:
            if self.process is not None and self.process.returncode is None:
                return self.process
            process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "plugins.voice.media.process",
                json.dumps(self.config),
                cwd=str(ROOT),
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                limit=1 << 20,
            )
            assert process.stdout is not None
            ready = json.loads(await asyncio.wait_for(process.stdout.readline(), REQUEST_TIMEOUT_S) or b"{}")
            if ready.get("event") != "ready":
                process.kill()
                raise RuntimeError("the media process did not start")
            self.process = process
            self._reader = asyncio.create_task(self._read(process))
            return process

    async def _read(self, process: asyncio.subprocess.Process) -> None:
        assert process.stdout is not None
        while line := await process.stdout.readline():
            try:
                message = json.loads(line)
            except ValueError:
                continue
            if "event" in message:
                try:
                    await self.on_event(message)
                except Exception:
                    log.exception("media event %s failed", message.get("event"))
                continue
            future = self._waiting.pop(message.get("id"), None)
            if future is not None and not future.done():
                future.set_result(message)
        for future in self._waiting.values():  # it died: nobody answers these
            if not future.done():
                future.set_exception(RuntimeError("the media process stopped"))
        self._waiting.clear()

    async def request(self, op: str, **fields: Any) -> dict[str, Any]:
        process = await self._ensure()
        rid = next(self._ids)
        future = asyncio.get_running_loop().create_future()
        self._waiting[rid] = future
        assert process.stdin is not None
        process.stdin.write(json.dumps({"id": rid, "op": op, **fields}, separators=(",", ":")).encode() + b"\n")
        await process.stdin.drain()
        try:
            answer = await asyncio.wait_for(future, REQUEST_TIMEOUT_S)
        finally:
            self._waiting.pop(rid, None)
        if "error" in answer:
            raise RuntimeError(answer["error"])
        return answer

    async def tell(self, op: str, **fields: Any) -> None:
        """A request nobody waits for; nothing to do when no process runs (it holds no calls)."""
        process = self.process
        if process is None or process.returncode is not None or process.stdin is None:
            return
        try:
            process.stdin.write(json.dumps({"op": op, **fields}, separators=(",", ":")).encode() + b"\n")
            await process.stdin.drain()
        except (ConnectionError, RuntimeError):
            pass  # it is going away, and its calls with it

    async def stop(self) -> None:
        process = self.process
        self.process = None
        if process is None or process.returncode is not None:
            return
        assert process.stdin is not None
        process.stdin.close()
        try:
            await asyncio.wait_for(process.wait(), 5)
        except TimeoutError:
            process.kill()
            await process.wait()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)
