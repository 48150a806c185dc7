"""Who learns at once that a user put a clan on or took it off (``user:updated`` with the
embedded profile, to the rooms that see the user), and that a server's clan changed."""

from tests.plugins.accounts.helpers import ping
from tests.plugins.clans.helpers import verified, wearing, with_clan
from tests.plugins.friends.helpers import make_friends
from tests.plugins.messages.helpers import member, sent
from tests.plugins.servers.helpers import join, ok


def profile_update(person, clan, font=None):
    return {
        "userId": person.id,
        "updated": {"username": person.username, "tag": person.tag, "profile": {"font": font, "clan": clan}},
    }


async def test_putting_a_clan_on_and_off_reaches_server_mates_and_friends(live_client, sockets):
    place = await verified(live_client)
    wearer, fellow = await join(live_client, place), await join(live_client, place)
    friend, outsider = await member(), await member()
    await make_friends(live_client, wearer, friend)
    clan = await with_clan(live_client, place)
    probes = {p.id: await sockets(p.token) for p in (wearer, fellow, friend, outsider)}

    await ok(live_client, "POST", "/api/users", {"clanServerId": place.id}, wearer.token)
    for person in (fellow, friend):
        assert await probes[person.id].wait_for("user:updated") == profile_update(wearer, clan)
    await ok(live_client, "POST", "/api/users", {"clanServerId": None, "font": 2}, wearer.token)
    for person in (fellow, friend):
        assert await probes[person.id].wait_for("user:updated", count=2) == profile_update(wearer, None, font=2)

    await ping(live_client, outsider, probes[outsider.id])
    assert probes[outsider.id].received("user:updated") == []


async def test_a_profile_change_without_the_clan_or_font_sends_no_profile(live_client, sockets):
    place = await verified(live_client)
    wearer, fellow = await join(live_client, place), await join(live_client, place)
    probe = await sockets(fellow.token)
    await ok(live_client, "POST", "/api/users", {"bio": "hi"}, wearer.token)
    await ok(live_client, "POST", "/api/users", {"username": "renamed", "password": wearer.password}, wearer.token)
    await probe.wait_for("user:updated", count=2)
    assert [event["updated"] for event in probe.received("user:updated")] == [
        {"username": wearer.username, "tag": wearer.tag},
        {"username": "renamed", "tag": wearer.tag},
    ]


async def test_leaving_the_server_takes_the_clan_off_for_those_who_see_the_wearer(live_client, sockets):
    w = await wearing(live_client)
    friend, outsider = await member(), await member()
    await make_friends(live_client, w.wearer, friend)
    probes = {p.id: await sockets(p.token) for p in (w.plain, friend, outsider)}
    await ok(live_client, "POST", f"/api/servers/{w.place.id}/leave", token=w.wearer.token)
    # The server room still shows their old messages; their friends show them everywhere.
    for person in (w.plain, friend):
        assert await probes[person.id].wait_for("user:updated") == profile_update(w.wearer, None)
    await ping(live_client, outsider, probes[outsider.id])
    assert probes[outsider.id].received("user:updated") == []


async def test_leaving_without_wearing_its_clan_announces_nothing(live_client, sockets):
    w = await wearing(live_client)
    probe = await sockets(w.wearer.token)
    await ok(live_client, "POST", f"/api/servers/{w.place.id}/leave", token=w.plain.token)
    await probe.wait_for("server:member_left")
    await ping(live_client, w.wearer, probe)
    # (the ping itself is a user:updated of the wearer, to the server's room, which may arrive
    # just after the ping's user:updatedSelf: only an announcement about the leaver counts)
    assert [e for e in probe.received("user:updated") if e["userId"] == w.plain.id] == []


async def test_a_changed_or_deleted_clan_shows_on_the_wearer_s_messages(client):
    w = await wearing(client)
    await sent(client, w.wearer, w.place.general, "tagged")
    path = f"/api/channels/{w.place.general}/messages"
    changed = await ok(
        client, "POST", f"/api/servers/{w.place.id}/clans", {"tag": "NEW", "icon": w.clan["icon"]}, w.place.owner.token
    )
    assert (await ok(client, "GET", path, token=w.plain.token))[0]["createdBy"]["profile"]["clan"] == changed
    await ok(client, "DELETE", f"/api/servers/{w.place.id}/clans", token=w.place.owner.token)
    assert (await ok(client, "GET", path, token=w.plain.token))[0]["createdBy"]["profile"]["clan"] is None
