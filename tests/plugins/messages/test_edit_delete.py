"""PATCH and DELETE /channels/:channelId/messages/:messageId (rest.md §3.8–3.9)."""

import asyncio

from tests.plugins.messages.helpers import dm_pair, error, member, sent
from tests.support import call


async def test_editing_changes_content_and_tells_both_sides(live_client, sockets):
    alice, bob, channel_id = await dm_pair(live_client)
    message = await sent(live_client, alice, channel_id, "helo")
    alice_socket, bob_socket = await sockets(alice.token), await sockets(bob.token)
    status, edited = await call(
        live_client,
        "PATCH",
        f"/api/channels/{channel_id}/messages/{message['id']}",
        {"content": "hello"},
        token=alice.token,
    )
    assert status == 200 and edited["content"] == "hello" and edited["editedAt"] is not None
    for probe in (alice_socket, bob_socket):
        update = await probe.wait_for("message:updated")
        assert update["messageId"] == message["id"] and update["updated"]["content"] == "hello"


async def test_an_edit_with_unchanged_content_does_nothing(live_client, sockets):
    alice, bob, channel_id = await dm_pair(live_client)
    message = await sent(live_client, alice, channel_id, "same")
    bob_socket = await sockets(bob.token)
    status, body = await call(
        live_client,
        "PATCH",
        f"/api/channels/{channel_id}/messages/{message['id']}",
        {"content": "same"},
        token=alice.token,
    )
    assert status == 200 and body["editedAt"] is None
    await sent(live_client, alice, channel_id, "barrier")
    await bob_socket.wait_for("message:created")
    assert bob_socket.received("message:updated") == []


async def test_only_the_author_may_edit(client):
    alice, bob, channel_id = await dm_pair(client)
    message = await sent(client, alice, channel_id, "mine")
    path = f"/api/channels/{channel_id}/messages/{message['id']}"
    assert await call(client, "PATCH", path, {"content": "yours"}, token=bob.token) == (
        400,
        error("Message does not exist or is not created by you."),
    )
    assert await call(client, "PATCH", path, {}, token=alice.token) == (400, error("content or htmlEmbed is required."))
    assert await call(client, "PATCH", path, {"content": "x" * 2001}, token=alice.token) == (
        400,
        error("Content length must be between 1 and 2000 characters.", "content"),
    )


async def test_deleting_your_own_message_tells_both_sides(live_client, sockets):
    alice, bob, channel_id = await dm_pair(live_client)
    message = await sent(live_client, alice, channel_id, "oops")
    alice_socket, bob_socket = await sockets(alice.token), await sockets(bob.token)
    path = f"/api/channels/{channel_id}/messages/{message['id']}"
    assert await call(live_client, "DELETE", path, token=bob.token) == (
        403,
        error("Only the creator of the message can delete this message!"),
    )
    assert await call(live_client, "DELETE", path, token=alice.token) == (200, {"message": "Message deleted!"})
    expected = {"channelId": channel_id, "messageId": message["id"], "deletedAttachmentCount": 0}
    assert await alice_socket.wait_for("message:deleted") == expected
    assert await bob_socket.wait_for("message:deleted") == expected
    assert await call(live_client, "DELETE", path, token=alice.token) == (404, error("Message not found!"))


async def test_outsiders_cannot_edit_or_delete(client):
    alice, _, channel_id = await dm_pair(client)
    message = await sent(client, alice, channel_id, "private")
    eve = await member()
    path = f"/api/channels/{channel_id}/messages/{message['id']}"
    assert await call(client, "DELETE", path, token=eve.token) == (403, error("You are not a member of this channel."))
    assert await call(client, "PATCH", path, {"content": "x"}, token=eve.token) == (
        403,
        error("You are not a member of this channel."),
    )
    await asyncio.sleep(0)
