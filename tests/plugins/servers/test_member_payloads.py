"""Member lists in ``user:authenticated``: full mode built from one statement with cached rows
(the same rows as before, never stale), and Hearth's own partial mode (``pagedMembers``), where
only your own rows come and the UI pages the rest."""

from datetime import UTC, datetime, timedelta

from core.identity.models import User
from plugins.accounts.models import Profile
from plugins.accounts.public_profile import brief_profiles
from plugins.servers.models import Member
from plugins.servers.payload import light_rows
from plugins.servers.wire import member_row, member_user
from tests.conftest import REDIS_URL, needs_redis
from tests.plugins.accounts.helpers import ping
from tests.plugins.messages.helpers import member
from tests.plugins.presence.helpers import set_presence
from tests.plugins.servers.helpers import community, join, ok, role_with
from tests.plugins.servers.test_partial_members import authenticate, member_ids
from tests.support import connect_socket, start_process

PAGED = {"partial": True, "pagedMembers": True}


async def model_rows(client, place, viewer_id):
    """The server's member rows built the plain way, from model rows one kind at a time: what
    the one-statement rows of plugins/servers/memberrows.py must equal (profile extras need the app)."""
    async with client.app.app_context():
        members = await light_rows(Member.filter(server_id=int(place.id)), Member)
        user_ids = {m.user_id for m in members}
        users = {u.id: u for u in await User.filter(id__in=user_ids)}
        profiles = await brief_profiles(user_ids)
        return [
            member_row(m, member_user(users[m.user_id], profiles.get(m.user_id), viewer_id))
            for m in members
            if m.user_id in users
        ]


async def varied_server(client, sockets):
    """A server whose members differ in every way a member row can: nickname, roles, mute,
    profile, a bot, last-online privacy; one of them online."""
    place = await community(client)
    me, nick, shown, bot = [await join(client, place) for _ in range(4)]
    await ok(
        client, "POST", f"/api/servers/{place.id}/members/{nick.id}/profile", {"nickname": "Nick"}, place.owner.token
    )
    await role_with(client, place, 0, shown)
    await ok(
        client,
        "POST",
        f"/api/servers/{place.id}/mutes/{nick.id}",
        {"expireAt": (datetime.now(UTC) + timedelta(hours=1)).timestamp() * 1000},
        place.owner.token,
    )
    await Profile.create(user_id=int(shown.id), font=3)
    await User.filter(id=int(bot.id)).update(bot=True)
    seen = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)
    await User.filter(id__in=[int(shown.id), int(me.id)]).update(last_online_status=2, last_online_at=seen)
    await User.filter(id=int(nick.id)).update(last_online_at=seen)  # not shared: stays hidden
    await sockets(shown.token)
    return place, me


async def test_full_mode_rows_are_the_rows_the_model_builder_gives(live_client, sockets):
    place, me = await varied_server(live_client, sockets)
    _, payload = await authenticate(sockets, me.token)
    expected = await model_rows(live_client, place, int(me.id))
    by_user = lambda rows: sorted(rows, key=lambda row: row["userId"])  # noqa: E731
    assert by_user(payload["serverMembers"]) == by_user(expected)
    own = next(row for row in payload["serverMembers"] if row["userId"] == me.id)
    assert own["user"]["lastOnlineAt"] == int(datetime(2024, 5, 1, 12, tzinfo=UTC).timestamp() * 1000)
    _, again = await authenticate(sockets, me.token)  # from the cache this time
    assert by_user(again["serverMembers"]) == by_user(expected)


async def test_server_joined_brings_the_same_member_rows(live_client, sockets):
    place, _ = await varied_server(live_client, sockets)
    newcomer = await member()
    probe = await sockets(newcomer.token)
    await join(live_client, place, newcomer)
    joined = await probe.wait_for("server:joined")
    expected = await model_rows(live_client, place, int(newcomer.id))
    by_user = lambda rows: sorted(rows, key=lambda row: row["userId"])  # noqa: E731
    assert by_user(joined["members"]) == by_user(expected) and len(expected) == 6


async def test_full_mode_rows_follow_every_change_without_reconnecting_anyone(live_client, sockets):
    place = await community(live_client)
    me, other = await join(live_client, place), await join(live_client, place)
    await authenticate(sockets, me.token)  # other's row is cached now
    await ok(live_client, "POST", "/api/users", {"username": "renamed", "password": other.password}, other.token)
    await ok(
        live_client,
        "POST",
        f"/api/servers/{place.id}/members/{other.id}/profile",
        {"nickname": "Nick"},
        place.owner.token,
    )
    role = await role_with(live_client, place, 0, other)
    _, payload = await authenticate(sockets, me.token)
    row = next(row for row in payload["serverMembers"] if row["userId"] == other.id)
    assert (row["user"]["username"], row["nickname"], row["roleIds"]) == ("renamed", "Nick", [role])
    await ok(live_client, "POST", f"/api/servers/{place.id}/leave", token=other.token)
    _, payload = await authenticate(sockets, me.token)
    assert other.id not in member_ids(payload)


@needs_redis
async def test_a_change_through_one_process_shows_in_the_next_payload_of_the_other(live_client, database_url):
    place = await community(live_client)
    me, other = await join(live_client, place), await join(live_client, place)
    started = [await start_process(database_url, REDIS_URL), await start_process(database_url, REDIS_URL)]
    try:
        (_, first), (_, second) = started
        probe = await connect_socket(first, me.token)  # the first process caches other's row
        assert other.id in member_ids(probe.received("user:authenticated")[0])
        await probe.close()
        await ok(
            live_client,
            "POST",
            f"/api/servers/{place.id}/members/{other.id}/profile",
            {"nickname": "Later"},
            place.owner.token,
        )
        probe = await connect_socket(first, me.token)
        row = next(r for r in probe.received("user:authenticated")[0]["serverMembers"] if r["userId"] == other.id)
        assert row["nickname"] == "Later"
        await probe.close()
    finally:
        for process, _ in started:
            process.terminate()
            process.wait(10)


async def test_hearths_partial_mode_sends_only_your_own_rows_and_no_members_presences(live_client, sockets):
    place = await community(live_client)
    me, online = await join(live_client, place), await join(live_client, place)
    away = await community(live_client, "Away")
    await join(live_client, away, me)
    await sockets(online.token)
    await sockets(away.owner.token)
    friend = await member()
    await ok(live_client, "POST", "/api/friends/add", {"username": friend.username, "tag": friend.tag}, me.token)
    await ok(live_client, "POST", f"/api/friends/{me.id}", token=friend.token)
    await sockets(friend.token)

    _, payload = await authenticate(sockets, me.token, **PAGED, currentServerId=place.id)
    assert sorted((m["serverId"], m["userId"]) for m in payload["serverMembers"]) == sorted(
        [(place.id, me.id), (away.id, me.id)]
    )
    assert sorted(p["userId"] for p in payload["presences"]) == sorted([me.id, friend.id])
    assert payload["currentServerId"] == place.id
    assert sorted(s["id"] for s in payload["servers"]) == sorted([place.id, away.id])
    assert {c["serverId"] for c in payload["channels"] if c.get("serverId")} == {place.id, away.id}

    # the reference's modes are as they were
    _, full = await authenticate(sockets, me.token)
    assert online.id in member_ids(full, place.id) and place.owner.id in member_ids(full, place.id)
    assert online.id in [p["userId"] for p in full["presences"]]
    _, reference = await authenticate(sockets, me.token, partial=True)
    assert member_ids(reference, place.id) == sorted([me.id, online.id])


async def test_a_paged_socket_still_hears_its_servers_members_live(live_client, sockets):
    place = await community(live_client)
    me, other = await join(live_client, place), await join(live_client, place)
    probe, _ = await authenticate(sockets, me.token, **PAGED)
    await sockets(other.token)
    assert (await probe.wait_for("user:presence_update"))["userId"] == other.id
    newcomer = await join(live_client, place)
    joined = await probe.wait_for("server:member_joined")
    assert joined["member"]["userId"] == newcomer.id
    await set_presence(live_client, other, {"status": 3})
    assert (await probe.wait_for("user:presence_update", count=2)) == {"userId": other.id, "status": 3}
    await ok(live_client, "POST", f"/api/servers/{place.id}/leave", token=newcomer.token)
    assert await probe.wait_for("server:member_left") == {"serverId": place.id, "userId": newcomer.id}

    stranger = await member()
    outsider, _ = await authenticate(sockets, stranger.token, **PAGED)
    await join(live_client, await community(live_client, "Elsewhere"))
    await ping(live_client, stranger, outsider)
    assert outsider.received("server:member_joined") == []
