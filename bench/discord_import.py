"""Importing a DiscordChatExporter export of --messages messages (issue 39's target: 100,000
messages in <= 120 s on PostgreSQL), with a generated export of the exporter's shape: --channels
channel files in two categories, 50 authors, every tenth message a reply, every twentieth with a
reaction, every hundredth pinned.

Processes on one scratch database (SQLite, or the PostgreSQL one given, emptied first):
``hearth migrate``; a set-up process (an owner, a server, the zip stored and checked as an upload
is, the import queued); then a fresh process that runs the import job and prints its wall time and
peak resident memory.

    .venv/bin/python bench/discord_import.py [--messages 100000] [--database postgres://…/hearth_bench]
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import zipfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.data_export import _EMPTY_POSTGRES, _in_app  # noqa: E402


def export_zip(messages: int, channels: int) -> bytes:
    start = datetime(2020, 1, 1, tzinfo=UTC)
    authors = [
        {
            "id": str(1200000000000000000 + n),
            "name": f"member{n}",
            "discriminator": "0000",
            "nickname": None,
            "isBot": False,
            "avatarUrl": "https://cdn.discordapp.com/embed/avatars/0.png",
        }
        for n in range(50)
    ]
    buffer = io.BytesIO()
    per_channel = messages // channels
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for c in range(channels):
            items = []
            for n in range(per_channel):
                number = c * per_channel + n
                item = {
                    "id": str(1300000000000000000 + number),
                    "type": "Reply" if n % 10 == 9 else "Default",
                    "timestamp": (start + timedelta(seconds=number)).isoformat(),
                    "timestampEdited": None,
                    "isPinned": n % 100 == 0,
                    "content": f"message {number}: the quick brown fox jumps over the lazy dog ✨",
                    "author": authors[number % 50],
                    "attachments": [],
                    "embeds": [],
                    "reactions": [
                        {"emoji": {"id": "", "name": "👍"}, "count": 1, "users": [authors[(number + 1) % 50]]}
                    ]
                    if n % 20 == 0
                    else [],
                    "mentions": [],
                }
                if n % 10 == 9:
                    item["reference"] = {"messageId": str(1300000000000000000 + number - 1)}
                items.append(item)
            document = {
                "guild": {"id": "1", "name": "Bench"},
                "channel": {
                    "id": str(1100 + c),
                    "categoryId": str(1050 + c % 2),
                    "category": f"Category {c % 2}",
                    "name": f"channel-{c}",
                },
                "messages": items,
                "messageCount": len(items),
            }
            archive.writestr(f"Bench - Category {c % 2} - channel-{c} [{1100 + c}].json", json.dumps(document))
    return buffer.getvalue()


async def set_up(messages: int, channels: int) -> None:
    async def work() -> None:
        from core.context import hearth
        from core.identity.models import User
        from plugins.accounts import service as accounts
        from plugins.discord_import.limits import limits
        from plugins.discord_import.models import QUEUED, DiscordImport
        from plugins.discord_import.plan import Reading, report, survey
        from plugins.servers.service import create_server

        await accounts.register("owner@example.com", "owner", "correct horse battery", ip=None, agent=None)
        owner = await User.get(username="owner")
        server = await create_server(owner, "Bench")
        data = export_zip(messages, channels)
        scratch = Path(tempfile.mkdtemp()) / "export.zip"
        scratch.write_bytes(data)
        planned = report(survey(Reading(scratch, limits())), 1)
        await hearth().storage.save_file("discord-imports/bench/export.zip", scratch)
        await DiscordImport.create(
            server_id=int(server["id"]),
            user_id=owner.id,
            archive="discord-imports/bench/export.zip",
            report=planned,
            messages_total=planned["messages"],
            status=QUEUED,
        )
        print(f"export: {len(data) / 1e6:.1f} MB zipped, {planned['messages']} messages, {planned['authors']} authors")

    await _in_app(work)


async def run_import() -> None:
    async def work() -> None:
        from plugins.discord_import import job
        from plugins.discord_import.models import DiscordImport

        started = time.perf_counter()
        await job.run_pending()
        elapsed = time.perf_counter() - started
        row = await DiscordImport.get(archive=None)
        peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"import: {row.status}, {row.messages_done} messages in {elapsed:.1f} s, peak RSS {peak_mb:.0f} MB")

    await _in_app(work)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--messages", type=int, default=100_000)
    parser.add_argument("--channels", type=int, default=10)
    parser.add_argument("--database", help="a PostgreSQL URL (emptied); default: a scratch SQLite file")
    parser.add_argument("--stage", choices=("setup", "import"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.stage == "setup":
        asyncio.run(set_up(args.messages, args.channels))
        return
    if args.stage == "import":
        asyncio.run(run_import())
        return
    scratch = tempfile.mkdtemp(prefix="hearth-bench-")
    env = {
        **os.environ,
        "HEARTH_DATABASE_URL": args.database or f"sqlite://{scratch}/bench.sqlite3",
        "HEARTH_CDN_DIRECTORY": f"{scratch}/cdn",
        "HEARTH_SERVER_INSTANCE_KEY_FILE": f"{scratch}/instance.key",
        "HEARTH_AUTH_ARGON2_TIME_COST": "1",
        "HEARTH_AUTH_ARGON2_MEMORY_KIB": "8",
        "HEARTH_DISCORD_IMPORT_POLL_SECONDS": "3600",
        "PYTHONPATH": str(ROOT),
    }
    if args.database:
        subprocess.run([sys.executable, "-c", _EMPTY_POSTGRES, args.database], check=True)
    subprocess.run([sys.executable, "-m", "core", "migrate"], cwd=ROOT, env=env, check=True, capture_output=True)
    me = [sys.executable, __file__, "--messages", str(args.messages), "--channels", str(args.channels)]
    subprocess.run([*me, "--stage", "setup"], cwd=ROOT, env=env, check=True)
    subprocess.run([*me, "--stage", "import"], cwd=ROOT, env=env, check=True)


if __name__ == "__main__":
    main()
