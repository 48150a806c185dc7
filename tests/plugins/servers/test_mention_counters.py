"""Unread mention counters of a server channel (realtime.md §3.4 ``messageMentions``): an
@everyone counts once more for every member who can see the channel, in a fixed number of
queries whatever the size of the server."""

from tests.plugins.messages.helpers import sent
from tests.plugins.servers.helpers import community, join, private_channel


def counts(payload, channel_id):
    return [m["count"] for m in payload["messageMentions"] if m["channelId"] == channel_id]


async def test_everyone_counts_once_per_message_for_each_member_who_can_see_it(live_client, sockets):
    place = await community(live_client)
    bob, carol = await join(live_client, place), await join(live_client, place)
    await sent(live_client, place.owner, place.general, "[@:e] first")
    await sent(live_client, place.owner, place.general, f"[@:e] second, [@:{bob.id}] too")
    for person in (bob, carol):
        payload = (await sockets(person.token)).received("user:authenticated")[0]
        assert counts(payload, place.general) == [2]
    owner = (await sockets(place.owner.token)).received("user:authenticated")[0]
    assert counts(owner, place.general) == []  # nobody counts their own mention


async def test_everyone_in_a_private_channel_counts_only_for_those_who_see_it(live_client, sockets):
    place = await community(live_client)
    bob = await join(live_client, place)
    staff = await private_channel(live_client, place)
    await sent(live_client, place.owner, staff, "[@:e] staff only")
    payload = (await sockets(bob.token)).received("user:authenticated")[0]
    assert counts(payload, staff) == []
