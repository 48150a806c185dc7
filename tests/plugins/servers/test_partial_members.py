"""Partial member lists (realtime.md §3.4 ``partial:true``) and ``user:request_server_members``
(§4.5). Upstream sends ``server:members_fetched`` zstd-compressed; Hearth sends the plain
object (tests name that)."""

import asyncio

from tests.plugins.accounts.helpers import ping
from tests.plugins.messages.helpers import member
from tests.plugins.presence.helpers import set_presence
from tests.plugins.servers.helpers import community, join


async def authenticate(sockets, token, **options):
    probe = await sockets(authenticate=False)
    await probe.client.emit("user:authenticate", {"token": token, **options})
    return probe, await probe.wait_for("user:authenticated")


def member_ids(payload, server_id=None):
    return sorted(m["userId"] for m in payload["serverMembers"] if server_id is None or m["serverId"] == server_id)


async def two_servers(live_client, sockets):
    """Me in ``home`` and ``away``; in each an online and an offline member besides the owner."""
    me = await member()
    home, away = await community(live_client, "Home"), await community(live_client, "Away")
    people = {}
    for place in (home, away):
        await join(live_client, place, me)
        people[place.id] = (await join(live_client, place), await join(live_client, place))
        await sockets(people[place.id][0].token)  # online; [1] stays offline
    invisible = await join(live_client, away)
    await sockets(invisible.token)
    await set_presence(live_client, invisible, {"status": 0})
    return me, home, away, people, invisible


async def test_partial_mode_sends_own_rows_the_current_server_and_online_members(live_client, sockets):
    me, home, away, people, invisible = await two_servers(live_client, sockets)
    _, payload = await authenticate(sockets, me.token, partial=True, currentServerId=home.id)
    assert payload["currentServerId"] == home.id
    home_online, home_offline = people[home.id]
    away_online, away_offline = people[away.id]
    assert member_ids(payload, home.id) == sorted([me.id, home.owner.id, home_online.id, home_offline.id])
    # in the other server: myself and whoever is online (the owners have no socket here)
    assert member_ids(payload, away.id) == sorted([me.id, away_online.id])
    assert away_offline.id not in member_ids(payload) and invisible.id not in member_ids(payload)
    assert sorted(s["id"] for s in payload["servers"]) == sorted([home.id, away.id])


async def test_partial_mode_with_a_foreign_current_server_leaks_none_of_its_members(live_client, sockets):
    me, home, away, people, _ = await two_servers(live_client, sockets)
    foreign = await community(live_client, "Foreign")
    stranger = await join(live_client, foreign)
    _, payload = await authenticate(sockets, me.token, partial=True, currentServerId=foreign.id)
    assert foreign.id not in str(payload["serverMembers"]) and stranger.id not in member_ids(payload)
    assert foreign.owner.id not in member_ids(payload)
    assert member_ids(payload, home.id) == sorted([me.id, people[home.id][0].id])


async def test_without_partial_every_member_is_sent_and_nothing_is_echoed(live_client, sockets):
    me, home, away, people, invisible = await two_servers(live_client, sockets)
    _, payload = await authenticate(sockets, me.token, currentServerId=home.id)
    assert "currentServerId" not in payload
    assert member_ids(payload, away.id) == sorted(
        [me.id, away.owner.id, *(p.id for p in people[away.id]), invisible.id]
    )


async def test_request_server_members_sends_the_whole_list_once_to_that_socket(live_client, sockets):
    me, home, away, people, invisible = await two_servers(live_client, sockets)
    probe, _ = await authenticate(sockets, me.token, partial=True, currentServerId=home.id)
    other_socket, _ = await authenticate(sockets, me.token, partial=True)
    await probe.client.emit("user:request_server_members", {"serverId": away.id})
    fetched = await probe.wait_for("server:members_fetched")
    assert isinstance(fetched, dict)  # plain JSON, not upstream's zstd buffer
    assert fetched["serverId"] == away.id
    assert sorted(m["userId"] for m in fetched["members"]) == sorted(
        [me.id, away.owner.id, *(p.id for p in people[away.id]), invisible.id]
    )
    row = next(m for m in fetched["members"] if m["userId"] == away.owner.id)
    assert set(row) == {"id", "serverId", "userId", "joinedAt", "nickname", "roleIds", "muteExpireAt", "user"}
    assert row["user"]["lastOnlineAt"] is None and "email" not in row["user"]

    await probe.client.emit("user:request_server_members", {"serverId": away.id})  # already fetched: ignored
    await ping(live_client, me, probe, other_socket)
    assert len(probe.received("server:members_fetched")) == 1
    assert other_socket.received("server:members_fetched") == []  # only the asking socket


async def test_request_server_members_of_a_server_you_are_not_in_is_ignored(live_client, sockets):
    me = await member()
    foreign = await community(live_client, "Foreign")
    await join(live_client, foreign)
    probe, _ = await authenticate(sockets, me.token, partial=True)
    for data in ({"serverId": foreign.id}, {"serverId": "123"}, {"serverId": None}, "nonsense", None):
        await probe.client.emit("user:request_server_members", data)
    await ping(live_client, me, probe)
    await asyncio.sleep(0.05)
    assert probe.received("server:members_fetched") == []
    assert probe.client.connected


async def test_a_left_server_cannot_be_fetched_any_more(live_client, sockets):
    place = await community(live_client)
    me = await join(live_client, place)
    probe, _ = await authenticate(sockets, me.token, partial=True)
    status_ok = await live_client.post(f"/api/servers/{place.id}/leave", headers={"Authorization": me.token})
    assert status_ok.status_code == 200
    await probe.wait_for("server:left")
    await probe.client.emit("user:request_server_members", {"serverId": place.id})
    await ping(live_client, me, probe)
    assert probe.received("server:members_fetched") == []
