"""Nothing about a channel reaches a socket whose user may not view it (realtime.md §2)."""

import asyncio

from tests.plugins.messages.helpers import error, sent
from tests.plugins.servers.helpers import community, join, ok, private_channel, role_with
from tests.support import call


def channel_events(probe, channel_id):
    names = ("message:created", "channel:typing", "message:reaction_added", "message:updated", "message:deleted")
    return [
        (event, data)
        for event, data in probe.events
        if event in names
        and (data.get("channelId") == channel_id or (data.get("message") or {}).get("channelId") == channel_id)
    ]


async def barrier(client, place, probe, count):
    """A message in #general that the member can see: everything before it has arrived."""
    await sent(client, place.owner, place.general, f"barrier {count}")
    await probe.wait_for("message:created", count=count)


async def test_a_private_channel_leaks_nothing_even_after_access_is_granted_and_revoked(live_client, sockets):
    place = await community(live_client)
    staff = await private_channel(live_client, place)
    person = await join(live_client, place)
    role = await role_with(live_client, place, 0, person)
    probe = await sockets(person.token)
    seen = 1 + len([e for e in probe.events if e[0] == "message:created"])

    secret = await sent(live_client, place.owner, staff, "secret plans")
    await call(live_client, "POST", f"/api/channels/{staff}/typing", token=place.owner.token)
    await ok(
        live_client,
        "POST",
        f"/api/channels/{staff}/messages/{secret['id']}/reactions",
        {"name": "🔥"},
        place.owner.token,
    )
    await barrier(live_client, place, probe, seen)
    assert channel_events(probe, staff) == []
    assert await call(live_client, "GET", f"/api/channels/{staff}/messages", token=person.token) == (
        403,
        error("This channel is private."),
    )

    # grant: the member's sockets join the room without reconnecting
    await ok(
        live_client,
        "POST",
        f"/api/servers/{place.id}/channels/{staff}/permissions/{role}",
        {"permissions": 3},
        place.owner.token,
    )
    granted = await probe.wait_for("server:channel_permissions_updated")
    assert granted["channelId"] == staff and granted["permissions"] == 3
    visible = await sent(live_client, place.owner, staff, "now you see it")
    assert (await probe.wait_for("message:created", count=seen + 1))["message"]["id"] == visible["id"]
    assert (await call(live_client, "GET", f"/api/channels/{staff}/messages", token=person.token))[0] == 200

    # revoke: nothing more arrives
    await ok(
        live_client,
        "POST",
        f"/api/servers/{place.id}/channels/{staff}/permissions/{role}",
        {"permissions": 0},
        place.owner.token,
    )
    await probe.wait_for("server:channel_permissions_updated", count=2)
    hidden = await sent(live_client, place.owner, staff, "gone again")
    await call(live_client, "POST", f"/api/channels/{staff}/typing", token=place.owner.token)
    await barrier(live_client, place, probe, seen + 2)
    assert [d["message"]["id"] for e, d in channel_events(probe, staff) if e == "message:created"] == [visible["id"]]
    assert hidden["id"] not in str(probe.events)


async def test_a_role_change_grants_and_revokes_through_the_role(live_client, sockets):
    place = await community(live_client)
    staff = await private_channel(live_client, place)
    role = await role_with(live_client, place, 0)
    await ok(
        live_client,
        "POST",
        f"/api/servers/{place.id}/channels/{staff}/permissions/{role}",
        {"permissions": 1},
        place.owner.token,
    )
    person = await join(live_client, place)
    probe = await sockets(person.token)
    await ok(
        live_client, "POST", f"/api/servers/{place.id}/members/{person.id}", {"roleIds": [role]}, place.owner.token
    )
    await probe.wait_for("server:member_updated")
    first = await sent(live_client, place.owner, staff, "for the role")
    assert (await probe.wait_for("message:created"))["message"]["id"] == first["id"]
    await ok(live_client, "POST", f"/api/servers/{place.id}/members/{person.id}", {"roleIds": []}, place.owner.token)
    await probe.wait_for("server:member_updated", count=2)
    await sent(live_client, place.owner, staff, "not for you any more")
    await barrier(live_client, place, probe, 2)
    assert [d["message"]["content"] for e, d in channel_events(probe, staff) if e == "message:created"] == [
        "for the role"
    ]


async def test_a_kicked_members_sockets_receive_nothing_further(live_client, sockets):
    place = await community(live_client)
    person = await join(live_client, place)
    bystander = await join(live_client, place)
    probe, witness = await sockets(person.token), await sockets(bystander.token)
    await ok(live_client, "DELETE", f"/api/servers/{place.id}/members/{person.id}/kick", token=place.owner.token)
    assert await probe.wait_for("server:left") == {"serverId": place.id}
    kicked = (await witness.wait_for("message:created"))["message"]
    assert kicked["type"] == 3 and kicked["createdBy"]["id"] == person.id
    before = len(probe.events)
    await sent(live_client, place.owner, place.general, "after the kick")
    await ok(live_client, "POST", f"/api/servers/{place.id}/channels", {"name": "fresh"}, place.owner.token)
    await witness.wait_for("server:channel_created")
    await asyncio.sleep(0.1)
    assert probe.events[before:] == []
    assert probe.client.connected


async def test_a_banned_user_cannot_come_back(client):
    place = await community(client)
    person = await join(client, place)
    await ok(client, "POST", f"/api/servers/{place.id}/bans/{person.id}", {"reason": "spam"}, place.owner.token)
    invite = await ok(client, "POST", f"/api/servers/{place.id}/invites", token=place.owner.token)
    assert await call(client, "POST", f"/api/servers/invites/{invite['code']}", token=person.token) == (
        400,
        error("You are banned from this server"),
    )
    bans = await ok(client, "GET", f"/api/servers/{place.id}/bans", token=place.owner.token)
    assert [(b["user"]["id"], b["reason"]) for b in bans] == [(person.id, "spam")]
    await ok(client, "DELETE", f"/api/servers/{place.id}/bans/{person.id}", token=place.owner.token)
    await ok(client, "POST", f"/api/servers/invites/{invite['code']}", token=person.token)
