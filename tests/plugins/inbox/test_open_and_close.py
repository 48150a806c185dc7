"""Opening and closing DMs (rest.md §1.23, §3.18) and the inbox slice of user:authenticated."""

import asyncio

from tests.plugins.messages.helpers import dm_pair, error, member, open_dm, sent
from tests.support import call, connect_socket


async def test_opening_a_dm_creates_one_channel_for_both_people(client):
    alice, bob = await member(), await member()
    status, inbox = await call(client, "POST", f"/api/users/{bob.id}/open-channel", token=alice.token)
    assert status == 200
    assert inbox["createdById"] == alice.id and inbox["recipientId"] == bob.id and inbox["closed"] is False
    assert inbox["recipient"]["username"] == bob.username
    assert inbox["channel"]["type"] == 0 and inbox["channel"]["_count"] == {"attachments": 0}
    again = await open_dm(client, alice, bob)
    from_bob = await open_dm(client, bob, alice)
    assert again == from_bob == inbox["channelId"]


async def test_opening_your_own_dm_gives_saved_notes(client):
    alice = await member()
    status, inbox = await call(client, "POST", f"/api/users/{alice.id}/open-channel", token=alice.token)
    assert status == 200 and inbox["recipientId"] == alice.id
    message = await sent(client, alice, inbox["channelId"], "note to self")
    assert message["content"] == "note to self"


async def test_opening_needs_a_real_user_and_a_token(client):
    alice = await member()
    for target in ("123", "nope", "9" * 30):
        assert await call(client, "POST", f"/api/users/{target}/open-channel", token=alice.token) == (
            400,
            error("Invalid userId"),
        )
    assert await call(client, "POST", f"/api/users/{alice.id}/open-channel") == (401, error("No token provided."))


async def test_inbox_opened_goes_to_the_opener_only(live_client, sockets):
    alice, bob = await member(), await member()
    alice_socket, bob_socket = await sockets(alice.token), await sockets(bob.token)
    channel_id = await open_dm(live_client, alice, bob)
    opened = await alice_socket.wait_for("inbox:opened")
    assert opened["channelId"] == channel_id and opened["recipient"]["id"] == bob.id
    await open_dm(live_client, alice, bob)  # already open: nothing new
    await sent(live_client, alice, channel_id, "ping")
    await bob_socket.wait_for("message:created")
    assert len(alice_socket.received("inbox:opened")) == 1
    # bob's inbox entry was closed, so the first message re-opens it for him
    assert (await bob_socket.wait_for("inbox:opened"))["channelId"] == channel_id


async def test_closing_hides_the_dm_until_it_is_opened_again(live_client, sockets):
    alice, bob, channel_id = await dm_pair(live_client)
    alice_socket, bob_socket = await sockets(alice.token), await sockets(bob.token)
    assert await call(live_client, "DELETE", f"/api/channels/{channel_id}", token=alice.token) == (
        200,
        {"status": True},
    )
    assert await alice_socket.wait_for("inbox:closed") == {"channelId": channel_id}
    assert await call(live_client, "DELETE", f"/api/channels/{channel_id}", token=alice.token) == (
        400,
        error("This channel is already closed."),
    )
    await asyncio.sleep(0.05)
    assert bob_socket.received("inbox:closed") == []
    await open_dm(live_client, alice, bob)
    assert (await alice_socket.wait_for("inbox:opened"))["channelId"] == channel_id


async def test_strangers_cannot_close_or_read_someone_elses_dm(client):
    alice, bob, channel_id = await dm_pair(client)
    eve = await member()
    assert await call(client, "DELETE", f"/api/channels/{channel_id}", token=eve.token) == (
        403,
        error("You are not a member of this channel."),
    )
    assert await call(client, "GET", f"/api/channels/{channel_id}/messages", token=eve.token) == (
        403,
        error("You are not a member of this channel."),
    )
    assert await call(client, "DELETE", "/api/channels/12345", token=eve.token) == (
        403,
        error("Channel does not exist."),
    )


async def test_authenticated_payload_lists_open_inboxes_and_their_channels(client, live_server):
    alice, bob, channel_id = await dm_pair(client)
    await sent(client, alice, channel_id, "hi bob")
    probe = await connect_socket(live_server.url, bob.token)
    payload = probe.received("user:authenticated")[0]
    assert [i["channelId"] for i in payload["inbox"]] == [channel_id]
    assert payload["inbox"][0]["recipient"]["id"] == alice.id
    assert channel_id in [c["id"] for c in payload["channels"]]
    mention = next(m for m in payload["messageMentions"] if m["channelId"] == channel_id)
    assert mention["count"] == 1 and mention["mentionedById"] == alice.id and mention["serverId"] is None
    await probe.close()
    await call(client, "DELETE", f"/api/channels/{channel_id}", token=bob.token)
    probe = await connect_socket(live_server.url, bob.token)
    assert probe.received("user:authenticated")[0]["inbox"] == []
    await probe.close()
