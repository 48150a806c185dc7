"""Reaction inputs that used to reach the database unchecked and end in a 500."""

from __future__ import annotations

from tests.plugins.messages.helpers import error, sent
from tests.plugins.servers.helpers import community, ok
from tests.support import call


async def test_an_emoji_id_longer_than_twenty_characters_is_a_400_in_the_body_and_the_query(client):
    place = await community(client)
    message = await sent(client, place.owner, place.general, "react to me")
    base = f"/api/channels/{place.general}/messages/{message['id']}/reactions"
    long_id = "1" * 25
    assert await call(client, "POST", base, {"name": "cat", "emojiId": long_id}, token=place.owner.token) == (
        400,
        error("Invalid emojiId.", "emojiId"),
    )
    assert await call(client, "GET", f"{base}/users?name=cat&emojiId={long_id}", token=place.owner.token) == (
        400,
        error("Invalid emojiId.", "emojiId"),
    )

    emoji_id = "1" * 20
    await ok(client, "POST", base, {"name": "cat", "emojiId": emoji_id}, place.owner.token)
    users = await ok(client, "GET", f"{base}/users?name=cat&emojiId={emoji_id}", token=place.owner.token)
    assert [entry["user"]["id"] for entry in users] == [place.owner.id]
