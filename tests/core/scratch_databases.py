"""Databases besides the test run's own: an empty instance to restore onto, a database left
unmigrated. A PostgreSQL one is ``<the run's database>_<name>``, made empty and dropped after;
with SQLite, a file in the test's folder."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg


def _with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", "", ""))


@asynccontextmanager
async def empty_database(run_url: str, folder: Path, name: str) -> AsyncIterator[str]:
    if not run_url.startswith(("postgres://", "postgresql://")):
        path = folder / f"{name}.sqlite3"
        try:
            yield f"sqlite://{path}"
        finally:
            for suffix in ("", "-wal", "-shm"):
                path.with_name(path.name + suffix).unlink(missing_ok=True)
        return
    database = f"{urlsplit(run_url).path.strip('/')}_{name}"
    admin = await asyncpg.connect(_with_database(run_url, "postgres").replace("postgres://", "postgresql://", 1))
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        await admin.execute(f'CREATE DATABASE "{database}"')
        yield _with_database(run_url, database)
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        await admin.close()


async def rows(url: str, query: str) -> list[tuple]:
    """``query``'s rows, read straight from the database at ``url`` (not through Tortoise)."""
    if url.startswith("sqlite://"):
        import sqlite3

        with sqlite3.connect(url[len("sqlite://") :].split("?", 1)[0]) as connection:
            found = [tuple(row) for row in connection.execute(query)]
        connection.close()
        return found
    connection = await asyncpg.connect(url.replace("postgres://", "postgresql://", 1))
    try:
        return [tuple(row) for row in await connection.fetch(query)]
    finally:
        await connection.close()
