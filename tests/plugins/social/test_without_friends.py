"""Social without the friends plugin (optional): nobody is blocked, so follows and search
work for everyone; the friends routes are gone."""

import pytest

from tests.plugins.messages.helpers import member
from tests.support import call


@pytest.fixture
async def client(client_without):
    return await client_without("friends")


async def test_follow_and_search_without_blocks(client):
    alice, bob = await member(username="alicesoft"), await member(username="bobsoft")
    assert (await call(client, "POST", f"/api/users/{bob.id}/follow", token=alice.token))[0] == 200
    status, following = await call(client, "GET", "/api/users/following", token=alice.token)
    assert status == 200 and [entry["id"] for entry in following] == [bob.id]
    status, found = await call(client, "GET", "/api/users/search?q=soft", token=alice.token)
    assert status == 200 and {user["id"] for user in found} == {alice.id, bob.id}
    assert (await call(client, "POST", f"/api/users/{bob.id}/block", token=alice.token))[0] == 404
