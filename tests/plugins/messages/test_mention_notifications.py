"""The inbox of mentions: ``GET /users/notifications`` (rest.md §1.27, entities.md §5.3)."""

from tests.plugins.messages.helpers import dm_pair, sent
from tests.plugins.servers.helpers import community, join, ok, private_channel, role_with
from tests.support import call


async def notifications(client, person):
    status, body = await call(client, "GET", "/api/users/notifications", token=person.token)
    assert status == 200, body
    return body


async def test_a_mention_in_a_server_channel_lands_in_the_inbox(client):
    place = await community(client)
    bob = await join(client, place)
    carol = await join(client, place)
    message = await sent(client, place.owner, place.general, f"hey [@:{bob.id}]")
    [row] = await notifications(client, bob)
    assert set(row) == {"id", "server", "serverMember", "message"}
    assert row["server"]["id"] == place.id and row["server"]["name"] == "Hearthside"
    assert row["serverMember"]["userId"] == bob.id and row["serverMember"]["serverId"] == place.id
    assert "user" not in row["serverMember"]
    assert row["message"]["id"] == message["id"] and row["message"]["content"] == f"hey [@:{bob.id}]"
    assert row["message"]["mentions"][0]["id"] == bob.id
    assert await notifications(client, carol) == []
    assert await notifications(client, place.owner) == []  # no notification for mentioning yourself


async def test_everyone_and_role_mentions_notify_each_member_once(client):
    place = await community(client)
    bob = await join(client, place)
    carol = await join(client, place)
    role = await role_with(client, place, 0, carol)
    await sent(client, place.owner, place.general, f"[@:e] and [r:{role}] and [@:{carol.id}]")
    assert len(await notifications(client, bob)) == 1
    assert len(await notifications(client, carol)) == 1


async def test_only_the_twenty_newest_are_kept_and_older_ones_are_pruned(client):
    place = await community(client)
    bob = await join(client, place)
    sent_ids = [(await sent(client, place.owner, place.general, f"[@:{bob.id}] {n}"))["id"] for n in range(22)]
    rows = await notifications(client, bob)
    assert [r["message"]["id"] for r in rows] == list(reversed(sent_ids))[:20]
    # the two oldest are gone for good: a newer mention still leaves exactly twenty
    newest = await sent(client, place.owner, place.general, f"[@:{bob.id}] last")
    rows = await notifications(client, bob)
    assert len(rows) == 20 and rows[0]["message"]["id"] == newest["id"]
    assert sent_ids[2] not in {r["message"]["id"] for r in rows}


async def test_a_notification_goes_with_its_message(client):
    place = await community(client)
    bob = await join(client, place)
    message = await sent(client, place.owner, place.general, f"[@:{bob.id}] oops")
    assert len(await notifications(client, bob)) == 1
    await ok(client, "DELETE", f"/api/channels/{place.general}/messages/{message['id']}", token=place.owner.token)
    assert await notifications(client, bob) == []


async def test_a_channel_that_becomes_private_hides_its_notifications(client):
    place = await community(client)
    bob = await join(client, place)
    staff = await ok(client, "POST", f"/api/servers/{place.id}/channels", {"name": "staff"}, place.owner.token)
    await sent(client, place.owner, staff["id"], f"[@:{bob.id}] see this")
    assert len(await notifications(client, bob)) == 1
    await ok(
        client,
        "POST",
        f"/api/servers/{place.id}/channels/{staff['id']}/permissions/{place.default_role}",
        {"permissions": 0},
        place.owner.token,
    )
    assert await notifications(client, bob) == []
    # the owner still sees their own server's private channel; the notification comes back with access
    role = await role_with(client, place, 0, bob)
    await ok(
        client,
        "POST",
        f"/api/servers/{place.id}/channels/{staff['id']}/permissions/{role}",
        {"permissions": 1},
        place.owner.token,
    )
    assert len(await notifications(client, bob)) == 1


async def test_members_who_cannot_view_a_private_channel_are_not_notified(client):
    place = await community(client)
    bob = await join(client, place)
    staff = await private_channel(client, place)
    await sent(client, place.owner, staff, f"[@:{bob.id}] secret")
    assert await notifications(client, bob) == []


async def test_leaving_the_server_takes_its_notifications_away(client):
    place = await community(client)
    bob = await join(client, place)
    await sent(client, place.owner, place.general, f"[@:{bob.id}] hi")
    await ok(client, "POST", f"/api/servers/{place.id}/leave", token=bob.token)
    assert await notifications(client, bob) == []
    await join(client, place, bob)
    assert await notifications(client, bob) == []


async def test_outsiders_mentioned_by_id_get_nothing(client):
    place = await community(client)
    alice, eve, _ = await dm_pair(client)
    await sent(client, place.owner, place.general, f"[@:{eve.id}] you are not here")
    assert await notifications(client, eve) == []


async def test_direct_messages_do_not_create_notifications(client):
    alice, bob, channel_id = await dm_pair(client)
    await sent(client, alice, channel_id, f"[@:{bob.id}] hi")
    assert await notifications(client, bob) == []


async def test_a_muted_channel_gives_no_notification(client):
    place = await community(client)
    bob = await join(client, place)
    await ok(
        client,
        "POST",
        "/api/users/notifications",
        {"serverId": place.id, "channelId": place.general, "notificationPingMode": 2},
        bob.token,
    )
    await sent(client, place.owner, place.general, f"[@:{bob.id}] ping")
    assert await notifications(client, bob) == []


async def test_notifications_need_a_user_token(client):
    status, body = await call(client, "GET", "/api/users/notifications")
    assert status == 401 and body["message"] == "No token provided."
