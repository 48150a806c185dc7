"""The feed and discover at size, and likes under concurrency, on PostgreSQL.

Seeds --users users and --posts posts (a year of them: 87% top-level, 10% replies, 3% reposts,
2% with polls, likes skewed so a few posts have hundreds) with COPY, a reader following
--follows of them, then serves Hearth (one worker) and measures over HTTP:

- ``GET /api/posts/feed``: the reader scrolling 5 pages at a time (``afterId`` cursors),
- ``GET /api/posts/discover?sort=mostLiked7Days``: the same with the keyset cursor,
- --likers users liking one post at --like-rate per second: every like answered 200 and the
  post's counter equal to its like rows,

printing p50/p95/p99, the CPU the server and its PostgreSQL backends spend per request, and the
plans (EXPLAIN ANALYZE) of the feed and discover statements. Seeding is skipped when the database already holds the posts (--reseed forces it).

    .venv/bin/python bench/posts_feed.py --database postgres://postgres@127.0.0.1:5432/hearth_bench_posts
    .venv/bin/python bench/posts_feed.py --database ... --users 2000 --posts 100000   # a quick run
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import urlparse, urlunparse

import aiohttp
import asyncpg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.machine import cpu_seconds, speed_line  # noqa: E402
from core.identity.tokens import make_token, token_hash  # noqa: E402
from core.ids import EPOCH_MS  # noqa: E402
from tests.support import free_port  # noqa: E402

NOW = datetime.now(UTC)
YEAR_MS = 365 * 24 * 3600 * 1000
WORDS = "the a feed post hearth friends today coffee music rain code walk night city book".split()


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(name: str, samples: list[float]) -> str:
    return (
        f"{name:<34} n={len(samples):<5} p50 {pct(samples, 0.5):6.1f} ms  p95 {pct(samples, 0.95):6.1f} ms  "
        f"p99 {pct(samples, 0.99):6.1f} ms  max {max(samples):6.1f} ms"
    )


def flake(at_ms: int, n: int) -> int:
    return ((at_ms - EPOCH_MS) << 22) | (n & 0x3FFFFF)


async def ensure_database(url: str) -> None:
    parts = urlparse(url)
    name = parts.path.lstrip("/")
    admin = await asyncpg.connect(urlunparse(parts._replace(path="/postgres")))
    try:
        if not await admin.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name):
            await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()


# --- seeding -----------------------------------------------------------------------------------


async def seed(db: asyncpg.Connection, users: int, posts: int, follows: int, rng: random.Random) -> None:
    started = time.perf_counter()
    tables = [
        "post_poll_votes",
        "post_poll_choices",
        "post_polls",
        "post_likes",
        "post_notifications",
        "post_pins",
        "post_announcements",
        "post_notification_reads",
        "posts",
        "social_follows",
        "sessions",
        "accounts",
        "users",
    ]
    await db.execute(f"TRUNCATE {', '.join(tables)} CASCADE")
    joined = NOW - timedelta(days=400)
    user_ids = [flake(int(joined.timestamp() * 1000), n) for n in range(users)]
    await db.copy_records_to_table(
        "users",
        columns=["id", "username", "tag", "badges", "joined_at", "status", "last_online_status", "deleted"],
        records=((uid, f"bench{n}", f"{n % 10000:04d}", 0, joined, 0, 1, False) for n, uid in enumerate(user_ids)),
    )
    reader = user_ids[0]
    followed = rng.sample(user_ids[1:], follows)
    follow_rows = {(reader, f) for f in followed}
    for uid in user_ids[1:]:  # everybody else follows a few people: a realistic table around the reader's rows
        follow_rows |= {(uid, f) for f in rng.sample(user_ids, 5) if f != uid}
    await db.copy_records_to_table(
        "social_follows",
        columns=["id", "followed_by_id", "followed_to_id", "created_at"],
        records=((n + 1, a, b, joined) for n, (a, b) in enumerate(follow_rows)),
    )
    print(f"  users and follows  {time.perf_counter() - started:6.1f} s", flush=True)

    start_ms = int(NOW.timestamp() * 1000) - YEAR_MS
    times = sorted(rng.randrange(start_ms, start_ms + YEAR_MS - 60_000) for _ in range(posts))
    ids = [flake(t, n) for n, t in enumerate(times)]
    top_level: list[int] = []
    likes_of: dict[int, int] = {}
    reposts_of: dict[int, int] = {}
    polls: list[int] = []
    rows = []
    for post_id, at in zip(ids, times):
        author = user_ids[rng.randrange(users)]
        roll = rng.random()
        created = datetime.fromtimestamp(at / 1000, UTC)
        if roll < 0.10 and top_level:  # a reply
            rows.append(
                (
                    post_id,
                    author,
                    " ".join(rng.choices(WORDS, k=8)),
                    created,
                    False,
                    rng.choice(top_level[-5000:]),
                    None,
                    0,
                    0,
                    0,
                    "[]",
                    False,
                )
            )
        elif roll < 0.13 and top_level:  # a repost
            original = rng.choice(top_level[-5000:])
            reposts_of[original] = reposts_of.get(original, 0) + 1
            rows.append((post_id, author, None, created, False, None, original, 0, 0, 0, "[]", False))
        else:
            likes = min(int(rng.paretovariate(1.2)) - 1, users - 1, 800)
            likes_of[post_id] = likes
            has_poll = rng.random() < 0.02
            if has_poll:
                polls.append(post_id)
            top_level.append(post_id)
            rows.append(
                (
                    post_id,
                    author,
                    " ".join(rng.choices(WORDS, k=12)),
                    created,
                    False,
                    None,
                    None,
                    rng.randrange(50),
                    likes,
                    0,
                    "[]",
                    has_poll,
                )
            )
    final = [(*r[:9], reposts_of.get(r[0], 0), *r[10:]) for r in rows]
    await db.copy_records_to_table(
        "posts",
        columns=[
            "id",
            "created_by_id",
            "content",
            "created_at",
            "deleted",
            "comment_to_id",
            "repost_id",
            "views",
            "estimate_likes",
            "estimate_reposts",
            "mention_user_ids",
            "has_poll",
        ],
        records=final,
    )
    print(f"  {posts} posts        {time.perf_counter() - started:6.1f} s", flush=True)

    like_id = 1

    def like_rows():
        nonlocal like_id
        for post_id, count in likes_of.items():
            for liker in rng.sample(user_ids, count) if count else ():
                like_id += 1
                yield like_id, post_id, liker, NOW

    await db.copy_records_to_table(
        "post_likes", columns=["id", "post_id", "liked_by_id", "created_at"], records=like_rows()
    )
    poll_rows = [(post_id, post_id) for post_id in polls]
    await db.copy_records_to_table("post_polls", columns=["id", "post_id"], records=poll_rows)
    await db.copy_records_to_table(
        "post_poll_choices",
        columns=["id", "poll_id", "content", "votes"],
        records=((10 * n + k + 1, post_id, f"choice {k}", 0) for n, post_id in enumerate(polls) for k in range(3)),
    )
    print(f"  {like_id} likes, {len(polls)} polls {time.perf_counter() - started:6.1f} s", flush=True)

    await seed_extras(db, users)
    await db.execute("ANALYZE")
    print(f"  ANALYZE            {time.perf_counter() - started:6.1f} s", flush=True)


async def seed_extras(db: asyncpg.Connection, users: int) -> bool:
    """What every page also reads, when missing (databases seeded before it was added): a
    profile for every other user, one mentioned user in 5% of the top-level posts, and the
    reader's vote in half the polls. Returns whether anything was added."""
    if await db.fetchval("SELECT count(*) FROM accounts_profiles") > 0:
        return False
    first = await db.fetchval("SELECT min(id) FROM users")  # seeded ids are consecutive: first + n
    await db.execute(
        "INSERT INTO accounts_profiles (id, user_id, font) SELECT id, id, (id % 5)::smallint "
        "FROM users WHERE id % 2 = 0"
    )
    await db.execute(
        f"UPDATE posts SET mention_user_ids = jsonb_build_array({first} + abs(hashtext(id::text)) % {users}) "
        "WHERE id % 20 = 0 AND comment_to_id IS NULL AND repost_id IS NULL"
    )
    await db.execute(
        "INSERT INTO post_poll_votes (id, poll_id, choice_id, user_id) "
        "SELECT c.id, c.poll_id, c.id, $1 FROM post_poll_choices c WHERE c.id % 20 = 1",
        first,
    )
    return True


async def sign_in(db: asyncpg.Connection, likers: int) -> tuple[int, str, list[str]]:
    """Fresh sessions (tokens hold random bytes, only their hash is stored) for the reader, the
    user whose id is smallest, and the next ``likers`` users."""
    user_ids = [r["id"] for r in await db.fetch("SELECT id FROM users ORDER BY id LIMIT $1", likers + 1)]
    await db.execute("DELETE FROM sessions")
    made, rows = [], []
    for n, uid in enumerate(user_ids):
        session_id = flake(int(time.time() * 1000), n)
        token = make_token(session_id)
        made.append(token)
        rows.append((session_id, uid, token_hash(token), 0, NOW, NOW))
    await db.copy_records_to_table(
        "sessions", columns=["id", "user_id", "token_hash", "device_type", "created_at", "last_seen_at"], records=rows
    )
    return user_ids[0], made[0], made[1:]


# --- measuring -----------------------------------------------------------------------------------


async def timed_get(http: aiohttp.ClientSession, url: str, token: str) -> tuple[float, list]:
    started = time.perf_counter()
    async with http.get(url, headers={"Authorization": token}) as response:
        body = await response.json()
        assert response.status == 200, (url, response.status, body)
    return (time.perf_counter() - started) * 1000, body


async def scroll(http, base: str, path: str, token: str, rounds: int, pages: int, cursor_of) -> list[float]:
    samples = []
    for _ in range(rounds):
        after = None
        for _ in range(pages):
            elapsed, page = await timed_get(http, f"{base}{path}" + (f"&afterId={after}" if after else ""), token)
            samples.append(elapsed)
            if not page:
                break
            after = cursor_of(page)
    return samples


async def like_burst(http, base: str, post_id: str, likers: list[str], rate: float) -> list[float]:
    async def like(index: int, token: str) -> float:
        await asyncio.sleep(index / rate)
        started = time.perf_counter()
        async with http.post(f"{base}/api/posts/{post_id}/like", headers={"Authorization": token}) as response:
            await response.read()
            assert response.status == 200, response.status
        return (time.perf_counter() - started) * 1000

    return list(await asyncio.gather(*(like(i, t) for i, t in enumerate(likers))))


async def server_backends(database: str) -> list[int]:
    """The PostgreSQL backends of the server under test (every other connection to the bench
    database), whose CPU is the statements' cost."""
    db = await asyncpg.connect(database)
    try:
        return [
            r["pid"]
            for r in await db.fetch(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        ]
    finally:
        await db.close()


def backends_cpu(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        try:
            total += cpu_seconds(pid)
        except OSError:  # a backend that closed
            pass
    return total


def short_ids(line: str) -> str:
    """The reader's 501 author ids, shown as a count."""
    return re.sub(r"(\{|\()([0-9]+,){20,}[0-9]+(\}|\))", lambda m: f"{m[1]}…{m[0].count(',') + 1} ids…{m[3]}", line)


async def plans(database: str, reader_id: int) -> None:
    """EXPLAIN ANALYZE of the statements the feed and discover send, built by the same code."""
    from tortoise import Tortoise

    from core.app import build_db_config
    from core.plugins import PluginHost
    from core.settings import load_settings
    from plugins.posts import queries
    from plugins.posts.pagesql import statement
    from plugins.posts.relations import Relations

    settings = load_settings(environ={"HEARTH_DATABASE_URL": database})
    await Tortoise.init(config=build_db_config(settings, PluginHost.from_settings(settings)))
    db = await asyncpg.connect(database)
    try:
        followed = [
            r["followed_to_id"]
            for r in await db.fetch("SELECT followed_to_id FROM social_follows WHERE followed_by_id = $1", reader_id)
        ]
        rel = Relations(viewer_id=reader_id, followed=followed)
        statements = {
            "feed, first page": queries.feed(rel, 30, None, None),
            "discover mostLiked7Days, first page": queries.discover(rel, "mostLiked7Days", 30, None, None),
            "discover mostLikedAllTime, first page": queries.discover(rel, "mostLikedAllTime", 30, None, None),
        }
        for name, selection in statements.items():
            sql = statement(selection, rel, "postgres")
            plan = await db.fetch(f"EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) {sql}", *selection.params.values)
            print(f"\n-- {name}")
            print("\n".join(short_ids(r[0]) for r in plan))
    finally:
        await db.close()
        await Tortoise.close_connections()


async def main(args) -> None:
    await ensure_database(args.database)
    scratch = tempfile.mkdtemp(prefix="hearth-posts-bench-")
    env = {
        **os.environ,
        "HEARTH_RATE_LIMITS_ENABLED": "false",
        "HEARTH_CDN_DIRECTORY": f"{scratch}/cdn",
        "HEARTH_DATABASE_URL": args.database,
        "HEARTH_POSTS_VIEWS_FLUSH_SECONDS": "5",
    }
    subprocess.run([sys.executable, "-m", "core", "migrate"], cwd=ROOT, env=env, check=True, capture_output=True)
    db = await asyncpg.connect(args.database)
    try:
        have = await db.fetchval("SELECT count(*) FROM posts")
        if args.reseed or have < args.posts:
            print(f"seeding {args.users} users, {args.posts} posts (the reader follows {args.follows})", flush=True)
            await seed(db, args.users, args.posts, args.follows, random.Random(7))
        elif await seed_extras(db, args.users):
            await db.execute("ANALYZE")
        reader_id, reader, likers = await sign_in(db, args.likers)
        counts = await db.fetchrow(
            "SELECT (SELECT count(*) FROM users) u, (SELECT count(*) FROM posts) p, "
            "(SELECT count(*) FROM post_likes) l, (SELECT count(*) FROM social_follows "
            "WHERE followed_by_id = $1) f",
            reader_id,
        )
        target = await db.fetchval(
            "SELECT id FROM posts WHERE comment_to_id IS NULL AND repost_id IS NULL "
            "AND NOT deleted ORDER BY id DESC LIMIT 1"
        )
        await db.execute("DELETE FROM post_likes WHERE post_id = $1", target)
        await db.execute("UPDATE posts SET estimate_likes = 0 WHERE id = $1", target)
    finally:
        await db.close()

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
            for _ in range(200):
                try:
                    await http.get(f"{base}/api/plugins")
                    break
                except aiohttp.ClientError:
                    await asyncio.sleep(0.1)
            speed = await speed_line(http, base, server.pid)
            feed_path = "/api/posts/feed?limit=30"
            discover_path = "/api/posts/discover?sort=mostLiked7Days&limit=30"
            await scroll(http, base, feed_path, reader, 5, 5, lambda page: page[-1]["id"])  # warm up
            await scroll(http, base, discover_path, reader, 5, 5, lambda page: page[0]["id"])
            backends = await server_backends(args.database)
            before, pg_before = cpu_seconds(server.pid), backends_cpu(backends)
            feed = await scroll(http, base, feed_path, reader, args.rounds, 5, lambda page: page[-1]["id"])
            feed_cpu = (cpu_seconds(server.pid) - before) * 1000 / len(feed)
            feed_pg = (backends_cpu(backends) - pg_before) * 1000 / len(feed)
            # sorted discover pages are reversed: the least liked (the cursor) comes first
            before, pg_before = cpu_seconds(server.pid), backends_cpu(backends)
            discover = await scroll(http, base, discover_path, reader, args.rounds, 5, lambda page: page[0]["id"])
            discover_cpu = (cpu_seconds(server.pid) - before) * 1000 / len(discover)
            discover_pg = (backends_cpu(backends) - pg_before) * 1000 / len(discover)
            before = cpu_seconds(server.pid)
            likes = await like_burst(http, base, str(target), likers, args.like_rate)
            like_cpu = (cpu_seconds(server.pid) - before) * 1000 / len(likes)
    finally:
        server.terminate()
        server.wait(10)

    db = await asyncpg.connect(args.database)
    try:
        rows = await db.fetchval("SELECT count(*) FROM post_likes WHERE post_id = $1", target)
        counter = await db.fetchval("SELECT estimate_likes FROM posts WHERE id = $1", target)
    finally:
        await db.close()

    print(
        f"\nHearth posts bench: {counts['u']} users, {counts['p']} posts, {counts['l']} likes; "
        f"the reader follows {counts['f']}; PostgreSQL, 1 worker{', Redis' if os.environ.get('HEARTH_REDIS_URL') else ''}"
    )
    print(speed)
    print(summary("GET /posts/feed", feed) + f"  server CPU {feed_cpu:.1f} ms/request, PostgreSQL {feed_pg:.1f} ms")
    print(
        summary("GET /posts/discover mostLiked7Days", discover)
        + f"  server CPU {discover_cpu:.1f} ms/request, PostgreSQL {discover_pg:.1f} ms"
    )
    print(summary(f"POST /posts/:id/like at {args.like_rate:.0f}/s", likes) + f"  server CPU {like_cpu:.1f} ms/request")
    print(
        f"likes on one post   {len(likers)} sent, {rows} rows, counter {counter} "
        f"({'no update lost' if rows == counter == len(likers) else 'MISMATCH'})"
    )
    await plans(args.database, reader_id)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database", required=True, help="postgres://... (created if missing; its data is replaced)")
    parser.add_argument("--users", type=int, default=10_000)
    parser.add_argument("--posts", type=int, default=1_000_000)
    parser.add_argument("--follows", type=int, default=500)
    parser.add_argument("--likers", type=int, default=200)
    parser.add_argument("--like-rate", type=float, default=200)
    parser.add_argument("--rounds", type=int, default=60, help="scrolls of 5 pages for each list")
    parser.add_argument("--reseed", action="store_true")
    asyncio.run(main(parser.parse_args()))
