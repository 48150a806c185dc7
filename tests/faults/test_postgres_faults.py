"""PostgreSQL cut, restarted or slow (issue 16 items 2 and 4): requests that cannot reach it
answer 503 ``{message, path: null}`` with ``Retry-After`` — never 500 —, the pool recovers by
itself, reads on a killed connection are retried, and no acknowledged write is lost.

Connections are cut with ``pg_terminate_backend`` (this test database's own backends only) or
through a TCP proxy in front of PostgreSQL; the shared server itself is never stopped."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from plugins.messages.models import Message
from tests.conftest import DATABASE_URL
from tests.faults.services import TcpProxy, assert_no_server_errors, postgres_port, through, wait_until
from tests.plugins.messages.helpers import member, send
from tests.plugins.servers.helpers import community
from tests.support import call, connect_socket, new_person

pytestmark = pytest.mark.skipif(
    not DATABASE_URL.startswith("postgres"),
    reason="connections to cut, backends to terminate: PostgreSQL only (SQLite is a file)",
)
UNAVAILABLE = {"message": "The service is temporarily unavailable. Try again shortly.", "path": None}


async def _terminate_others(connection: asyncpg.Connection) -> int:
    return await connection.fetchval(
        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
        " WHERE datname = current_database() AND pid <> pg_backend_pid()"
    )


async def test_messages_acknowledged_during_terminate_storms_are_all_stored(client):
    place = await community(client)
    killer = await asyncpg.connect(DATABASE_URL)
    acked: list[str] = []
    refused: list[tuple[int, object]] = []
    terminated = 0
    stop = asyncio.Event()

    async def storm() -> None:
        nonlocal terminated
        while not stop.is_set():
            terminated += await _terminate_others(killer)
            await asyncio.sleep(0.2)

    async def sender(n: int) -> None:
        for i in range(20):
            status, body = await send(client, place.owner, place.general, f"{n}-{i}")
            if status == 200:
                acked.append(body["id"])
            else:
                refused.append((status, body))

    storming = asyncio.create_task(storm())
    try:
        await asyncio.gather(*(sender(n) for n in range(4)))
    finally:
        stop.set()
        await storming
        await killer.close()
    assert terminated > 0 and acked  # the pool kept recovering between the storms
    assert all(status == 503 and body == UNAVAILABLE for status, body in refused), refused[:3]
    status, body = await send(client, place.owner, place.general, "after the storm")
    assert status == 200, body
    acked.append(body["id"])
    stored = set(await Message.filter(id__in=[int(i) for i in acked]).values_list("id", flat=True))
    assert stored == {int(i) for i in acked}


async def test_a_read_on_a_killed_connection_is_retried_on_a_fresh_one(client):
    person = await new_person()
    killer = await asyncpg.connect(DATABASE_URL)
    try:
        for _ in range(5):
            assert await _terminate_others(killer) >= 0
            status, body = await call(client, "GET", "/api/users", token=person.token)
            assert status == 200, body
    finally:
        await killer.close()


@pytest.fixture
async def proxied(workers, database_url):
    """One worker whose every database connection goes through a proxy the test controls."""
    proxy = TcpProxy(postgres_port(database_url))
    await proxy.start()
    yield proxy, workers
    await proxy.close()


async def test_a_database_outage_answers_503_and_the_pool_recovers_by_itself(proxied, database_url):
    proxy, workers = proxied
    ((worker, api),) = await workers(
        1, database=through(database_url, proxy), HEARTH_DATABASE_CONNECT_TIMEOUT_SECONDS="2"
    )
    place = await community(api)

    await proxy.cut()
    for method, path, body in (
        ("GET", "/api/users", None),
        ("POST", f"/api/channels/{place.general}/messages", {"content": "lost?"}),
    ):
        response = await api.open(path, method=method, json=body, headers={"Authorization": place.owner.token})
        assert response.status_code == 503
        assert await response.get_json() == UNAVAILABLE
        assert response.headers["Retry-After"] == "5"
    probe = await connect_socket(worker.url)  # a socket that authenticates now is asked to come back
    await probe.client.emit("user:authenticate", {"token": place.owner.token})
    await probe.wait_disconnected(timeout=10)
    assert probe.received("user:authenticate_error") == []

    await proxy.restore()
    await wait_until(lambda: _answers(api, place.owner.token), timeout=15, what="the pool to recover")
    status, sent = await send(api, place.owner, place.general, "back")
    assert status == 200, sent
    assert_no_server_errors(worker)


async def _answers(api, token: str) -> bool:
    status, _ = await call(api, "GET", "/api/users", token=token)
    assert status in (200, 503), status
    return status == 200


async def test_a_slow_database_is_slower_and_a_stuck_one_answers_503(proxied, database_url):
    proxy, workers = proxied
    proxy.delay = 0.01
    ((worker, api),) = await workers(
        1,
        database=through(database_url, proxy),
        HEARTH_DATABASE_QUERY_TIMEOUT_SECONDS="1",
        HEARTH_DATABASE_POOL_TIMEOUT_SECONDS="2",
    )
    sender = await member()
    status, body = await call(api, "GET", "/api/users", token=sender.token)
    assert status == 200, body  # slower, not failing

    proxy.delay = 1.5  # every statement now outlasts the one-second time-out
    status, body = await call(api, "GET", "/api/users", token=sender.token)
    assert (status, body) == (503, UNAVAILABLE)

    proxy.delay = 0.0
    await wait_until(lambda: _answers(api, sender.token), timeout=20, what="the database to answer in time again")
    assert_no_server_errors(worker)
