"""Upgrade canaries: one test per library whose private parts a fast path (core/fastpath) uses.
After a version bump, a failure here names the attribute that went and the fast path to adapt;
``HEARTH_PERFORMANCE_FAST_PATHS=false`` keeps the server on the libraries' own paths meanwhile."""

from __future__ import annotations

import engineio
import socketio
from engineio.async_drivers import asgi as engineio_asgi
from engineio.async_socket import AsyncSocket
from hypercorn.asyncio.tcp_server import TCPServer
from hypercorn.protocol.h11 import H11Protocol
from hypercorn.protocol.ws_stream import WSStream
from tortoise import Tortoise
from tortoise.backends.asyncpg.client import AsyncpgDBClient, TransactionWrapper
from tortoise.backends.base_postgres.client import BasePostgresClient

from core.identity.models import Session
from tests.core.fastpath.canary import gone, has, sets


def test_hypercorn_still_leads_from_a_websocket_send_to_its_transport():
    # core.fastpath.wsdirect.find_transport: app_send.__self__ → .send.__self__ → .send.__self__ → .writer
    has("hypercorn", WSStream, "app_send", "wsdirect")
    sets("hypercorn", WSStream, "send", "wsdirect")
    has("hypercorn", H11Protocol, "stream_send", "wsdirect")
    sets("hypercorn", H11Protocol, "send", "wsdirect")
    has("hypercorn", TCPServer, "protocol_send", "wsdirect")
    sets("hypercorn", TCPServer, "writer", "wsdirect")


def test_python_engineio_still_has_the_parts_the_fast_paths_replace_or_read():
    server = engineio.AsyncServer(async_mode="asgi")
    has("python-engineio", server, "_async", "wsdirect")
    if "websocket" not in server._async:
        gone("python-engineio", "AsyncServer._async['websocket']", "wsdirect")
    has("python-engineio", engineio_asgi, "WebSocket", "wsdirect")
    has("python-engineio", server, "create_queue", "leansocket")
    socket = AsyncSocket(server, "canary")
    for attribute in ("queue", "upgrading", "closed", "closing", "last_ping"):
        has("python-engineio", socket, attribute, "fanout" if attribute in ("queue", "upgrading") else "leansocket")
    for method in ("poll", "close", "schedule_ping", "send"):
        has("python-engineio", AsyncSocket, method, "leansocket")


def test_python_socketio_still_has_the_parts_the_fast_paths_override_or_read():
    has("python-socketio", socketio.AsyncServer, "_handle_eio_connect", "leansocket")
    manager = socketio.AsyncManager()
    for attribute in ("rooms", "get_participants", "server"):
        has("python-socketio", manager, attribute, "fanout")
    has("python-socketio", socketio.AsyncServer(async_mode="asgi"), "packet_class", "fanout")


def test_tortoise_still_has_the_parts_the_fast_paths_use():
    has("tortoise-orm", Tortoise, "_reset_apps", "reset_apps")
    has("tortoise-orm", AsyncpgDBClient, "_translate_exceptions", "pgclient")
    sets("tortoise-orm", BasePostgresClient, "_pool_init_lock", "pgclient")
    sets("tortoise-orm", BasePostgresClient, "_pool", "pgclient")
    sets("tortoise-orm", TransactionWrapper, "_parent", "pgclient")
    has("tortoise-orm", AsyncpgDBClient, "create_pool", "pgclient")


async def test_tortoise_querysets_still_hold_what_prepared_lookups_read(client):
    queryset = Session.filter(id=1).select_related("user").first()
    for attribute in (
        "_prefetch_map",
        "_prefetch_queries",
        "_db",
        "_make_query",
        "_select_related_idx",
        "_annotations",
        "_single",
        "_raise_does_not_exist",
        "model",
    ):
        has("tortoise-orm", queryset, attribute, "prepared")
    db = Session._meta.db
    executor = db.executor_class(model=Session, db=db)
    for attribute in ("regular_columns_all", "insert_query_all", "execute_select"):
        has("tortoise-orm", executor, attribute, "prepared")
    has("tortoise-orm", Session(), "_saved_in_db", "prepared")
