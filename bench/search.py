"""Search at size (issue 37): --messages messages in --channels channels of --servers servers,
--users users, then p50/p99 of each kind of search, and what the index costs a send.

Rows are written in bulk (PostgreSQL COPY, SQLite executemany) with the index dropped and built
again afterwards, as a migration over an existing history builds it. One searcher is a member of
every server and has 20 DMs. Messages are 3–20 words drawn from a 20,000-word vocabulary with
Zipf frequencies (a few words are in most messages, most words in few), a year of them; 2% carry
a file (half of them images), 3% mention someone.

Queries go through the whole app in this process (Quart's test client: routing, auth, the
permission work, the statement, serialising the page), one at a time, each kind --queries times
with different words. Then --rounds rounds of --sends messages are sent with the index and
without it (the triggers that note changes for the indexer dropped), alternating which goes
first, printing the CPU per send of this process and of the database's backends — with the
indexer's work for those sends included (it runs in this process; a round ends when it has
indexed them all) — and the medians; then the index is built again.

    .venv/bin/python bench/search.py                                      # SQLite, the issue's size
    .venv/bin/python bench/search.py --database postgres://postgres@127.0.0.1:5432/hearth_bench_search
    .venv/bin/python bench/search.py --messages 100000 --users 2000      # a quick run
    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg/out.%p .venv/bin/python bench/search.py \
        --messages 3000 --users 100 --sends 100 --rounds 5 --sends-only --callgrind /tmp/cg   # instructions

Set-up time at the issue's size (2026-12-06): PostgreSQL 105 s on a quiet machine (texts 15 s, COPY
28 s, documents and GIN 58 s; 157 s at load 10–20), SQLite 73 s (152 s loaded); the whole run about
5 minutes quiet. Figures: plugins/search/README.md.

Targets (issue 37): PostgreSQL p99 ≤ 50 ms for two words across a server with filters, ≤ 30 ms in
one channel; SQLite p99 ≤ 100 ms across a server; a send ≤ 15 % more CPU with the index.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pickle
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.big_server import migrated  # noqa: E402
from bench.callgrind import Callgrind  # noqa: E402
from bench.machine import cpu_seconds  # noqa: E402
from core.ids import EPOCH_MS  # noqa: E402

NOW = datetime.now(UTC)
YEAR_MS = 365 * 24 * 3600 * 1000
VOCABULARY = 20_000
SYLLABLES = "ka lo mi ne ru ta so vi de pa go ri mu ze ba fo li ce ho ny".split()


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def flake(at_ms: int, n: int) -> int:
    return ((at_ms - EPOCH_MS) << 22) | (n & 0x3FFFFF)


def vocabulary(rng: random.Random) -> list[str]:
    words: set[str] = set()
    while len(words) < VOCABULARY:
        words.add("".join(rng.choices(SYLLABLES, k=rng.randint(2, 4))))
    return sorted(words, key=lambda w: rng.random())  # position = frequency rank


class Seeded:
    def __init__(self) -> None:
        self.searcher_token = ""
        self.searcher_id = 0
        self.server_ids: list[int] = []
        self.channels_of: dict[int, list[int]] = {}
        self.dm_ids: list[int] = []
        self.members_of: dict[int, list[int]] = {}
        self.usernames: dict[int, str] = {}
        self.words: list[str] = []
        self.samples: dict[int, list[str]] = {}  # texts of some messages of each server


async def seed(database: str, args, rng: random.Random) -> Seeded:
    from tortoise import connections

    from plugins.inbox.models import Inbox
    from plugins.messages.models import DM_TEXT, SERVER_TEXT, Channel
    from plugins.search import index
    from plugins.servers.models import ChannelPermission, Member
    from plugins.servers.permissions import DEFAULT_CHANNEL_PERMISSIONS
    from tests.plugins.servers.crowd import big_server, people

    out = Seeded()
    started = time.perf_counter()
    crowd = await people(args.users, prefix="s")
    user_ids = [int(p.id) for p in crowd]
    out.searcher_id, out.searcher_token = user_ids[0], crowd[0].token
    out.usernames = {int(p.id): p.username for p in crowd}
    print(f"  {args.users} users          {time.perf_counter() - started:6.1f} s", flush=True)
    per_server = args.channels // args.servers
    memberships: list[Member] = []
    permissions: list[ChannelPermission] = []
    for s in range(args.servers):
        owner = user_ids[1 + s]
        server = await big_server(owner, name=f"Server {s}")
        out.server_ids.append(server.id)
        channels = [server.default_channel_id]
        for c in range(per_server - 1):
            channel = await Channel.create(
                type=SERVER_TEXT, name=f"room-{c}", server_id=server.id, created_by_id=owner, order=c + 2
            )
            permissions.append(
                ChannelPermission(
                    server_id=server.id,
                    channel_id=channel.id,
                    role_id=server.default_role_id,
                    permissions=DEFAULT_CHANNEL_PERMISSIONS,
                )
            )
            channels.append(channel.id)
        out.channels_of[server.id] = channels
        out.members_of[server.id] = [owner, out.searcher_id]
        memberships.append(Member(server_id=server.id, user_id=out.searcher_id))
    for user_id in user_ids[1 + args.servers :]:
        server_id = rng.choice(out.server_ids)
        out.members_of[server_id].append(user_id)
        memberships.append(Member(server_id=server_id, user_id=user_id))
    await ChannelPermission.bulk_create(permissions)
    await Member.bulk_create(memberships, batch_size=1000)
    for other in rng.sample(user_ids[1:], 20):
        channel = await Channel.create(type=DM_TEXT, created_by_id=out.searcher_id)
        await Inbox.create(created_by_id=out.searcher_id, recipient_id=other, channel_id=channel.id)
        await Inbox.create(created_by_id=other, recipient_id=out.searcher_id, channel_id=channel.id)
        out.dm_ids.append(channel.id)
        out.members_of[channel.id] = [out.searcher_id, other]
    print(f"  servers, members   {time.perf_counter() - started:6.1f} s", flush=True)

    out.words = vocabulary(rng)
    weights = [1 / (rank + 1) ** 1.07 for rank in range(VOCABULARY)]
    cumulative = list(__import__("itertools").accumulate(weights))
    where = [(sid, cid) for sid, cids in out.channels_of.items() for cid in cids]
    start_ms = int(NOW.timestamp() * 1000) - YEAR_MS
    times = sorted(rng.randrange(start_ms, start_ms + YEAR_MS - 3_600_000) for _ in range(args.messages))
    dm_messages = 500 * len(out.dm_ids)
    dm_times = sorted(rng.randrange(start_ms, start_ms + YEAR_MS - 3_600_000) for _ in range(dm_messages))
    messages, attachments = [], []
    for n, at in enumerate([*times, *dm_times]):
        if n < args.messages:
            server_id, channel_id = where[rng.randrange(len(where))]
            author = rng.choice(out.members_of[server_id])
        else:
            channel_id, server_id = rng.choice(out.dm_ids), None
            author = rng.choice(out.members_of[channel_id])
        message_id = flake(at, n)
        text = " ".join(rng.choices(out.words, cum_weights=cumulative, k=rng.randint(3, 20)))
        if server_id is not None and rng.random() < 0.002:
            out.samples.setdefault(server_id, []).append(text)
        mentions = [str(rng.choice(crowd[1:]).id)] if rng.random() < 0.03 else []
        messages.append(
            (message_id, channel_id, text, author, datetime.fromtimestamp(at / 1000, UTC), json.dumps(mentions))
        )
        if rng.random() < 0.02:
            mime = "image/png" if rng.random() < 0.5 else "text/plain"
            attachments.append((message_id, message_id, channel_id, server_id, mime, f"attachments/{message_id}/f"))
    print(f"  texts generated    {time.perf_counter() - started:6.1f} s", flush=True)
    connection = connections.get("default")
    postgres = connection.capabilities.dialect == "postgres"
    await index.drop(connection)
    columns = "id, channel_id, type, content, created_by_id, created_at, pinned, mention_user_ids, role_mention_ids, quoted_message_ids, reply_to_ids, buttons, mentions_everyone"
    if postgres:
        import asyncpg

        db = await asyncpg.connect(database)
        await db.copy_records_to_table(
            "messages",
            columns=[c.strip() for c in columns.split(",")],
            records=((i, c, 0, t, a, at, False, m, "[]", "[]", "[]", "[]", False) for i, c, t, a, at, m in messages),
        )
        await db.copy_records_to_table(
            "message_attachments",
            columns=["id", "message_id", "channel_id", "server_id", "mime", "path", "provider", "created_at"],
            records=((*row, "local", NOW) for row in attachments),
        )
        await db.close()
    else:
        # One transaction per 100,000 rows, with a page cache that holds the indexes being
        # written (SQLite's default 2 MB makes each row's index inserts read pages from disk);
        # the app's own cache size comes back before any search is measured.
        _, rows = await connection.execute_query("PRAGMA cache_size")
        cache_size = rows[0][0]
        await connection.execute_script("PRAGMA cache_size = -1000000")
        for offset in range(0, len(messages), 100_000):
            await connection.execute_many(
                f"INSERT INTO messages ({columns}) VALUES (?, ?, 0, ?, ?, ?, 0, ?, '[]', '[]', '[]', '[]', 0)",
                [[i, c, t, a, at.isoformat(), m] for i, c, t, a, at, m in messages[offset : offset + 100_000]],
            )
        await connection.execute_many(
            "INSERT INTO message_attachments (id, message_id, channel_id, server_id, mime, path, provider, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, 'local', ?)",
            [[*row, NOW.isoformat()] for row in attachments],
        )
    print(f"  {len(messages)} messages   {time.perf_counter() - started:6.1f} s", flush=True)
    await index.create(connection)
    await connection.execute_script("ANALYZE")
    if not postgres:
        await connection.execute_script(f"PRAGMA cache_size = {cache_size}")
    print(f"  index, ANALYZE     {time.perf_counter() - started:6.1f} s", flush=True)
    return out


def reused(scratch: str, database: str) -> dict[str, str]:
    """The environment of a database seeded by an earlier run with the same --keep (as it is)."""
    return {
        **os.environ,
        "HEARTH_DATABASE_URL": database,
        "HEARTH_RATE_LIMITS_ENABLED": "false",
        "HEARTH_CDN_DIRECTORY": f"{scratch}/cdn",
        "HEARTH_SERVER_INSTANCE_KEY_FILE": f"{scratch}/instance.key",
    }


def query_kinds(seeded: Seeded, rng: random.Random) -> dict[str, callable]:
    words = seeded.words

    def medium() -> str:
        return rng.choice(words[100:3000])

    def common() -> str:
        return rng.choice(words[:30])

    def a_server() -> int:
        return rng.choice(seeded.server_ids)

    def hearth(q: str, **params) -> str:
        return "/api/search/messages?" + urlencode({"q": q, **params})

    def server_filters() -> str:
        server = a_server()
        author = seeded.usernames[rng.choice(seeded.members_of[server][2:])]
        since = (NOW - timedelta(days=rng.randint(30, 300))).date()
        return hearth(f"{medium()} {medium()} from:{author} after:{since}", scope="server", serverId=server)

    def reference(text: str) -> str:
        channel = rng.choice(seeded.channels_of[a_server()])
        return f"/api/channels/{channel}/messages/search?" + urlencode({"query": text})

    def of_a_message() -> str:
        server = rng.choice([s for s in seeded.server_ids if seeded.samples.get(s)])
        text = rng.choice(seeded.samples[server]).split()
        start = rng.randrange(len(text) - 1)
        return hearth(f"{text[start]} {text[start + 1]}", scope="server", serverId=server)

    return {
        "server, 2 words of one message": of_a_message,
        "server, 2 words": lambda: hearth(f"{medium()} {medium()}", scope="server", serverId=a_server()),
        "server, 2 words + from: after:": server_filters,
        "server, 2 common words": lambda: hearth(f"{common()} {common()}", scope="server", serverId=a_server()),
        "server, 2 words, newest": lambda: hearth(
            f"{medium()} {medium()}", scope="server", serverId=a_server(), sort="newest"
        ),
        "server, has:file only, newest": lambda: hearth("has:file", scope="server", serverId=a_server(), sort="newest"),
        "channel, 2 words": lambda: hearth(
            f"{medium()} {medium()}", scope="channel", channelId=rng.choice(seeded.channels_of[a_server()])
        ),
        "everywhere, 2 words": lambda: hearth(f"{medium()} {medium()}", scope="all"),
        "DMs, 1 word": lambda: hearth(medium(), scope="dms"),
        "reference §3.2, 'w1 w2' substring": lambda: reference(f"{medium()} {medium()[:3]}"),
        "reference §3.2, 1 word substring": lambda: reference(medium()),
    }


async def measure_queries(app, seeded: Seeded, count: int, rng: random.Random, only: str = "") -> None:
    client = app.test_client()
    headers = {"Authorization": seeded.searcher_token, "X-Hearth-Features": "search"}
    for name, make in query_kinds(seeded, rng).items():
        if only not in name:
            continue
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
            found += len(body["results"]) if isinstance(body, dict) else len(body)
        print(
            f"  {name:<36} p50 {pct(samples, 0.5):7.1f} ms  p99 {pct(samples, 0.99):7.1f} ms"
            f"  ({found / count:.0f} results a page)",
            flush=True,
        )


async def backend_pids(database: str) -> list[int]:
    if not database.startswith("postgres"):
        return []
    import asyncpg

    db = await asyncpg.connect(database)
    try:
        rows = await db.fetch(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return [r["pid"] for r in rows]
    finally:
        await db.close()


def backends_cpu(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        try:
            total += cpu_seconds(pid)
        except OSError:
            pass
    return total


async def measure_sends(
    app, database: str, seeded: Seeded, count: int, label: str, callgrind: Callgrind | None = None
) -> float:
    from plugins.search.indexer import flush

    client = app.test_client()
    headers = {"Authorization": seeded.searcher_token}
    channel = seeded.channels_of[seeded.server_ids[0]][0]
    path = f"/api/channels/{channel}/messages"
    for n in range(50):
        response = await client.post(path, json={"content": f"warm up {n}"}, headers=headers)
        assert response.status_code == 200, await response.get_data(as_text=True)
    await flush()  # the warm-up's notes are not this round's
    pids = await backend_pids(database)
    rng = random.Random(3)
    texts = [" ".join(rng.choices(seeded.words[:5000], k=rng.randint(3, 20))) for _ in range(count)]
    ours, theirs = time.process_time(), backends_cpu(pids)
    if callgrind:
        callgrind.zero()
    for text in texts:
        response = await client.post(path, json={"content": text}, headers=headers)
        assert response.status_code == 200
    await flush()  # the index written for these sends
    if callgrind:
        callgrind.dump(label)
    ours, theirs = time.process_time() - ours, backends_cpu(pids) - theirs
    each = 1000 * (ours + theirs) / count
    print(
        f"  send, {label:<14} {each:6.2f} ms CPU each (this process {1000 * ours / count:.2f},"
        f" database backends {1000 * theirs / count:.2f})",
        flush=True,
    )
    return each


def print_instructions(counted: dict[str, int], sends: int, kind: str) -> None:
    each = {label: total / sends for label, total in sorted(counted.items())}
    for label, instructions in each.items():
        print(f"  {label:<18} {instructions / 1e6:7.3f} M instructions a send (this process)", flush=True)
    with_index = statistics.median(v for k, v in each.items() if k.startswith("with index"))
    without = statistics.median(v for k, v in each.items() if k.startswith("without index"))
    note = " (the database's backends are not counted)" if kind == "PostgreSQL" else ""
    print(f"  instructions: the index adds {100 * (with_index - without) / without:+.1f} % to a send{note}", flush=True)


async def measure_send_rounds(app, database: str, seeded: Seeded, args, kind: str) -> None:
    from tortoise import connections

    from plugins.search import index

    print(
        f"{kind}: {args.rounds} rounds of {args.sends} sends with the index and without, alternating",
        flush=True,
    )
    connection = connections.get("default")
    costs: dict[bool, list[float]] = {True: [], False: []}
    callgrind = Callgrind(args.callgrind) if args.callgrind else None
    for n in range(args.rounds):
        for with_index in (True, False) if n % 2 == 0 else (False, True):
            if not with_index:
                await index.stop_following(connection)
            label = "with index" if with_index else "without index"
            label = f"{label} {n}" if callgrind else label
            costs[with_index].append(await measure_sends(app, database, seeded, args.sends, label, callgrind))
            if not with_index:
                await index.follow(connection)
    with_index, without = statistics.median(costs[True]), statistics.median(costs[False])
    print(
        f"  medians: {with_index:.3f} ms with, {without:.3f} ms without:"
        f" the index adds {100 * (with_index - without) / without:+.1f} % CPU to a send",
        flush=True,
    )
    if callgrind:
        print_instructions(callgrind.counted(), args.sends, kind)


async def main(args) -> None:
    scratch = args.keep or tempfile.mkdtemp(prefix="hearth-search-bench-")
    database = args.database or f"sqlite://{scratch}/bench.sqlite3"
    kept = Path(scratch, "seeded.pickle")
    if args.keep and kept.exists():
        os.environ.update(reused(scratch, database))
    else:
        os.environ.update(migrated(scratch, database))
    from tortoise import Tortoise, connections

    from core.app import build_db_config, create_quart_app
    from core.plugins import PluginHost
    from core.settings import load_settings
    from plugins.search import index

    settings = load_settings()
    plugins = PluginHost.from_settings(settings)
    await Tortoise.init(config=build_db_config(settings, plugins), _enable_global_fallback=True)
    rng = random.Random(11)
    kind = "PostgreSQL" if database.startswith("postgres") else "SQLite"
    print(
        f"{kind}: seeding {args.messages} messages in {args.channels} channels of {args.servers} servers,"
        f" {args.users} users",
        flush=True,
    )
    if args.keep and kept.exists():
        seeded, state = pickle.loads(kept.read_bytes())
        rng.setstate(state)
        print(f"  reused {database} (--keep {args.keep})", flush=True)
    else:
        seeded = await seed(database, args, rng)
        if args.keep:
            kept.write_bytes(pickle.dumps((seeded, rng.getstate())))
    app = create_quart_app(settings, plugins)
    async with app.test_app():
        if not args.sends_only:
            print(f"{kind}: {args.queries} searches of each kind, one at a time", flush=True)
            await measure_queries(app, seeded, args.queries, rng, args.only)
        if args.rounds:
            await measure_send_rounds(app, database, seeded, args, kind)
    if args.rounds:
        # the app (and its indexer) stopped: build it again over the sends made without it
        connection = connections.get("default")
        await index.drop(connection)
        await index.create(connection)
    await Tortoise.close_connections()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", default="", help="postgres://… (emptied first); default: a scratch SQLite")
    parser.add_argument("--messages", type=int, default=1_000_000)
    parser.add_argument("--servers", type=int, default=10)
    parser.add_argument("--channels", type=int, default=100)
    parser.add_argument("--users", type=int, default=10_000)
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--sends", type=int, default=500, help="sends per round")
    parser.add_argument("--rounds", type=int, default=4, help="rounds of sends with the index and without")
    parser.add_argument("--sends-only", action="store_true", help="no searches: only the cost of a send")
    parser.add_argument(
        "--keep",
        default="",
        help="a directory for the database (SQLite) and what the seeding made: seeded once, reused after",
    )
    parser.add_argument("--only", default="", help="only the kinds of search whose name holds this text")
    parser.add_argument(
        "--callgrind", default="", help="under valgrind's callgrind: its output directory (bench/callgrind.py)"
    )
    asyncio.run(main(parser.parse_args()))
