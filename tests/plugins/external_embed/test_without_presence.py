"""The external embed without the presence plugin (optional): nobody counts as online, every
member is listed as offline."""

from tests.plugins.external_embed.test_external_embed import embed
from tests.plugins.servers.helpers import community, join
from tests.support import call, connect_socket


async def test_without_presence_everyone_is_offline(start_server):
    server = await start_server(**{"plugins.disabled": ["presence"]})
    client = server.app.quart.test_client()
    place = await community(client)
    member = await join(client, place)
    await embed(client, place)
    probe = await connect_socket(server.url, place.owner.token)  # connected, yet not "online"
    try:
        status, widget = await call(client, "GET", f"/api/servers/{place.id}/external-embed.json")
        assert status == 200, widget
        assert widget["onlineMembersCount"] == 0
        assert sorted(user["username"] for user in widget["users"]) == sorted([place.owner.username, member.username])
        assert [user["presence"] for user in widget["users"]] == [None, None]
    finally:
        await probe.close()
