"""Tortoise set-up: the kernel is the ``core`` app, each plugin with models is an app of its own
with its own migrations package (``plugins/<id>/migrations``)."""

from __future__ import annotations

import contextvars
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import asyncpg
from tortoise import Tortoise
from tortoise.backends.base.config_generator import expand_db_url
from tortoise.transactions import in_transaction

from core import fastpath
from core.plugins import LoadedPlugin
from core.settings import ROOT, Settings

KERNEL_MODELS = ["core.identity.models", "core.cdn.models"]
log = logging.getLogger("hearth.db")


def database_url(settings: Settings) -> str:
    url = settings.database.url
    if url.startswith("sqlite://") and url != "sqlite://:memory:":
        # The file's folder is made, absolute or not: SQLite cannot open a file in a missing one,
        # and `hearth migrate` into a new folder should just work.
        name, mark, options = url[len("sqlite://") :].partition("?")
        path = Path(name) if Path(name).is_absolute() else ROOT / name
        path.parent.mkdir(parents=True, exist_ok=True)
        url = f"sqlite://{path}{mark}{options}"
        # Tortoise opens SQLite in WAL mode; there NORMAL keeps the database consistent on a crash
        # while sparing an fsync per commit (a power cut may lose the last transactions).
        url = _with_pragma(url, "synchronous", "NORMAL")
        # Pages read through a memory map instead of copied into SQLite's 2 MB cache one read()
        # each: a search walking thousands of messages ran 15-25 % faster (plugins/search/README.md).
        # Where the map cannot be made (a 32-bit machine), SQLite reads as before.
        url = _with_pragma(url, "mmap_size", int(settings.get("database.sqlite_mmap_mib", 1024)) << 20)
    if url.startswith("postgresql://"):
        return "postgres://" + url[len("postgresql://") :]
    return url


def _with_pragma(url: str, name: str, value: Any) -> str:
    """``url`` with SQLite's ``PRAGMA name=value`` unless it sets that pragma already."""
    if f"{name}=" in url:
        return url
    return url + ("&" if "?" in url else "?") + f"{name}={value}"


def tortoise_config(
    settings: Settings, plugins: list[LoadedPlugin], models_by_plugin: dict[str, list[str]]
) -> dict[str, Any]:
    apps: dict[str, Any] = {
        "core": {"models": KERNEL_MODELS, "migrations": "core.migrations", "default_connection": "default"}
    }
    for plugin in plugins:
        modules = models_by_plugin.get(plugin.id) or []
        if modules:
            apps[plugin.id] = {
                "models": modules,
                "migrations": f"{plugin.module.__name__.rsplit('.', 1)[0]}.migrations",
                "default_connection": "default",
            }
    return {
        "connections": {"default": connection_config(database_url(settings), settings)},
        "apps": apps,
        "use_tz": True,
        "timezone": "UTC",
    }


def connection_config(url: str, settings: Settings | None = None) -> str | dict[str, Any]:
    """Tortoise's connection entry. SQLite: Hearth's client (``core.sqliteclient``). PostgreSQL:
    ``NoResetConnection`` and the ``[database]`` time-outs, and while fast paths are on Hearth's
    client (``core.fastpath.pgclient``: 503 on outages, reads retried once, bounded waits for a
    pooled connection)."""
    if url.startswith("sqlite://"):
        config = expand_db_url(url)
        config["engine"] = "core.sqliteclient"  # a failed BEGIN gives the connection's lock back
        return config
    if not url.startswith("postgres://"):
        return url
    config = expand_db_url(url)
    fast = fastpath.wanted(settings) if settings is not None else fastpath.enabled()
    if fast:
        config["engine"] = "core.fastpath.pgclient"
    credentials = config["credentials"]

    def seconds(key: str, default: float) -> float:
        return float(settings.get(f"database.{key}", default)) if settings is not None else default

    credentials["connection_class"] = NoResetConnection
    credentials["timeout"] = seconds("connect_timeout_seconds", 5)  # asyncpg: connecting
    credentials["command_timeout"] = seconds("query_timeout_seconds", 15)  # asyncpg: each statement
    if fast:
        credentials["pool_timeout"] = seconds("pool_timeout_seconds", 10)  # waiting for a pooled connection
    return config


class NoResetConnection(asyncpg.Connection):
    """asyncpg runs a reset statement (unlock advisory locks, close cursors, unlisten, reset
    settings) each time a connection goes back to the pool, and Tortoise takes a pooled
    connection for every query outside a transaction: a second round trip per query. Hearth
    leaves none of that state on a connection, and the pool still rolls back a transaction
    left open, so the statement is skipped."""

    def get_reset_query(self) -> str:
        return ""


async def init(config: dict[str, Any]) -> bool:
    """Connect Tortoise; False when it was already initialised (by a test harness, say)."""
    if Tortoise.is_inited():
        return False
    await Tortoise.init(config=config, _enable_global_fallback=True)
    return True


async def close() -> None:
    if Tortoise.is_inited():
        await Tortoise.close_connections()
        if fastpath.enabled():
            from core.fastpath.reset_apps import reset_apps

            await reset_apps()


async def migrate(config: dict[str, Any]) -> None:
    from tortoise.migrations.api import migrate as run_migrations

    await run_migrations(config=without_statement_timeout(config))


async def pending_migrations(config: dict[str, Any]) -> list[str]:
    """``app.name`` of every migration not yet applied to the database, in the order ``migrate``
    would apply them (the database is only read: nothing is created, not even the record table)."""
    from tortoise.connection import get_connection
    from tortoise.migrations.executor import MigrationExecutor, MigrationTarget

    await Tortoise.init(config=config, init_connections=False)
    apps = config["apps"]
    executor = MigrationExecutor(get_connection("default"), apps)
    steps = await executor.plan([MigrationTarget(app_label=label, name="__latest__") for label in apps])
    return [f"{step.migration.app_label}.{step.migration.name}" for step in steps if not step.backward]


def without_statement_timeout(config: dict[str, Any]) -> dict[str, Any]:
    """Migrations may rightly run for minutes (an index on a big table)."""
    connection = config["connections"]["default"]
    if not isinstance(connection, dict) or "sqlite" in connection["engine"]:
        return config
    credentials = {**connection["credentials"], "command_timeout": None}
    return {**config, "connections": {**config["connections"], "default": {**connection, "credentials": credentials}}}


# --- transactions whose socket events leave only after commit ---------------------------

_pending: contextvars.ContextVar[list[Callable[[], Awaitable[None]]] | None] = contextvars.ContextVar(
    "hearth_after_commit", default=None
)


@asynccontextmanager
async def transaction() -> AsyncIterator[Any]:
    """``async with transaction():`` — events queued with :func:`after_commit` inside it are
    sent once the transaction commits, and dropped if it rolls back. Once committed, the request
    stands: a send that fails is logged and the others still go."""
    outer = _pending.get()
    if outer is not None:  # nested: the outermost transaction flushes
        async with in_transaction() as connection:
            yield connection
        return
    queue: list[Callable[[], Awaitable[None]]] = []
    token = _pending.set(queue)
    try:
        async with in_transaction() as connection:
            yield connection
    finally:
        _pending.reset(token)
    for send in queue:
        try:
            await send()
        except Exception:
            log.exception("an after-commit send failed")


async def hold(model: Any, pk: int) -> None:
    """Lock one row until the surrounding transaction ends. Writes that count or number the rows
    under it (a user's servers, a server's roles, a channel's webhooks) hold it first, so two at
    once take turns: the second counts the first's row, and no limit is passed by requests
    together. ``FOR NO KEY UPDATE`` leaves rows that refer to it free to be written (members keep
    joining a held server). SQLite runs one write transaction at a time anyway. A model query,
    not ``values_list``: Tortoise leaves the lock out of those."""
    await model.filter(pk=pk).select_for_update(no_key=True).only(model._meta.pk_attr).first()


def in_transaction_block() -> bool:
    """Whether this code runs inside :func:`transaction`."""
    return _pending.get() is not None


async def after_commit(send: Callable[[], Awaitable[None]]) -> None:
    queue = _pending.get()
    if queue is None:
        await send()
    else:
        queue.append(send)
