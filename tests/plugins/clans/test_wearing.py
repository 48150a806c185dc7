"""Members wear their server's clan on their profile (rest.md §1.19 ``clanServerId``)."""

from plugins.clans.models import WornClan
from tests.plugins.clans.helpers import verified, with_clan
from tests.plugins.messages.helpers import error, member
from tests.plugins.servers.helpers import community, join, ok
from tests.support import call


async def test_a_member_wears_the_clan_and_everyone_sees_it_on_the_profile(client):
    place = await verified(client)
    wearer, viewer = await join(client, place), await member()
    clan = await with_clan(client, place)
    updated = await ok(client, "POST", "/api/users", {"clanServerId": place.id}, wearer.token)
    assert updated["user"]["profile"]["clan"] == clan
    assert (await ok(client, "GET", f"/api/users/{wearer.id}", token=viewer.token))["profile"]["clan"] == clan
    assert (await ok(client, "GET", f"/api/users/{wearer.id}"))["profile"]["clan"] == clan  # anonymous too
    # Taking it off.
    updated = await ok(client, "POST", "/api/users", {"clanServerId": None}, wearer.token)
    assert updated["user"]["profile"]["clan"] is None
    assert await WornClan.all().count() == 0


async def test_wearing_refusals(client):
    place, plain = await verified(client), await community(client, "Plain")
    await with_clan(client, place)
    outsider = await member()
    await join(client, plain, outsider)
    assert await call(client, "POST", "/api/users", {"clanServerId": place.id}, token=outsider.token) == (
        400,
        error("Member is not in this server."),
    )
    assert await call(client, "POST", "/api/users", {"clanServerId": plain.id}, token=outsider.token) == (
        400,
        error("Server does not have a clan."),
    )
    assert await call(client, "POST", "/api/users", {"clanServerId": "abc"}, token=outsider.token) == (
        400,
        error("Invalid clanServerId.", "clanServerId"),
    )
    assert await call(client, "POST", "/api/users", {"clanServerId": 5}, token=outsider.token) == (
        400,
        error("Invalid clanServerId.", "clanServerId"),
    )
    assert await WornClan.all().count() == 0


async def test_a_refused_clan_changes_nothing_else(client):
    place = await community(client)
    person = await join(client, place)
    assert await call(client, "POST", "/api/users", {"clanServerId": place.id, "bio": "kept?"}, token=person.token) == (
        400,
        error("Server does not have a clan."),
    )
    assert (await ok(client, "GET", f"/api/users/{person.id}"))["profile"] is None


async def test_leaving_the_server_takes_the_clan_off(client):
    place = await verified(client)
    wearer = await join(client, place)
    await with_clan(client, place)
    await ok(client, "POST", "/api/users", {"clanServerId": place.id}, wearer.token)
    await ok(client, "POST", f"/api/servers/{place.id}/leave", token=wearer.token)
    assert (await ok(client, "GET", f"/api/users/{wearer.id}"))["profile"]["clan"] is None


async def test_the_self_user_and_its_event_carry_the_clan(live_client, sockets):
    place = await verified(live_client)
    wearer, fellow = await join(live_client, place), await join(live_client, place)
    clan = await with_clan(live_client, place)
    mine, theirs = await sockets(wearer.token), await sockets(fellow.token)
    await ok(live_client, "POST", "/api/users", {"clanServerId": place.id}, wearer.token)
    event = await mine.wait_for("user:updatedSelf", timeout=20)
    assert event["profile"] == {"clanServerId": place.id}
    again = await sockets(wearer.token)
    payload = await again.wait_for("user:authenticated", timeout=20)
    assert payload["user"]["profile"] == {"font": None, "clan": clan}
    assert theirs.received("user:updatedSelf") == []
