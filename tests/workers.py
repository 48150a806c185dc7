"""What each pytest-xdist worker has to itself, so that tests run side by side cannot meet.

``make test`` runs most tests in parallel processes (``pytest -n``). Each worker gets:

- a PostgreSQL database of its own, ``<the run's database>_<worker>_<run>``: a copy of the run's
  database, which the process that starts the workers migrates once (:func:`migrate_template`),
  dropped at the worker's end; with SQLite, a file in the worker's own temporary folder (a copy
  of a migrated one where ``make test`` made it: :func:`copy_sqlite_template`). The
  pytest-xdist run's id in the name keeps apart two runs on one database at once (``make test``'s
  two passes run side by side), whose workers are both ``gw0``, ``gw1``…;
- a Redis database number of its own, claimed the way ``.ci/run`` claims the run's: the key
  ``hearth:ci:redis-db:<n>`` in database 0, set only if absent and expiring after three hours, so
  that runs side by side on one machine, their workers and a developer's own runs keep apart.
  Hearth's Pub/Sub channels carry the number (core/redisconn.py), so events do not cross either.

The environment variables ``HEARTH_TEST_DATABASE_URL`` and ``HEARTH_TEST_REDIS_URL`` are pointed at
the worker's own, so child processes and ``core.testing`` (which read them) use them too. Outside
xdist (the serial pass, or a plain ``pytest``) nothing changes.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
RUN = os.environ.get("PYTEST_XDIST_TESTRUNUID", "")[:8]
CLAIM_KEY = "hearth:ci:redis-db:{}"
CLAIM_SECONDS = 3 * 60 * 60
# Database 0 holds the claims; .ci/run takes its own from 9 down, workers from 15 down.
CLAIMABLE = range(15, 0, -1)
_RELEASE = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0"
_claims: list[tuple[str, int]] = []


def _with_path(url: str, path: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, path, parts.query, parts.fragment))


def _database_number(url: str) -> int:
    return int(urlsplit(url).path.strip("/") or 0)


def claim_redis_database(redis_url: str, avoid: tuple[int, ...] = ()) -> str:
    """The URL of a Redis database number nobody else holds, emptied; released at exit."""
    import redis

    owner = f"pid-{os.getpid()}"
    admin = redis.Redis.from_url(_with_path(redis_url, "/0"))
    try:
        for number in CLAIMABLE:
            if number in avoid or number == _database_number(redis_url):
                continue
            if admin.set(CLAIM_KEY.format(number), owner, nx=True, ex=CLAIM_SECONDS):
                _claims.append((redis_url, number))
                redis.Redis.from_url(_with_path(redis_url, f"/{number}")).flushdb()
                return _with_path(redis_url, f"/{number}")
    finally:
        admin.close()
    raise RuntimeError("every Redis database number is claimed (hearth:ci:redis-db:* in database 0)")


def release_redis_databases() -> None:
    import redis

    owner = f"pid-{os.getpid()}"
    while _claims:
        redis_url, number = _claims.pop()
        admin = redis.Redis.from_url(_with_path(redis_url, "/0"))
        admin.eval(_RELEASE, 1, CLAIM_KEY.format(number), owner)
        admin.close()


def worker_database_url(base: str) -> str:
    """``<base>_<worker>_<run>`` for a PostgreSQL URL; other URLs as they are."""
    if not WORKER or not is_postgres(base):
        return base
    parts = urlsplit(base)
    return _with_path(base, f"{parts.path.rstrip('/')}_{WORKER}_{RUN}")


def is_postgres(url: str) -> bool:
    return url.startswith(("postgres://", "postgresql://"))


def _run(statement: str, base: str) -> None:
    import asyncpg

    async def execute() -> None:
        connection = await asyncpg.connect(base)
        try:
            await connection.execute(statement)
        finally:
            await connection.close()

    asyncio.run(execute())


TEMPLATE_ENV = "HEARTH_TEST_DATABASE_IS_TEMPLATE"


def migrate_template(base: str, numprocesses: object) -> None:
    """In the process that starts a parallel run on PostgreSQL: migrate the run's database once,
    so that each worker's database is a copy of it (``CREATE DATABASE … TEMPLATE``), not migrated
    again by a subprocess that imports every plugin (10–30 s a worker, at the start of each pass,
    with the other workers doing the same). The workers inherit the environment that says so.
    Nothing to do where the environment says it is done already: ``make test`` migrates it before
    starting both passes at once (``python -m tests.workers``), since a database cannot be copied
    while the other pass's migration is connected to it."""
    if WORKER or not numprocesses or not is_postgres(base) or os.environ.get(TEMPLATE_ENV):
        return
    if _migrate(base).returncode == 0:
        os.environ[TEMPLATE_ENV] = "1"  # otherwise each worker migrates its own, and says why it fails


def _migrate(base: str) -> Any:
    import subprocess

    return subprocess.run(
        [sys.executable, "-m", "core", "migrate"],
        env={**os.environ, "HEARTH_DATABASE_URL": base},
        capture_output=True,
        text=True,
        timeout=300,
    )


def create_worker_database(base: str) -> None:
    name = urlsplit(worker_database_url(base)).path.strip("/")
    if os.environ.get(TEMPLATE_ENV):
        # nobody may be connected to a database being copied: these statements go through the
        # server's maintenance database
        maintenance = _with_path(base, "/postgres")
        _run(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)', maintenance)
        _run(f'CREATE DATABASE "{name}" TEMPLATE "{urlsplit(base).path.strip("/")}"', maintenance)
        return
    _run(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)', base)
    _run(f'CREATE DATABASE "{name}"', base)


def drop_worker_database(base: str) -> None:
    name = urlsplit(worker_database_url(base)).path.strip("/")
    _run(
        f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)',
        _with_path(base, "/postgres") if os.environ.get(TEMPLATE_ENV) else base,
    )


def set_up(base_database: str, base_redis: str) -> tuple[str, str]:
    """The worker's database and Redis URLs (made and claimed here), exported to the environment."""
    if not WORKER:
        return base_database, base_redis
    database = worker_database_url(base_database)
    if database != base_database:
        create_worker_database(base_database)
        os.environ["HEARTH_TEST_DATABASE_URL"] = database
    redis_url = claim_redis_database(base_redis) if base_redis else ""
    if redis_url:
        os.environ["HEARTH_TEST_REDIS_URL"] = redis_url
    return database, redis_url


def tear_down(base_database: str) -> None:
    release_redis_databases()
    if WORKER and worker_database_url(base_database) != base_database:
        drop_worker_database(base_database)


SQLITE_TEMPLATE_ENV = "HEARTH_TEST_SQLITE_TEMPLATE"
SQLITE_TEMPLATES = Path(tempfile.gettempdir()) / "hearth-test-templates"
SQLITE_TEMPLATE_DAYS = 1


def copy_sqlite_template(url: str) -> bool:
    """With SQLite, where ``make test`` migrated a template (:func:`main`): the test process's
    database becomes a copy of it, and True. Each of a run's five processes migrating its own cost
    5–7 s of CPU, all at the start, at once."""
    template = os.environ.get(SQLITE_TEMPLATE_ENV, "")
    if not template or not url.startswith("sqlite://") or not Path(template).is_file():
        return False
    # the backup API, not a file copy: it reads a consistent database whatever its journal holds
    source, copy = sqlite3.connect(template), sqlite3.connect(url.removeprefix("sqlite://"))
    try:
        source.backup(copy)
    finally:
        source.close()
        copy.close()
    return True


def _new_sqlite_template() -> Path:
    """A name for this run's SQLite template (the file is made by migrating it)."""
    SQLITE_TEMPLATES.mkdir(exist_ok=True)
    for old in SQLITE_TEMPLATES.iterdir():  # left by runs that ended: make test does not clean up after
        if old.stat().st_mtime < time.time() - SQLITE_TEMPLATE_DAYS * 86_400:
            old.unlink(missing_ok=True)
    handle, path = tempfile.mkstemp(suffix=".sqlite3", dir=SQLITE_TEMPLATES)
    os.close(handle)
    os.unlink(path)  # migrate makes the file
    return Path(path)


def _migrate_and_say(url: str, environment: str) -> int:
    """Migrate ``url``; print ``environment`` when it worked, else say why on stderr."""
    done = _migrate(url)
    if done.returncode != 0:
        sys.stderr.write(f"migrating the test database {url} failed:\n{done.stdout}{done.stderr}")
        return done.returncode
    print(environment)
    return 0


def main() -> int:
    """``python -m tests.workers``: migrate once the database every test process of the run starts
    from, and print the environment that says where it is (``make test`` exports it to both
    passes). On PostgreSQL, ``HEARTH_TEST_DATABASE_URL``'s database, the template of every worker's;
    with SQLite, a file each process copies (:func:`copy_sqlite_template`)."""
    base = os.environ.get("HEARTH_TEST_DATABASE_URL", "")
    if is_postgres(base):
        return _migrate_and_say(base, f"{TEMPLATE_ENV}=1")
    template = _new_sqlite_template()
    return _migrate_and_say(f"sqlite://{template}", f"{SQLITE_TEMPLATE_ENV}={template}")


if __name__ == "__main__":
    sys.exit(main())
