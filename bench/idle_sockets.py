"""Idle sockets: the memory one server worker spends per authenticated, idle Socket.IO socket.

N users (default 2,000), each a member of a few servers (--servers-each, of about --server-size
members and --channels text channels each) with a few friends (--friends), authenticate one websocket each and
then stay quiet (answering pings). The worker's resident memory is read before any socket
connects and after every one has authenticated, each time after a settle and a full garbage
collection in the worker; the difference per socket is the figure. Runs its own server (one
worker) on a free port with a scratch SQLite database.

    .venv/bin/python bench/idle_sockets.py [--users 2000] [--tracemalloc]

--tracemalloc traces the worker's allocations from the first reading on (slower; the RSS figures
then include tracemalloc's own bookkeeping) and prints the allocation sites still alive at the
second, per socket. Both rely on
``core.memprobe``, which only the HEARTH_DEBUG_MEMORY_DIR environment variable turns on.
Registration uses cheap argon2 parameters (the bench measures sockets, not logins).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import signal
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.machine import children, rss_mib, speed_line  # noqa: E402
from bench.message_fanout import Listener, api, fast_loop, start_server, wait_until_up  # noqa: E402

SETTLE_SECONDS = 3.0


def hold_sockets(url: str, tokens: list[str], ready, done) -> None:
    """Authenticate one raw websocket per token, then keep them open (and answering pings)."""

    async def run() -> None:
        host, port = url.removeprefix("http://").split(":")
        loop = asyncio.get_running_loop()
        events = [asyncio.Event() for _ in tokens]
        connections = []
        for start in range(0, len(tokens), 50):  # in batches: the server authenticates them as they come
            batch = list(zip(tokens[start : start + 50], events[start : start + 50]))
            for token, event in batch:
                connections.append(
                    await loop.create_connection(lambda t=token, e=event: Listener(t, "-", e, []), host, int(port))
                )
            for _, event in batch:
                await asyncio.wait_for(event.wait(), 120)
        ready.set()
        while not done.is_set():
            await asyncio.sleep(0.2)
        for transport, _ in connections:
            transport.close()

    fast_loop().run(run())


async def register(http: aiohttp.ClientSession, url: str, n: int) -> dict:
    body = {"email": f"idle{n}@example.com", "username": f"idle{n}", "password": "benchmark!"}
    token = (await api(http, url, "POST", "/api/users/register", body))["token"]
    code = (await api(http, url, "POST", "/api/users/emails/verify/send-code", token=token))["message"].split(": ")[2]
    await api(http, url, "POST", f"/api/users/emails/verify?code={code}", token=token)
    profile = (await api(http, url, "GET", "/api/users", token=token))["user"]
    return {"token": token, "id": profile["id"], "username": profile["username"], "tag": profile["tag"]}


async def gather_bounded(coroutines, limit: int = 8) -> list:
    semaphore = asyncio.Semaphore(limit)

    async def one(coroutine):
        async with semaphore:
            return await coroutine

    return list(await asyncio.gather(*(one(c) for c in coroutines)))


async def populate(http: aiohttp.ClientSession, url: str, args) -> list[dict]:
    """Servers of about ``--server-size`` members (each its own owner's), every user in
    ``--servers-each`` of them, and a chain of friendships."""
    people = await gather_bounded(register(http, url, n) for n in range(args.users))
    count = max(1, args.users * args.servers_each // args.server_size)

    async def make_server(s: int) -> str:
        owner = people[s % len(people)]
        server = await api(http, url, "POST", "/api/servers", {"name": f"Idle {s}"}, owner["token"])
        for c in range(args.channels - 1):
            await api(http, url, "POST", f"/api/servers/{server['id']}/channels", {"name": f"room {c}"}, owner["token"])
        return (await api(http, url, "POST", f"/api/servers/{server['id']}/invites", token=owner["token"]))["code"]

    invites = await gather_bounded(make_server(s) for s in range(count))
    # user n is in servers n, n + 1/k of the way round, ...: owners (n < count) are in their own already
    joins = [
        (person, (n + k * count // args.servers_each) % count)
        for n, person in enumerate(people)
        for k in range(args.servers_each)
    ]
    await gather_bounded(
        api(http, url, "POST", f"/api/servers/invites/{invites[s]}", token=person["token"])
        for n, (person, s) in enumerate(joins)
        if not (n % args.servers_each == 0 and n // args.servers_each < count)
    )

    async def befriend(me: dict, other: dict) -> None:
        await api(
            http, url, "POST", "/api/friends/add", {"username": other["username"], "tag": other["tag"]}, me["token"]
        )
        await api(http, url, "POST", f"/api/friends/{me['id']}", token=other["token"])

    # everyone has --friends friends: half of them asked, half accepted
    pairs = [
        (people[n], people[(n + k) % len(people)]) for k in range(1, args.friends // 2 + 1) for n in range(len(people))
    ]
    await gather_bounded(befriend(a, b) for a, b in pairs)
    return people


def probe(worker: int, directory: str, number: int) -> float:
    """Settle, then a full collection in the worker (``core.memprobe``); its RSS in MiB after."""
    time.sleep(SETTLE_SECONDS)
    os.kill(worker, signal.SIGUSR2)
    done = Path(directory) / f"{worker}-{number}.done"
    for _ in range(600):
        if done.exists():
            break
        time.sleep(0.1)
    time.sleep(0.5)
    return rss_mib(worker)


def top_sites(directory: str, worker: int, sockets: int, limit: int = 25) -> None:
    after = tracemalloc.Snapshot.load(f"{directory}/{worker}-2.snapshot")  # tracing began at probe 1
    for key, title in (("lineno", "by line"), ("traceback", "by call stack (the biggest)")):
        stats = after.statistics(key)
        total = sum(stat.size for stat in stats)
        print(f"\ntracemalloc {title}: {total / sockets / 1024:.1f} KB traced per socket")
        for stat in stats[: limit if key == "lineno" else 8]:
            if key == "lineno":
                frame = stat.traceback[0]
                print(
                    f"  {stat.size / sockets:8.0f} B/socket {stat.count / sockets:6.1f} blocks  "
                    f"{frame.filename.replace(str(ROOT) + '/', '')}:{frame.lineno}"
                )
            else:
                print(f"  {stat.size / sockets:8.0f} B/socket {stat.count / sockets:6.1f} blocks")
                for frame in list(stat.traceback)[-6:]:
                    print(f"      {frame.filename.replace(str(ROOT) + '/', '')}:{frame.lineno}")


async def main(args) -> None:
    scratch = tempfile.mkdtemp(prefix="hearth-idle-")
    probes = f"{scratch}/probes"
    os.mkdir(probes)
    env = {
        "HEARTH_SERVER_WORKERS": "1",
        "HEARTH_DEBUG_MEMORY_DIR": probes,
        "HEARTH_AUTH_ARGON2_TIME_COST": "1",
        "HEARTH_AUTH_ARGON2_MEMORY_KIB": "64",
        "HEARTH_SERVER_WEBUI_DIST": "/nonexistent",
    }
    if args.tracemalloc:
        env["HEARTH_DEBUG_TRACEMALLOC"] = "1"
    server, url = start_server(scratch, None, env)
    procs = []
    done = multiprocessing.Event()
    try:
        async with aiohttp.ClientSession() as http:
            await wait_until_up(http, url)
            started = time.perf_counter()
            people = await populate(http, url, args)
            print(f"populated in {time.perf_counter() - started:.0f} s", flush=True)
            speed = await speed_line(http, url, server.pid)
        (worker,) = children(server.pid)
        before = probe(worker, probes, 1)

        tokens = [person["token"] for person in people]
        ready_events = []
        for index in range(args.client_procs):
            ready = multiprocessing.Event()
            proc = multiprocessing.Process(
                target=hold_sockets, args=(url, tokens[index :: args.client_procs], ready, done)
            )
            proc.start()
            ready_events.append(ready)
            procs.append(proc)
        started = time.perf_counter()
        for ready in ready_events:
            while not ready.is_set():
                await asyncio.sleep(0.2)
        print(f"{len(tokens)} sockets authenticated in {time.perf_counter() - started:.0f} s", flush=True)
        after = probe(worker, probes, 2)

        print(
            f"users {args.users}, each in {args.servers_each} servers of ~{args.server_size} members and {args.channels} channels, "
            f"{args.friends} friends; SQLite, 1 worker{' (tracemalloc on)' if args.tracemalloc else ''}"
        )
        print(speed)
        print(f"worker RSS         {before:.1f} MiB before sockets, {after:.1f} MiB with {len(tokens)} idle sockets")
        print(f"per socket         {(after - before) * 1024 / len(tokens):.1f} KB")
        if args.tracemalloc:
            top_sites(probes, worker, len(tokens))
    finally:
        done.set()
        for proc in procs:
            proc.join(30)
        stopping = time.perf_counter()
        server.terminate()  # the worker drains: every socket is asked to reconnect, then closed
        server.wait(60)
        print(f"server stopped in {time.perf_counter() - stopping:.1f} s")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--users", type=int, default=2000)
    parser.add_argument("--server-size", type=int, default=50, help="members per server, about")
    parser.add_argument("--servers-each", type=int, default=3)
    parser.add_argument("--channels", type=int, default=4)
    parser.add_argument("--friends", type=int, default=2)
    parser.add_argument("--client-procs", type=int, default=1)
    parser.add_argument("--tracemalloc", action="store_true")
    fast_loop().run(main(parser.parse_args()))
