"""Slow mode applies in a thread as in its parent channel: a member waits the parent's slow-mode
time between two messages in the thread (counted per thread); owners and admins are not slowed."""

from tests.plugins.servers.helpers import community, join, ok
from tests.plugins.threads.helpers import start_thread, tcall, tok


async def test_a_thread_keeps_its_parents_slow_mode(live_client):
    place = await community(live_client)
    person = await join(live_client, place)
    thread = await start_thread(live_client, place)
    other = await start_thread(live_client, place, name="Other")
    path = f"/api/channels/{thread['id']}/messages"
    await tok(live_client, "POST", path, {"content": "before slow mode"}, person.token)
    await tok(live_client, "POST", path, {"content": "still free"}, person.token)

    await ok(
        live_client,
        "POST",
        f"/api/servers/{place.id}/channels/{place.general}",
        {"slowModeSeconds": 30},
        place.owner.token,
    )
    await tok(live_client, "POST", path, {"content": "first"}, person.token)
    status, body = await tcall(live_client, "POST", path, {"content": "second"}, person.token)
    assert status == 429 and body["slowMode"] is True and body["message"] == "Slow down!" and 0 < body["ttl"] <= 30_000
    # counted per thread, and the owner is never slowed
    await tok(live_client, "POST", f"/api/channels/{other['id']}/messages", {"content": "elsewhere"}, person.token)
    await tok(live_client, "POST", path, {"content": "owner"}, place.owner.token)
    await tok(live_client, "POST", path, {"content": "owner again"}, place.owner.token)
