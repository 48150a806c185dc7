"""Opening a forum with 1,000 posts: the first page by latest activity, by a tag, and a title
search, on PostgreSQL (issue 35's list target for threads, p99 <= 50 ms, applied to forums).

Migrates the database, serves Hearth (one worker, rate limits off), makes a user, a server, a
forum with three tags and --posts posts through the API (each with one tag and a reply, so their
last activity differs), then times ``GET /api/forums/{id}/posts?limit=25`` plain, with ``tag=``
and with ``q=`` (--rounds requests each, after a warm-up) and prints p50/p95/p99.

    .venv/bin/python bench/forum_posts_list.py --database postgres://postgres@127.0.0.1:5432/hearth_forums_bench
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
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


async def seed(http: aiohttp.ClientSession, base: str, database: str, count: int) -> tuple[str, str, list[str]]:
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
    forum = (await call(http, "POST", f"{base}/api/forums", token, {"serverId": server["id"], "name": "help"}))[
        "channel"
    ]
    tags = [
        (await call(http, "POST", f"{base}/api/forums/{forum['id']}/tags", token, {"name": name}))["id"]
        for name in ("bug", "idea", "question")
    ]
    sem = asyncio.Semaphore(8)

    async def one(n: int) -> None:
        async with sem:
            body = {"title": f"post {n} about printers" if n % 7 == 0 else f"post {n}", "content": f"opening {n}"}
            made = await call(
                http, "POST", f"{base}/api/forums/{forum['id']}/posts", token, {**body, "tagIds": [tags[n % 3]]}
            )
            await call(http, "POST", f"{base}/api/channels/{made['id']}/messages", token, {"content": f"reply {n}"})

    started = time.perf_counter()
    await asyncio.gather(*(one(n) for n in range(count)))
    print(f"made {count} posts in {time.perf_counter() - started:.1f} s", flush=True)
    await db.execute("ANALYZE")
    await db.close()
    return token, forum["id"], tags


async def timed(http: aiohttp.ClientSession, url: str, token: str, rounds: int, what: str) -> None:
    for _ in range(20):  # warm up
        await call(http, "GET", url, token)
    samples = []
    for _ in range(rounds):
        started = time.perf_counter()
        page = await call(http, "GET", url, token)
        samples.append((time.perf_counter() - started) * 1000)
    assert len(page["posts"]) == 25, page
    print(
        f"{what}: n={len(samples)} p50 {pct(samples, 0.5):.1f} ms  p95 {pct(samples, 0.95):.1f} ms  "
        f"p99 {pct(samples, 0.99):.1f} ms  max {max(samples):.1f} ms (target p99 <= 50 ms)"
    )


async def main(args: argparse.Namespace) -> None:
    await ensure_fresh_database(args.database)
    scratch = tempfile.mkdtemp(prefix="hearth-forums-bench-")
    env = {
        **os.environ,
        "HEARTH_RATE_LIMITS_ENABLED": "false",
        "HEARTH_CDN_DIRECTORY": f"{scratch}/cdn",
        "HEARTH_DATABASE_URL": args.database,
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
            token, forum, tags = await seed(http, base, args.database, args.posts)
            listing = f"{base}/api/forums/{forum}/posts?limit=25"
            await timed(http, listing, token, args.rounds, f"first page of {args.posts} posts, latest activity")
            await timed(http, f"{listing}&tag={tags[0]}", token, args.rounds, "first page with a tag")
            await timed(http, f"{listing}&q=printers", token, args.rounds, "first page of a title search")
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", default="postgres://postgres@127.0.0.1:5432/hearth_forums_bench")
    parser.add_argument("--posts", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=500)
    asyncio.run(main(parser.parse_args()))
