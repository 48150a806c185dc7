"""Post search at size (issue 37): --posts posts by --users users, then p50/p99 of each kind of
``GET /api/search/posts``, through the whole app in this process (Quart's test client: auth,
blocks and the standing's unlisted authors, the statement, the posts plugin's page loader).

Posts are written in bulk (PostgreSQL COPY, SQLite executemany) with the words index dropped and
built again afterwards, as the posts plugin's migration 0004 builds it over existing posts. Texts
are 3–40 words from bench/search.py's 20,000-word Zipf vocabulary over a year; 2% carry an image,
3% mention someone, 20% are replies, 1% are deleted (emptied). One query at a time, each kind
--queries times with different words.

    .venv/bin/python bench/post_search.py                                     # SQLite
    .venv/bin/python bench/post_search.py --database postgres://postgres@127.0.0.1:5432/hearth_bench_posts
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.big_server import migrated  # noqa: E402
from bench.search import NOW, VOCABULARY, YEAR_MS, flake, pct, vocabulary  # noqa: E402


async def seed(database: str, args, rng: random.Random) -> tuple[str, list[str], list[str]]:
    """The searcher's token, the vocabulary (by frequency rank) and some authors' usernames."""
    from tortoise import connections

    from plugins.posts import searchindex
    from tests.plugins.servers.crowd import people

    started = time.perf_counter()
    crowd = await people(args.users, prefix="p")
    user_ids = [int(p.id) for p in crowd]
    words = vocabulary(rng)
    cumulative = list(itertools.accumulate(1 / (rank + 1) ** 1.07 for rank in range(VOCABULARY)))
    start_ms = int(NOW.timestamp() * 1000) - YEAR_MS
    times = sorted(rng.randrange(start_ms, start_ms + YEAR_MS - 3_600_000) for _ in range(args.posts))
    rows, ids = [], []
    for n, at in enumerate(times):
        post_id = flake(at, n)
        deleted = rng.random() < 0.01
        text = None if deleted else " ".join(rng.choices(words, cum_weights=cumulative, k=rng.randint(3, 40)))
        mentions = [rng.choice(user_ids)] if rng.random() < 0.03 else []
        image = {"id": str(post_id), "path": f"attachments/{post_id}/p.png", "width": 4, "height": 3}
        reply_to = rng.choice(ids) if ids and rng.random() < 0.2 else None
        created = datetime.fromtimestamp(at / 1000, UTC)
        attachment = json.dumps(image) if rng.random() < 0.02 else None
        rows.append((post_id, rng.choice(user_ids), text, created, deleted, reply_to, json.dumps(mentions), attachment))
        ids.append(post_id)
    print(f"  {args.users} users, texts  {time.perf_counter() - started:6.1f} s", flush=True)
    connection = connections.get("default")
    postgres = connection.capabilities.dialect == "postgres"
    await searchindex.drop(connection)
    columns = [
        "id", "created_by_id", "content", "created_at", "deleted", "comment_to_id", "mention_user_ids",
        "attachment", "views", "estimate_likes", "estimate_reposts", "has_poll",
    ]  # fmt: skip
    if postgres:
        import asyncpg

        db = await asyncpg.connect(database)
        await db.copy_records_to_table("posts", columns=columns, records=((*row, 0, 0, 0, False) for row in rows))
        await db.close()
    else:
        marks = ", ".join("?" for _ in columns)
        for offset in range(0, len(rows), 50_000):
            await connection.execute_many(
                f"INSERT INTO posts ({', '.join(columns)}) VALUES ({marks})",
                [
                    [i, a, t, c.isoformat(), d, r, m, im, 0, 0, 0, 0]
                    for i, a, t, c, d, r, m, im in rows[offset : offset + 50_000]
                ],
            )
    print(f"  {len(rows)} posts       {time.perf_counter() - started:6.1f} s", flush=True)
    await searchindex.create(connection)
    await connection.execute_script("ANALYZE")
    print(f"  index, ANALYZE     {time.perf_counter() - started:6.1f} s", flush=True)
    authors = [p.username for p in rng.sample(crowd, 50)]
    return crowd[0].token, words, authors


def query_kinds(words: list[str], authors: list[str], rng: random.Random) -> dict[str, callable]:
    def q(text: str, **params) -> str:
        return "/api/search/posts?" + urlencode({"q": text, **params})

    def medium() -> str:
        return words[rng.randrange(200, 2000)]

    return {
        "a common word": lambda: q(f"{words[rng.randrange(0, 20)]} "),
        "two medium words": lambda: q(f"{medium()} {medium()} "),
        "a rare word": lambda: q(f"{words[rng.randrange(5000, VOCABULARY)]} "),
        "a prefix while typing": lambda: q(f"{medium()} {words[rng.randrange(0, 500)][:3]}"),
        "a word from: someone": lambda: q(f"{words[rng.randrange(0, 50)]} from:{rng.choice(authors)}"),
        "a word has:image": lambda: q(f"{words[rng.randrange(0, 50)]} has:image"),
        "a common word, newest first": lambda: q(f"{words[rng.randrange(0, 20)]} ", sort="newest"),
        "a rare word, newest first": lambda: q(f"{words[rng.randrange(5000, VOCABULARY)]} ", sort="newest"),
    }


async def measure(app, token: str, kinds: dict[str, callable], count: int) -> None:
    client = app.test_client()
    headers = {"Authorization": token, "X-Hearth-Features": "search"}
    for name, make in kinds.items():
        for _ in range(3):  # warm up
            response = await client.get(make(), headers=headers)
            assert response.status_code == 200, await response.get_data(as_text=True)
        samples, found = [], 0
        for _ in range(count):
            path = make()
            started = time.perf_counter()
            response = await client.get(path, headers=headers)
            body = await response.get_json()
            samples.append((time.perf_counter() - started) * 1000)
            assert response.status_code == 200, body
            found += len(body["results"])
        print(
            f"  {name:<30} p50 {pct(samples, 0.5):7.1f} ms  p99 {pct(samples, 0.99):7.1f} ms"
            f"  ({found / count:.0f} results a page)",
            flush=True,
        )


async def main(args) -> None:
    scratch = tempfile.mkdtemp(prefix="hearth-post-search-bench-")
    database = args.database or f"sqlite://{scratch}/bench.sqlite3"
    os.environ.update(migrated(scratch, database))
    from tortoise import Tortoise

    from core.app import build_db_config, create_quart_app
    from core.db import without_statement_timeout
    from core.plugins import PluginHost
    from core.settings import load_settings

    settings = load_settings()
    plugins = PluginHost.from_settings(settings)
    # building the index over every post may outlast the usual statement time-out, as in a migration
    config = without_statement_timeout(build_db_config(settings, plugins))
    await Tortoise.init(config=config, _enable_global_fallback=True)
    rng = random.Random(7)
    kind = "PostgreSQL" if database.startswith("postgres") else "SQLite"
    print(f"{kind}: seeding {args.posts} posts by {args.users} users", flush=True)
    token, words, authors = await seed(database, args, rng)
    app = create_quart_app(settings, plugins)
    async with app.test_app():
        print(f"{kind}: {args.queries} post searches of each kind, one at a time", flush=True)
        await measure(app, token, query_kinds(words, authors, rng), args.queries)
    await Tortoise.close_connections()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", default="", help="postgres://… (emptied first); default: a scratch SQLite")
    parser.add_argument("--posts", type=int, default=300_000)
    parser.add_argument("--users", type=int, default=5_000)
    parser.add_argument("--queries", type=int, default=100)
    asyncio.run(main(parser.parse_args()))
