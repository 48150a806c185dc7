"""Testing with a live Hearth, for plugin authors (and Hearth's own tests, which share the helpers).

As a pytest plugin (``pytest_plugins = ["core.testing"]`` in a ``conftest.py``, or automatically
once Hearth is pip-installed: it registers this module under the ``pytest11`` entry point) it
gives the fixture ``hearth``: a real Hearth server on a free port, with every installed plugin
and the modules named by the ``hearth_plugins`` fixture loaded, a migrated database emptied
before each test, real Socket.IO clients and registered users::

    @pytest.fixture(scope="session")
    def hearth_plugins():
        return ["hearth_hello.plugin"]  # not needed once the package is installed

    async def test_hello(hearth):
        ada = await hearth.register("ada")
        assert await hearth.call("GET", "/api/hello", person=ada) == (200, {"message": "Hello, ada!"})
        probe = await hearth.socket(ada)  # authenticated; probe.wait_for("event") ...

The database is a temporary SQLite file, or — when ``HEARTH_TEST_DATABASE_URL`` names a
PostgreSQL database — a scratch database created beside it and dropped afterwards;
``HEARTH_TEST_REDIS_URL`` adds Redis. The tests run in the session's event loop: set
``asyncio_mode = "auto"``, ``asyncio_default_fixture_loop_scope = "session"`` and
``asyncio_default_test_loop_scope = "session"`` (pytest-asyncio) as Hearth does.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import secrets
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
import socketio

PASSWORD = "correct horse 1"
# seconds a socket waits to connect, authenticate or see an event: a busy machine is slow, and a
# passing test never waits this long
PATIENCE = 20.0
# How long a browser test waits for what a user would see: a page reload signs in again over a new
# socket, which on a machine whose cores are busy with other work has taken over 20 s.
BROWSER_PATIENCE_MS = 60_000
_counter = itertools.count(1)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def call(
    client: Any, method: str, path: str, json: Any = None, token: str | None = None, **kwargs: Any
) -> tuple[int, Any]:
    """A request through a Quart test client: ``(status, JSON body or text)``; ``headers=`` adds
    to the token's."""
    headers = {**({"Authorization": token} if token else {}), **kwargs.pop("headers", {})}
    response = await client.open(path, method=method, json=json, headers=headers, **kwargs)
    body = (
        await response.get_json(silent=True)
        if response.mimetype == "application/json"
        else await response.get_data(as_text=True)
    )
    return response.status_code, body


@dataclass
class Person:
    token: str
    id: str
    username: str
    tag: str
    email: str
    password: str = PASSWORD


async def register(
    client: Any, username: str | None = None, email: str | None = None, password: str = PASSWORD
) -> Person:
    n = next(_counter)
    username = username or f"user{n}"
    email = email or f"{username}.{n}@example.com"
    status, body = await call(
        client, "POST", "/api/users/register", {"email": email, "username": username, "password": password}
    )
    assert status == 200, body
    token = body["token"]
    status, me = await call(client, "GET", "/api/users", token=token)
    assert status == 200, me
    return Person(
        token=token, id=me["user"]["id"], username=username, tag=me["user"]["tag"], email=email, password=password
    )


@dataclass
class SocketProbe:
    """A real Socket.IO client that records every event it receives."""

    client: socketio.AsyncClient
    events: list[tuple[str, Any]] = field(default_factory=list)
    _arrived: asyncio.Event = field(default_factory=asyncio.Event)

    def received(self, name: str) -> list[Any]:
        return [data for event, data in self.events if event == name]

    async def wait_for(self, name: str, timeout: float = PATIENCE, count: int = 1) -> Any:
        async def until() -> Any:
            while len(self.received(name)) < count:
                self._arrived.clear()
                await self._arrived.wait()
            return self.received(name)[count - 1]

        return await asyncio.wait_for(until(), timeout)

    async def wait_disconnected(self, timeout: float = PATIENCE) -> None:
        async def until() -> None:
            while self.client.connected:
                await asyncio.sleep(0.02)

        await asyncio.wait_for(until(), timeout)

    async def close(self) -> None:
        if self.client.connected:
            await self.client.disconnect()


async def connect_socket(
    url: str, token: str | None = None, authenticate: bool = True, headers: dict[str, str] | None = None
) -> SocketProbe:
    client = socketio.AsyncClient(reconnection=False)
    probe = SocketProbe(client)

    @client.on("*")
    async def record(event: str, data: Any = None) -> None:
        probe.events.append((event, data))
        probe._arrived.set()

    await client.connect(url, transports=["websocket"], wait_timeout=PATIENCE, headers=headers or {})
    if token is not None and authenticate:
        await client.emit("user:authenticate", {"token": token})
        await asyncio.wait_for(_first_of(probe, "user:authenticated", "user:authenticate_error"), PATIENCE)
    return probe


async def _first_of(probe: SocketProbe, *names: str) -> None:
    while not any(probe.received(name) for name in names):
        probe._arrived.clear()
        await probe._arrived.wait()


async def clear_tables(redis_url: str = "") -> None:
    """Empty every table of the initialised Tortoise apps (and Hearth's rate-limit keys in Redis)."""
    from tortoise import Tortoise, connections

    tables = [model._meta.db_table for app in Tortoise.apps.values() for model in app.values()]
    connection = connections.get("default")
    if connection.capabilities.dialect == "postgres":
        await _empty_postgres(connection, tables)
    else:
        await connection.execute_script(
            "PRAGMA foreign_keys = OFF;" + "".join(f"DELETE FROM {t};" for t in tables) + "PRAGMA foreign_keys = ON;"
        )
    if redis_url:
        import redis.asyncio as aioredis

        client = aioredis.from_url(redis_url)
        keys = [key async for key in client.scan_iter("hearth:rl:*")]
        if keys:
            await client.delete(*keys)
        await client.aclose()


async def _empty_postgres(connection: Any, tables: list[str]) -> None:
    # A test leaves a handful of rows: DELETE with foreign keys unchecked empties 65 tables in
    # 10 ms where TRUNCATE takes 150 (it replaces every table's files), paid before each test.
    # Unchecked keys need a superuser (session_replication_role); other roles get TRUNCATE.
    rows = await connection.execute_query_dict("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")
    if rows and rows[0]["rolsuper"]:
        deletes = "".join(f'DELETE FROM "{table}";' for table in tables)
        await connection.execute_script(f"BEGIN; SET LOCAL session_replication_role = replica; {deletes} COMMIT;")
    else:
        await connection.execute_script(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE")


@asynccontextmanager
async def scratch_database(directory: Path, name: str = "plugin") -> AsyncIterator[str]:
    """A database URL for one test session: a new PostgreSQL database beside the one
    ``HEARTH_TEST_DATABASE_URL`` names (dropped afterwards), or a SQLite file in ``directory``."""
    base = os.environ.get("HEARTH_TEST_DATABASE_URL", "")
    if not base.startswith(("postgres://", "postgresql://")):
        yield f"sqlite://{directory / 'hearth.sqlite3'}"
        return
    import asyncpg

    server, _, database = base.rpartition("/")
    scratch = f"{database.split('?')[0]}_{name}_{secrets.token_hex(4)}"
    admin = await asyncpg.connect(base)
    try:
        await admin.execute(f'CREATE DATABASE "{scratch}"')
        yield f"{server}/{scratch}"
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{scratch}" WITH (FORCE)')
        await admin.close()


class LiveHearth:
    """A Hearth serving on ``url``; its Quart app is ``app`` (the plugins: ``app.extensions
    ["hearth"].plugins``). Requests go through :meth:`client`, the app inside the live server, so
    the events they emit reach the sockets connected to it."""

    def __init__(self, url: str, app: Any, redis_url: str):
        self.url = url
        self.app = app
        self.redis_url = redis_url
        self._sockets: list[SocketProbe] = []

    def client(self) -> Any:
        return self.app.test_client()

    async def call(
        self, method: str, path: str, json: Any = None, person: Person | None = None, **kwargs: Any
    ) -> tuple[int, Any]:
        return await call(self.client(), method, path, json, token=person.token if person else None, **kwargs)

    async def register(self, username: str | None = None, confirmed: bool = True) -> Person:
        """A new account (its e-mail confirmed, as most routes require, unless ``confirmed=False``)."""
        from core.identity.models import Account

        person = await register(self.client(), username)
        if confirmed:
            await Account.filter(user_id=int(person.id)).update(email_confirmed=True)
        return person

    async def socket(self, person: Person | None = None, authenticate: bool = True) -> SocketProbe:
        """A Socket.IO client connected (and authenticated as ``person``); closed after the test."""
        probe = await connect_socket(self.url, person.token if person else None, authenticate=authenticate)
        self._sockets.append(probe)
        return probe

    async def reset(self) -> None:
        await clear_tables(self.redis_url)

    async def close_sockets(self) -> None:
        for probe in self._sockets:
            await probe.close()
        self._sockets.clear()


async def serve_on_free_port(asgi: Any) -> tuple[str, asyncio.Event, asyncio.Task]:
    """hypercorn serving ``asgi`` in this event loop on a free port, once it accepts connections:
    ``(url, stop event, serving task)``; set the event and await the task to stop it."""
    from hypercorn.asyncio import serve
    from hypercorn.config import Config

    config = Config()
    # The socket is bound here and handed over by descriptor: choosing a free number and binding it
    # later leaves a moment in which another process (a parallel test run) can take it.
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    config.bind = [f"fd://{listener.detach()}"]
    config.accesslog = None
    config.errorlog = None
    stop = asyncio.Event()
    task = asyncio.create_task(serve(asgi, config, shutdown_trigger=stop.wait))
    for _ in range(500):
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            break
        except OSError:
            await asyncio.sleep(0.02)
    return f"http://127.0.0.1:{port}", stop, task


@asynccontextmanager
async def live_hearth(
    directory: Path, extra_modules: list[str], overrides: dict[str, Any]
) -> AsyncIterator[LiveHearth]:
    """Migrate a scratch database and serve Hearth on a free port until the block ends."""
    from tortoise import Tortoise

    from core import db
    from core.app import build_db_config, create_quart_app
    from core.http import HearthASGI
    from core.plugins import PluginHost
    from core.settings import load_settings

    redis_url = os.environ.get("HEARTH_TEST_REDIS_URL", "")
    async with scratch_database(directory) as database_url:
        settings = load_settings(
            environ={},
            overrides={
                "database.url": database_url,
                "redis.url": redis_url,
                "rate_limits.enabled": False,
                "cdn.directory": str(directory / "cdn"),
                "server.webui_dist": str(directory / "no-webui"),
                "server.instance_key_file": str(directory / "instance.key"),
                **overrides,
            },
        )
        plugins = PluginHost.from_settings(settings, extra_modules)
        config = build_db_config(settings, plugins)
        await db.migrate(config)
        await db.close()
        # db.init() leaves an initialised Tortoise alone; after migrate() it must start afresh
        await Tortoise.init(config=config, _enable_global_fallback=True)
        app = create_quart_app(settings, plugins)
        url, stop, task = await serve_on_free_port(HearthASGI(app, app.extensions["hearth"].gateway.sio))
        try:
            yield LiveHearth(url, app, redis_url)
        finally:
            stop.set()
            await asyncio.wait_for(task, 15)
            await db.close()


# --- the pytest plugin -------------------------------------------------------------------------


def pytest_configure(config: pytest.Config) -> None:
    from core import gcpolicy

    gcpolicy.collect_less_often()


@pytest.fixture(scope="session")
def hearth_plugins() -> list[str]:
    """Plugin modules to load besides the installed ones (override it in your conftest.py)."""
    return []


@pytest.fixture(scope="session")
def hearth_settings() -> dict[str, Any]:
    """Setting overrides by dotted key, e.g. ``{"rate_limits.enabled": True}`` (override it)."""
    return {}


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def hearth_server(
    hearth_plugins: list[str], hearth_settings: dict[str, Any], tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[LiveHearth]:
    async with live_hearth(tmp_path_factory.mktemp("hearth"), hearth_plugins, hearth_settings) as server:
        yield server


@pytest_asyncio.fixture(loop_scope="session")
async def hearth(hearth_server: LiveHearth) -> AsyncIterator[LiveHearth]:
    """The live Hearth, its tables emptied before the test; its sockets closed after."""
    await hearth_server.reset()
    yield hearth_server
    await hearth_server.close_sockets()
