"""What sockets hear of an import: the new channels, to the server's members only; never the
old messages (no message:created, no notifications)."""

from __future__ import annotations

from tests.plugins.accounts.helpers import ping
from tests.plugins.discord_import.helpers import icall, sample_zip, until_done, upload
from tests.plugins.messages.helpers import member
from tests.plugins.servers.helpers import community, join


async def test_members_hear_of_the_new_channels_and_nothing_of_old_messages(live_client, sockets):
    place = await community(live_client)
    reader, outsider = await join(live_client, place), await member()
    reader_socket, outsider_socket = await sockets(reader.token), await sockets(outsider.token)
    _, planned = await upload(live_client, place.owner, place.id, sample_zip())
    await icall(live_client, "POST", f"/api/discord-imports/{planned['id']}/start", place.owner)
    await until_done(live_client, place.owner, planned["id"])
    await ping(live_client, reader, reader_socket)
    await ping(live_client, outsider, outsider_socket)
    created = [event["channel"]["name"] for event in reader_socket.received("server:channel_created")]
    assert sorted(created) == ["Projects", "Text Channels", "general", "ideas-💡"]
    assert reader_socket.received("message:created") == []
    assert (
        outsider_socket.received("server:channel_created") == [] and outsider_socket.received("message:created") == []
    )
