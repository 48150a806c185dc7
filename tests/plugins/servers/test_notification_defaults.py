"""A server's default ping mode (Hearth's addition, ``/api/servers/{id}/notification-defaults``):
admins choose "all messages" or "only @mentions"; members who chose nothing of their own follow
it in passive delivery; only sockets that name ``notification_defaults`` hear of it."""

from tests.plugins.accounts.helpers import ping
from tests.plugins.messages.helpers import error, sent
from tests.plugins.messages.passive_helpers import full_messages, passive_socket, viewed
from tests.plugins.messages.test_passive import newest_summary, two_channels
from tests.plugins.servers.helpers import community, join, ok, role_with
from tests.support import call

FEATURE = "notification_defaults"
ADMIN = 1


def path(place):
    return f"/api/servers/{place.id}/notification-defaults"


async def featured_socket(sockets, person, *features):
    probe = await sockets(person.token, authenticate=False)
    await probe.client.emit("user:authenticate", {"token": person.token, "features": list(features)})
    await probe.wait_for("user:authenticated")
    return probe


async def test_an_admin_sets_the_default_and_members_who_asked_hear_of_it(live_client, sockets):
    place = await community(live_client)
    alice = await join(live_client, place)
    admin = await join(live_client, place)
    await role_with(live_client, place, ADMIN, admin)
    outsider = await join(live_client, await community(live_client))
    hearing = await featured_socket(sockets, alice, FEATURE)
    protocol = await sockets(alice.token)
    elsewhere = await featured_socket(sockets, outsider, FEATURE)
    assert await ok(live_client, "GET", path(place), token=alice.token) == {
        "serverId": place.id,
        "notificationPingMode": 0,
    }

    answer = await ok(live_client, "POST", path(place), {"notificationPingMode": 1}, admin.token)
    assert answer == {"serverId": place.id, "notificationPingMode": 1}
    assert await hearing.wait_for("server:notification_defaults") == answer
    assert await ok(live_client, "GET", path(place), token=alice.token) == answer
    await ping(live_client, alice, protocol)
    await ping(live_client, outsider, elsewhere)
    assert protocol.received("server:notification_defaults") == []
    assert elsewhere.received("server:notification_defaults") == []

    fresh, plain = await featured_socket(sockets, alice, FEATURE), await sockets(alice.token)
    assert fresh.received("user:authenticated")[0]["notificationDefaults"] == {place.id: 1}
    assert "notificationDefaults" not in plain.received("user:authenticated")[0]
    assert "notificationPingMode" not in str(plain.received("user:authenticated")[0]["servers"])

    await ok(live_client, "POST", path(place), {"notificationPingMode": 0}, place.owner.token)
    assert await hearing.wait_for("server:notification_defaults", count=2) == {
        "serverId": place.id,
        "notificationPingMode": 0,
    }
    again = await featured_socket(sockets, alice, FEATURE)
    assert again.received("user:authenticated")[0]["notificationDefaults"] == {}


async def test_bad_input_members_who_may_not_and_outsiders(client):
    place = await community(client)
    alice = await join(client, place)
    outsider = await join(client, await community(client))
    for body in ({"notificationPingMode": 2}, {"notificationPingMode": "1"}, {"notificationPingMode": None}, {}):
        assert await call(client, "POST", path(place), body, token=place.owner.token) == (
            400,
            error("Invalid notificationPingMode.", "notificationPingMode"),
        ), body
    assert await call(client, "POST", path(place), {"notificationPingMode": 1}, token=alice.token) == (
        403,
        error("Missing Admin permission"),
    )
    for method in ("GET", "POST"):
        assert await call(client, method, path(place), {"notificationPingMode": 1}, token=outsider.token) == (
            403,
            error("Server member is not in this server."),
        )
    assert (await ok(client, "GET", path(place), token=alice.token))["notificationPingMode"] == 0


async def test_passive_delivery_follows_the_default_for_members_without_their_own_setting(live_client, sockets):
    place, first, second = await two_channels(live_client)
    following, chose_all = await join(live_client, place), await join(live_client, place)
    await ok(
        live_client,
        "POST",
        "/api/users/notifications",
        {"serverId": place.id, "notificationPingMode": 0},
        chose_all.token,
    )
    followers, choosers = (
        await passive_socket(sockets, following, viewing=first),
        await passive_socket(sockets, chose_all, viewing=first),
    )
    await ok(live_client, "POST", path(place), {"notificationPingMode": 1}, place.owner.token)
    assert await followers.wait_for("hearth:summarised") == {"added": sorted([first, second]), "removed": []}

    message = await sent(live_client, place.owner, second, "news")
    await newest_summary(followers, message["id"])
    await ping(live_client, chose_all, choosers)
    assert full_messages(followers, second) == []
    assert [m["id"] for m in full_messages(choosers, second)] == [message["id"]]
    assert choosers.received("hearth:activity") == []
    assert choosers.received("hearth:summarised") == []
    assert (await viewed(followers, second))["summarised"] is True
    assert (await viewed(choosers, second))["summarised"] is False
