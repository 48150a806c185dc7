"""The database's part of a backup: SQLite's online backup API (a consistent copy while Hearth
writes), or ``pg_dump``'s custom format (one snapshot transaction) and ``pg_restore``."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
from pathlib import Path
from urllib.parse import unquote, urlsplit

import asyncpg

from core.db import database_url
from core.settings import Settings

SQLITE_FILE, POSTGRES_FILE = "database.sqlite3", "database.pgdump"


class DatabaseError(Exception):
    """pg_dump / pg_restore failed, or the database cannot be read; the message says why."""


def kind_of(settings: Settings) -> str:
    return "postgres" if database_url(settings).startswith("postgres://") else "sqlite"


def sqlite_path(settings: Settings) -> Path:
    url = database_url(settings)
    return Path(url[len("sqlite://") :].split("?", 1)[0])


def _libpq_environment(settings: Settings) -> dict[str, str]:
    """The connection as libpq variables: the password never appears in a process list."""
    parts = urlsplit(database_url(settings))
    named = {
        "PGHOST": parts.hostname or "",
        "PGPORT": str(parts.port or ""),
        "PGUSER": unquote(parts.username or ""),
        "PGPASSWORD": unquote(parts.password or ""),
        "PGDATABASE": unquote(parts.path.lstrip("/")),
    }
    return {**os.environ, **{key: value for key, value in named.items() if value}}


def _run(command: list[str], settings: Settings) -> None:
    done = subprocess.run(command, env=_libpq_environment(settings), capture_output=True, text=True)
    if done.returncode != 0:
        raise DatabaseError(f"{command[0]} failed: {done.stderr.strip()}")


async def dump(settings: Settings, folder: Path) -> str:
    """The database into ``folder``; returns the file's name."""
    if kind_of(settings) == "postgres":
        target = folder / POSTGRES_FILE
        command = ["pg_dump", "--format=custom", "--no-owner", "--no-privileges", f"--file={target}"]
        await asyncio.to_thread(_run, command, settings)
        return POSTGRES_FILE
    await asyncio.to_thread(_sqlite_backup, sqlite_path(settings), folder / SQLITE_FILE)
    return SQLITE_FILE


def _sqlite_backup(source: Path, target: Path) -> None:
    if not source.is_file():
        raise DatabaseError(f"no SQLite database at {source}")
    with sqlite3.connect(source) as reading, sqlite3.connect(target) as writing:
        reading.backup(writing)  # all pages in one step: one consistent moment, even in WAL mode
    reading.close()
    writing.close()


async def load(settings: Settings, folder: Path, name: str) -> None:
    """The dump ``name`` in ``folder`` into this instance's database, replacing what it holds."""
    if (name == POSTGRES_FILE) != (kind_of(settings) == "postgres"):
        raise DatabaseError(f"the backup holds a {'PostgreSQL' if name == POSTGRES_FILE else 'SQLite'} database")
    if name == POSTGRES_FILE:
        command = [
            "pg_restore",
            "--no-owner",
            "--no-privileges",
            "--clean",
            "--if-exists",
            "--single-transaction",
            "--exit-on-error",
            f"--dbname={_libpq_environment(settings)['PGDATABASE']}",
            str(folder / name),
        ]
        await asyncio.to_thread(_run, command, settings)
        return
    await asyncio.to_thread(_sqlite_replace, folder / name, sqlite_path(settings))


def _sqlite_replace(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    staged = target.with_name(target.name + ".restoring")
    with sqlite3.connect(source) as reading, sqlite3.connect(staged) as writing:
        reading.backup(writing)
    reading.close()
    writing.close()
    for leftover in (target.with_name(target.name + "-wal"), target.with_name(target.name + "-shm")):
        leftover.unlink(missing_ok=True)  # the old database's journal must not be replayed onto the new one
    os.replace(staged, target)


async def count_users(settings: Settings) -> int:
    """Accounts in this instance's database: 0 when it has none, or no tables yet."""
    if kind_of(settings) == "sqlite":
        return await asyncio.to_thread(_sqlite_users, sqlite_path(settings))
    env = _libpq_environment(settings)
    try:
        connection = await asyncpg.connect(
            host=env.get("PGHOST"),
            port=env.get("PGPORT"),
            user=env.get("PGUSER"),
            password=env.get("PGPASSWORD"),
            database=env.get("PGDATABASE"),
        )
    except (OSError, asyncpg.PostgresError) as error:
        raise DatabaseError(f"cannot reach the database: {error}") from None
    try:
        if await connection.fetchval("SELECT to_regclass('users')") is None:
            return 0
        return int(await connection.fetchval("SELECT count(*) FROM users"))
    finally:
        await connection.close()


def _sqlite_users(path: Path) -> int:
    if not path.is_file() or path.stat().st_size == 0:
        return 0
    with sqlite3.connect(path) as connection:
        found = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'users'").fetchone()
        count = connection.execute("SELECT count(*) FROM users").fetchone()[0] if found else 0
    connection.close()
    return int(count)
