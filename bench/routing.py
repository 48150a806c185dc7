"""Interest routing between processes: four `hearth serve` processes (one worker each) sharing a
database and Redis; M members of one busy server all connected to process 0, a few members of a
quiet server connected to processes 2 and 3, messages posted into the busy channel through
process 1. Prints each process's CPU per message with interest routing on and then off
(``[redis] interest_routing``, core/fanout_rooms.py): process 0 delivers, process 1 stores and
publishes, processes 2 and 3 hold no socket in the channel and with routing hear none of it.

    .venv/bin/python bench/routing.py --redis redis://127.0.0.1:6379/7
    .venv/bin/python bench/routing.py --redis redis://127.0.0.1:6379/7 --members 200 --rate 100 \
        --seconds 10 --database postgres://postgres@127.0.0.1:5432/hearth_bench

CPU is counted from /proc while sending, less what each process spends idle over as long
(heartbeats, samplers), measured just before. With SQLite (the default) the four processes share
one scratch file.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.machine import cpu_seconds, speed_line  # noqa: E402
from bench.message_fanout import Poster, api, listener, make_member, start_server, wait_until_up  # noqa: E402

PROCESSES = 4


async def server_with(http: aiohttp.ClientSession, url: str, tokens: list[str], name: str) -> str:
    """A server owned by ``tokens[0]`` that the others join; its default channel."""
    row = await api(http, url, "POST", "/api/servers", {"name": name}, tokens[0])
    invite = await api(http, url, "POST", f"/api/servers/{row['id']}/invites", token=tokens[0])
    for token in tokens[1:]:
        await api(http, url, "POST", f"/api/servers/invites/{invite['code']}", token=token)
    return row["defaultChannelId"]


def connect(url: str, tokens: list[str], channel_id: str, scratch: str, name: str, done) -> tuple:
    ready = multiprocessing.Event()
    out = f"{scratch}/{name}.json"
    proc = multiprocessing.Process(target=listener, args=(url, tokens, channel_id, ready, done, out))
    proc.start()
    return proc, ready


async def run(args, routed: bool) -> list[float]:
    """One round; prints and returns each process's CPU ms per message."""
    scratch = tempfile.mkdtemp(prefix="hearth-routing-")
    database = args.database or f"sqlite://{scratch}/bench.sqlite3"
    env = {
        "HEARTH_REDIS_URL": args.redis,
        "HEARTH_SERVER_WORKERS": "1",
        "HEARTH_REDIS_INTEREST_ROUTING": "true" if routed else "false",
    }
    started = []
    for index in range(PROCESSES):
        Path(f"{scratch}/p{index}").mkdir()
        started.append(start_server(f"{scratch}/p{index}", database, env))
    servers, urls = [s for s, _ in started], [u for _, u in started]
    done = multiprocessing.Event()
    procs = []
    try:
        async with aiohttp.ClientSession() as http:
            for url in urls:
                await wait_until_up(http, url)
            home = urls[0]
            tokens = list(await asyncio.gather(*(make_member(http, home, n) for n in range(args.members + 8))))
            busy_tokens, quiet_tokens = tokens[: args.members], tokens[args.members :]
            busy = await server_with(http, home, busy_tokens, "Busy")
            quiet = await server_with(http, home, quiet_tokens, "Quiet")
            waiting = [
                connect(urls[0], busy_tokens, busy, scratch, "busy", done),
                connect(urls[2], quiet_tokens[:4], quiet, scratch, "quiet2", done),
                connect(urls[3], quiet_tokens[4:], quiet, scratch, "quiet3", done),
            ]
            for proc, ready in waiting:
                procs.append(proc)
                while not ready.is_set():
                    await asyncio.sleep(0.1)
            speed = await speed_line(http, urls[1], servers[1].pid)
            await asyncio.sleep(1)

            before = [cpu_seconds(s.pid) for s in servers]
            idle_started = time.perf_counter()
            await asyncio.sleep(args.seconds)
            idle_wall = time.perf_counter() - idle_started
            idle = [(cpu_seconds(s.pid) - b) / idle_wall for s, b in zip(servers, before)]

            poster = Poster(urls[1])
            senders = busy_tokens[: max(1, min(10, len(busy_tokens)))]
            total = int(args.rate * args.seconds)

            async def post(n: int) -> None:
                status, answer = await poster.post(
                    f"/api/channels/{busy}/messages",
                    {"content": f"t={time.time() * 1000:.3f}"},
                    senders[n % len(senders)],
                )
                if status != 200:
                    raise RuntimeError(f"a send answered {status}: {answer[:200]!r}")

            before = [cpu_seconds(s.pid) for s in servers]
            start = time.perf_counter()
            tasks = []
            for n in range(total):
                delay = start + n / args.rate - time.perf_counter()
                if delay > 0:
                    await asyncio.sleep(delay)
                tasks.append(asyncio.create_task(post(n)))
            await asyncio.gather(*tasks)
            await asyncio.sleep(1)  # the last deliveries
            wall = time.perf_counter() - start
            poster.close()
            spent = [cpu_seconds(s.pid) - b - rate * wall for s, b, rate in zip(servers, before, idle)]
    finally:
        done.set()
        for proc in procs:
            proc.join(10)
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(30)
    per_message = [1000 * max(0.0, seconds) / total for seconds in spent]
    roles = ["holds the busy channel's sockets", "stores and publishes", "no socket in it", "no socket in it"]
    print(f"\ninterest routing {'on' if routed else 'off'}: {total} messages into {args.members} sockets; {speed}")
    for index, (ms, rate, role) in enumerate(zip(per_message, idle, roles)):
        print(f"  process {index}: {ms:6.3f} ms CPU per message (idle {100 * rate:4.1f}% of a core)  {role}")
    return per_message


async def main(args) -> None:
    on = await run(args, routed=True)
    off = await run(args, routed=False)
    uninterested_on = (on[2] + on[3]) / 2
    print(
        f"\nan uninterested process spends {uninterested_on:.3f} ms per message with routing, "
        f"{(off[2] + off[3]) / 2:.3f} ms without; {100 * uninterested_on / on[0] if on[0] else float('nan'):.1f}% "
        "of what the interested process spends with routing"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--redis", default=os.environ.get("HEARTH_REDIS_URL", ""), help="a Redis database to use")
    parser.add_argument("--database", help="a PostgreSQL URL (default: a scratch SQLite file)")
    parser.add_argument("--members", type=int, default=100)
    parser.add_argument("--rate", type=float, default=50.0, help="messages per second")
    parser.add_argument("--seconds", type=float, default=8.0)
    arguments = parser.parse_args()
    if not arguments.redis:
        parser.error("--redis (or HEARTH_REDIS_URL) is needed: the processes share Redis")
    asyncio.run(main(arguments))
