"""A server's export with its history, then its import (issue 39, item 2), with --messages
messages in --channels channels by 50 members (every tenth a reply, every twentieth with a
reaction). The issue sets no target for this part; the figures are for comparison.

Processes on one scratch database (SQLite, or the PostgreSQL one given, emptied first):
``hearth migrate``; a set-up process (the server and its history, written in bulk, and the export
queued); a fresh process that runs the export job; another that checks the file as an upload is
and runs the import job. Each prints its wall time and the peak resident memory of its process.

    .venv/bin/python bench/server_transfer.py [--messages 100000] [--database postgres://…/hearth_bench]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.data_export import _EMPTY_POSTGRES  # noqa: E402

OVERRIDES = {
    "server_transfer.poll_seconds": 3600,
    "data_export.poll_seconds": 3600,
    "discord_import.poll_seconds": 3600,
}


async def _in_app(work) -> None:  # type: ignore[no-untyped-def]
    from core.app import create_quart_app
    from core.settings import load_settings

    app = create_quart_app(load_settings(overrides=OVERRIDES))
    async with app.test_app(), app.app_context():
        await work()


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def set_up(messages: int, channels: int) -> None:
    async def work() -> None:
        from core.identity.models import User
        from core.ids import new_id
        from plugins.accounts import service as accounts
        from plugins.accounts.service import random_tag
        from plugins.messages.models import SERVER_TEXT, Channel, Message, Reaction
        from plugins.server_transfer.models import EXPORT, QUEUED, ServerTransfer
        from plugins.servers.models import Member
        from plugins.servers.service import create_server

        await accounts.register("owner@example.com", "owner", "correct horse battery", ip=None, agent=None)
        owner = await User.get(username="owner")
        server_id = int((await create_server(owner, "Bench"))["id"])
        people = [User(id=new_id(), username=f"member{n}", tag=random_tag()) for n in range(50)]
        await User.bulk_create(people)
        await Member.bulk_create([Member(server_id=server_id, user_id=p.id) for p in people])
        rooms = [
            Channel(id=new_id(), type=SERVER_TEXT, name=f"channel-{c}", server_id=server_id, order=c + 2)
            for c in range(channels)
        ]
        await Channel.bulk_create(rooms)
        start = datetime.now(UTC) - timedelta(days=365)
        previous: int | None = None
        for first in range(0, messages, 5000):
            rows, reactions = [], []
            for number in range(first, min(first + 5000, messages)):
                message_id = new_id()
                rows.append(
                    Message(
                        id=message_id,
                        channel_id=rooms[number % channels].id,
                        content=f"message {number}: the quick brown fox jumps over the lazy dog ✨",
                        created_by_id=people[number % 50].id,
                        created_at=start + timedelta(seconds=number),
                        reply_to_ids=[str(previous)] if number % 10 == 9 and previous else [],
                    )
                )
                if number % 20 == 0:
                    reactions.append(Reaction(message_id=message_id, user_id=people[(number + 1) % 50].id, name="👍"))
                previous = message_id
            await Message.bulk_create(rows)
            await Reaction.bulk_create(reactions)
        await ServerTransfer.create(kind=EXPORT, server_id=server_id, user_id=owner.id, history=True, status=QUEUED)
        print(f"server: {messages} messages in {channels} channels by 50 members")

    await _in_app(work)


async def run_export() -> None:
    async def work() -> None:
        from plugins.server_transfer import job
        from plugins.server_transfer.models import EXPORT, ServerTransfer

        started = time.perf_counter()
        await job.run_pending()
        elapsed = time.perf_counter() - started
        row = await ServerTransfer.get(kind=EXPORT)
        print(
            f"export: {row.status}, {row.done} messages in {elapsed:.1f} s, {(row.size or 0) / 1e6:.1f} MB zipped, "
            f"peak RSS {_peak_mb():.0f} MB"
        )

    await _in_app(work)


async def run_import() -> None:
    async def work() -> None:
        from core.context import hearth
        from core.identity.models import User
        from plugins.server_transfer import job
        from plugins.server_transfer.models import EXPORT, IMPORT, QUEUED, ServerTransfer
        from plugins.server_transfer.reader import read
        from plugins.server_transfer.settings import options

        storage = hearth().storage
        exported = await ServerTransfer.get(kind=EXPORT)
        scratch = Path(tempfile.mkdtemp()) / "server.zip"
        await storage.copy_out(str(exported.path), scratch)
        started = time.perf_counter()
        contents = await asyncio.to_thread(
            read, scratch, options().archive, options().max_authors, options().max_members
        )
        checked = time.perf_counter() - started
        await storage.save_file("server-imports/bench/server.zip", scratch)
        owner = await User.get(username="owner")
        await ServerTransfer.create(
            kind=IMPORT,
            user_id=owner.id,
            status=QUEUED,
            path="server-imports/bench/server.zip",
            report={"parts": list(contents.extras)},
            total=contents.counts["messages"],
        )
        del contents
        started = time.perf_counter()
        await job.run_pending()
        elapsed = time.perf_counter() - started
        row = await ServerTransfer.get(kind=IMPORT)
        print(
            f"import: {row.status}, checked in {checked:.1f} s, {row.done} messages in {elapsed:.1f} s, "
            f"peak RSS {_peak_mb():.0f} MB"
        )

    await _in_app(work)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--messages", type=int, default=100_000)
    parser.add_argument("--channels", type=int, default=10)
    parser.add_argument("--database", help="a PostgreSQL URL (emptied); default: a scratch SQLite file")
    parser.add_argument("--stage", choices=("setup", "export", "import"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    stages = {"setup": lambda: set_up(args.messages, args.channels), "export": run_export, "import": run_import}
    if args.stage:
        asyncio.run(stages[args.stage]())
        return
    scratch = tempfile.mkdtemp(prefix="hearth-bench-")
    env = {
        **os.environ,
        "HEARTH_DATABASE_URL": args.database or f"sqlite://{scratch}/bench.sqlite3",
        "HEARTH_CDN_DIRECTORY": f"{scratch}/cdn",
        "HEARTH_SERVER_INSTANCE_KEY_FILE": f"{scratch}/instance.key",
        "HEARTH_AUTH_ARGON2_TIME_COST": "1",
        "HEARTH_AUTH_ARGON2_MEMORY_KIB": "8",
        "PYTHONPATH": str(ROOT),
    }
    if args.database:
        subprocess.run([sys.executable, "-c", _EMPTY_POSTGRES, args.database], check=True)
    subprocess.run([sys.executable, "-m", "core", "migrate"], cwd=ROOT, env=env, check=True, capture_output=True)
    me = [sys.executable, __file__, "--messages", str(args.messages), "--channels", str(args.channels)]
    for stage in ("setup", "export", "import"):
        subprocess.run([*me, "--stage", stage], cwd=ROOT, env=env, check=True)


if __name__ == "__main__":
    main()
