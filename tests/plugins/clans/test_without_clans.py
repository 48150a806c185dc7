"""Without the clans plugin every embedded profile still has its ``clan`` key, null: the
plugins that embed profiles do not depend on clans."""

import pytest

from tests.plugins.friends.helpers import request_friend
from tests.plugins.messages.helpers import member, sent
from tests.plugins.posts.helpers import post
from tests.plugins.servers.helpers import community, join, ok
from tests.support import call


@pytest.fixture
async def client(client_without):
    return await client_without("clans")


async def test_every_embedded_profile_has_a_null_clan(client):
    place = await community(client)
    person, stranger = await join(client, place), await member()
    await ok(client, "POST", "/api/users", {"font": 5}, person.token)
    bare = {"font": 5, "clan": None}

    assert (await sent(client, person, place.general))["createdBy"]["profile"] == bare
    page = await ok(client, "GET", f"/api/channels/{place.general}/messages", token=place.owner.token)
    assert page[0]["createdBy"]["profile"] == bare
    assert (await post(client, person, "hello"))["createdBy"]["profile"] == bare
    status, row = await request_friend(client, stranger, person)
    assert status == 200 and row["recipient"]["profile"] == bare
    status, inbox = await call(client, "POST", f"/api/users/{person.id}/open-channel", token=stranger.token)
    assert status == 200 and inbox["recipient"]["profile"] == bare
    assert (await ok(client, "GET", f"/api/users/{person.id}"))["profile"]["clan"] is None
    assert place.server["clan"] is None


async def test_there_is_no_clan_to_wear(client):
    place = await community(client)
    person = await join(client, place)
    assert await call(client, "POST", "/api/users", {"clanServerId": place.id}, token=person.token) == (
        400,
        {"message": "Server does not have a clan.", "path": None},
    )
    status, _ = await call(
        client, "POST", f"/api/servers/{place.id}/clans", {"tag": "HR", "icon": "x"}, token=place.owner.token
    )
    assert status == 404
