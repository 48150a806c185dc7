"""GET /channels/:channelId/messages (rest.md §3.1) and the single-message route."""

from tests.plugins.messages.helpers import dm_pair, error, member, sent
from tests.support import call


async def _history(client, person, channel_id, query=""):
    status, body = await call(client, "GET", f"/api/channels/{channel_id}/messages{query}", token=person.token)
    assert status == 200, body
    return [m["content"] for m in body]


async def test_pages_are_oldest_to_newest_with_before_after_and_around(client):
    alice, bob, channel_id = await dm_pair(client)
    ids = [(await sent(client, alice, channel_id, f"m{n}"))["id"] for n in range(10)]
    assert await _history(client, bob, channel_id) == [f"m{n}" for n in range(10)]
    assert await _history(client, bob, channel_id, "?limit=3") == ["m7", "m8", "m9"]
    assert await _history(client, bob, channel_id, f"?limit=3&before={ids[5]}") == ["m2", "m3", "m4"]
    assert await _history(client, bob, channel_id, f"?limit=3&after={ids[5]}") == ["m6", "m7", "m8"]
    assert await _history(client, bob, channel_id, f"?limit=4&around={ids[5]}") == ["m4", "m5", "m6", "m7"]


async def test_limit_rules_follow_upstream(client):
    alice, bob, channel_id = await dm_pair(client)
    for n in range(3):
        await sent(client, alice, channel_id, f"m{n}")
    assert len(await _history(client, bob, channel_id, "?limit=0")) == 3
    assert len(await _history(client, bob, channel_id, "?limit=abc")) == 3
    assert await _history(client, bob, channel_id, "?limit=101") == []
    assert await _history(client, bob, channel_id, "?limit=-1") == []


async def test_default_page_is_50(client):
    alice, _, channel_id = await dm_pair(client)
    for n in range(55):
        await sent(client, alice, channel_id, f"m{n}")
    page = await _history(client, alice, channel_id)
    assert len(page) == 50 and page[-1] == "m54"


async def test_single_message_and_outsiders(client):
    alice, bob, channel_id = await dm_pair(client)
    message = await sent(client, alice, channel_id, "one")
    status, body = await call(client, "GET", f"/api/channels/{channel_id}/messages/{message['id']}", token=bob.token)
    assert status == 200 and body["content"] == "one"
    assert await call(client, "GET", f"/api/channels/{channel_id}/messages/123", token=bob.token) == (200, None)
    eve = await member()
    assert await call(client, "GET", f"/api/channels/{channel_id}/messages/{message['id']}", token=eve.token) == (
        403,
        error("You are not a member of this channel."),
    )
    status, channel = await call(client, "GET", f"/api/channels/{channel_id}", token=bob.token)
    assert status == 200 and channel["id"] == channel_id and channel["type"] == 0
