"""The DM notice a user shows to people who message them (rest.md §1.12–1.14, §3.19)."""

from tests.plugins.messages.helpers import dm_pair, error, member
from tests.support import call


async def test_set_read_and_delete_the_notice(client):
    alice, bob, channel_id = await dm_pair(client)
    assert await call(client, "GET", "/api/users/channel-notice", token=bob.token) == (
        400,
        error("Channel notice does not exist."),
    )
    status, body = await call(
        client, "PUT", "/api/users/channel-notice", {"content": "  I reply on Sundays  "}, token=bob.token
    )
    assert status == 200 and body["notice"]["content"] == "I reply on Sundays"
    assert body["notice"]["userId"] == bob.id and body["notice"]["channelId"] is None
    status, body = await call(client, "GET", f"/api/channels/{channel_id}/notice", token=alice.token)
    assert status == 200 and body["notice"]["content"] == "I reply on Sundays"
    assert (await call(client, "GET", f"/api/channels/{channel_id}/notice", token=bob.token)) == (
        400,
        error("Channel notice does not exist."),
    )
    assert await call(client, "DELETE", "/api/users/channel-notice", token=bob.token) == (200, {"status": True})
    assert await call(client, "DELETE", "/api/users/channel-notice", token=bob.token) == (
        400,
        error("Channel notice does not exist."),
    )


async def test_notice_length_rules(client):
    alice = await member()
    assert await call(client, "PUT", "/api/users/channel-notice", {"content": "abc"}, token=alice.token) == (
        400,
        error("Content must be between 4 and 300 characters long.", "content"),
    )
    assert await call(client, "PUT", "/api/users/channel-notice", {"content": "x" * 301}, token=alice.token) == (
        400,
        error("Content must be between 4 and 300 characters long.", "content"),
    )
    assert await call(client, "PUT", "/api/users/channel-notice", {"content": 5}, token=alice.token) == (
        400,
        error("Content must be a string.", "content"),
    )
    assert await call(client, "PUT", "/api/users/channel-notice", {"content": "fine text"}) == (
        401,
        error("No token provided."),
    )
