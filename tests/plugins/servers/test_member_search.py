"""``GET /api/servers/{id}/members/search`` (Hearth's own): the members matching what is typed after
``@`` in the composer — by nickname, username or ``username:tag``, without regard to case or
accents — online first, at most ``limit`` of them, for members of the server only."""

from urllib.parse import quote

from core.identity.models import User
from tests.plugins.messages.helpers import error, member
from tests.plugins.presence.helpers import set_presence
from tests.plugins.servers.crowd import add_members, people
from tests.plugins.servers.helpers import community, join, ok
from tests.support import call


async def named(client, place, username, nickname=None):
    person = await join(client, place)
    await User.filter(id=int(person.id)).update(username=username)
    if nickname:
        await ok(
            client,
            "POST",
            f"/api/servers/{place.id}/members/{person.id}/profile",
            {"nickname": nickname},
            place.owner.token,
        )
    return person


async def found(client, place, person, query, limit=None):
    path = f"/api/servers/{place.id}/members/search?q={quote(query)}" + (f"&limit={limit}" if limit else "")
    body = await ok(client, "GET", path, token=person.token)
    return [m["userId"] for m in body["members"]], body


async def test_matches_nicknames_usernames_and_tags_without_case_or_accents(live_client):
    place = await community(live_client)
    await User.filter(id=int(place.owner.id)).update(username="owner")
    jose = await named(live_client, place, "José")
    ali = await named(live_client, place, "alice", nickname="Wonder")
    bob = await named(live_client, place, "bobby")
    tag = (await User.get(id=int(bob.id))).tag

    assert (await found(live_client, place, bob, "JOSE"))[0] == [jose.id]
    assert (await found(live_client, place, bob, "wond"))[0] == [ali.id]  # the nickname
    assert (await found(live_client, place, bob, "ALI"))[0] == [ali.id]  # the username under it
    assert (await found(live_client, place, bob, f"bobby:{tag}"))[0] == [bob.id]
    assert (await found(live_client, place, bob, "zzz"))[0] == []
    # a query without ":" never matches inside a tag (its random letters would match anything)
    await User.filter(id=int(jose.id)).update(tag="xq7z")
    assert (await found(live_client, place, bob, "q7"))[0] == []
    assert (await found(live_client, place, bob, "jose:xq"))[0] == [jose.id]
    ids, body = await found(live_client, place, bob, "o")  # every name holding an "o"
    assert sorted(ids) == sorted([place.owner.id, jose.id, ali.id, bob.id])
    row = next(m for m in body["members"] if m["userId"] == ali.id)
    assert row["nickname"] == "Wonder" and row["user"]["username"] == "alice" and row["serverId"] == place.id
    assert "email" not in row["user"]


async def test_online_members_first_then_better_matches_then_names(live_client, sockets):
    place = await community(live_client)
    await User.filter(id=int(place.owner.id)).update(username="owner")
    annex = await named(live_client, place, "annex")  # starts with "an", offline
    ann = await named(live_client, place, "ann")  # the whole name, offline
    joanna = await named(live_client, place, "joanna")  # inside the name, online
    banner = await named(live_client, place, "banner")  # inside, online but invisible
    await sockets(joanna.token)
    await sockets(banner.token)
    await set_presence(live_client, banner, {"status": 0})
    await set_presence(live_client, joanna, {"status": 4, "custom": "busy"})

    ids, body = await found(live_client, place, place.owner, "an")
    assert ids == [joanna.id, ann.id, annex.id, banner.id]
    assert body["presences"] == [{"userId": joanna.id, "status": 4, "custom": "busy"}]


async def test_a_big_server_answers_at_most_limit_members(live_client):
    place = await community(live_client)
    crowd = await people(60, prefix="many")
    await add_members(int(place.id), [int(p.id) for p in crowd])
    ids, _ = await found(live_client, place, place.owner, "many")
    assert ids == [p.id for p in crowd[:10]]  # ten by default, everyone offline: by name
    ids, _ = await found(live_client, place, place.owner, "many", limit=25)
    assert ids == [p.id for p in crowd[:25]]
    ids, _ = await found(live_client, place, place.owner, "many005", limit=25)
    assert ids == [p.id for p in crowd[50:60]]


async def test_bad_queries_and_limits_are_refused(live_client):
    place = await community(live_client)
    base = f"/api/servers/{place.id}/members/search"
    for query in ("", "?q=", "?q=%20%20", f"?q={'a' * 41}"):
        status, body = await call(live_client, "GET", base + query, token=place.owner.token)
        assert (status, body) == (400, error("q must be between 1 and 40 characters.", "q")), query
    for limit in ("0", "26", "abc", "-1", "1.5", "", "²"):
        status, body = await call(live_client, "GET", f"{base}?q=a&limit={quote(limit)}", token=place.owner.token)
        assert (status, body) == (400, error("limit must be a whole number from 1 to 25.", "limit")), limit
    status, _ = await call(live_client, "GET", f"{base}?q={'a' * 40}&limit=25", token=place.owner.token)
    assert status == 200


async def test_only_members_may_search(live_client):
    place = await community(live_client)
    await join(live_client, place)
    stranger = await member()
    path = f"/api/servers/{place.id}/members/search?q=a"
    status, body = await call(live_client, "GET", path, token=stranger.token)
    assert (status, body) == (403, error("Server member is not in this server."))
    status, body = await call(live_client, "GET", "/api/servers/123/members/search?q=a", token=stranger.token)
    assert (status, body) == (403, error("Server does not exist."))
    status, _ = await call(live_client, "GET", path)
    assert status == 401
    left = await join(live_client, place)
    await ok(live_client, "POST", f"/api/servers/{place.id}/leave", token=left.token)
    status, body = await call(live_client, "GET", path, token=left.token)
    assert (status, body) == (403, error("Server member is not in this server."))


async def test_searches_are_rate_limited_per_user(make_app):
    app = make_app(**{"rate_limits.enabled": True})
    async with app.test_app():
        client = app.test_client()
        place = await community(client)
        other = await join(client, place)
        path = f"/api/servers/{place.id}/members/search?q=a"
        statuses = [(await call(client, "GET", path, token=place.owner.token))[0] for _ in range(31)]
        assert statuses == [200] * 30 + [429]
        assert (await call(client, "GET", path, token=other.token))[0] == 200


async def test_without_presence_nobody_is_ranked_online(client_without):
    client = await client_without("presence")
    place = await community(client)
    await User.filter(id=int(place.owner.id)).update(username="owner")
    zoe = await named(client, place, "zoe")
    ids, body = await found(client, place, zoe, "o")
    assert ids == [place.owner.id, zoe.id] and body["presences"] == []
