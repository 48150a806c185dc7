"""Pins (rest.md §3.3–3.5) and reactions (§3.11–3.13) in a DM."""

import asyncio
from urllib.parse import quote

from tests.plugins.messages.helpers import dm_pair, error, member, sent
from tests.support import call


async def test_pinning_flags_the_message_and_posts_a_system_message(live_client, sockets):
    alice, bob, channel_id = await dm_pair(live_client)
    message = await sent(live_client, alice, channel_id, "remember this")
    bob_socket = await sockets(bob.token)
    path = f"/api/channels/{channel_id}/messages/pins/{message['id']}"
    assert await call(live_client, "POST", path, token=bob.token) == (200, {"status": True})
    assert await bob_socket.wait_for("message:updated") == {
        "channelId": channel_id,
        "messageId": message["id"],
        "updated": {"pinned": True},
    }
    system = (await bob_socket.wait_for("message:created"))["message"]
    assert system["type"] == 7 and system["createdBy"]["id"] == bob.id and system["content"] == ""
    status, pins = await call(live_client, "GET", f"/api/channels/{channel_id}/messages/pins", token=alice.token)
    assert status == 200 and [m["id"] for m in pins["messages"]] == [message["id"]]
    assert await call(live_client, "POST", path, token=bob.token) == (400, error("Message already pinned!"))
    assert await call(live_client, "DELETE", path, token=alice.token) == (200, {"status": True})
    assert await call(live_client, "DELETE", path, token=alice.token) == (400, error("Message not found!"))
    system_path = f"/api/channels/{channel_id}/messages/pins/{system['id']}"
    assert await call(live_client, "POST", system_path, token=alice.token) == (
        400,
        error("Cannot pin a non-content message!"),
    )


async def test_outsiders_cannot_pin(client):
    alice, _, channel_id = await dm_pair(client)
    message = await sent(client, alice, channel_id, "x")
    eve = await member()
    assert await call(client, "POST", f"/api/channels/{channel_id}/messages/pins/{message['id']}", token=eve.token) == (
        403,
        error("You are not a member of this channel."),
    )


async def test_reactions_count_per_emoji_and_reach_both_sides(live_client, sockets):
    alice, bob, channel_id = await dm_pair(live_client)
    message = await sent(live_client, alice, channel_id, "react to me")
    alice_socket = await sockets(alice.token)
    base = f"/api/channels/{channel_id}/messages/{message['id']}/reactions"
    status, added = await call(live_client, "POST", base, {"name": "👍"}, token=bob.token)
    assert status == 200
    assert added == {
        "reactedByUserId": bob.id,
        "messageId": message["id"],
        "channelId": channel_id,
        "emojiId": None,
        "name": "👍",
        "gif": False,
        "webp": False,
        "count": 1,
    }
    assert await alice_socket.wait_for("message:reaction_added") == added
    assert (await call(live_client, "POST", base, {"name": "👍"}, token=alice.token))[1]["count"] == 2
    assert await call(live_client, "POST", base, {"name": "👍"}, token=alice.token) == (
        403,
        error("You have already reacted."),
    )
    status, page = await call(live_client, "GET", f"/api/channels/{channel_id}/messages", token=alice.token)
    assert page[0]["reactions"][0]["count"] == 2 and page[0]["reactions"][0]["reacted"] is True
    status, users = await call(live_client, "GET", f"{base}/users?name={quote('👍')}", token=alice.token)
    assert [u["user"]["id"] for u in users] == [bob.id, alice.id]
    status, removed = await call(live_client, "POST", f"{base}/remove", {"name": "👍"}, token=bob.token)
    assert status == 200 and removed["count"] == 1 and removed["reactionRemovedByUserId"] == bob.id
    assert (await alice_socket.wait_for("message:reaction_removed"))["count"] == 1
    assert await call(live_client, "POST", f"{base}/remove", {"name": "👍"}, token=bob.token) == (
        403,
        error("You have already not reacted"),
    )
    assert await call(live_client, "POST", f"{base}/remove", {"name": "🎉"}, token=bob.token) == (
        403,
        error("Invalid Reaction"),
    )


async def test_reaction_input_rules(client):
    alice, bob, channel_id = await dm_pair(client)
    message = await sent(client, alice, channel_id, "x")
    base = f"/api/channels/{channel_id}/messages/{message['id']}/reactions"
    assert await call(client, "POST", base, {}, token=bob.token) == (403, "Name is required!")
    assert await call(
        client, "POST", f"/api/channels/{channel_id}/messages/1/reactions", {"name": "👍"}, token=bob.token
    ) == (403, error("Invalid messageId"))
    for n in range(15):
        assert (await call(client, "POST", base, {"name": f"e{n}"}, token=bob.token))[0] == 200
    assert await call(client, "POST", base, {"name": "one-more"}, token=bob.token) == (
        403,
        error("Too many reactions."),
    )
    eve = await member()
    assert await call(client, "POST", base, {"name": "e1"}, token=eve.token) == (
        403,
        error("You are not a member of this channel."),
    )
    await asyncio.sleep(0)
