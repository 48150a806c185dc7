"""Opening a forum with 1,000 posts: the first page by latest activity, by a tag, and a title
search, on PostgreSQL (issue 35's list target for threads, p99 <= 50 ms, applied to forums).

Migrates the database, serves Hearth (one worker, rate limits off), makes a user, a server, a
forum with three tags and --posts posts through the API (each with one tag and a reply, so their
last activity differs), then times ``GET /api/forums/{id}/posts?limit=25`` plain, with ``tag=``
and with ``q=`` (--rounds requests each, after a warm-up) and prints p50/p95/p99.

    .venv/bin/python bench/forum_posts_list.py --database postgres://postgres@127.0.0.1:5432/hearth_forums_bench

A quick check that it runs: ``--posts 60 --rounds 50`` (the pages then hold what matches).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

import aiohttp
import asyncpg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.threads_list import call, pct, serving  # noqa: E402


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


async def timed(http: aiohttp.ClientSession, url: str, token: str, rounds: int, what: str, matching: int) -> None:
    """``matching``: how many posts the query finds (the page holds 25 of them, or all if fewer)."""
    for _ in range(20):  # warm up
        await call(http, "GET", url, token)
    samples = []
    for _ in range(rounds):
        started = time.perf_counter()
        page = await call(http, "GET", url, token)
        samples.append((time.perf_counter() - started) * 1000)
    assert len(page["posts"]) == min(25, matching), (len(page["posts"]), matching)
    print(
        f"{what}: n={len(samples)} p50 {pct(samples, 0.5):.1f} ms  p95 {pct(samples, 0.95):.1f} ms  "
        f"p99 {pct(samples, 0.99):.1f} ms  max {max(samples):.1f} ms (target p99 <= 50 ms)"
    )


async def main(args: argparse.Namespace) -> None:
    async with serving(args.database, "hearth-forums-bench-") as (http, base):
        token, forum, tags = await seed(http, base, args.database, args.posts)
        listing = f"{base}/api/forums/{forum}/posts?limit=25"
        count = args.posts
        tagged, about_printers = len(range(0, count, 3)), len(range(0, count, 7))  # as ``seed`` made them
        await timed(http, listing, token, args.rounds, f"first page of {count} posts, latest activity", count)
        await timed(http, f"{listing}&tag={tags[0]}", token, args.rounds, "first page with a tag", tagged)
        await timed(http, f"{listing}&q=printers", token, args.rounds, "first page of a title search", about_printers)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", default="postgres://postgres@127.0.0.1:5432/hearth_forums_bench")
    parser.add_argument("--posts", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=500)
    asyncio.run(main(parser.parse_args()))
