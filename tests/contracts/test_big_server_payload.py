"""A member of a big server: Hearth's own partial ``user:authenticated`` (``pagedMembers``) costs
the same statements and about the same bytes in a 1,000-member server as in a 100-member one, a
page of its member list the same statements, and the full mode the same statements (its size
grows, as the protocol wants every member)."""

from __future__ import annotations

import asyncio
from typing import Any

import orjson

from tests.contracts.queries import captured_queries, shape
from tests.plugins.servers.crowd import add_members, big_server, people
from tests.support import call, connect_socket

PAGED = {"partial": True, "pagedMembers": True}
ONLINE_SHARE = 10  # one member in ten has a socket open


async def server_of(size: int, prefix: str, url: str) -> tuple[str, Any, list[Any]]:
    """A ``size``-member server, a tenth of it online; its id, a member to measure and the sockets."""
    crowd = await people(size, prefix=prefix)
    server = await big_server(int(crowd[0].id), name="Big")
    await add_members(server.id, [int(p.id) for p in crowd[1:]])
    online = []
    for person in crowd[2::ONLINE_SHARE]:
        probe = await connect_socket(url, None)
        await probe.client.emit("user:authenticate", {"token": person.token, **PAGED})
        await probe.wait_for("user:authenticated")
        online.append(probe)
    return str(server.id), crowd[1], online


async def measured(url: str, token: str, options: dict[str, Any]) -> tuple[list[str], dict[str, Any]]:
    probe = await connect_socket(url, None)
    with captured_queries() as queries:
        await probe.client.emit("user:authenticate", {"token": token, **options})
        payload = await probe.wait_for("user:authenticated")
    await probe.close()
    await asyncio.sleep(0.5)  # the disconnect's hooks run outside the next count
    return queries, payload


async def test_hearths_partial_payload_and_a_member_page_do_not_grow_with_the_server(live_server, live_client):
    small_id, small_member, small_online = await server_of(100, "small", live_server.url)
    big_id, big_member, big_online = await server_of(1000, "large", live_server.url)
    small_queries, small = await measured(live_server.url, small_member.token, PAGED)
    big_queries, big = await measured(live_server.url, big_member.token, PAGED)
    assert shape(big_queries) == shape(small_queries)
    small_bytes, big_bytes = len(orjson.dumps(small)), len(orjson.dumps(big))
    assert abs(big_bytes - small_bytes) < 100, (small_bytes, big_bytes)  # names and ids differ a little
    assert big_bytes < 60_000 and len(big["serverMembers"]) == 1

    pages = []
    for server_id, person in ((small_id, small_member), (big_id, big_member)):
        with captured_queries() as queries:
            status, body = await call(live_client, "GET", f"/api/servers/{server_id}/members", token=person.token)
        assert status == 200 and len(body["members"]) == 50
        pages.append((shape(queries), len(orjson.dumps(body))))
    assert pages[0][0] == pages[1][0]
    assert pages[1][1] < 40_000
    for probe in small_online + big_online:
        await probe.close()


async def test_the_full_payload_of_a_big_server_costs_no_more_statements(live_server):
    small_id, small_member, small_online = await server_of(100, "small", live_server.url)
    big_id, big_member, big_online = await server_of(1000, "large", live_server.url)
    small_queries, small = await measured(live_server.url, small_member.token, {})
    big_queries, big = await measured(live_server.url, big_member.token, {})
    assert len(small["serverMembers"]) == 100 and len(big["serverMembers"]) == 1000
    assert len(big["presences"]) == len(big_online) + 1
    assert shape(big_queries) == shape(small_queries)
    for probe in small_online + big_online:
        await probe.close()
