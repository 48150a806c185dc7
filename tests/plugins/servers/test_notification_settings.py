"""POST /users/notifications (rest.md §1.34): per server and per channel, muting stops mentions."""

from plugins.messages.models import MentionCounter
from tests.plugins.messages.helpers import error, sent
from tests.plugins.servers.helpers import community, join, ok
from tests.support import call


async def test_settings_are_stored_announced_to_your_devices_and_in_the_payload(live_client, sockets):
    place = await community(live_client)
    person = await join(live_client, place)
    mine, owners = await sockets(person.token), await sockets(place.owner.token)
    body = {"serverId": place.id, "notificationPingMode": 1, "notificationSoundMode": 1}
    assert await ok(live_client, "POST", "/api/users/notifications", body, person.token) == {"status": "done"}
    assert await mine.wait_for("user:notification_settings_update") == {
        "serverId": place.id,
        "updated": {"notificationPingMode": 1, "notificationSoundMode": 1},
    }
    channel_body = {"serverId": place.id, "channelId": place.general, "notificationPingMode": 2}
    await ok(live_client, "POST", "/api/users/notifications", channel_body, person.token)
    assert await mine.wait_for("user:notification_settings_update", count=2) == {
        "channelId": place.general,
        "updated": {"notificationPingMode": 2},
    }
    fresh = await sockets(person.token)
    settings = fresh.received("user:authenticated")[0]["notificationSettings"]
    assert {
        (s["serverId"], s["channelId"], s["notificationPingMode"], s["notificationSoundMode"]) for s in settings
    } == {(place.id, None, 1, 1), (None, place.general, 2, None)}
    await sent(live_client, place.owner, place.general, "barrier")
    await owners.wait_for("message:created")
    assert owners.received("user:notification_settings_update") == []


async def test_a_muted_channel_gets_no_mention_counter(client):
    place = await community(client)
    muted, listening = await join(client, place), await join(client, place)
    await ok(
        client,
        "POST",
        "/api/users/notifications",
        {"serverId": place.id, "channelId": place.general, "notificationPingMode": 2},
        muted.token,
    )
    await sent(client, place.owner, place.general, f"hey [@:{muted.id}] and [@:{listening.id}]")
    assert not await MentionCounter.exists(user_id=int(muted.id))
    assert (await MentionCounter.get(user_id=int(listening.id))).count == 1


async def test_bad_input_and_outsiders(client):
    place = await community(client)
    person = await join(client, place)
    outsider = await join(client, await community(client))
    assert await call(
        client,
        "POST",
        "/api/users/notifications",
        {"channelId": place.general, "notificationPingMode": 1},
        token=person.token,
    ) == (403, error("Missing server id!"))
    assert await call(
        client,
        "POST",
        "/api/users/notifications",
        {"serverId": place.id, "notificationPingMode": 3},
        token=person.token,
    ) == (400, error("Invalid notificationPingMode.", "notificationPingMode"))
    assert await call(
        client,
        "POST",
        "/api/users/notifications",
        {"serverId": place.id, "notificationPingMode": 1},
        token=outsider.token,
    ) == (403, error("Server member is not in this server."))
    assert await call(
        client,
        "POST",
        "/api/users/notifications",
        {"serverId": place.id, "channelId": "123", "notificationPingMode": 1},
        token=person.token,
    ) == (400, error("Channel does not exist."))
