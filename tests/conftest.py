"""Test harness. SQLite by default; PostgreSQL and Redis when HEARTH_TEST_DATABASE_URL and
HEARTH_TEST_REDIS_URL are set (CI sets both). Migrations run once per process, in a subprocess,
exactly as ``hearth migrate`` does (or once per run, copied: tests/workers.py); each test then
starts from empty tables.

Tests run in parallel processes (pytest-xdist), each with a database and a Redis database of its own
(tests/workers.py); tests marked ``serial`` run afterwards, alone (``make test`` runs both passes).
Passwords are hashed at argon2id's lowest cost: the production cost, paid for every person a test
makes, was a third of the suite's time (tests/core/test_password_cost.py keeps the real one honest)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import traceback
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from quart import Quart
from quart.testing.app import TestApp

from core import db, gcpolicy
from core.app import build_db_config, create_app, create_quart_app
from core.identity import passwords
from core.plugins import PluginHost, discover, with_dependents
from core.settings import ROOT, Settings, load_settings
from core.testing import clear_tables, serve_on_free_port
from tests import parallel, timeline, watchdog, workers
from tests.support import SocketProbe, connect_socket, free_port

BASE_DATABASE_URL = os.environ.get("HEARTH_TEST_DATABASE_URL", "")
DATABASE_URL, REDIS_URL = workers.set_up(BASE_DATABASE_URL, os.environ.get("HEARTH_TEST_REDIS_URL", ""))
# argon2id at its cheapest (the library's minimum memory); child processes (`hearth serve` in
# tests) inherit it through the environment.
CHEAP_PASSWORD_HASHING = {"auth.argon2_time_cost": 1, "auth.argon2_memory_kib": 8, "auth.argon2_parallelism": 1}
os.environ.update({"HEARTH_AUTH_ARGON2_TIME_COST": "1", "HEARTH_AUTH_ARGON2_MEMORY_KIB": "8"})
# Browser tests serve this build of the web UI (default webui/dist; several checkouts or
# parallel builds can point elsewhere).
WEBUI_DIST = os.environ.get("HEARTH_TEST_WEBUI_DIST", "webui/dist")


def pytest_configure(config: pytest.Config) -> None:
    gcpolicy.collect_less_often()  # as core.testing does for plugin authors: full collections were 15% of a run
    if workers.WORKER:
        parallel.guard_ports()
    workers.migrate_template(BASE_DATABASE_URL, config.getoption("numprocesses", default=None))
    watchdog.start()


def pytest_unconfigure(config: pytest.Config) -> None:
    workers.tear_down(BASE_DATABASE_URL)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    parallel.mark_tiers(items)


def pytest_runtest_logstart(nodeid: str) -> None:
    watchdog.test_started(nodeid)


def pytest_runtest_logfinish() -> None:
    watchdog.test_finished()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Any:
    timeline.test_started(item.nodeid)  # only where the test runs (a worker), not where xdist reports it
    yield
    timeline.test_finished(item.nodeid)


needs_redis = pytest.mark.skipif(not REDIS_URL, reason="needs HEARTH_TEST_REDIS_URL (CI sets it)")


@pytest.fixture(scope="session")
def database_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    if DATABASE_URL:
        return DATABASE_URL
    return f"sqlite://{tmp_path_factory.mktemp('db') / 'hearth.sqlite3'}"


@pytest.fixture(scope="session")
def base_settings(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Settings:
    return load_settings(
        environ={},
        overrides={
            "database.url": database_url,
            "redis.url": REDIS_URL,
            "rate_limits.enabled": False,
            **CHEAP_PASSWORD_HASHING,
            "cdn.directory": str(tmp_path_factory.mktemp("cdn")),
            "server.public_url": "http://hearth.test",
            "server.webui_dist": WEBUI_DIST,
            "server.instance_key_file": str(tmp_path_factory.mktemp("keys") / "instance.key"),
        },
    )


@pytest.fixture(scope="session")
async def database(base_settings: Settings, request: pytest.FixtureRequest) -> AsyncIterator[dict[str, Any]]:
    if watchdog.last_teardown:  # has happened once in a hundred runs, and then hung: say why if it does
        watchdog.say(f"=== the session's database is set up again for {request.node.nodeid}; torn down at:")
        watchdog.say(watchdog.last_teardown[-1])
    watchdog.watch_loop(asyncio.get_running_loop())
    if not workers.copy_sqlite_template(base_settings.database.url):
        env = {**os.environ, "HEARTH_DATABASE_URL": base_settings.database.url}
        result = subprocess.run(
            [sys.executable, "-m", "core", "migrate"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
        )
        assert result.returncode == 0, result.stderr
    config = build_db_config(base_settings, PluginHost.from_settings(base_settings))
    connection = config["connections"]["default"]
    if "sqlite" not in connection["engine"]:  # PostgreSQL
        # This pool outlives every app of the run. asyncpg's idle timers (a connection's inactive
        # lifetime, a cached statement's) keep the context of the request that last used them, an
        # app context, so each kept its app alive for five minutes: off here, not in Hearth.
        connection["credentials"].update(max_inactive_connection_lifetime=0, max_cached_statement_lifetime=0)
    await db.init(config)
    passwords.configure(base_settings)  # tests.support.person hashes outside any app
    yield config
    watchdog.last_teardown.append("".join(traceback.format_stack()))
    await db.close()


@pytest.fixture(autouse=True)
async def clean_state(database: dict[str, Any]) -> AsyncIterator[None]:
    watchdog.watch_loop(asyncio.get_running_loop())
    await clear_tables(REDIS_URL)
    yield


@pytest.fixture
def settings(base_settings: Settings) -> Settings:
    return base_settings


class PatientTestApp(TestApp):
    """Quart's test app gives start-up and shut-down 6 s: too little on a machine whose cores are busy."""

    def __init__(self, app: Quart, startup_timeout: int = 60, shutdown_timeout: int = 60) -> None:
        super().__init__(app, startup_timeout, shutdown_timeout)


Quart.test_app_class = PatientTestApp


@pytest.fixture
def make_app(settings: Settings) -> Callable[..., Any]:
    """Build a Quart app with dotted-key overrides: ``make_app(**{"rate_limits.enabled": True})``."""

    def build(**overrides: Any) -> Any:
        return create_quart_app(settings.with_overrides(overrides) if overrides else settings)

    return build


@pytest.fixture
async def app(make_app: Callable[..., Any]) -> AsyncIterator[Any]:
    quart_app = make_app()
    async with quart_app.test_app():
        yield quart_app


@pytest.fixture
def client(app: Any) -> Any:
    return app.test_client()


class LiveServer:
    def __init__(self, url: str, app: Any):
        self.url = url
        self.app = app  # the HearthASGI app; .quart is the Quart app


@pytest.fixture
async def start_server(settings: Settings) -> AsyncIterator[Callable[..., Any]]:
    """Start real hypercorn servers on free ports: ``server = await start_server(**overrides)``, or
    ``start_server(quart_app=app)`` for an app built by the test (its own plugin set)."""
    stops: list[tuple[asyncio.Event, asyncio.Task]] = []

    async def start(quart_app: Any = None, **overrides: Any) -> LiveServer:
        if quart_app is not None:
            from core.http import HearthASGI

            asgi = HearthASGI(quart_app, quart_app.extensions["hearth"].gateway.sio)
        else:
            asgi = create_app(settings.with_overrides(overrides) if overrides else settings)
        url, stop, task = await serve_on_free_port(asgi)
        stops.append((stop, task))
        return LiveServer(url, asgi)

    yield start
    for stop, _ in stops:
        stop.set()
    for _, task in stops:
        # hypercorn's shutdown waits up to its graceful timeout (3 s) for open connections; cancelled
        # while it waits, it raises InvalidStateError from its own cleanup: a busy machine needs time.
        await asyncio.wait_for(task, 60)


@pytest.fixture
async def live_server(start_server: Callable[..., Any]) -> LiveServer:
    return await start_server()


@pytest.fixture
def smtp_server() -> Any:
    """A real SMTP server on a free port; ``smtp_server.inbox`` holds what it received and
    ``smtp_server.overrides`` are the settings that point Hearth at it."""
    from aiosmtpd.controller import Controller

    from tests.support import Inbox

    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    controller.inbox = inbox
    controller.overrides = {"mail.smtp_host": "127.0.0.1", "mail.smtp_port": port, "mail.smtp_security": "none"}
    yield controller
    controller.stop()


# Realtime tests call the REST API through ``live_client``: the Quart app *inside* the live
# server, so its emits and kicks reach the sockets connected to that server with or without
# Redis. ``sockets`` opens authenticated Socket.IO clients and closes them after the test.
@pytest.fixture
def live_client(live_server: Any) -> Any:
    return live_server.app.quart.test_client()


@pytest.fixture
async def sockets(live_server: Any) -> AsyncIterator[Callable[..., Any]]:
    opened: list[SocketProbe] = []

    async def open_socket(token: str | None = None, authenticate: bool = True) -> SocketProbe:
        probe = await connect_socket(live_server.url, token, authenticate=authenticate)
        opened.append(probe)
        return probe

    yield open_socket
    for probe in opened:
        await probe.close()


class LiveWithout:
    """A live server running without some plugins: ``client`` calls it, ``socket(token)`` opens an
    authenticated Socket.IO client (closed after the test)."""

    def __init__(self, server: LiveServer):
        self.url = server.url
        self.client = server.app.quart.test_client()
        self.probes: list[SocketProbe] = []

    async def socket(self, token: str) -> SocketProbe:
        probe = await connect_socket(self.url, token)
        self.probes.append(probe)
        return probe


@pytest.fixture
async def live_without(start_server: Callable[..., Any]) -> AsyncIterator[Callable[..., Any]]:
    """``live = await live_without("servers")``: ``client_without`` for realtime tests."""
    made: list[LiveWithout] = []

    async def build(*plugin_ids: str) -> LiveWithout:
        live = LiveWithout(await start_server(**{"plugins.disabled": with_dependents(discover(), plugin_ids)}))
        made.append(live)
        return live

    yield build
    for live in made:
        for probe in live.probes:
            await probe.close()


@pytest.fixture
async def client_without(make_app: Callable[..., Any]) -> AsyncIterator[Callable[..., Any]]:
    """``client = await client_without("friends", "social")``: a test client of an app running
    without those plugins and whatever hard-requires them (soft dependencies, the plugin matrix)."""
    apps: list[Any] = []

    async def build(*plugin_ids: str) -> Any:
        quart_app = make_app(**{"plugins.disabled": with_dependents(discover(), plugin_ids)})
        await quart_app.startup()
        apps.append(quart_app)
        return quart_app.test_client()

    yield build
    for quart_app in apps:
        await quart_app.shutdown()
