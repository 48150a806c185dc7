"""The ``user:authenticated`` payload is built in a fixed number of queries: a user with more
friends, direct messages and servers costs the same number of round trips (no N+1)."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.contracts.queries import captured_queries, shape
from tests.plugins.messages.helpers import member, open_dm, sent
from tests.plugins.servers.helpers import community, join
from tests.support import call, connect_socket


async def befriend(client: Any, me: Any, other: Any) -> None:
    status, body = await call(
        client, "POST", "/api/friends/add", {"username": other.username, "tag": other.tag}, token=me.token
    )
    assert status == 200, body
    status, body = await call(client, "POST", f"/api/friends/{me.id}", token=other.token)
    assert status == 200, body


async def user_with(client: Any, count: int) -> Any:
    me = await member()
    for _ in range(count):
        other = await member()
        await befriend(client, me, other)
        await sent(client, me, await open_dm(client, me, other), "hello")
        place = await community(client)
        await join(client, place, me)
    return me


async def queries_to_authenticate(url: str, token: str) -> tuple[list[str], dict[str, Any]]:
    with captured_queries() as queries:
        probe = await connect_socket(url, token)
    payload = probe.received("user:authenticated")[0]
    await probe.close()
    await asyncio.sleep(0.5)  # let the disconnect hooks (last online time, presence) finish outside the count
    return queries, payload


async def test_more_friends_dms_and_servers_cost_no_more_queries(live_server, live_client):
    light, heavy = await user_with(live_client, 1), await user_with(live_client, 4)
    light_queries, light_payload = await queries_to_authenticate(live_server.url, light.token)
    heavy_queries, heavy_payload = await queries_to_authenticate(live_server.url, heavy.token)
    assert len(heavy_payload["friends"]) == 4 and len(heavy_payload["inbox"]) == 4
    assert len(heavy_payload["servers"]) == 4 and len(light_payload["servers"]) == 1
    assert shape(heavy_queries) == shape(light_queries)
