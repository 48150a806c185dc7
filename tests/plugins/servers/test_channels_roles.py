"""Channels (rest.md §4.3) and roles (§4.4) with their events and input rules."""

import asyncio

from plugins.messages.models import Channel
from plugins.servers.models import Role
from tests.plugins.messages.helpers import error, send, sent
from tests.plugins.servers.helpers import community, join, ok, role_with
from tests.support import call


async def test_channel_create_update_order_delete_reach_the_server_room(live_client, sockets):
    place = await community(live_client)
    person = await join(live_client, place)
    probe = await sockets(person.token)
    category = await ok(live_client, "POST", f"/api/servers/{place.id}/channels", {"type": 2}, place.owner.token)
    assert category["name"] == "New Category" and category["type"] == 2
    text = await ok(live_client, "POST", f"/api/servers/{place.id}/channels", {"name": " ideas "}, place.owner.token)
    assert text["name"] == "ideas" and text["permissions"][0]["permissions"] == 7
    assert (await probe.wait_for("server:channel_created", count=2))["channel"]["id"] == text["id"]
    body = await ok(
        live_client,
        "POST",
        f"/api/servers/{place.id}/channels/order",
        {"channelIds": [text["id"]], "categoryId": category["id"]},
        place.owner.token,
    )
    assert body == {"orderedChannelIds": [text["id"]], "categoryId": category["id"]}
    assert (await probe.wait_for("server:channel_order_updated"))["categoryId"] == category["id"]
    updated = await ok(
        live_client,
        "POST",
        f"/api/servers/{place.id}/channels/{text['id']}",
        {"name": "big-ideas", "slowModeSeconds": 0},
        place.owner.token,
    )
    assert updated == {"name": "big-ideas", "slowModeSeconds": None}
    assert (await probe.wait_for("server:channel_updated"))["updated"]["name"] == "big-ideas"
    await sent(live_client, person, text["id"], "visible to all")
    assert await ok(
        live_client, "DELETE", f"/api/servers/{place.id}/channels/{category['id']}", token=place.owner.token
    ) == {"deleted": category["id"]}
    assert (await probe.wait_for("server:channel_deleted"))["channelId"] == category["id"]
    status, channel = await call(live_client, "GET", f"/api/channels/{text['id']}", token=person.token)
    assert status == 200 and channel["categoryId"] is None


async def test_channel_input_rules(client):
    place = await community(client)
    base = f"/api/servers/{place.id}/channels"
    assert await call(client, "POST", base, {"name": "#bad"}, token=place.owner.token) == (
        400,
        error("Channel cannot contain the # symbol", "name"),
    )
    assert await call(client, "POST", base, {"type": 3}, token=place.owner.token) == (
        400,
        error("type must be less than 3 and greater than 0.", "type"),
    )
    assert await call(client, "POST", f"{base}/{place.general}", {"slowModeSeconds": 2}, token=place.owner.token) == (
        400,
        error("slowModeSeconds must be at least 3 seconds or 0.", "slowModeSeconds"),
    )
    assert await call(client, "DELETE", f"{base}/{place.general}", token=place.owner.token) == (
        403,
        error("You cannot delete the default channel."),
    )
    assert await call(client, "DELETE", f"{base}/12345", token=place.owner.token) == (
        403,
        error("Channel does not exist."),
    )
    assert await call(client, "POST", f"{base}/order", {"channelIds": ["1"]}, token=place.owner.token) == (
        400,
        error("Invalid channel ids."),
    )
    assert await call(
        client,
        "POST",
        f"{base}/{place.general}/permissions/{place.default_role}",
        {"permissions": 901},
        token=place.owner.token,
    ) == (400, error("Permissions must be between 0 and 900.", "permissions"))


async def test_slow_mode_limits_members_but_not_admins(client):
    place = await community(client)
    person = await join(client, place)
    await ok(
        client, "POST", f"/api/servers/{place.id}/channels/{place.general}", {"slowModeSeconds": 30}, place.owner.token
    )
    await sent(client, person, place.general, "first")
    status, body = await send(client, person, place.general, "second")
    assert status == 429 and body["slowMode"] is True and body["message"] == "Slow down!" and 0 < body["ttl"] <= 30_000
    await sent(client, place.owner, place.general, "owners are not slowed")
    await sent(client, place.owner, place.general, "at all")


async def test_muted_members_and_members_without_send_permission_cannot_post(client):
    import time

    place = await community(client)
    person = await join(client, place)
    await ok(
        client,
        "POST",
        f"/api/servers/{place.id}/mutes/{person.id}",
        {"expireAt": int(time.time() * 1000) + 60_000},
        place.owner.token,
    )
    assert await send(client, person, place.general, "hi") == (403, error("You are muted in this server."))
    await ok(client, "DELETE", f"/api/servers/{place.id}/mutes/{person.id}", token=place.owner.token)
    await sent(client, person, place.general, "free again")
    await ok(
        client, "POST", f"/api/servers/{place.id}/roles/{place.default_role}", {"permissions": 0}, place.owner.token
    )
    assert await send(client, person, place.general, "hi") == (403, error("Missing Send Message permission"))
    await ok(
        client,
        "POST",
        f"/api/servers/{place.id}/channels/{place.general}/permissions/{place.default_role}",
        {"permissions": 1},
        place.owner.token,
    )
    assert await send(client, person, place.general, "hi") == (
        403,
        error("You are not allowed to send messages in this channel."),
    )


async def test_roles_follow_the_hierarchy(live_client, sockets):
    place = await community(live_client)
    manager = await join(live_client, place)
    probe = await sockets(manager.token)
    high = await role_with(live_client, place, 4, manager)
    low = await role_with(live_client, place, 2)  # a new role goes just above the default one
    created = await probe.wait_for("server:role_created")
    assert created["serverId"] == place.id
    status, body = await call(
        live_client, "POST", f"/api/servers/{place.id}/roles/{high}", {"name": "mine"}, token=manager.token
    )
    assert (status, body) == (400, error("You do not have priority to modify this role."))
    assert await call(
        live_client, "POST", f"/api/servers/{place.id}/roles/{low}", {"permissions": 1}, token=manager.token
    ) == (400, error("You must have this permission to modify this role."))
    assert await ok(
        live_client, "POST", f"/api/servers/{place.id}/roles/{low}", {"name": "Helpers"}, manager.token
    ) == {"name": "Helpers"}
    assert (await probe.wait_for("server:role_updated", count=3))["updated"] == {"name": "Helpers"}
    assert await call(
        live_client, "DELETE", f"/api/servers/{place.id}/roles/{place.default_role}", token=place.owner.token
    ) == (400, error("Cannot delete default role."))
    assert await call(
        live_client,
        "POST",
        f"/api/servers/{place.id}/roles/{place.default_role}",
        {"hideRole": True},
        token=place.owner.token,
    ) == (400, error("Cannot hide default role."))
    assert await call(
        live_client, "POST", f"/api/servers/{place.id}/roles/{low}", {"hexColor": "red"}, token=place.owner.token
    ) == (400, error("Invalid hex color.", "hexColor"))
    deleted = await ok(live_client, "DELETE", f"/api/servers/{place.id}/roles/{low}", token=place.owner.token)
    assert deleted["id"] == low
    assert await probe.wait_for("server:role_deleted") == {"serverId": place.id, "roleId": low}


async def test_role_order_keeps_the_default_role_first(client):
    place = await community(client)
    first = await role_with(client, place, 2)
    second = await role_with(client, place, 2)
    roles = [place.default_role, second, first]
    assert await call(
        client, "POST", f"/api/servers/{place.id}/roles/order", {"roleIds": roles}, token=place.owner.token
    ) == (200, True)
    assert await call(
        client,
        "POST",
        f"/api/servers/{place.id}/roles/order",
        {"roleIds": [second, place.default_role, first]},
        token=place.owner.token,
    ) == (400, error("Cannot change default role order."))
    assert await call(
        client, "POST", f"/api/servers/{place.id}/roles/order", {"roleIds": roles[:2]}, token=place.owner.token
    ) == (400, error("Role count does not match."))


async def test_roles_and_channels_created_at_once_each_get_their_own_place(client):
    # Each request used to number from the roles it had read before writing: four at once all
    # took place 2.
    place = await community(client)
    created = await asyncio.gather(
        *(ok(client, "POST", f"/api/servers/{place.id}/roles", token=place.owner.token) for _ in range(4))
    )
    orders = dict(await Role.filter(server_id=int(place.id)).values_list("id", "order"))
    assert sorted(orders.values()) == [1, 2, 3, 4, 5] and orders[int(place.default_role)] == 1
    assert all(orders[int(role["id"])] > 1 for role in created)
    await asyncio.gather(
        *(
            ok(client, "POST", f"/api/servers/{place.id}/channels", {"name": f"room-{n}"}, place.owner.token)
            for n in range(4)
        )
    )
    channel_orders = await Channel.filter(server_id=int(place.id)).values_list("order", flat=True)
    assert len(set(channel_orders)) == len(channel_orders) == 5


async def test_channel_notice_is_set_by_channel_managers_and_read_by_members(client):
    place = await community(client)
    person = await join(client, place)
    path = f"/api/servers/{place.id}/channels/{place.general}/notice"
    assert await call(client, "PUT", path, {"content": "Be kind"}, token=person.token) == (
        403,
        error("Missing Manage Channels permission"),
    )
    assert await call(client, "PUT", path, {"content": "no"}, token=place.owner.token) == (
        400,
        error("Content must be between 4 and 300 characters long.", "content"),
    )
    notice = (await ok(client, "PUT", path, {"content": " Be kind "}, place.owner.token))["notice"]
    assert notice["content"] == "Be kind" and notice["channelId"] == place.general and notice["userId"] is None
    status, body = await call(client, "GET", f"/api/channels/{place.general}/notice", token=person.token)
    assert status == 200 and body["notice"]["content"] == "Be kind"
    assert await ok(client, "DELETE", path, token=place.owner.token) == {"status": True}
    assert await call(client, "DELETE", path, token=place.owner.token) == (400, error("Channel notice does not exist."))
    assert await call(client, "GET", f"/api/channels/{place.general}/notice", token=person.token) == (
        400,
        error("Channel notice does not exist."),
    )
