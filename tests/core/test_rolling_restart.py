"""Hearth under ``hearth serve`` with two workers sharing Redis: a rolling restart (SIGHUP: worker 1
replaced and serving again, then worker 2) under a steady flow of messages loses no acknowledged
message, fails no request, and leaves no socket silently behind: every socket is asked to
reconnect when its worker drains, lands on a live worker, and from then on receives every message.
Also: workers that cannot start because Redis is not up yet are started again until it is."""

from __future__ import annotations

import asyncio
import shutil
import signal
import time
from dataclasses import dataclass, field

import aiohttp
import pytest
import socketio

from tests.conftest import REDIS_URL, needs_redis
from tests.core.serve_support import PrivateRedis, Supervised
from tests.plugins.servers.helpers import community, join
from tests.support import Person

# several `hearth serve` processes at once: the serial pass (tests/parallel.py)
pytestmark = pytest.mark.serial

SENDERS = 3
SEND_EVERY = 0.2  # seconds, per sender: 15 messages/s in all


@dataclass
class Segment:
    """One authenticated stretch of a socket's life, on one worker."""

    pid: int
    opened: float
    closed: float | None = None
    message_ids: set[str] = field(default_factory=set)


class ReconnectingMember:
    """A Socket.IO client that reconnects and authenticates again, as Nerimity's clients do."""

    def __init__(self, url: str, person: Person, channel_id: str):
        self.url, self.person, self.channel_id = url, person, channel_id
        self.segments: list[Segment] = []
        self.client = socketio.AsyncClient(reconnection=True, reconnection_delay=0.1, reconnection_delay_max=0.5)
        self.client.on("connect", self._authenticate)
        self.client.on("user:authenticated", self._authenticated)
        self.client.on("message:created", self._message)
        self.client.on("disconnect", self._dropped)

    async def connect(self) -> None:
        await self.client.connect(self.url, transports=["websocket"], wait_timeout=10)
        for _ in range(400):
            if self.segments:
                return
            await asyncio.sleep(0.025)
        raise AssertionError("socket did not authenticate")

    async def _authenticate(self) -> None:
        await self.client.emit("user:authenticate", {"token": self.person.token})

    async def _authenticated(self, payload: dict) -> None:
        self.segments.append(Segment(pid=payload["pid"], opened=time.monotonic()))

    async def _message(self, data: dict) -> None:
        if self.segments and data["message"]["channelId"] == self.channel_id:
            self.segments[-1].message_ids.add(data["message"]["id"])

    async def _dropped(self, reason: str | None = None) -> None:
        if self.segments and self.segments[-1].closed is None:
            self.segments[-1].closed = time.monotonic()

    @property
    def current(self) -> Segment | None:
        return self.segments[-1] if self.segments and self.segments[-1].closed is None else None


@dataclass
class Sent:
    id: str
    started: float


async def send_steadily(
    http: aiohttp.ClientSession,
    url: str,
    sender: Person,
    channel_id: str,
    stop: asyncio.Event,
    sent: list[Sent],
    failures: list[str],
) -> None:
    n = 0
    while not stop.is_set():
        n += 1
        started = time.monotonic()
        try:
            async with http.post(
                f"{url}/api/channels/{channel_id}/messages",
                json={"content": f"{sender.username} {n}"},
                headers={"Authorization": sender.token},
            ) as response:
                body = await response.json(content_type=None)
                if response.status == 200:
                    sent.append(Sent(body["id"], started))
                else:
                    failures.append(f"{response.status} {body}")
        except aiohttp.ClientError as error:  # a new connection per request: nothing to retry
            failures.append(repr(error))
        await asyncio.sleep(max(0.0, SEND_EVERY - (time.monotonic() - started)))


async def history(http: aiohttp.ClientSession, url: str, person: Person, channel_id: str) -> set[str]:
    ids: set[str] = set()
    before = ""
    while True:
        async with http.get(
            f"{url}/api/channels/{channel_id}/messages?limit=100{before}", headers={"Authorization": person.token}
        ) as response:
            assert response.status == 200, await response.text()
            page = await response.json()
        if not page:
            return ids
        ids.update(message["id"] for message in page)
        before = f"&before={page[0]['id']}"


async def until(condition, timeout: float, what: str) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting until {what}")
        await asyncio.sleep(0.05)


@needs_redis
async def test_a_rolling_restart_under_load_loses_nothing_and_leaves_no_socket_behind(client, database_url):
    place = await community(client)
    people = [place.owner] + [await join(client, place) for _ in range(3)]
    server = Supervised.hearth(
        workers=2,
        env={
            "HEARTH_DATABASE_URL": database_url,
            "HEARTH_REDIS_URL": REDIS_URL,
            "HEARTH_SERVER_SHUTDOWN_GRACE_SECONDS": "5",
        },
    )
    members: list[ReconnectingMember] = []
    try:
        await server.wait_for_log(r"worker \d \(pid \d+\) ready", count=2, timeout=120)
        original = set(server.ready_workers().values())
        # sockets until both workers hold at least two (connections go to whichever accepts first)
        while len(members) < 40:
            member = ReconnectingMember(server.url, people[len(members) % len(people)], place.general)
            await member.connect()
            members.append(member)
            on = [m.segments[0].pid for m in members]
            if len(members) >= 8 and all(on.count(pid) >= 2 for pid in original):
                break
        assert {m.segments[0].pid for m in members} == original, "the sockets never reached both workers"

        stop, sent, failures = asyncio.Event(), [], []
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(force_close=True)) as http:
            senders = [
                asyncio.create_task(send_steadily(http, server.url, people[i], place.general, stop, sent, failures))
                for i in range(SENDERS)
            ]
            await until(lambda: len(sent) >= 15, 30, "messages flow")
            server.signal(signal.SIGHUP)
            await server.wait_for_log("rolling restart done", timeout=120)
            replaced = set(server.ready_workers().values())
            assert not replaced & original
            # every socket is back, on a live worker, and messages keep flowing a little longer
            await until(
                lambda: all(m.current and m.current.pid in replaced for m in members),
                30,
                "every socket is authenticated on a new worker",
            )
            flowing = len(sent)
            await until(lambda: len(sent) >= flowing + 15, 30, "messages flow after the restart")
            stop.set()
            await asyncio.gather(*senders)
            assert failures == []

            def caught_up(member: ReconnectingMember) -> bool:
                segment = member.current
                return segment is not None and all(
                    s.id in segment.message_ids for s in sent if s.started > segment.opened
                )

            await until(
                lambda: all(caught_up(m) for m in members),
                20,
                "every connected socket has every message sent since it authenticated",
            )
            stored = await history(http, server.url, people[-1], place.general)
        assert {s.id for s in sent} <= stored  # no acknowledged message lost
        for member in members:
            first = member.segments[0]
            # its first worker drained: the socket was dropped (asked to reconnect), not left open
            assert first.closed is not None and len(member.segments) >= 2
            assert not any(segment.closed is None for segment in member.segments[:-1])
        # drained within the grace period (the sockets left when asked), nothing restarted as a failure
        for trouble in ("still open after", "did not stop in time", "starting it again"):
            assert trouble not in server.log, server.log  # the whole log: the reason is lines above
    finally:
        for member in members:
            member.client.reconnection = False
            await member.client.disconnect()
        server.signal(signal.SIGTERM)
        try:
            assert await server.wait_exit(timeout=60) == 0
        finally:
            server.kill()


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs the redis-server program")
async def test_workers_that_start_before_redis_are_started_again_until_it_is_up(database, database_url, tmp_path):
    redis = PrivateRedis(str(tmp_path))  # not started yet
    server = Supervised.hearth(workers=2, env={"HEARTH_DATABASE_URL": database_url, "HEARTH_REDIS_URL": redis.url})
    try:
        # a worker start-up that fails without Redis is logged and tried again (if start-up does
        # not need Redis, the workers simply serve)
        await until(
            lambda: server.matches("starting it again") or len(server.ready_workers()) == 2,
            120,
            "the workers fail to start or serve",
        )
        await redis.start()
        await server.wait_for_log(r"worker 1 \(pid \d+\) ready", timeout=120)
        await server.wait_for_log(r"worker 2 \(pid \d+\) ready", timeout=120)
        async with aiohttp.ClientSession() as http:
            async with http.get(f"{server.url}/api/health") as response:
                body = await response.json()
                assert response.status == 200 and body["status"] == "ok" and body["redis"]["ok"] is True
                assert body["worker"]["pid"] in server.ready_workers().values()
        server.signal(signal.SIGTERM)
        assert await server.wait_exit(timeout=60) == 0
    finally:
        server.kill()
        redis.stop()
