"""Two Hearths side by side (say main's code and a branch's) on one database seeded by
bench/forum_posts_list.py: the same list requests to each, alternating request by request, so
both meet the same load of a busy machine; prints p50/p95/p99 of each.

    .venv/bin/python bench/forum_posts_list.py --database postgres://postgres@127.0.0.1:5432/hearth_lists
    # serve that database twice, e.g. from two checkouts:
    #   HEARTH_RATE_LIMITS_ENABLED=false HEARTH_DATABASE_URL=... .venv/bin/python -m core serve --port 18721
    .venv/bin/python bench/lists_side_by_side.py http://127.0.0.1:18721 http://127.0.0.1:18722 \\
        --database postgres://postgres@127.0.0.1:5432/hearth_lists

The forum's posts are threads too, so ``GET /api/threads?channelId=<forum>`` lists 1,000 threads.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

import aiohttp
import asyncpg

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.threads_list import call, pct


async def main(args: argparse.Namespace) -> None:
    db = await asyncpg.connect(args.database)
    forum = await db.fetchval("SELECT channel_id FROM forums LIMIT 1")
    tag = await db.fetchval("SELECT id FROM forum_tags WHERE forum_id = $1 ORDER BY id LIMIT 1", forum)
    await db.close()
    paths = {
        "forum, latest activity": f"/api/forums/{forum}/posts?limit=25",
        "forum, with a tag": f"/api/forums/{forum}/posts?limit=25&tag={tag}",
        "forum, title search": f"/api/forums/{forum}/posts?limit=25&q=printers",
        "threads list": f"/api/threads?channelId={forum}&limit=25",
    }
    sides = {"first": args.first, "second": args.second}
    async with aiohttp.ClientSession() as http:
        login = {"email": "bench@example.com", "password": "correct horse battery"}
        token = (await call(http, "POST", f"{args.first}/api/users/login", body=login))["token"]
        for what, path in paths.items():
            for base in sides.values():
                for _ in range(20):  # warm up
                    await call(http, "GET", base + path, token)
            samples: dict[str, list[float]] = {name: [] for name in sides}
            for _ in range(args.rounds):
                for name, base in sides.items():
                    started = time.perf_counter()
                    await call(http, "GET", base + path, token)
                    samples[name].append((time.perf_counter() - started) * 1000)
            for name, got in samples.items():
                print(
                    f"{what:24} {name:6} n={len(got)} p50 {pct(got, 0.5):5.1f}  p95 {pct(got, 0.95):5.1f}  "
                    f"p99 {pct(got, 0.99):5.1f} ms",
                    flush=True,
                )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--database", required=True)
    parser.add_argument("--rounds", type=int, default=300)
    asyncio.run(main(parser.parse_args()))
