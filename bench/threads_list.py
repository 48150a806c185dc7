"""Opening a channel with 1,000 threads: the first page of its active threads, on PostgreSQL
(issue 35's target: p99 <= 50 ms).

Migrates the database, serves Hearth (one worker, rate limits off), makes a user, a server and
--threads threads in its general channel through the API (each with a message, so their last
activity differs), archives every tenth, then times ``GET /api/threads?channelId=…&limit=25``
(--rounds requests, after a warm-up) and prints p50/p95/p99 and the plan of the page's query.

    .venv/bin/python bench/threads_list.py --database postgres://postgres@127.0.0.1:5432/hearth_threads_bench

A quick check that it runs: ``--threads 60 --rounds 50`` (at least 29 threads: a full page remains).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from urllib.parse import urlparse, urlunparse

import aiohttp
import asyncpg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support import free_port  # noqa: E402

OPT_IN = {"X-Hearth-Features": "threads"}


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def ensure_fresh_database(url: str) -> None:
    parts = urlparse(url)
    name = parts.path.lstrip("/")
    admin = await asyncpg.connect(urlunparse(parts._replace(path="/postgres")))
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()


async def call(http: aiohttp.ClientSession, method: str, url: str, token: str | None = None, body=None):
    headers = {**OPT_IN, **({"Authorization": token} if token else {})}
    async with http.request(method, url, json=body, headers=headers) as response:
        answer = await response.json(content_type=None)
        if response.status != 200:
            raise RuntimeError(f"{method} {url}: {response.status} {answer}")
        return answer


async def seed(http: aiohttp.ClientSession, base: str, database: str, count: int) -> tuple[str, str]:
    registered = await call(
        http,
        "POST",
        f"{base}/api/users/register",
        body={"email": "bench@example.com", "username": "bench", "password": "correct horse battery"},
    )
    token = registered["token"]
    db = await asyncpg.connect(database)
    await db.execute("UPDATE accounts SET email_confirmed = TRUE")
    server = await call(http, "POST", f"{base}/api/servers", token, {"name": "Busy"})
    channel = server["defaultChannelId"]
    sem = asyncio.Semaphore(8)

    async def one(n: int) -> None:
        async with sem:
            thread = await call(
                http, "POST", f"{base}/api/threads", token, {"channelId": channel, "name": f"thread {n}"}
            )
            await call(http, "POST", f"{base}/api/channels/{thread['id']}/messages", token, {"content": f"reply {n}"})
            if n % 10 == 0:
                await call(http, "PATCH", f"{base}/api/threads/{thread['id']}", token, {"archived": True})

    started = time.perf_counter()
    await asyncio.gather(*(one(n) for n in range(count)))
    print(f"made {count} threads in {time.perf_counter() - started:.1f} s", flush=True)
    await db.execute("ANALYZE")
    await db.close()
    return token, channel


async def plan(database: str, channel: str) -> None:
    db = await asyncpg.connect(database)
    try:
        from plugins.threads.pagesql import thread_page_sql  # the statement the route runs

        viewer = await db.fetchval("SELECT id FROM users LIMIT 1")
        rows = await db.fetch(
            "EXPLAIN (ANALYZE, COSTS OFF) " + thread_page_sql(False, False), int(channel), False, viewer, 26
        )
        print("\n".join(r[0] for r in rows))
    finally:
        await db.close()


@asynccontextmanager
async def serving(database: str, scratch_prefix: str) -> AsyncIterator[tuple[aiohttp.ClientSession, str]]:
    """A fresh ``database``, migrated and served by one Hearth worker (rate limits off): yields an
    HTTP session and the server's base URL, and stops the server afterwards."""
    await ensure_fresh_database(database)
    scratch = tempfile.mkdtemp(prefix=scratch_prefix)
    env = {
        **os.environ,
        "HEARTH_RATE_LIMITS_ENABLED": "false",
        "HEARTH_CDN_DIRECTORY": f"{scratch}/cdn",
        "HEARTH_DATABASE_URL": database,
    }
    subprocess.run([sys.executable, "-m", "core", "migrate"], cwd=ROOT, env=env, check=True, capture_output=True)
    port = free_port()
    log = open(f"{scratch}/server.log", "w")
    server = subprocess.Popen(
        [sys.executable, "-m", "core", "serve", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        async with aiohttp.ClientSession() as http:
            for _ in range(300):
                try:
                    await http.get(f"{base}/api/plugins")
                    break
                except aiohttp.ClientError:
                    await asyncio.sleep(0.1)
            yield http, base
    finally:
        server.terminate()
        server.wait(10)


async def main(args: argparse.Namespace) -> None:
    async with serving(args.database, "hearth-threads-bench-") as (http, base):
        token, channel = await seed(http, base, args.database, args.threads)
        url = f"{base}/api/threads?channelId={channel}&limit=25"
        for _ in range(20):  # warm up
            await call(http, "GET", url, token)
        samples = []
        for _ in range(args.rounds):
            started = time.perf_counter()
            page = await call(http, "GET", url, token)
            samples.append((time.perf_counter() - started) * 1000)
        assert len(page["threads"]) == 25 and page["hasMore"], page
        print(
            f"GET /api/threads first page of {args.threads} threads: n={len(samples)} "
            f"p50 {pct(samples, 0.5):.1f} ms  p95 {pct(samples, 0.95):.1f} ms  p99 {pct(samples, 0.99):.1f} ms  "
            f"max {max(samples):.1f} ms (target p99 <= 50 ms)"
        )
    await plan(args.database, channel)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", default="postgres://postgres@127.0.0.1:5432/hearth_threads_bench")
    parser.add_argument("--threads", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=500)
    asyncio.run(main(parser.parse_args()))
