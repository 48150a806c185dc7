"""User external embeds (rest.md §1.7–1.10): a user makes their own, anyone reads it, they delete it."""

from core.identity.models import User
from plugins.external_embed.models import ExternalEmbed
from tests.plugins.messages.helpers import error, member
from tests.plugins.servers.helpers import ok
from tests.support import PASSWORD, call

BASE = "/api/users/external-embed"


async def test_a_user_creates_their_embed_and_anyone_reads_it(client):
    ada = await member()
    created = await ok(client, "POST", BASE, token=ada.token)
    assert set(created) == {"id"}
    assert await call(client, "GET", f"/api/users/{ada.id}/external-embed") == (
        200,
        {"id": created["id"], "type": 1, "serverId": None, "serverInviteCode": None, "userId": ada.id},
    )
    response = await client.get(f"/api/users/{ada.id}/external-embed.json")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "public, max-age=1800"
    assert await response.get_json() == {
        "id": created["id"],
        "userId": ada.id,
        "serverInviteCode": None,
        "server": None,
    }


async def test_a_second_embed_is_refused(client):
    ada = await member()
    await ok(client, "POST", BASE, token=ada.token)
    assert await call(client, "POST", BASE, token=ada.token) == (400, error("Embed already exists."))
    assert await ExternalEmbed.filter(user_id=int(ada.id)).count() == 1


async def test_delete_removes_only_your_own_embed(client):
    ada, bob = await member(), await member()
    await ok(client, "POST", BASE, token=ada.token)
    await ok(client, "POST", BASE, token=bob.token)
    assert await ok(client, "DELETE", BASE, token=ada.token) == {"status": True}
    assert await call(client, "GET", f"/api/users/{ada.id}/external-embed") == (400, error("Embed not found."))
    assert await call(client, "GET", f"/api/users/{ada.id}/external-embed.json") == (400, error("Embed not found."))
    assert (await call(client, "GET", f"/api/users/{bob.id}/external-embed"))[0] == 200
    # Upstream's answer when there is nothing to delete.
    assert await call(client, "DELETE", BASE, token=ada.token) == (400, error("Something went wrong. Try again later."))


async def test_who_may_not(client):
    bot = await member()
    await User.filter(id=int(bot.id)).update(bot=True)
    for method in ("POST", "DELETE"):
        assert await call(client, method, BASE) == (401, error("No token provided."))
        assert await call(client, method, BASE, token="nope") == (401, error("Invalid token."))
        assert await call(client, method, BASE, token=bot.token) == (
            401,
            error("Bots are not allowed to use this route."),
        )
    assert await ExternalEmbed.all().count() == 0


async def test_reading_a_missing_embed(client):
    ada = await member()
    for user_id in (ada.id, "nope", "9" * 40):
        assert await call(client, "GET", f"/api/users/{user_id}/external-embed") == (400, error("Embed not found."))
        assert await call(client, "GET", f"/api/users/{user_id}/external-embed.json") == (
            400,
            error("Embed not found."),
        )


async def test_a_server_embed_is_not_a_user_embed(client):
    from tests.plugins.servers.helpers import community

    place = await community(client)
    code = (await ok(client, "POST", f"/api/servers/{place.id}/invites", token=place.owner.token))["code"]
    await ok(client, "POST", f"/api/servers/{place.id}/external-embed?inviteId={code}", token=place.owner.token)
    # The owner has a server embed, not a user embed: the user routes do not see it.
    assert await call(client, "GET", f"/api/users/{place.owner.id}/external-embed") == (400, error("Embed not found."))
    assert await call(client, "DELETE", BASE, token=place.owner.token) == (
        400,
        error("Something went wrong. Try again later."),
    )
    assert await ExternalEmbed.all().count() == 1


async def test_deleting_the_account_removes_the_embed(client):
    ada = await member()
    await ok(client, "POST", BASE, token=ada.token)
    status, body = await call(client, "DELETE", "/api/users/delete-account", {"password": PASSWORD}, token=ada.token)
    assert status == 200, body
    assert await ExternalEmbed.all().count() == 0


async def test_rate_limits(make_app):
    app = make_app(**{"rate_limits.enabled": True})
    async with app.test_app():
        client = app.test_client()
        ada = await member()
        for _ in range(4):
            assert (await call(client, "POST", BASE, token=ada.token))[0] in (200, 400)
        status, body = await call(client, "POST", BASE, token=ada.token)
        assert status == 429 and body["ttl"] > 0
        for n in range(20):
            path = f"/api/users/{ada.id}/external-embed" + ("" if n % 2 else ".json")
            assert (await call(client, "GET", path))[0] == 200
        status, body = await call(client, "GET", f"/api/users/{ada.id}/external-embed")
        assert status == 429 and body["message"] == "Slow down!"
