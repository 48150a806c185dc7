"""Direct messages without the friends plugin (an optional dependency of inbox): nobody is a
friend and nobody is blocked, so "friends only" lets nobody in, "friends and servers" lets in
people who share a server, and open DMs work as before."""

import pytest

from tests.plugins.inbox.test_privacy import MESSAGES, set_dm_status
from tests.plugins.messages.helpers import dm_pair, error, member, send, sent
from tests.plugins.servers.helpers import community, join
from tests.support import call


@pytest.fixture
async def client(client_without):
    return await client_without("friends")


async def test_the_friends_routes_are_gone_and_open_dms_work(client):
    alice, bob, channel_id = await dm_pair(client)
    assert (
        await call(client, "POST", "/api/friends/add", {"username": bob.username, "tag": bob.tag}, token=alice.token)
    )[0] == 404
    assert (await call(client, "POST", f"/api/users/{bob.id}/block", token=alice.token))[0] == 404
    await sent(client, alice, channel_id, "hello")


@pytest.mark.parametrize(
    "sender_status, recipient_status, code",
    [
        (2, 0, "NOT_FRIENDS_REQUESTER"),
        (0, 2, "NOT_FRIENDS_RECIPIENT"),
    ],
)
async def test_friends_only_lets_nobody_in(client, sender_status, recipient_status, code):
    alice, bob, channel_id = await dm_pair(client)
    await set_dm_status(alice, sender_status)
    await set_dm_status(bob, recipient_status)
    assert await send(client, alice, channel_id, "hi") == (400, error(MESSAGES[code], code=code))


async def test_friends_only_even_with_a_shared_server(client):
    place = await community(client)
    bob = await join(client, place)
    channel_id = (await call(client, "POST", f"/api/users/{bob.id}/open-channel", token=place.owner.token))[1][
        "channelId"
    ]
    await set_dm_status(bob, 2)
    code = "NOT_FRIENDS_RECIPIENT"
    assert await send(client, place.owner, channel_id, "hi") == (400, error(MESSAGES[code], code=code))


async def test_friends_and_servers_lets_in_people_sharing_a_server(client):
    place = await community(client)
    bob = await join(client, place)
    stranger = await member()
    status, opened = await call(client, "POST", f"/api/users/{bob.id}/open-channel", token=place.owner.token)
    assert status == 200, opened
    await set_dm_status(bob, 1)
    await sent(client, place.owner, opened["channelId"], "we share a server")
    # a stranger (no server in common) is refused as before
    status, dm = await call(client, "POST", f"/api/users/{bob.id}/open-channel", token=stranger.token)
    code = "NOT_FRIENDS_AND_SERVERS_RECIPIENT"
    assert await send(client, stranger, dm["channelId"], "hi") == (400, error(MESSAGES[code], code=code))
