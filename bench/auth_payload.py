"""Authenticate latency: N users log in over HTTP (argon2id off the loop) and authenticate their
sockets; prints percentiles. Runs a real server on a free port with a scratch SQLite database.

    .venv/bin/python bench/auth_payload.py [--users 50]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp
import socketio

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support import free_port  # noqa: E402


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return f"p50 {pick(0.5):6.1f} ms  p95 {pick(0.95):6.1f} ms  p99 {pick(0.99):6.1f} ms  max {ordered[-1]:6.1f} ms"


async def main(users: int) -> None:
    scratch = tempfile.mkdtemp(prefix="hearth-bench-")
    port = free_port()
    env = {**os.environ, "HEARTH_DATABASE_URL": f"sqlite://{scratch}/bench.sqlite3",
           "HEARTH_RATE_LIMITS_ENABLED": "false", "HEARTH_CDN_DIRECTORY": f"{scratch}/cdn"}
    subprocess.run([sys.executable, "-m", "core", "migrate"], cwd=ROOT, env=env, check=True, capture_output=True)
    server = subprocess.Popen([sys.executable, "-m", "core", "serve", "--port", str(port)], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        async with aiohttp.ClientSession() as http:
            for _ in range(100):
                try:
                    await http.get(f"{url}/api/plugins")
                    break
                except aiohttp.ClientError:
                    await asyncio.sleep(0.1)
            tokens, register_ms, login_ms = [], [], []
            for n in range(users):
                body = {"email": f"bench{n}@example.com", "username": f"bench{n}", "password": "benchmark!"}
                started = time.perf_counter()
                async with http.post(f"{url}/api/users/register", json=body) as response:
                    await response.json()
                register_ms.append((time.perf_counter() - started) * 1000)
                started = time.perf_counter()
                async with http.post(f"{url}/api/users/login", json={"email": body["email"], "password": body["password"]}) as response:
                    tokens.append((await response.json())["token"])
                login_ms.append((time.perf_counter() - started) * 1000)

        auth_ms: list[float] = []
        for token in tokens:
            client = socketio.AsyncClient(reconnection=False)
            done = asyncio.Event()
            client.on("user:authenticated", lambda data: done.set())
            await client.connect(url, transports=["websocket"])
            started = time.perf_counter()
            await client.emit("user:authenticate", {"token": token})
            await asyncio.wait_for(done.wait(), 10)
            auth_ms.append((time.perf_counter() - started) * 1000)
            await client.disconnect()
        print(f"users: {users} (SQLite, 1 worker)")
        print(f"register        {percentiles(register_ms)}")
        print(f"login (argon2)  {percentiles(login_ms)}  mean {statistics.mean(login_ms):.1f} ms")
        print(f"authenticate    {percentiles(auth_ms)}")
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--users", type=int, default=50)
    asyncio.run(main(parser.parse_args().users))
