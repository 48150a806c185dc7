"""Presence on joining a server (rest.md §4 join flow step 4, realtime.md §5.4 ``server:joined``):
the joiner's full presence goes to the server room, and ``memberPresences`` lists the members
who are online. The presence plugin answers the servers plugin's hooks."""

from tests.plugins.accounts.helpers import ping
from tests.plugins.messages.helpers import member
from tests.plugins.presence.helpers import EVENT, about, assert_no_presence, set_presence
from tests.plugins.servers.helpers import community, join, ok
from tests.support import call


async def test_members_receive_the_joiners_full_presence_and_outsiders_do_not(live_client, sockets):
    place = await community(live_client)
    existing = await join(live_client, place)
    outsider = await member()
    owner_socket, existing_socket = await sockets(place.owner.token), await sockets(existing.token)
    outsider_socket = await sockets(outsider.token)
    newcomer = await member()
    newcomer_socket = await sockets(newcomer.token)
    await set_presence(live_client, newcomer, {"status": 3, "custom": "new here"})
    await newcomer_socket.client.emit("user:update_activity", {"name": "Chess", "action": "Playing"})
    await about(newcomer_socket, newcomer, count=2)  # its own room hears its activity

    await join(live_client, place, newcomer)
    full = {
        "userId": newcomer.id,
        "status": 3,
        "custom": "new here",
        "activities": [{"name": "Chess", "action": "Playing"}],
    }
    assert await about(owner_socket, newcomer) == full
    assert await about(existing_socket, newcomer) == full
    await assert_no_presence(live_client, outsider, outsider_socket)


async def test_an_invisible_or_disconnected_joiner_reveals_nothing(live_client, sockets):
    place = await community(live_client)
    owner_socket = await sockets(place.owner.token)
    invisible, absent = await member(), await member()
    await sockets(invisible.token)
    await set_presence(live_client, invisible, {"status": 0})
    await join(live_client, place, invisible)
    await join(live_client, place, absent)
    await owner_socket.wait_for("server:member_joined", count=2)
    await ping(live_client, place.owner, owner_socket)
    assert [p for p in owner_socket.received(EVENT) if p.get("userId") in (invisible.id, absent.id)] == []


async def test_server_joined_lists_the_presences_of_online_members_only(live_client, sockets):
    place = await community(live_client)
    online, offline, invisible = (
        await join(live_client, place),
        await join(live_client, place),
        await join(live_client, place),
    )
    stranger = await member()  # online, but not a member
    await sockets(place.owner.token)
    await sockets(online.token)
    await sockets(invisible.token)
    await sockets(stranger.token)
    await set_presence(live_client, online, {"status": 2, "custom": "away-ish"})
    await set_presence(live_client, invisible, {"status": 0})
    newcomer = await member()
    newcomer_socket = await sockets(newcomer.token)

    await join(live_client, place, newcomer)
    joined = await newcomer_socket.wait_for("server:joined")
    assert sorted(joined["memberPresences"], key=lambda p: p["userId"]) == sorted(
        [
            {"userId": place.owner.id, "status": 1},
            {"userId": online.id, "status": 2, "custom": "away-ish"},
            {"userId": newcomer.id, "status": 1},
        ],
        key=lambda p: p["userId"],
    )
    assert offline.id not in str(joined["memberPresences"]) and stranger.id not in str(joined["memberPresences"])
    assert {m["userId"] for m in joined["members"]} == {
        place.owner.id,
        online.id,
        offline.id,
        invisible.id,
        newcomer.id,
    }


async def test_creating_a_server_sends_no_member_presences(live_client, sockets):
    owner = await member()
    owner_socket = await sockets(owner.token)
    await ok(live_client, "POST", "/api/servers", {"name": "Solo"}, owner.token)
    assert (await owner_socket.wait_for("server:joined"))["memberPresences"] == []


async def test_after_joining_the_members_hear_the_newcomers_later_changes(live_client, sockets):
    place = await community(live_client)
    owner_socket = await sockets(place.owner.token)
    newcomer = await member()
    await sockets(newcomer.token)
    await join(live_client, place, newcomer)
    await about(owner_socket, newcomer)
    status, _ = await call(live_client, "POST", "/api/users/presence", {"status": 4}, token=newcomer.token)
    assert status == 200
    assert await about(owner_socket, newcomer, count=2) == {"userId": newcomer.id, "status": 4}
