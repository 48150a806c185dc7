"""POST /channels/:channelId/messages (rest.md §3.7) in a DM."""

import asyncio

from plugins.messages.htmlembed import decode_html_embed
from tests.plugins.accounts.helpers import png_bytes
from tests.plugins.messages.helpers import dm_pair, error, member, send, sent
from tests.support import call, upload_file


async def test_a_message_is_stored_trimmed_and_returned_in_wire_form(client):
    alice, bob, channel_id = await dm_pair(client)
    message = await sent(client, alice, channel_id, "   hello bob   ")
    assert message["content"] == "hello bob"
    assert message["channelId"] == channel_id and message["type"] == 0
    assert message["createdBy"]["id"] == alice.id and message["createdBy"]["username"] == alice.username
    assert message["reactions"] == [] and message["attachments"] == [] and message["replyMessages"] == []
    assert isinstance(message["createdAt"], int) and message["editedAt"] is None
    status, page = await call(client, "GET", f"/api/channels/{channel_id}/messages", token=bob.token)
    assert status == 200 and [m["id"] for m in page] == [message["id"]]


async def test_silent_prefix_is_stripped_and_marks_the_message(client):
    alice, _, channel_id = await dm_pair(client)
    message = await sent(client, alice, channel_id, "@silent shh")
    assert (message["content"], message["silent"]) == ("shh", True)
    assert await send(client, alice, channel_id, "@silent") == (400, error("content or attachment is required."))


async def test_bad_input_gets_the_reference_messages(client):
    alice, _, channel_id = await dm_pair(client)
    assert await send(client, alice, channel_id, "   ") == (400, error("content or attachment is required."))
    assert await send(client, alice, channel_id, None) == (400, error("content or attachment is required."))
    assert await send(client, alice, channel_id, "x" * 2001) == (
        400,
        error("Content length must be between 1 and 2000 characters.", "content"),
    )
    assert await send(client, alice, channel_id, 42) == (400, error("Content must be a string!", "content"))
    assert await send(client, alice, channel_id, "hi", replyToMessageIds="1") == (
        400,
        error("replyToMessageIds must be an array of strings!", "replyToMessageIds"),
    )
    assert await send(client, alice, channel_id, "hi", replyToMessageIds=[str(n) for n in range(6)]) == (
        400,
        error("replyToMessageIds length must be less than or equal to 5 strings.", "replyToMessageIds"),
    )
    assert await send(
        client, alice, channel_id, "hi", buttons=[{"id": "a", "label": "A"}, {"id": "a", "label": "B"}]
    ) == (400, error("Button IDs must be unique", "buttons"))


async def test_outsiders_and_missing_channels_are_refused(client):
    alice, bob, channel_id = await dm_pair(client)
    eve = await member()
    assert await send(client, eve, channel_id, "let me in") == (403, error("You are not a member of this channel."))
    assert await send(client, alice, "424242", "hi") == (403, error("Channel does not exist."))
    assert await call(client, "POST", f"/api/channels/{channel_id}/messages", {"content": "hi"}) == (
        401,
        error("No token provided."),
    )


async def test_replies_keep_order_drop_duplicates_and_other_channels(client):
    alice, bob, channel_id = await dm_pair(client)
    first = await sent(client, alice, channel_id, "first")
    second = await sent(client, bob, channel_id, "second")
    carol, _, elsewhere = await dm_pair(client)
    other = await sent(client, carol, elsewhere, "elsewhere")
    reply = await sent(
        client,
        alice,
        channel_id,
        "answer",
        replyToMessageIds=[second["id"], first["id"], second["id"], other["id"]],
        mentionReplies=True,
    )
    assert [r["replyToMessage"]["id"] for r in reply["replyMessages"]] == [second["id"], first["id"]]
    assert reply["replyMessages"][0]["replyToMessage"]["createdBy"]["id"] == bob.id
    assert reply["mentionReplies"] is True


async def test_mentions_and_quotes_are_resolved(client):
    alice, bob, channel_id = await dm_pair(client)
    quoted = await sent(client, bob, channel_id, "quote me")
    message = await sent(client, alice, channel_id, f"hey [@:{bob.id}] and [@:999] see [q:{quoted['id']}]")
    assert [m["id"] for m in message["mentions"]] == [bob.id]
    assert [q["id"] for q in message["quotedMessages"]] == [quoted["id"]]
    assert message["quotedMessages"][0]["content"] == "quote me"


async def test_html_embeds_are_sanitised_before_anyone_sees_them(client):
    alice, bob, channel_id = await dm_pair(client)
    html = (
        '<div onclick="steal()" style="color: red; background-image: url(https://evil.example/x.png)">'
        '<script>alert(1)</script><a href="javascript:alert(1)">click</a><img src="https://evil.example/t.gif">'
        "<b>bold</b></div>"
    )
    message = await sent(client, alice, channel_id, "look", htmlEmbed=html)
    tree = decode_html_embed(message["htmlEmbed"])
    flat = repr(tree)
    for forbidden in ("script", "onclick", "javascript:", "evil.example", "img", "url("):
        assert forbidden not in flat
    assert "bold" in flat and "color" in flat


async def test_an_attachment_uploaded_for_the_channel_is_attached(client):
    alice, bob, channel_id = await dm_pair(client)
    status, upload = await upload_file(
        client, alice.token, "attachments", channel_id, png_bytes(), filename="cat.png", channel_id=channel_id
    )
    assert status == 200, upload
    status, message = await send(client, alice, channel_id, None, nerimityCdnFileId=upload["fileId"])
    assert status == 200, message
    attachment = message["attachments"][0]
    assert attachment["path"] == f"attachments/{channel_id}/{upload['fileId']}/cat.png"
    assert (attachment["provider"], attachment["mime"], attachment["width"]) == ("local", "image/png", 16)
    status, rows = await call(client, "GET", f"/api/channels/{channel_id}/attachments", token=bob.token)
    assert status == 200 and [r["messageId"] for r in rows] == [message["id"]]
    # someone else's upload, or one made for another channel, is refused
    assert (await send(client, bob, channel_id, "mine?", nerimityCdnFileId=upload["fileId"]))[0] == 403


async def test_both_participants_receive_the_message_and_outsiders_do_not(live_client, sockets):
    alice, bob, channel_id = await dm_pair(live_client)
    eve = await member()
    alice_tab, alice_phone = await sockets(alice.token), await sockets(alice.token)
    bob_socket, eve_socket = await sockets(bob.token), await sockets(eve.token)
    message = await sent(live_client, alice, channel_id, "hi", socketId=alice_tab.client.get_sid())
    own_echo = await alice_tab.wait_for("message:created")
    assert own_echo == {"message": message, "socketId": alice_tab.client.get_sid()}
    assert await alice_phone.wait_for("message:created") == {"message": message}
    assert await bob_socket.wait_for("message:created") == {"message": message}
    await asyncio.sleep(0.1)
    assert len(alice_tab.received("message:created")) == 1
    assert eve_socket.received("message:created") == []


async def test_sending_is_rate_limited_to_20_per_20_seconds(make_app):
    app = make_app(**{"rate_limits.enabled": True})
    async with app.test_app():
        client = app.test_client()
        alice, _, channel_id = await dm_pair(client)
        statuses = [(await send(client, alice, channel_id, f"m{n}"))[0] for n in range(21)]
        assert statuses[:20] == [200] * 20
        status, body = await send(client, alice, channel_id, "too many")
        assert status == 429 and body["message"] == "Slow down!" and body["ttl"] > 0
