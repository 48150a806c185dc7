"""``POST /servers/:serverId/bans/:userId`` (rest.md §4.5): the BAN_USER system message, as the
reference posts it — for a member and for someone who never joined, after the purge of the
banned user's recent messages."""

from plugins.messages.models import BAN_USER
from tests.plugins.accounts.helpers import ping
from tests.plugins.messages.helpers import member, sent
from tests.plugins.servers.helpers import community, join, ok
from tests.support import call


async def _messages(client, place, person):
    return await ok(client, "GET", f"/api/channels/{place.general}/messages", token=person.token)


async def test_banning_someone_who_never_joined_posts_the_banned_message(live_client, sockets):
    place = await community(live_client)
    bystander = await join(live_client, place)
    outsider = await member()
    owner_socket, bystander_socket = await sockets(place.owner.token), await sockets(bystander.token)
    outsider_socket = await sockets(outsider.token)

    await ok(live_client, "POST", f"/api/servers/{place.id}/bans/{outsider.id}", {"reason": "spam"}, place.owner.token)
    for probe in (owner_socket, bystander_socket):
        created = await probe.wait_for("message:created")
        assert created["serverId"] == place.id
        assert created["message"]["type"] == BAN_USER and created["message"]["createdBy"]["id"] == outsider.id
        assert created["message"]["channelId"] == place.general
    await ping(live_client, outsider, outsider_socket)
    assert outsider_socket.received("message:created") == []
    *_, latest = await _messages(live_client, place, bystander)  # oldest first
    assert (latest["type"], latest["createdBy"]["id"]) == (BAN_USER, outsider.id)
    # banned once: a second ban is refused and posts nothing
    assert await call(live_client, "POST", f"/api/servers/{place.id}/bans/{outsider.id}", token=place.owner.token) == (
        400,
        {"message": "User already banned.", "path": None},
    )
    assert [m["type"] for m in await _messages(live_client, place, bystander)].count(BAN_USER) == 1


async def test_a_ban_that_purges_recent_messages_keeps_its_own(client):
    place = await community(client)
    person = await join(client, place)
    said = await sent(client, person, place.general, "something regrettable")
    await ok(
        client,
        "POST",
        f"/api/servers/{place.id}/bans/{person.id}?shouldDeleteRecentMessages=true",
        {},
        place.owner.token,
    )
    listed = await _messages(client, place, place.owner)
    assert said["id"] not in {m["id"] for m in listed}
    assert [(m["type"], m["createdBy"]["id"]) for m in listed if m["createdBy"]["id"] == person.id] == [
        (BAN_USER, person.id)
    ]
