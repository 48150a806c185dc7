""" "Download your data" for a user with --messages messages (issue 39's target: 100,000 messages
in <= 60 s and <= 200 MB of server memory).

Three processes on one scratch database (SQLite, or the PostgreSQL one given, emptied first):
``hearth migrate``; a seeding process (a user, a DM with a second user, --messages of the user's
messages in it, written in bulk); then a fresh process, as a server worker is, that builds the
export with the plugin's job and prints its wall time, its peak resident memory (the whole
process: Python, Hearth and every plugin loaded, ru_maxrss) and the archive's size. Every DM
message is in two parts of the archive (``messages`` and ``direct_messages``).

    .venv/bin/python bench/data_export.py [--messages 100000] [--database postgres://…/hearth_bench]
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

_EMPTY_POSTGRES = """import asyncio, asyncpg, sys
async def main():
    connection = await asyncpg.connect(sys.argv[1])
    await connection.execute('DROP SCHEMA public CASCADE; CREATE SCHEMA public')
    await connection.close()
asyncio.run(main())"""


async def _in_app(work) -> None:  # type: ignore[no-untyped-def]
    from core.app import create_quart_app
    from core.settings import load_settings

    app = create_quart_app(load_settings(overrides={"data_export.poll_seconds": 3600}))
    async with app.test_app(), app.app_context():
        await work()


async def seed(count: int) -> None:
    from core.ids import new_id
    from plugins.accounts import service as accounts
    from plugins.data_export.models import DataExport
    from plugins.inbox.models import Inbox
    from plugins.messages.models import DM_TEXT, Channel, Message

    async def work() -> None:
        await accounts.register("bench@example.com", "bench", "correct horse battery", ip=None, agent=None)
        await accounts.register("other@example.com", "other", "correct horse battery", ip=None, agent=None)
        from core.identity.models import User

        me, other = await User.get(username="bench"), await User.get(username="other")
        channel = await Channel.create(type=DM_TEXT, created_by_id=me.id)
        await Inbox.create(created_by_id=me.id, recipient_id=other.id, channel_id=channel.id)
        await Inbox.create(created_by_id=other.id, recipient_id=me.id, channel_id=channel.id)
        start = datetime.now(UTC) - timedelta(days=365)
        batch = 5000
        for offset in range(0, count, batch):
            await Message.bulk_create(
                [
                    Message(
                        id=new_id(),
                        channel_id=channel.id,
                        created_by_id=me.id,
                        content=f"message {n}: the quick brown fox jumps over the lazy dog ✨",
                        created_at=start + timedelta(seconds=n),
                    )
                    for n in range(offset, min(count, offset + batch))
                ]
            )
        await DataExport.create(user_id=me.id)

    await _in_app(work)


async def export() -> None:
    from plugins.data_export import job
    from plugins.data_export.models import DataExport

    async def work() -> None:
        started = time.perf_counter()
        await job.run_pending()
        elapsed = time.perf_counter() - started
        row = await DataExport.get(status="ready")
        peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(
            f"export: {elapsed:.1f} s, peak RSS {peak_mb:.0f} MB, rows {row.rows_done}, archive {row.size / 1e6:.1f} MB"
        )

    await _in_app(work)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--messages", type=int, default=100_000)
    parser.add_argument("--database", help="a PostgreSQL URL (emptied); default: a scratch SQLite file")
    parser.add_argument("--stage", choices=("seed", "export"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.stage == "seed":
        asyncio.run(seed(args.messages))
        return
    if args.stage == "export":
        asyncio.run(export())
        return
    scratch = tempfile.mkdtemp(prefix="hearth-bench-")
    env = {
        **os.environ,
        "HEARTH_DATABASE_URL": args.database or f"sqlite://{scratch}/bench.sqlite3",
        "HEARTH_CDN_DIRECTORY": f"{scratch}/cdn",
        "HEARTH_SERVER_INSTANCE_KEY_FILE": f"{scratch}/instance.key",
        "HEARTH_AUTH_ARGON2_TIME_COST": "1",
        "HEARTH_AUTH_ARGON2_MEMORY_KIB": "8",
    }
    if args.database:
        subprocess.run([sys.executable, "-c", _EMPTY_POSTGRES, args.database], check=True)
    subprocess.run([sys.executable, "-m", "core", "migrate"], cwd=ROOT, env=env, check=True, capture_output=True)
    started = time.perf_counter()
    me = [sys.executable, __file__, "--messages", str(args.messages)]
    subprocess.run([*me, "--stage", "seed"], cwd=ROOT, env=env, check=True)
    print(f"seeded {args.messages} messages in {time.perf_counter() - started:.1f} s")
    subprocess.run([*me, "--stage", "export"], cwd=ROOT, env=env, check=True)


if __name__ == "__main__":
    main()
