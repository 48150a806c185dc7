"""A reconnect storm on one worker: N users (default 2,000, in servers of ~50 as in
bench/idle_sockets.py) open one socket each, arriving at --rate a second (default 100: 2,000 in
20 s, what every client does when a worker restarts), and authenticate once (like clients that
do not retry). Prints the arrival curve every --every seconds (connected, authenticated, refused
or dropped), when the last one authenticated, and the worker's CPU. Runs its own server (one
worker) on a free port with a scratch SQLite database.

    .venv/bin/python bench/storm.py [--users 2000] [--rate 100] [--cprofile DIR]

--cprofile DIR writes the worker's cProfile stats over the storm (core/cpuprobe.py), to see where
its time goes: ``python -c "import pstats; pstats.Stats('DIR/<pid>.prof').sort_stats('tottime').print_stats(30)"``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import signal
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.idle_sockets import populate  # noqa: E402
from bench.machine import children, cpu_seconds, speed_line  # noqa: E402
from bench.message_fanout import Listener, fast_loop, start_server, wait_until_up  # noqa: E402


class Arrival(Listener):
    """One socket: when it connected, authenticated, or was refused or dropped."""

    def __init__(self, token: str, times: dict[str, float | None]):
        super().__init__(token, "-", asyncio.Event(), [])
        self.times = times

    def frame(self, frame: bytes, now: float) -> None:
        if frame.startswith(b'42["user:authenticate_error"'):
            self.times["refused"] = time.time()
        elif frame.startswith(b'42["user:authenticated"'):
            self.times["authenticated"] = time.time()
        super().frame(frame, now)

    def connection_lost(self, exc) -> None:
        if not self.times.get("authenticated") and not self.times.get("refused"):
            self.times["dropped"] = time.time()


def storm(url: str, tokens: list[str], rate: float, out: str, hold: float) -> None:
    async def run() -> None:
        host, port = url.removeprefix("http://").split(":")
        loop = asyncio.get_running_loop()
        records: list[dict[str, float | None]] = []
        transports = []
        begin = time.time()

        async def arrive(token: str) -> None:
            times: dict[str, float | None] = {"connected": time.time()}
            records.append(times)
            try:
                transport, _ = await loop.create_connection(lambda: Arrival(token, times), host, int(port))
                transports.append(transport)
            except OSError:
                times["dropped"] = time.time()

        tasks = []
        for n, token in enumerate(tokens):
            delay = begin + n / rate - time.time()
            if delay > 0:
                await asyncio.sleep(delay)
            tasks.append(asyncio.create_task(arrive(token)))
        await asyncio.gather(*tasks)
        deadline = time.time() + hold
        while time.time() < deadline and any(
            not (r.get("authenticated") or r.get("refused") or r.get("dropped")) for r in records
        ):
            await asyncio.sleep(0.5)
        Path(out).write_text(json.dumps({"begin": begin, "records": records}))
        for transport in transports:
            transport.close()

    fast_loop().run(run())


def curve(begin: float, records: list[dict], every: float) -> None:
    def at(key: str, t: float) -> int:
        return sum(1 for r in records if r.get(key) and r[key] - begin <= t)

    end = max((v for r in records for v in r.values() if v), default=begin) - begin
    print(f"{'seconds':>8} {'arrived':>8} {'authenticated':>14} {'refused':>8} {'dropped':>8}")
    t = every
    while t < end + every:
        print(
            f"{t:8.0f} {at('connected', t):8d} {at('authenticated', t):14d} {at('refused', t):8d} {at('dropped', t):8d}"
        )
        t += every


async def main(args) -> None:
    scratch = tempfile.mkdtemp(prefix="hearth-storm-")
    env = {
        "HEARTH_SERVER_WORKERS": "1",
        "HEARTH_AUTH_ARGON2_TIME_COST": "1",
        "HEARTH_AUTH_ARGON2_MEMORY_KIB": "64",
        "HEARTH_SERVER_WEBUI_DIST": "/nonexistent",
    }
    if args.cprofile:
        Path(args.cprofile).mkdir(parents=True, exist_ok=True)
        env["HEARTH_DEBUG_PROFILE_DIR"] = str(Path(args.cprofile).resolve())
    server, url = start_server(scratch, None, env)
    try:
        async with aiohttp.ClientSession() as http:
            await wait_until_up(http, url)
            started = time.perf_counter()
            people = await populate(http, url, args)
            print(f"populated in {time.perf_counter() - started:.0f} s", flush=True)
            speed = await speed_line(http, url, server.pid)
        (worker,) = children(server.pid)
        out = f"{scratch}/storm.json"
        tokens = [person["token"] for person in people]
        if args.cprofile:
            os.kill(worker, signal.SIGUSR1)
        cpu_before, wall_before = cpu_seconds(server.pid), time.perf_counter()
        proc = multiprocessing.Process(target=storm, args=(url, tokens, args.rate, out, args.hold))
        proc.start()
        while proc.is_alive():
            await asyncio.sleep(0.5)
        cpu = (cpu_seconds(server.pid) - cpu_before) / (time.perf_counter() - wall_before)
        if args.cprofile:
            os.kill(worker, signal.SIGUSR1)
        result = json.loads(Path(out).read_text())
        records, begin = result["records"], result["begin"]
        authenticated = sorted(r["authenticated"] - begin for r in records if r.get("authenticated"))
        print(
            f"users {args.users}, each in {args.servers_each} servers of ~{args.server_size} members, "
            f"{args.friends} friends; arriving at {args.rate:.0f}/s on 1 worker; SQLite"
        )
        print(speed)
        curve(begin, records, args.every)
        last = f"the last at {authenticated[-1]:.1f} s" if authenticated else "none"
        print(
            f"authenticated      {len(authenticated)} of {len(records)}, {last}; worker CPU {100 * cpu:.0f}% of a core"
        )
    finally:
        server.terminate()
        server.wait(60)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--users", type=int, default=2000)
    parser.add_argument("--rate", type=float, default=100.0, help="sockets arriving per second")
    parser.add_argument("--server-size", type=int, default=50, help="members per server, about")
    parser.add_argument("--servers-each", type=int, default=3)
    parser.add_argument("--channels", type=int, default=4)
    parser.add_argument("--friends", type=int, default=2)
    parser.add_argument("--every", type=float, default=5.0, help="seconds between lines of the curve")
    parser.add_argument("--hold", type=float, default=120.0, help="seconds to wait for the last answers")
    parser.add_argument("--cprofile", help="a directory for the worker's cProfile stats over the storm")
    fast_loop().run(main(parser.parse_args()))
