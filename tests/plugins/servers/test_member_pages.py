"""``GET /api/servers/{id}/members`` (Hearth's own): a server's members a page at a time, online
first, grouped by their highest shown role, by name; ``next`` continues where a page ended."""

from urllib.parse import quote

from core.identity.models import User
from plugins.servers.models import Member
from tests.plugins.messages.helpers import error, member
from tests.plugins.presence.helpers import set_presence
from tests.plugins.servers.crowd import add_members, people
from tests.plugins.servers.helpers import community, join, ok, role_with
from tests.support import call


async def pages(client, place, person, limit):
    """Every page, following ``next``; the members' user ids in order and the last page."""
    order, after, body = [], None, None
    while True:
        query = f"?limit={limit}" + (f"&after={after}" if after else "")
        body = await ok(client, "GET", f"/api/servers/{place.id}/members{query}", token=person.token)
        assert len(body["members"]) <= limit
        order += [m["userId"] for m in body["members"]]
        after = body["next"]
        if after is None:
            return order, body


async def named(client, place, name, online, sockets):
    person = await join(client, place)
    await User.filter(id=int(person.id)).update(username=name)
    if online:
        await sockets(person.token)
    return person


async def test_online_members_come_first_by_role_then_name_and_offline_last(live_client, sockets):
    place = await community(live_client)
    await sockets(place.owner.token)
    await User.filter(id=int(place.owner.id)).update(username="owner")
    zed = await named(live_client, place, "zed", True, sockets)
    amy = await named(live_client, place, "Amy", True, sockets)
    bea = await named(live_client, place, "bea", False, sockets)
    cat = await named(live_client, place, "cat", False, sockets)
    ghost = await named(live_client, place, "ghost", True, sockets)  # connected but invisible
    await set_presence(live_client, ghost, {"status": 0})
    mod = await role_with(live_client, place, 0, zed)  # a shown role: zed heads the list
    await ok(live_client, "POST", f"/api/servers/{place.id}/members/{cat.id}", {"roleIds": [mod]}, place.owner.token)
    hidden = await role_with(live_client, place, 0, amy)
    await ok(live_client, "POST", f"/api/servers/{place.id}/roles/{hidden}", {"hideRole": True}, place.owner.token)
    await ok(
        live_client,
        "POST",
        f"/api/servers/{place.id}/members/{bea.id}/profile",
        {"nickname": "Aaron"},
        place.owner.token,
    )

    order, last = await pages(live_client, place, amy, limit=2)
    assert order == [zed.id, amy.id, place.owner.id, bea.id, cat.id, ghost.id]
    assert last["count"] == 6
    assert last["groups"] == [{"id": mod, "count": 1}, {"id": "online", "count": 2}, {"id": "offline", "count": 3}]
    assert last["roleCounts"] == {mod: 2, hidden: 1}


async def test_a_page_carries_full_member_rows_and_the_presences_of_its_online_members(live_client, sockets):
    place = await community(live_client)
    online = await join(live_client, place)
    await sockets(online.token)
    await set_presence(live_client, online, {"status": 2, "custom": "busy"})
    offline = await join(live_client, place)
    body = await ok(live_client, "GET", f"/api/servers/{place.id}/members?limit=1", token=offline.token)
    assert [m["userId"] for m in body["members"]] == [online.id]
    row = body["members"][0]
    assert set(row) == {"id", "serverId", "userId", "joinedAt", "nickname", "roleIds", "muteExpireAt", "user"}
    assert row["serverId"] == place.id and row["user"]["username"] == online.username
    assert "email" not in row["user"] and row["user"]["lastOnlineAt"] is None
    assert body["presences"] == [{"userId": online.id, "status": 2, "custom": "busy"}]
    assert body["next"]

    rest = await ok(live_client, "GET", f"/api/servers/{place.id}/members?after={body['next']}", token=offline.token)
    assert sorted(m["userId"] for m in rest["members"]) == sorted([place.owner.id, offline.id])
    assert rest["presences"] == [] and rest["next"] is None
    own = next(m for m in rest["members"] if m["userId"] == offline.id)
    assert own["user"]["lastOnlineStatus"] is not None  # your own row, as upstream builds it for you


async def test_pages_default_to_50_and_reach_every_member_once(live_client):
    place = await community(live_client)
    crowd = await people(69, prefix="page")
    await add_members(int(place.id), [int(p.id) for p in crowd])
    first = await ok(live_client, "GET", f"/api/servers/{place.id}/members", token=place.owner.token)
    assert len(first["members"]) == 50 and first["count"] == 70
    order, last = await pages(live_client, place, place.owner, limit=50)
    assert len(order) == 70 and len(set(order)) == 70 and len(last["members"]) == 20
    names = [(await User.get(id=int(user_id))).username.lower() for user_id in order]
    assert names == sorted(names)  # nobody online: everyone offline, by name


async def test_someone_coming_online_between_pages_is_not_repeated(live_client, sockets):
    place = await community(live_client)
    crowd = await people(6, prefix="move")
    await add_members(int(place.id), [int(p.id) for p in crowd])
    first = await ok(live_client, "GET", f"/api/servers/{place.id}/members?limit=3", token=place.owner.token)
    assert [m["userId"] for m in first["members"]] == [p.id for p in crowd[:3]]  # all offline, by name
    await sockets(crowd[0].token)  # already listed, now online: it moves up, before the cursor
    rest = await ok(
        live_client, "GET", f"/api/servers/{place.id}/members?after={first['next']}", token=place.owner.token
    )
    assert [m["userId"] for m in rest["members"]] == [*(p.id for p in crowd[3:]), place.owner.id]


async def test_bad_limits_and_cursors_are_refused(live_client):
    place = await community(live_client)
    for limit in ("0", "101", "abc", "-1", "1.5", "", "²", "١٠"):
        status, body = await call(
            live_client, "GET", f"/api/servers/{place.id}/members?limit={quote(limit)}", token=place.owner.token
        )
        assert (status, body) == (400, error("limit must be a whole number from 1 to 100.", "limit")), limit
    for cursor in ("garbage", "W10", "WzIsMCwiYSIsIjEiXQ", "WzAsMCwiYSIsIngiXQ"):  # [], [2,0,"a","1"], [0,0,"a","x"]
        status, body = await call(
            live_client, "GET", f"/api/servers/{place.id}/members?after={cursor}", token=place.owner.token
        )
        assert (status, body) == (400, error("Invalid cursor.", "after")), cursor


async def test_only_members_may_list_members(live_client):
    place = await community(live_client)
    stranger = await member()
    status, body = await call(live_client, "GET", f"/api/servers/{place.id}/members", token=stranger.token)
    assert (status, body) == (403, error("Server member is not in this server."))
    status, body = await call(live_client, "GET", "/api/servers/123/members", token=stranger.token)
    assert (status, body) == (403, error("Server does not exist."))
    status, _ = await call(live_client, "GET", f"/api/servers/{place.id}/members")
    assert status == 401
    left = await join(live_client, place)
    await ok(live_client, "POST", f"/api/servers/{place.id}/leave", token=left.token)
    status, body = await call(live_client, "GET", f"/api/servers/{place.id}/members", token=left.token)
    assert (status, body) == (403, error("Server member is not in this server."))


async def test_without_presence_members_are_grouped_by_role_and_name(client_without):
    client = await client_without("presence")
    place = await community(client)
    bob = await join(client, place)
    await User.filter(id=int(bob.id)).update(username="bob")
    await User.filter(id=int(place.owner.id)).update(username="owner")
    role = await role_with(client, place, 0, bob)
    body = await ok(client, "GET", f"/api/servers/{place.id}/members", token=bob.token)
    assert [m["userId"] for m in body["members"]] == [bob.id, place.owner.id]
    assert body["groups"] == [{"id": role, "count": 1}, {"id": "members", "count": 1}]
    assert body["presences"] == []
    assert await Member.filter(server_id=int(place.id)).count() == 2
