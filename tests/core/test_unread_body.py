"""An answer that starts before its request body has arrived (core/unread_body.py): over a real
socket, the client gets the JSON answer and can reuse the connection; a body too large to wait
for gets ``Connection: close`` and the answer all the same."""

import asyncio

import pytest
from quart import Blueprint, request

from core.errors import ApiError
from tests.core.raw_http import RawConnection, chunked

MIB = 1024 * 1024


def refusing_app(make_app, **overrides):
    """Hearth plus ``POST /api/test/refuse-early``, which answers 403 without reading its body;
    ``app.reached`` is set once the route has run (the client's barrier)."""
    reached = asyncio.Event()
    blueprint = Blueprint("refuse_early", __name__)

    @blueprint.post("/api/test/refuse-early")
    async def refuse_early():
        reached.set()
        raise ApiError(403, "Not for you.")

    @blueprint.post("/api/test/echo-length")
    async def echo_length():
        return {"length": len(await request.get_data())}

    app = make_app(**overrides)
    app.register_blueprint(blueprint)
    app.reached = reached
    return app


@pytest.mark.parametrize("coding", ["content-length", "chunked"])
async def test_an_early_answer_waits_for_the_body_and_the_connection_stays_usable(make_app, start_server, coding):
    app = refusing_app(make_app)
    server = await start_server(quart_app=app)
    payload = b"x" * (4 * MIB)
    if coding == "chunked":
        headers, body = {"Transfer-Encoding": "chunked"}, chunked(payload)
    else:
        headers, body = {"Content-Length": str(len(payload))}, payload
    connection = await RawConnection.open(server.url)
    try:
        await connection.send(connection.head("POST", "/api/test/refuse-early", headers) + body[:MIB])
        await app.reached.wait()  # the route has answered; the rest of the body is still to come
        await connection.send(body[MIB:])
        refused = await connection.response()
        assert (refused.status, refused.json()) == (403, {"message": "Not for you.", "path": None})
        assert refused.headers.get("connection") != "close"
        # the same connection serves the next requests, with and without a body
        follow_up = await connection.request("GET", "/api/plugins")
        assert follow_up.status == 200 and "plugins" in follow_up.json()
        await connection.send(
            connection.head("POST", "/api/test/echo-length", {"Content-Length": "5", "Content-Type": "text/plain"})
            + b"hello"
        )
        echoed = await connection.response()
        assert (echoed.status, echoed.json()) == (200, {"length": 5})
    finally:
        await connection.close()


async def test_a_body_over_the_bound_gets_its_answer_with_connection_close(make_app, start_server):
    # the bound is the largest request Hearth accepts: max_upload_mb + 1 MiB
    app = refusing_app(make_app, **{"cdn.max_upload_mb": 1})
    server = await start_server(quart_app=app)
    connection = await RawConnection.open(server.url)
    try:
        await connection.send(
            connection.head("POST", "/api/test/refuse-early", {"Content-Length": str(64 * MIB)}) + b"x" * MIB
        )
        refused = await connection.response()  # at once: nobody waits for 64 MiB
        assert (refused.status, refused.json()) == (403, {"message": "Not for you.", "path": None})
        assert refused.headers["connection"] == "close"
    finally:
        await connection.close()
    # the server itself is fine
    fresh = await RawConnection.open(server.url)
    try:
        assert (await fresh.request("GET", "/api/plugins")).status == 200
    finally:
        await fresh.close()


async def test_requests_read_in_full_are_untouched(make_app, start_server):
    app = refusing_app(make_app)
    server = await start_server(quart_app=app)
    connection = await RawConnection.open(server.url)
    try:
        for _ in range(3):
            await connection.send(
                connection.head("POST", "/api/test/echo-length", {"Content-Length": str(2 * MIB)}) + b"y" * (2 * MIB)
            )
            echoed = await connection.response()
            assert (echoed.status, echoed.json()) == (200, {"length": 2 * MIB})
            assert echoed.headers.get("connection") != "close"
    finally:
        await connection.close()


async def test_an_answer_from_in_front_of_quart_that_never_reads_the_body(live_server):
    # /api/health answers in front of Quart, whose body reader then never runs: the rest of the
    # body is read here all the same
    connection = await RawConnection.open(live_server.url)
    try:
        for _ in range(2):
            await connection.send(
                connection.head("GET", "/api/health", {"Content-Length": str(2 * MIB)}) + b"z" * (2 * MIB)
            )
            health = await connection.response()
            assert health.status == 200 and health.json()["status"] == "ok"
            assert health.headers.get("connection") != "close"
    finally:
        await connection.close()
