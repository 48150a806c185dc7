"""Explore without the emojis plugin (optional): no custom emoji leads to a server."""

from plugins.emojis.models import CustomEmoji
from tests.plugins.explore.test_explore import publish
from tests.plugins.messages.helpers import error, member
from tests.plugins.servers.helpers import community
from tests.support import call


async def test_without_emojis_no_emoji_is_found(client_without):
    client = await client_without("emojis")
    place = await community(client)
    await publish(client, place)
    # a row left from when the plugin ran: the explore plugin no longer looks at it
    await CustomEmoji.create(id=4242, name="wave", server_id=int(place.id), uploaded_by_id=int(place.owner.id))
    viewer = await member()
    assert await call(client, "GET", "/api/emojis/4242/server", token=viewer.token) == (400, error("Emoji not found."))
    assert (await call(client, "GET", f"/api/servers/{place.id}/emojis", token=viewer.token))[0] == 404
