"""A server folder's ``color`` (rest.md §4.2) is a hex colour, never CSS."""

from __future__ import annotations

from tests.plugins.messages.helpers import error
from tests.plugins.servers.helpers import community, join, ok
from tests.support import call


async def test_folder_colour_must_be_a_hex_colour(client):
    first, second = await community(client, "One"), await community(client, "Two")
    await join(client, second, first.owner)
    folder = await ok(client, "POST", "/api/servers/folders", {"serverIds": [first.id, second.id]}, first.owner.token)
    path = f"/api/servers/folders/{folder['id']}"
    for value in ("red), url(http://evil.example/x.png), linear-gradient(red", "url(//evil.example)", "blue"):
        assert await call(client, "POST", path, {"color": value}, token=first.owner.token) == (
            400,
            error("Invalid color.", "color"),
        )
    assert (await ok(client, "POST", path, {"color": "#abcdef"}, first.owner.token))["color"] == "#abcdef"
