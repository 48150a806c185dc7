"""Typing, mark-unread, notification:dismiss and unread counters (rest.md §3.10, §3.16;
realtime.md §4.2)."""

import asyncio

from plugins.messages.models import MentionCounter
from tests.plugins.messages.helpers import dm_pair, error, member, sent
from tests.support import call


async def test_typing_reaches_the_other_participant_only(live_client, sockets):
    alice, bob, channel_id = await dm_pair(live_client)
    alice_socket, bob_socket = await sockets(alice.token), await sockets(bob.token)
    eve = await member()
    eve_socket = await sockets(eve.token)
    response = await live_client.post(f"/api/channels/{channel_id}/typing", headers={"Authorization": alice.token})
    assert response.status_code == 204
    assert await bob_socket.wait_for("channel:typing") == {"userId": alice.id, "channelId": channel_id}
    await sent(live_client, alice, channel_id, "barrier")
    await alice_socket.wait_for("message:created")
    assert alice_socket.received("channel:typing") == [] and eve_socket.received("channel:typing") == []
    assert await call(live_client, "POST", f"/api/channels/{channel_id}/typing", token=eve.token) == (
        403,
        error("You are not a member of this channel."),
    )


async def test_each_dm_message_counts_as_a_mention_until_dismissed(live_client, sockets):
    alice, bob, channel_id = await dm_pair(live_client)
    for text in ("one", "two"):
        await sent(live_client, alice, channel_id, text)
    counter = await MentionCounter.get(user_id=int(bob.id), channel_id=int(channel_id))
    assert counter.count == 2 and counter.mentioned_by_id == int(alice.id)
    assert not await MentionCounter.exists(user_id=int(alice.id))
    bob_tab, bob_phone, alice_socket = await sockets(bob.token), await sockets(bob.token), await sockets(alice.token)
    await bob_tab.client.emit("notification:dismiss", {"channelId": channel_id})
    assert await bob_tab.wait_for("notification:dismissed") == {"channelId": channel_id}
    assert await bob_phone.wait_for("notification:dismissed") == {"channelId": channel_id}
    assert not await MentionCounter.exists(user_id=int(bob.id))
    await asyncio.sleep(0.1)
    assert alice_socket.received("notification:dismissed") == []


async def test_dismiss_is_ignored_for_channels_you_cannot_see(live_client, sockets):
    alice, _, channel_id = await dm_pair(live_client)
    await sent(live_client, alice, channel_id, "hi")
    eve = await member()
    eve_socket = await sockets(eve.token)
    await eve_socket.client.emit("notification:dismiss", {"channelId": channel_id})
    await eve_socket.client.emit("notification:dismiss", "garbage")
    await asyncio.sleep(0.2)
    assert eve_socket.received("notification:dismissed") == []
    assert eve_socket.client.connected


async def test_mark_unread_answers_the_upstream_tuple_and_tells_your_devices(live_client, sockets):
    alice, bob, channel_id = await dm_pair(live_client)
    message = await sent(live_client, alice, channel_id, "read me later")
    bob_socket, alice_socket = await sockets(bob.token), await sockets(alice.token)
    await bob_socket.client.emit("notification:dismiss", {"channelId": channel_id})
    await bob_socket.wait_for("notification:dismissed")
    status, body = await call(
        live_client, "POST", f"/api/channels/{channel_id}/messages/{message['id']}/mark-unread", token=bob.token
    )
    assert (status, body) == (200, [True, None])
    assert await bob_socket.wait_for("message:mark_unread") == {"channelId": channel_id, "at": message["createdAt"] - 1}
    assert (await MentionCounter.get(user_id=int(bob.id), channel_id=int(channel_id))).count == 1
    status, body = await call(
        live_client, "POST", f"/api/channels/{channel_id}/messages/1/mark-unread", token=bob.token
    )
    assert (status, body) == (200, [False, error("Message not found!")])
    await asyncio.sleep(0.1)
    assert alice_socket.received("message:mark_unread") == []
