"""The send path alone: server CPU and statements per ``POST /api/channels/:id/messages``, in one
process, through the whole app (hypercorn on a free port, Quart, the plugins, the database and,
with --redis, Redis), with nobody connected to receive the message. Fan-out costs are measured by
bench/message_fanout.py; this bench isolates what every message pays before that.

    .venv/bin/python bench/send_path.py --database postgres://postgres@127.0.0.1:5432/hearth_send \\
        [--redis redis://127.0.0.1:6379/7] [--messages 2000] [--profile]

Prints the process's CPU per message (sequential sends, one at a time, so the figure is the
path's own cost, not queueing), the statements each send ran, and with --profile the functions
where the CPU went (cProfile, which slows Python code down more than C code: read the shares,
not the times). The database is emptied first.
"""

from __future__ import annotations

import argparse
import cProfile
import logging
import os
import pstats
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.message_fanout import fast_loop  # noqa: E402


class Statements(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.seen: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.seen.append(record.getMessage().split(": [", 1)[0])


async def main(args) -> None:
    scratch = tempfile.mkdtemp(prefix="hearth-send-")
    os.environ.update(
        {
            "HEARTH_DATABASE_URL": args.database,
            "HEARTH_RATE_LIMITS_ENABLED": "false",
            "HEARTH_CDN_DIRECTORY": f"{scratch}/cdn",
            "HEARTH_REDIS_URL": args.redis or "",
            "HEARTH_SERVER_INSTANCE_KEY_FILE": f"{scratch}/instance.key",
        }
    )
    from tortoise import Tortoise

    from bench.big_server import migrated, populate
    from core.app import build_db_config, create_quart_app
    from core.http import HearthASGI
    from core.plugins import PluginHost
    from core.settings import load_settings
    from core.testing import serve_on_free_port

    migrated(scratch, args.database)
    server_id, channel_id, tokens = await populate(args.database, 2)
    settings = load_settings()
    plugins = PluginHost.from_settings(settings)
    # initialised here (as core.testing.live_hearth does), so the app's start-up leaves it be
    await Tortoise.init(config=build_db_config(settings, plugins), _enable_global_fallback=True)
    app = create_quart_app(settings, plugins)
    url, stop, serving = await serve_on_free_port(HearthASGI(app, app.extensions["hearth"].gateway.sio))
    try:
        async with aiohttp.ClientSession() as http:
            headers = {"Authorization": tokens[1]}
            async with http.get(f"{url}/api/servers/{server_id}/members", headers=headers) as response:
                assert response.status == 200, await response.text()
            path = f"{url}/api/channels/{channel_id}/messages"

            async def send(n: int) -> None:
                async with http.post(path, json={"content": f"message {n}"}, headers=headers) as response:
                    assert response.status == 200, await response.text()
                    await response.read()

            for n in range(200):  # warm up: pools, statement caches, prepared lookups
                await send(n)
            statements = Statements()
            logger = logging.getLogger("tortoise.db_client")
            logger.setLevel(logging.DEBUG)
            logger.addHandler(statements)
            await send(0)
            logger.removeHandler(statements)
            logger.setLevel(logging.WARNING)

            profile = cProfile.Profile() if args.profile else None
            cpu, wall = time.process_time(), time.perf_counter()
            if profile:
                profile.enable()
            for n in range(args.messages):
                await send(n)
            if profile:
                profile.disable()
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    finally:
        stop.set()
        await serving
    print(
        f"{args.messages} sends, one at a time, {'PostgreSQL' if args.database.startswith('postgres') else 'SQLite'}"
        f"{' + Redis' if args.redis else ''}: {1000 * cpu / args.messages:.2f} ms of CPU each in this process "
        f"(client and server together; {1000 * wall / args.messages:.2f} ms apiece)"
    )
    print(f"{len(statements.seen)} statements per send (a transaction's BEGIN and COMMIT, if any, are not listed):")
    for statement in statements.seen:
        print(f"  {statement[:160]}")
    if profile:
        stats = pstats.Stats(profile)
        stats.sort_stats("tottime").print_stats(45)
        stats.sort_stats("cumtime").print_stats(70)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", required=True)
    parser.add_argument("--redis", default="")
    parser.add_argument("--messages", type=int, default=2000)
    parser.add_argument("--profile", action="store_true")
    fast_loop().run(main(parser.parse_args()))
