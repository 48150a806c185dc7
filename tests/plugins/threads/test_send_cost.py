"""Sending in a thread costs no more statements than sending in a channel (issue 35's target):
the thread, the membership and the parent's permissions are read in one query, and the sender's
follow state is written with the message."""

from tests.contracts.queries import captured_queries
from tests.plugins.servers.helpers import community, join
from tests.plugins.threads.helpers import start_thread, tok


async def _statements(client, person, channel_id, content):
    with captured_queries() as queries:
        await tok(client, "POST", f"/api/channels/{channel_id}/messages", {"content": content}, person.token)
    return queries


async def test_a_thread_message_costs_what_a_channel_message_costs(live_client):
    place = await community(live_client)
    speaker, named = await join(live_client, place), await join(live_client, place)
    thread = await start_thread(live_client, place)
    for channel_id in (place.general, thread["id"]):  # warm both paths (prepared lookups)
        await tok(live_client, "POST", f"/api/channels/{channel_id}/messages", {"content": "warm"}, speaker.token)

    in_channel = await _statements(live_client, speaker, place.general, "plain")
    in_thread = await _statements(live_client, speaker, thread["id"], "plain")
    assert len(in_thread) <= len(in_channel), (in_channel, in_thread)

    mention = f"hey [@:{named.id}]"
    await tok(live_client, "POST", f"/api/channels/{thread['id']}/messages", {"content": mention}, speaker.token)
    in_channel = await _statements(live_client, speaker, place.general, mention)
    in_thread = await _statements(live_client, speaker, thread["id"], mention)
    assert len(in_thread) <= len(in_channel), (in_channel, in_thread)
