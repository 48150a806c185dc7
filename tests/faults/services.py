"""What fault tests break: a private ``redis-server`` they kill and restart, a TCP proxy that adds
latency or cuts every connection, and Hearth worker processes reached over real HTTP."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from core.settings import ROOT
from tests.support import free_port

REDIS_SERVER = shutil.which("redis-server")


async def wait_until(condition: Any, timeout: float = 10.0, every: float = 0.05, what: str = "condition") -> Any:
    """Poll ``condition()`` (sync or async) until it is truthy; return its value."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        value = condition()
        if asyncio.iscoroutine(value):
            value = await value
        if value:
            return value
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(every)


def assert_no_server_errors(*workers: Worker) -> None:
    """No request of these workers answered 500 or escaped the app (libraries may log their retries)."""
    for worker in workers:
        output = worker.output()
        for sign in ("unhandled error", "Error in ASGI"):
            assert sign not in output, output


class RedisServer:
    """``redis-server`` on a free port in a temp dir, with no persistence: a restart loses everything."""

    def __init__(self) -> None:
        self.port = free_port()
        self.dir = tempfile.mkdtemp(prefix="hearth-redis-")
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    async def start(self) -> None:
        assert REDIS_SERVER, "redis-server is not installed"
        self.process = subprocess.Popen(
            [
                REDIS_SERVER,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                self.dir,
                "--loglevel",
                "warning",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        await wait_until(self._answers, what="redis-server to answer")

    async def _answers(self) -> bool:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        except OSError:
            return False
        try:
            writer.write(b"PING\r\n")
            return (await asyncio.wait_for(reader.readline(), 1)).startswith(b"+PONG")
        except (TimeoutError, OSError):
            return False
        finally:
            writer.close()

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    async def restart(self) -> None:
        self.kill()
        await self.start()

    async def _hear(self, enough: Callable[[dict[str, Any]], bool], timeout: float, failure: Callable[[], str]) -> None:
        """Read this Redis's event channel until ``enough(message)`` is true (else fail, saying
        ``failure()``)."""
        import redis.asyncio as aioredis

        from core.redisconn import pubsub_channel

        client = aioredis.from_url(self.url)
        pubsub = client.pubsub()
        try:
            await pubsub.subscribe(pubsub_channel(self.url, "socketio"))
            deadline = asyncio.get_running_loop().time() + timeout
            while True:
                if asyncio.get_running_loop().time() > deadline:
                    raise AssertionError(failure())
                message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=0.5)
                if message is not None and enough(json.loads(message["data"])):
                    return
        finally:
            await pubsub.aclose()
            await client.aclose()

    async def publishers(self, count: int, timeout: float = 15.0) -> None:
        """Wait until ``count`` workers have published on this Redis's event channel (their
        heartbeats at least): each has a working connection to publish on."""
        origins: set[str] = set()

        def heard(message: dict[str, Any]) -> bool:
            origins.add(message.get("origin", ""))
            return len(origins) >= count

        await self._hear(heard, timeout, lambda: f"heard {len(origins)} of {count} workers publish")

    async def settled(self, count: int, timeout: float = 15.0) -> None:
        """Wait until ``count`` workers' streams are quiet: two heartbeats in a row carry the same
        last numbers. Everything a worker published before (its outbox is sent in order) has then
        reached every worker listening. Redis stopped sooner loses what is still on its way: the
        workers find the hole and ask their sockets to reconnect, rightly."""
        from core.fanout_redis import BEAT

        last: dict[str, tuple[int, int]] = {}
        quiet: set[str] = set()

        def heard(message: dict[str, Any]) -> bool:
            if message.get("method") == BEAT:
                numbers = (message.get("seq", 0), message.get("rseq", 0))
                if last.get(message["origin"]) == numbers:
                    quiet.add(message["origin"])
                last[message["origin"]] = numbers
            return len(quiet) >= count

        await self._hear(heard, timeout, lambda: f"{len(quiet)} of {count} workers' streams settled")

    async def subscribers(self) -> int:
        """How many workers listen on this Redis's event channel."""
        import redis.asyncio as aioredis

        from core.redisconn import pubsub_channel

        channel = pubsub_channel(self.url, "socketio")
        client = aioredis.from_url(self.url)
        try:
            return dict(await client.pubsub_numsub(channel)).get(channel.encode(), 0)
        finally:
            await client.aclose()

    def close(self) -> None:
        self.kill()
        shutil.rmtree(self.dir, ignore_errors=True)


class TcpProxy:
    """Forwards 127.0.0.1:<port> to a target. ``delay`` seconds are added to every chunk in each
    direction; ``cut()`` drops every connection and refuses new ones until ``restore()``."""

    def __init__(self, target_port: int, delay: float = 0.0):
        self.target_port = target_port
        self.delay = delay
        self.port = free_port()
        self._server: asyncio.AbstractServer | None = None
        self._writers: set[asyncio.StreamWriter] = set()
        self._tasks: set[asyncio.Task] = set()

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", self.port)

    async def _accept(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            client_writer.close()
            return
        self._writers |= {client_writer, upstream_writer}
        for reader, writer in ((client_reader, upstream_writer), (upstream_reader, client_writer)):
            task = asyncio.create_task(self._pipe(reader, writer))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                if self.delay:
                    await asyncio.sleep(self.delay)
                writer.write(data)
                await writer.drain()
        except (OSError, asyncio.CancelledError):
            pass
        finally:
            writer.close()
            self._writers.discard(writer)

    async def cut(self) -> None:
        if self._server is not None:
            self._server.close()
            self._server = None
        for writer in list(self._writers):
            transport = writer.transport
            if not transport.is_closing():
                transport.abort()  # a reset, as when the server's host goes away
        self._writers.clear()

    async def restore(self) -> None:
        await self.start()

    async def close(self) -> None:
        await self.cut()
        for task in list(self._tasks):
            task.cancel()


def postgres_port(database_url: str) -> int | None:
    """The port of a PostgreSQL URL on 127.0.0.1/localhost (None for SQLite)."""
    from urllib.parse import urlsplit

    parts = urlsplit(database_url)
    if not parts.scheme.startswith("postgres"):
        return None
    return parts.port or 5432


def through(database_url: str, proxy: TcpProxy, **params: str) -> str:
    """The same database, reached through ``proxy`` (and with extra query parameters)."""
    from urllib.parse import urlencode, urlsplit, urlunsplit

    parts = urlsplit(database_url)
    netloc = parts.netloc.rsplit("@", 1)
    host = f"127.0.0.1:{proxy.port}"
    query = "&".join(q for q in (parts.query, urlencode(params)) if q)
    return urlunsplit((parts.scheme, f"{netloc[0]}@{host}" if len(netloc) == 2 else host, parts.path, query, ""))


class HttpClient:
    """``open()`` over real HTTP, shaped like the Quart test client's, so the helpers of
    ``tests.support`` (``call``, ``register``) and the plugin test helpers work against a worker."""

    def __init__(self, url: str, session: aiohttp.ClientSession):
        self.url = url
        self.session = session

    async def open(
        self, path: str, method: str = "GET", json: Any = None, headers: dict | None = None, **_: Any
    ) -> _Response:
        async with self.session.request(method, self.url + path, json=json, headers=headers or {}) as response:
            return _Response(response.status, response.content_type, await response.read(), dict(response.headers))


@dataclass
class _Response:
    status_code: int
    mimetype: str
    body: bytes
    headers: dict[str, str] = field(default_factory=dict)

    async def get_json(self, silent: bool = False) -> Any:
        import json

        return json.loads(self.body)

    async def get_data(self, as_text: bool = False) -> Any:
        return self.body.decode() if as_text else self.body


class Worker:
    """``python -m core serve`` on a free port, as a separate process."""

    def __init__(self, database_url: str, redis_url: str = "", **env: str):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {
            **os.environ,
            "HEARTH_DATABASE_URL": database_url,
            "HEARTH_REDIS_URL": redis_url,
            "HEARTH_RATE_LIMITS_ENABLED": "false",
            "HEARTH_SERVER_WEBUI_DIST": "/nonexistent",
            **env,
        }
        self.process: subprocess.Popen | None = None
        self.log = tempfile.NamedTemporaryFile(prefix="hearth-worker-", suffix=".log", delete=False)

    async def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "core", "serve", "--port", str(self.port)],
            cwd=ROOT,
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )

        async def listening() -> bool:
            if self.process.poll() is not None:
                raise AssertionError(f"worker exited:\n{self.output()}")
            try:
                _, writer = await asyncio.open_connection("127.0.0.1", self.port)
            except OSError:
                return False
            writer.close()
            return True

        await wait_until(listening, timeout=30, what="the worker to listen")

    def output(self) -> str:
        with open(self.log.name, errors="replace") as handle:
            return handle.read()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        self.log.close()
        os.unlink(self.log.name)
