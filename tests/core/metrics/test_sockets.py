"""Sockets on ``/metrics``: open and authenticated sockets, a client's socket message counted by
its event name, and a chat message's event counted as it is fanned out."""

from __future__ import annotations

import asyncio

from core.testing import connect_socket
from tests.core.metrics.helpers import ENABLED, scrape, value
from tests.plugins.messages.helpers import dm_pair, sent


async def test_sockets_and_their_messages_are_counted(start_server):
    server = await start_server(**ENABLED)
    client = server.app.quart.test_client()
    alice, bob, channel_id = await dm_pair(client)
    before = await scrape(client)
    anonymous = await connect_socket(server.url)
    listener = await connect_socket(server.url, bob.token)
    talker = await connect_socket(server.url, alice.token)
    try:
        during = await scrape(client)
        assert value(during, "hearth_sockets_connected") == 3
        assert value(during, "hearth_sockets_authenticated") == 2

        await talker.client.emit("user:update_activity", {"action": "Playing", "name": "Chess", "startedAt": 1})
        await sent(client, alice, channel_id, "counted")
        await listener.wait_for("message:created")
        for _ in range(100):  # the socket message is handled on the server's side after it is sent
            after = await scrape(client)
            if value(after, "hearth_socket_events_received_total", event="user:update_activity") > value(
                before, "hearth_socket_events_received_total", event="user:update_activity"
            ):
                break
            await asyncio.sleep(0.05)

        def grew(name, **labels):
            return value(after, name, **labels) - value(before, name, **labels)

        assert grew("hearth_socket_events_received_total", event="user:update_activity") == 1
        assert grew("hearth_events_emitted_total", event="message:created") == 1
        # user:authenticate is the gateway's own, not a plugin's message: not in this family
        assert grew("hearth_socket_events_received_total", event="user:authenticate") == 0
    finally:
        for probe in (anonymous, listener, talker):
            await probe.close()
    for _ in range(100):
        left = await scrape(client)
        if value(left, "hearth_sockets_connected") == 0:
            break
        await asyncio.sleep(0.05)
    assert value(left, "hearth_sockets_connected") == 0 and value(left, "hearth_sockets_authenticated") == 0
