"""Passive delivery with two server processes sharing the database and Redis: the socket is on
one, the messages are sent through the other; each process decides for its own sockets."""

import asyncio

import aiohttp
import pytest

from tests.conftest import REDIS_URL, needs_redis
from tests.plugins.messages.passive_helpers import client_view, full_messages, mentions_only, passive_socket, view
from tests.plugins.servers.helpers import community, join, ok
from tests.support import connect_socket, start_process


@pytest.fixture
async def two_servers(database_url):
    started = [await start_process(database_url, REDIS_URL) for _ in range(2)]
    yield [url for _, url in started]
    for process, _ in started:
        process.terminate()
        process.wait(60)  # a loaded machine may take a while to drain


async def post(http, url, person, channel_id, content):
    async with http.post(
        f"{url}/api/channels/{channel_id}/messages", json={"content": content}, headers={"Authorization": person.token}
    ) as response:
        assert response.status == 200, await response.text()
        return await response.json()


async def history(http, url, person, channel_id):
    async with http.get(
        f"{url}/api/channels/{channel_id}/messages?limit=50", headers={"Authorization": person.token}
    ) as response:
        assert response.status == 200, await response.text()
        return await response.json()


async def until(probe, condition):
    async def wait():
        while not condition():
            probe._arrived.clear()
            await probe._arrived.wait()

    await asyncio.wait_for(wait(), 15)


@needs_redis
async def test_a_passive_socket_on_one_process_hears_messages_sent_through_another(client, two_servers):
    first, second = two_servers
    place = await community(client)
    other = await ok(client, "POST", f"/api/servers/{place.id}/channels", {"name": "second"}, place.owner.token)
    quiet = other["id"]
    alice = await join(client, place)
    await mentions_only(client, alice, place.id)
    passive = await passive_socket(first, alice, viewing=place.general)
    protocol = await connect_socket(second, alice.token)
    try:
        async with aiohttp.ClientSession() as http:
            plain = [await post(http, second, place.owner, quiet, f"plain {n}") for n in range(3)]
            named = await post(http, second, place.owner, quiet, f"[@:{alice.id}] look")
            shown = await post(http, second, place.owner, place.general, "on screen")
            await until(
                passive, lambda: any(s["message"]["id"] == plain[-1]["id"] for s in passive.received("hearth:activity"))
            )
            await until(protocol, lambda: len(protocol.received("message:created")) == 5)
            await until(passive, lambda: len(passive.received("message:created")) == 2)

            assert {m["id"] for m in full_messages(passive, quiet)} == {named["id"]}
            assert [m["id"] for m in full_messages(passive, place.general)] == [shown["id"]]
            assert client_view(passive, alice.id)[quiet] == client_view(protocol, alice.id)[quiet]
            assert client_view(passive, alice.id)[quiet]["mentions"] == 1
            assert protocol.received("hearth:activity") == []

            async def traffic():
                return [(await post(http, second, place.owner, quiet, f"m{n}"))["id"] for n in range(8)]

            sending = asyncio.create_task(traffic())
            answered = await view(passive, quiet)
            loaded = await history(http, first, alice, quiet)
            sent_ids = await sending
            await until(protocol, lambda: len(protocol.received("message:created")) == 13)
            await until(
                passive,
                lambda: (
                    {m["id"] for m in loaded} | {m["id"] for m in full_messages(passive, quiet, answered)}
                    >= set(sent_ids)
                ),
            )
            assert {m["id"] for m in plain} <= {m["id"] for m in loaded}
    finally:
        await passive.close()
        await protocol.close()
