"""Server external embeds (rest.md §4.11): create from an invite, read (anonymously), delete."""

from core.identity.models import User
from plugins.external_embed.models import ExternalEmbed
from tests.plugins.messages.helpers import error, member
from tests.plugins.servers.helpers import community, join, ok, role_with
from tests.support import call


async def invite_code(client, place):
    return (await ok(client, "POST", f"/api/servers/{place.id}/invites", token=place.owner.token))["code"]


async def embed(client, place):
    code = await invite_code(client, place)
    created = await ok(
        client, "POST", f"/api/servers/{place.id}/external-embed?inviteId={code}", token=place.owner.token
    )
    return created, code


async def test_an_admin_creates_the_embed_from_an_invite_and_anyone_reads_it(client):
    place = await community(client)
    admin = await join(client, place)
    await role_with(client, place, 1, admin)
    code = await invite_code(client, place)
    created = await ok(client, "POST", f"/api/servers/{place.id}/external-embed?inviteId={code}", token=admin.token)
    assert set(created) == {"id"}
    assert await call(client, "GET", f"/api/servers/{place.id}/external-embed") == (
        200,
        {"id": created["id"], "type": 0, "serverId": place.id, "serverInviteCode": code, "userId": None},
    )


async def test_create_refusals(client):
    place, other = await community(client), await community(client, "Other")
    foreign = await invite_code(client, other)
    base = f"/api/servers/{place.id}/external-embed"
    owner = place.owner.token
    assert await call(client, "POST", base, token=owner) == (400, error("serverInviteId is required."))
    assert await call(client, "POST", f"{base}?inviteId=", token=owner) == (400, error("serverInviteId is required."))
    assert await call(client, "POST", f"{base}?inviteId={foreign}", token=owner) == (400, error("Invalid invite code."))
    assert await call(client, "POST", f"{base}?inviteId=nope", token=owner) == (400, error("Invalid invite code."))
    code = await invite_code(client, place)
    await ok(client, "POST", f"{base}?inviteId={code}", token=owner)
    assert await call(client, "POST", f"{base}?inviteId={code}", token=owner) == (400, error("Embed already exists."))
    assert await ExternalEmbed.all().count() == 1


async def test_only_admins_create_or_delete(client):
    place = await community(client)
    person, outsider = await join(client, place), await member()
    await role_with(client, place, 2 | 4 | 8 | 16 | 32, person)  # everything but ADMIN
    code = await invite_code(client, place)
    base = f"/api/servers/{place.id}/external-embed"
    for method, path in (("POST", f"{base}?inviteId={code}"), ("DELETE", base)):
        assert await call(client, method, path, token=person.token) == (403, error("Missing Admin permission"))
        assert await call(client, method, path, token=outsider.token) == (
            403,
            error("Server member is not in this server."),
        )
        assert await call(client, method, path) == (401, error("No token provided."))
    assert await ExternalEmbed.all().count() == 0


async def test_delete_removes_the_embed(client):
    place = await community(client)
    await embed(client, place)
    base = f"/api/servers/{place.id}/external-embed"
    assert await ok(client, "DELETE", base, token=place.owner.token) == {"status": True}
    assert await call(client, "GET", base) == (400, error("Embed not found."))
    assert await call(client, "GET", f"{base}.json") == (400, error("Embed not found."))
    # Upstream answers a missing embed with a generic failure; Hearth says what is missing.
    assert await call(client, "DELETE", base, token=place.owner.token) == (400, error("Embed not found."))


async def test_reading_a_missing_embed(client):
    place = await community(client)
    for server_id in (place.id, "nope", "9" * 40):
        assert await call(client, "GET", f"/api/servers/{server_id}/external-embed") == (400, error("Embed not found."))
        assert await call(client, "GET", f"/api/servers/{server_id}/external-embed.json") == (
            400,
            error("Embed not found."),
        )


async def test_deleting_the_server_removes_its_embed(client):
    place = await community(client)
    await embed(client, place)
    await ok(client, "DELETE", f"/api/servers/{place.id}", token=place.owner.token)
    assert await ExternalEmbed.all().count() == 0


async def test_json_lists_online_members_first_with_plain_cdn_paths_where_upstream_encrypts_them(live_client, sockets):
    place = await community(live_client)
    ada = await join(live_client, place, await member(username="ada"))
    zed = await join(live_client, place, await member(username="zed"))
    bot = await join(live_client, place, await member(username="robot"))
    await User.filter(id=int(bot.id)).update(bot=True)
    await User.filter(id=int(zed.id)).update(avatar="avatars/1/face.webp", banner="profile_banners/1/sky.png")
    await ok(
        live_client,
        "POST",
        f"/api/servers/{place.id}/members/{ada.id}/profile",
        {"nickname": "Aardvark"},
        place.owner.token,
    )
    created, code = await embed(live_client, place)
    await sockets(zed.token)
    await sockets(bot.token)
    await ok(live_client, "POST", "/api/users/presence", {"custom": "reading"}, zed.token)
    response = await live_client.get(f"/api/servers/{place.id}/external-embed.json")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "public, max-age=1800"
    body = await response.get_json()
    assert body["id"] == created["id"] and body["userId"] is None and body["serverInviteCode"] == code
    assert body["server"] == {
        "avatar": None,
        "hexColor": place.server["hexColor"],
        "banner": None,
        "name": "Hearthside",
        "verified": False,
        "serverMembers": None,
    }
    assert body["onlineMembersCount"] == 2  # zed and the bot
    users = body["users"]
    assert [u["username"] for u in users] == ["zed", "Aardvark", place.owner.username]  # no bots
    assert [u["id"] for u in users] == [0, 1, 2]
    assert users[0]["avatar"] == "avatars/1/face.webp" and users[0]["banner"] == "profile_banners/1/sky.png"
    assert users[0]["presence"] == {"custom": "reading", "status": 1, "activity": None}
    assert users[1]["presence"] is None and users[1]["avatar"] is None


async def test_json_shows_at_most_fifty_members(client):
    from plugins.servers.models import Member

    place = await community(client)
    for n in range(51):
        user = await User.create(username=f"crowd{n:02}", tag="0001")
        await Member.create(server_id=int(place.id), user_id=user.id)
    await embed(client, place)
    body = await ok(client, "GET", f"/api/servers/{place.id}/external-embed.json")
    assert len(body["users"]) == 50 and body["onlineMembersCount"] == 0
    assert [u["username"] for u in body["users"]][:2] == ["crowd00", "crowd01"]


async def test_rate_limits(make_app):
    app = make_app(**{"rate_limits.enabled": True})
    async with app.test_app():
        client = app.test_client()
        place = await community(client)
        base = f"/api/servers/{place.id}/external-embed"
        for _ in range(4):
            assert (await call(client, "POST", base, token=place.owner.token))[0] == 400
        status, body = await call(client, "POST", base, token=place.owner.token)
        assert status == 429 and body["ttl"] > 0
        # Both reads share one bucket per IP (20 / 60 s), with or without a token.
        for n in range(20):
            assert (await call(client, "GET", base if n % 2 else f"{base}.json"))[0] == 400
        status, body = await call(client, "GET", base, token=place.owner.token)
        assert status == 429 and body["message"] == "Slow down!"
