"""A real Hearth server for a bench: a scratch SQLite database (or the PostgreSQL one given,
emptied first), migrated, served on a free port by ``python -m core serve``; stopped after."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support import free_port  # noqa: E402

_EMPTY_POSTGRES = """import asyncio, asyncpg, sys
async def main():
    connection = await asyncpg.connect(sys.argv[1])
    await connection.execute('DROP SCHEMA public CASCADE; CREATE SCHEMA public')
    await connection.close()
asyncio.run(main())"""


@asynccontextmanager
async def scratch_server(database: str | None = None) -> AsyncIterator[tuple[str, int]]:
    """Yields ``(url, server_pid)`` once the server answers."""
    scratch = tempfile.mkdtemp(prefix="hearth-bench-")
    port = free_port()
    env = {
        **os.environ,
        "HEARTH_DATABASE_URL": database or f"sqlite://{scratch}/bench.sqlite3",
        "HEARTH_RATE_LIMITS_ENABLED": "false",
        "HEARTH_CDN_DIRECTORY": f"{scratch}/cdn",
        "HEARTH_SERVER_INSTANCE_KEY_FILE": f"{scratch}/instance.key",
    }
    if database:
        subprocess.run([sys.executable, "-c", _EMPTY_POSTGRES, database], check=True)
    subprocess.run([sys.executable, "-m", "core", "migrate"], cwd=ROOT, env=env, check=True, capture_output=True)
    server = subprocess.Popen(
        [sys.executable, "-m", "core", "serve", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        async with aiohttp.ClientSession() as http:
            for _ in range(100):
                try:
                    await http.get(f"{url}/api/plugins")
                    break
                except aiohttp.ClientError:
                    await asyncio.sleep(0.1)
        yield url, server.pid
    finally:
        server.terminate()
        server.wait(10)
