"""A big server: what a member of a --members server (1,000 by default) receives on
``user:authenticate`` and how long --connecting of them (16) wait when they connect at once.

Prints the ``user:authenticated`` sizes in full mode, in the reference's partial mode with
``currentServerId`` (every member of that server), and in the partial mode Hearth's own web UI
asks for (``pagedMembers``: the member list comes a page at a time, ``GET
/api/servers/{id}/members``), the first page's size, then connect → authenticated p50 / p99 for
--connecting members connecting at once, --rounds times, in full and in Hearth's partial mode.
--online members stay connected throughout (their presences are in the payloads). The people
and the server are written straight into a scratch database before the server starts (no
registrations). SQLite unless --database names a PostgreSQL database (emptied first);
HEARTH_SERVER_WORKERS=2 HEARTH_REDIS_URL=… runs two workers sharing Redis.

    .venv/bin/python bench/big_server.py [--members 1000] [--online 100] [--connecting 16] [--rounds 8]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp
import orjson
import socketio

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.auth_payload import percentiles  # noqa: E402
from bench.idle_sockets import hold_sockets  # noqa: E402
from bench.machine import cpu_seconds, speed_line  # noqa: E402
from bench.message_fanout import Listener, wait_until_up  # noqa: E402
from bench.scratch import _EMPTY_POSTGRES  # noqa: E402
from tests.support import free_port  # noqa: E402

PAGED = {"partial": True, "pagedMembers": True}
TARGET_PARTIAL_KB = 60
TARGET_P99_MS = 1000


async def populate(database: str, members: int) -> tuple[str, str, list[str]]:
    """The server's id, its channel's id and every member's token (the owner's first)."""
    from core import db
    from core.app import build_db_config
    from core.plugins import PluginHost
    from core.settings import load_settings
    from tests.plugins.servers.crowd import add_members, big_server, people

    settings = load_settings(environ={"HEARTH_DATABASE_URL": database})
    await db.init(build_db_config(settings, PluginHost.from_settings(settings)))
    try:
        crowd = await people(members, prefix="big")
        server = await big_server(int(crowd[0].id))
        await add_members(server.id, [int(person.id) for person in crowd[1:]])
        return str(server.id), str(server.default_channel_id), [person.token for person in crowd]
    finally:
        await db.close()


def migrated(scratch: str, database: str | None) -> dict[str, str]:
    """The server's environment, its database (scratch SQLite, or the PostgreSQL one emptied) migrated."""
    database = database or f"sqlite://{scratch}/bench.sqlite3"
    env = {
        **os.environ,
        "HEARTH_DATABASE_URL": database,
        "HEARTH_RATE_LIMITS_ENABLED": "false",
        "HEARTH_CDN_DIRECTORY": f"{scratch}/cdn",
        "HEARTH_SERVER_INSTANCE_KEY_FILE": f"{scratch}/instance.key",
    }
    if database.startswith("postgres"):
        subprocess.run([sys.executable, "-c", _EMPTY_POSTGRES, database], check=True)
    subprocess.run([sys.executable, "-m", "core", "migrate"], cwd=ROOT, env=env, check=True, capture_output=True)
    return env


async def payload_of(url: str, token: str, options: dict) -> dict:
    """The ``user:authenticated`` a library client receives."""
    client = socketio.AsyncClient(reconnection=False)
    done: asyncio.Future = asyncio.get_running_loop().create_future()
    client.on("user:authenticated", lambda data: done.done() or done.set_result(data))
    await client.connect(url, transports=["websocket"], wait_timeout=60)
    await client.emit("user:authenticate", {"token": token, **options})
    payload = await asyncio.wait_for(done, 120)
    await client.disconnect()
    return payload


def size_kb(payload: dict) -> float:
    return len(orjson.dumps(payload)) / 1000


async def first_page(http: aiohttp.ClientSession, url: str, server_id: str, token: str) -> dict:
    async with http.get(
        f"{url}/api/servers/{server_id}/members?limit=100", headers={"Authorization": token}
    ) as response:
        return await response.json() if response.status == 200 else {}


class Timed(Listener):
    """A lean client (the hand-written one of message_fanout): the measuring side must cost
    little, or 16 library clients decoding 400 KB each would be what is measured."""

    def __init__(self, token: str, options: dict, done: asyncio.Future):
        super().__init__(token, "-", asyncio.Event(), [])
        self.options, self.done, self.started = options, done, time.perf_counter()

    def frame(self, frame: bytes, now: float) -> None:
        if frame.startswith(b"40"):
            self.send_text('42["user:authenticate",' + json.dumps({"token": self.token, **self.options}) + "]")
        elif frame.startswith(b'42["user:authenticated"'):
            if not self.done.done():
                self.done.set_result((time.perf_counter() - self.started) * 1000)
        else:
            super().frame(frame, now)


async def at_once(url: str, tokens: list[str], options: dict) -> list[float]:
    """Milliseconds from opening the connection to ``user:authenticated``, for each of
    ``tokens`` connecting at the same moment."""
    host, port = url.removeprefix("http://").split(":")
    loop = asyncio.get_running_loop()
    waits = [loop.create_future() for _ in tokens]
    transports = await asyncio.gather(
        *(
            loop.create_connection(lambda t=token, w=wait: Timed(t, options, w), host, int(port))
            for token, wait in zip(tokens, waits)
        )
    )
    samples = list(await asyncio.wait_for(asyncio.gather(*waits), 120))
    for transport, _ in transports:
        transport.close()
    await asyncio.sleep(1.0)  # their disconnects (presence, last seen) finish before the next round
    return samples


async def main(members: int, online: int, connecting: int, rounds: int, database: str | None) -> None:
    scratch = tempfile.mkdtemp(prefix="hearth-big-")
    env = migrated(scratch, database)
    database = env["HEARTH_DATABASE_URL"]
    started = time.perf_counter()
    server_id, _, tokens = await populate(database, members)
    print(f"populated a {members}-member server in {time.perf_counter() - started:.1f} s")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = open(f"{scratch}/server.log", "w")
    server = subprocess.Popen(
        [sys.executable, "-m", "core", "serve", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    holder, done = None, multiprocessing.Event()
    try:
        async with aiohttp.ClientSession() as http:
            await wait_until_up(http, url)
            speed = await speed_line(http, url, server.pid)
            # the members kept online are the last ones; the measured ones come from the front
            ready = multiprocessing.Event()
            holder = multiprocessing.Process(target=hold_sockets, args=(url, tokens[members - online :], ready, done))
            holder.start()
            ready.wait(600)
            me = tokens[1]
            full = await payload_of(url, me, {})
            reference = await payload_of(url, me, {"partial": True, "currentServerId": server_id})
            paged = await payload_of(url, me, PAGED)
            page = await first_page(http, url, server_id, me)
        workers = env.get("HEARTH_SERVER_WORKERS", "1")
        kind = "PostgreSQL" if database.startswith("postgres") else "SQLite"
        print(
            f"a member of a {members}-member server, {online} members online; {kind}, {workers} worker(s)"
            f"{', Redis' if env.get('HEARTH_REDIS_URL') else ''}"
        )
        print(speed)
        print(
            f"user:authenticated, full mode:                 {size_kb(full):6.1f} KB ({len(full['serverMembers'])} "
            f"members, {len(full['presences'])} presences)"
        )
        print(
            f"user:authenticated, partial + currentServerId: {size_kb(reference):6.1f} KB "
            f"({len(reference['serverMembers'])} members)"
        )
        print(
            f"user:authenticated, Hearth's partial:          {size_kb(paged):6.1f} KB ({len(paged['serverMembers'])} "
            f"members, {len(paged['presences'])} presences): "
            f"{'within' if size_kb(paged) <= TARGET_PARTIAL_KB else 'OVER'} the {TARGET_PARTIAL_KB} KB target"
        )
        if page:
            print(
                f"first member page:                             {size_kb(page):6.1f} KB ({len(page['members'])} of "
                f"{page['count']} members)"
            )
        print(
            "load average while timing (1 / 5 min, {} cores): {:.1f} / {:.1f}".format(
                os.cpu_count(), *os.getloadavg()[:2]
            )
        )
        for label, options in (("full", {}), ("Hearth's partial", PAGED)):
            samples: list[float] = []
            cpu_before = cpu_seconds(server.pid)
            for n in range(rounds):  # other members each round, none of those kept online
                start = 1 + (n * connecting) % max(1, members - online - connecting)
                group = tokens[start : start + connecting]
                samples.extend(await at_once(url, group, options))
            cpu_ms = (cpu_seconds(server.pid) - cpu_before) * 1000 / len(samples)
            p99 = sorted(samples)[min(len(samples) - 1, int(0.99 * len(samples)))]
            print(
                f"{connecting} connecting at once, {label:17} ({len(samples)} sockets): {percentiles(samples)}; "
                f"server CPU {cpu_ms:.1f} ms each; p99 {'within' if p99 <= TARGET_P99_MS else 'OVER'} "
                f"{TARGET_P99_MS} ms"
            )
    finally:
        done.set()
        if holder is not None:
            holder.join(30)
        server.terminate()
        server.wait(30)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--members", type=int, default=1000)
    parser.add_argument("--online", type=int, default=100)
    parser.add_argument("--connecting", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--database", default=None)
    args = parser.parse_args()
    asyncio.run(main(args.members, args.online, args.connecting, args.rounds, args.database))
