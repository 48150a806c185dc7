"""A verified server's clan (rest.md §4.12): set, change, delete; who may; who hears of it."""

from plugins.clans.models import ServerClan, WornClan
from plugins.servers.models import Server
from tests.plugins.accounts.helpers import ping
from tests.plugins.clans.helpers import icon, verified, with_clan
from tests.plugins.messages.helpers import error, member
from tests.plugins.servers.helpers import community, join, ok, role_with
from tests.support import call


async def test_the_owner_sets_the_clan_and_the_server_row_carries_it(client):
    place = await verified(client)
    clan = await with_clan(client, place, " HRT ")
    assert clan["tag"] == "HRT" and clan["serverId"] == place.id
    assert clan["icon"].startswith(f"avatars/{place.id}/") and set(clan) == {"icon", "tag", "serverId"}
    # Changing the tag alone keeps the icon (its current path is accepted as is).
    changed = await ok(
        client, "POST", f"/api/servers/{place.id}/clans", {"tag": "NEW", "icon": clan["icon"]}, place.owner.token
    )
    assert changed == {**clan, "tag": "NEW"}
    assert await ServerClan.all().count() == 1
    listed = await ok(client, "GET", "/api/explore?filter=clans", token=place.owner.token)
    assert listed == []  # not published; the filter itself answers


async def test_bad_input(client):
    place = await verified(client)
    base, token = f"/api/servers/{place.id}/clans", place.owner.token
    file_id = await icon(client, place)
    cases = [
        ({"icon": file_id}, "Tag is required", "tag"),
        ({"tag": "   ", "icon": file_id}, "Tag is required", "tag"),
        ({"tag": 5, "icon": file_id}, "Tag must be a string", "tag"),
        ({"tag": "TOOLONG", "icon": file_id}, "Tag must be between 1 and 4 characters long", "tag"),
        ({"tag": "HR"}, "Icon is required", "icon"),
        ({"tag": "HR", "icon": ""}, "Icon must be between 1 and 255 characters long", "icon"),
        ({"tag": "HR", "icon": "x" * 256}, "Icon must be between 1 and 255 characters long", "icon"),
        ({"tag": "HR", "icon": ["x"]}, "Icon must be a string", "icon"),
    ]
    for body, message, path in cases:
        assert await call(client, "POST", base, body, token=token) == (400, error(message, path)), body
    # Not a file this owner uploaded for this server's pictures: the CDN's refusal.
    assert await call(client, "POST", base, {"tag": "HR", "icon": "1234567"}, token=token) == (
        403,
        error("File not found."),
    )
    other = await community(client, "Other")
    foreign = await icon(client, other)
    assert await call(client, "POST", base, {"tag": "HR", "icon": foreign}, token=token) == (
        403,
        error("File not found."),
    )
    assert await ServerClan.all().count() == 0


async def test_who_may_not(client):
    place = await verified(client)
    admin, outsider = await join(client, place), await member()
    await role_with(client, place, 1, admin)  # ADMIN, still not the owner
    file_id = await icon(client, place)
    base = f"/api/servers/{place.id}/clans"
    body = {"tag": "HR", "icon": file_id}
    assert await call(client, "POST", base, body, token=admin.token) == (400, error("You are not the server owner"))
    assert await call(client, "POST", base, body, token=outsider.token) == (
        403,
        error("Server member is not in this server."),
    )
    assert await call(client, "POST", base, body) == (401, error("No token provided."))
    assert await call(client, "POST", "/api/servers/123456789/clans", body, token=place.owner.token) == (
        403,
        error("Server does not exist."),
    )
    unverified = await community(client, "Plain")
    assert await call(
        client,
        "POST",
        f"/api/servers/{unverified.id}/clans",
        {"tag": "HR", "icon": await icon(client, unverified)},
        token=unverified.owner.token,
    ) == (400, error("Server is not verified"))
    await with_clan(client, place)
    for person, expected in (
        (admin, (400, error("You are not the server owner"))),
        (outsider, (403, error("Server member is not in this server."))),
    ):
        assert await call(client, "DELETE", base, token=person.token) == expected
    assert await ServerClan.all().count() == 1


async def test_delete_removes_the_clan_and_the_profiles_wearing_it(client):
    place = await verified(client)
    wearer = await join(client, place)
    await with_clan(client, place)
    await ok(client, "POST", "/api/users", {"clanServerId": place.id}, wearer.token)
    base = f"/api/servers/{place.id}/clans"
    assert await ok(client, "DELETE", base, token=place.owner.token) == {"status": True}
    assert await WornClan.all().count() == 0
    profile = await ok(client, "GET", f"/api/users/{wearer.id}", token=wearer.token)
    assert profile["profile"]["clan"] is None
    assert await call(client, "DELETE", base, token=place.owner.token) == (400, error("Clan not found"))


async def test_clan_updated_reaches_the_server_room_only(live_client, sockets):
    place = await verified(live_client)
    fellow, outsider = await join(live_client, place), await member()
    probes = {p.id: await sockets(p.token) for p in (place.owner, fellow, outsider)}
    clan = await with_clan(live_client, place)
    for person in (place.owner, fellow):
        assert await probes[person.id].wait_for("server:clan_updated", timeout=20) == {
            "clan": clan,
            "serverId": place.id,
        }
    await ok(live_client, "DELETE", f"/api/servers/{place.id}/clans", token=place.owner.token)
    for person in (place.owner, fellow):
        assert await probes[person.id].wait_for("server:clan_updated", timeout=20, count=2) == {
            "clan": None,
            "serverId": place.id,
        }
    await ping(live_client, outsider, probes[outsider.id])
    assert probes[outsider.id].received("server:clan_updated") == []


async def test_a_refused_change_tells_nobody(live_client, sockets):
    place = await verified(live_client)
    fellow = await join(live_client, place)
    probe = await sockets(fellow.token)
    await Server.filter(id=int(place.id)).update(verified=False)
    status, _ = await call(
        live_client,
        "POST",
        f"/api/servers/{place.id}/clans",
        {"tag": "HR", "icon": await icon(live_client, place)},
        token=place.owner.token,
    )
    assert status == 400
    await ping(live_client, fellow, probe)
    assert probe.received("server:clan_updated") == []


async def test_the_authenticated_payload_carries_server_clans(live_client, sockets):
    place = await verified(live_client)
    clan = await with_clan(live_client, place)
    probe = await sockets(place.owner.token)
    payload = await probe.wait_for("user:authenticated", timeout=20)
    server = next(s for s in payload["servers"] if s["id"] == place.id)
    assert server["clan"] == {"tag": clan["tag"], "icon": clan["icon"]}


async def test_rate_limit(make_app):
    app = make_app(**{"rate_limits.enabled": True})
    async with app.test_app():
        client = app.test_client()
        place = await community(client)
        base = f"/api/servers/{place.id}/clans"
        for n in range(10):  # one bucket for setting and deleting
            assert (
                await call(
                    client, "POST" if n % 2 else "DELETE", base, {"tag": "x", "icon": "y"}, token=place.owner.token
                )
            )[0] in (400, 403)
        status, body = await call(client, "DELETE", base, token=place.owner.token)
        assert status == 429 and body["ttl"] > 0
