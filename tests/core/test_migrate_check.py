"""``python -m core migrate --check``: exit 0 when nothing is pending, 1 listing what is; the
database is only read (an upgrade script runs it before starting new workers)."""

import asyncio
import os
import subprocess
import sys

from core.settings import ROOT
from tests.core.scratch_databases import empty_database, rows


async def hearth(database_url: str, *args: str) -> subprocess.CompletedProcess:
    return await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "core", *args],
        cwd=ROOT,
        env={**os.environ, "HEARTH_DATABASE_URL": database_url},
        capture_output=True,
        text=True,
        timeout=180,
    )


async def test_the_run_database_has_nothing_pending(database_url):
    done = await hearth(database_url, "migrate", "--check")
    assert (done.returncode, done.stdout) == (0, "hearth: no migrations pending\n")


async def test_pending_migrations_are_listed_until_applied(database_url, tmp_path):
    async with empty_database(database_url, tmp_path, "migrate_check") as url:
        fresh = await hearth(url, "migrate", "--check")
        assert fresh.returncode == 1, fresh.stderr
        lines = fresh.stdout.splitlines()
        assert lines[0].startswith("hearth: ") and lines[0].endswith(" migration(s) pending:")
        assert "  core.0001_initial" in lines and "  messages.0001_initial" in lines
        assert int(lines[0].split()[1]) == len(lines) - 1
        assert lines.index("  core.0001_initial") < lines.index("  messages.0001_initial")  # the order of applying
        tables = "SELECT count(*) FROM tortoise_migrations"
        assert (await hearth(url, "migrate")).returncode == 0
        assert (await hearth(url, "migrate", "--check")).returncode == 0
        applied = await rows(url, tables)

        newest = (await rows(url, "SELECT app, name FROM tortoise_migrations ORDER BY applied_at DESC, id DESC"))[0]
        await _forget(url, *newest)
        one = await hearth(url, "migrate", "--check")
        assert (one.returncode, one.stdout) == (1, f"hearth: 1 migration(s) pending:\n  {newest[0]}.{newest[1]}\n")
        assert await rows(url, tables) == [(applied[0][0] - 1,)]  # checking applied nothing


async def _forget(url: str, app: str, name: str) -> None:
    if url.startswith("sqlite://"):
        import sqlite3

        with sqlite3.connect(url[len("sqlite://") :]) as connection:
            connection.execute("DELETE FROM tortoise_migrations WHERE app = ? AND name = ?", (app, name))
        connection.close()
        return
    import asyncpg

    connection = await asyncpg.connect(url.replace("postgres://", "postgresql://", 1))
    await connection.execute("DELETE FROM tortoise_migrations WHERE app = $1 AND name = $2", app, name)
    await connection.close()
