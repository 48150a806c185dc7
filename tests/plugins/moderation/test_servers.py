"""Servers as moderators see them (rest.md §8.1): list, most active, search, details, rename and
verify (``server:updated`` to the server's room only), Explore pins, and what a scheduled deletion
adds (the owner warned, audit entries)."""

from plugins.moderation.models import AuditEntry, Strikes
from plugins.servers.models import Server
from tests.plugins.accounts.helpers import ping
from tests.plugins.messages.helpers import error, member, sent
from tests.plugins.moderation.helpers import MOD, ok, pw, staff
from tests.plugins.servers.helpers import community, join
from tests.support import call


async def test_lists_search_and_details(client):
    first, second = await community(client, "Gardeners"), await community(client, "Knitters")
    mod = await staff(client, MOD)
    listed = await ok(client, "GET", "/api/moderation/servers", token=mod.token)
    assert [s["id"] for s in listed] == [second.id, first.id]  # newest first
    row = listed[0]
    assert set(row) == {
        "id",
        "name",
        "hexColor",
        "avatar",
        "verified",
        "createdAt",
        "scheduledForDeletion",
        "publicServer",
        "createdBy",
    }
    assert row["createdBy"] == {"id": second.owner.id, "username": second.owner.username, "tag": second.owner.tag}
    assert row["scheduledForDeletion"] is None and row["publicServer"] is None and row["verified"] is False
    assert [
        s["id"] for s in await ok(client, "GET", f"/api/moderation/servers?after={second.id}", token=mod.token)
    ] == [first.id]
    assert [s["id"] for s in await ok(client, "GET", "/api/moderation/servers?limit=1", token=mod.token)] == [second.id]

    found = await ok(client, "GET", "/api/moderation/servers/search?q=knit", token=mod.token)
    assert [s["id"] for s in found] == [second.id] and "verified" not in found[0]
    assert found[0]["createdBy"]["badges"] == 0
    assert [
        s["id"] for s in await ok(client, "GET", f"/api/moderation/servers/search?q={first.id}", token=mod.token)
    ] == [first.id]
    by_channel = await ok(client, "GET", f"/api/moderation/servers/search?q={first.general}", token=mod.token)
    assert [s["id"] for s in by_channel] == [first.id]

    await join(client, first)
    details = await ok(client, "GET", f"/api/moderation/servers/{first.id}", token=mod.token)
    assert details["_count"] == {"serverMembers": 2} and details["banner"] is None
    assert details["createdBy"]["id"] == first.owner.id
    assert details["createdBy"]["suspension"] is None and details["createdBy"]["shadowBan"] is None
    status, nothing = await call(client, "GET", "/api/moderation/servers/12345", token=mod.token)
    assert (status, nothing) == (200, None)


async def test_the_most_active_servers_of_the_week(client):
    busy, quiet, silent = (
        await community(client, "Busy"),
        await community(client, "Quiet"),
        await community(client, "Silent"),
    )
    for n in range(3):
        await sent(client, busy.owner, busy.general, f"hello {n}")
    await sent(client, quiet.owner, quiet.general, "hi")
    mod = await staff(client, MOD)
    active = await ok(client, "GET", "/api/moderation/servers/active", token=mod.token)
    assert [(s["id"], s["messageCount"], s["userMessageCount"]) for s in active] == [(busy.id, 3, 3), (quiet.id, 1, 1)]
    assert "verified" not in active[0] and active[0]["createdBy"]["badges"] == 0
    assert silent.id not in [s["id"] for s in active]


async def test_rename_and_verify_tell_the_server_room_only(live_client, sockets):
    place = await community(live_client)
    person, outsider, mod = await join(live_client, place), await member(), await staff(live_client)
    member_socket, outsider_socket = await sockets(person.token), await sockets(outsider.token)
    result = await ok(
        live_client, "POST", f"/api/moderation/servers/{place.id}", pw(name="Renamed", verified=True), mod.token
    )
    assert result["name"] == "Renamed" and result["verified"] is True and result["id"] == place.id
    assert result["createdBy"] == {"id": place.owner.id, "username": place.owner.username, "tag": place.owner.tag}
    assert await member_socket.wait_for("server:updated") == {
        "serverId": place.id,
        "updated": {"name": "Renamed", "verified": True},
    }
    await ping(live_client, outsider, outsider_socket)
    assert outsider_socket.received("server:updated") == []
    server = await Server.get(id=int(place.id))
    assert (server.name, server.verified) == ("Renamed", True)
    entry = await AuditEntry.get(action_type=4)
    assert (entry.server_id, entry.server_name) == (int(place.id), "Renamed")
    assert await call(live_client, "POST", f"/api/moderation/servers/{place.id}", pw(name="x"), token=mod.token) == (
        400,
        error("Name must be between 2 and 35 characters long.", "name"),
    )
    assert await call(live_client, "POST", "/api/moderation/servers/123", pw(name="Other"), token=mod.token) == (
        404,
        error("Server does not exist."),
    )


async def test_pinning_needs_an_explore_listing(client):
    place = await community(client)
    mod = await staff(client)
    path = f"/api/moderation/servers/{place.id}/pin"
    assert await call(client, "POST", path, token=mod.token) == (400, error("Something went wrong. Try again later."))
    await ok(client, "POST", f"/api/explore/servers/{place.id}", {"description": "Come in"}, place.owner.token)
    assert await ok(client, "POST", path, token=mod.token) == {"success": True}
    listing = (await ok(client, "GET", f"/api/moderation/servers/{place.id}", token=mod.token))["publicServer"]
    assert listing["pinnedAt"] is not None
    explore = await ok(client, "GET", "/api/explore?filter=pinned", token=mod.token)
    assert [item["serverId"] for item in explore] == [place.id]
    assert await ok(client, "DELETE", path, token=mod.token) == {"success": True}
    assert (await ok(client, "GET", f"/api/moderation/servers/{place.id}", token=mod.token))["publicServer"][
        "pinnedAt"
    ] is None
    assert await call(client, "DELETE", "/api/moderation/servers/1/pin", token=mod.token) == (
        400,
        error("Something went wrong. Try again later."),
    )


async def test_scheduling_a_deletion_warns_the_owner_and_is_audited(live_client, sockets):
    place = await community(live_client, "Spam Central")
    mod = await staff(live_client)
    owner_socket = await sockets(place.owner.token)
    await ok(live_client, "DELETE", f"/api/moderation/servers/{place.id}", pw(reason="selling spam"), mod.token)
    notice = await owner_socket.wait_for("user:notice_created")
    assert notice["content"] == "Spam Central scheduled deletion: selling spam"
    assert notice["createdBy"] == {"username": mod.username}
    assert (await Strikes.get(user_id=int(place.owner.id))).warn_count == 1  # it counts as a warning
    details = await ok(live_client, "GET", f"/api/moderation/servers/{place.id}", token=mod.token)
    assert details["scheduledForDeletion"]["scheduledByUserId"] == mod.id
    await ok(live_client, "DELETE", f"/api/moderation/servers/{place.id}/schedule-delete", pw(), mod.token)
    entries = await AuditEntry.filter(server_id=int(place.id)).order_by("id")
    assert [(e.action_type, e.reason) for e in entries] == [(3, "selling spam"), (9, None)]
    assert await AuditEntry.filter(action_type=7, user_id=int(place.owner.id)).exists()


async def test_a_servers_text_channels_for_the_message_viewer(live_client, sockets):
    place = await community(live_client, "Viewed")
    watcher = await join(live_client, place)
    category = await ok(
        live_client, "POST", f"/api/servers/{place.id}/channels", {"name": "Talk", "type": 2}, place.owner.token
    )
    second = await ok(
        live_client, "POST", f"/api/servers/{place.id}/channels", {"name": "off-topic"}, place.owner.token
    )
    elsewhere = await community(live_client, "Elsewhere")
    watcher_socket = await sockets(watcher.token)
    admin, mod = await staff(live_client), await staff(live_client, MOD)
    path = f"/api/moderation/servers/{place.id}/channels"

    body = await ok(live_client, "GET", path, token=admin.token)
    assert [c["id"] for c in body["channels"]] == [place.general, second["id"]]  # text only, in order
    assert body["channels"][1] == {
        "id": second["id"],
        "name": "off-topic",
        "categoryId": None,
        "order": body["channels"][1]["order"],
    }
    assert category["id"] not in {c["id"] for c in body["channels"]}
    assert elsewhere.general not in {c["id"] for c in body["channels"]}

    # bad input: an unknown server, a malformed id
    assert await call(live_client, "GET", "/api/moderation/servers/123/channels", token=admin.token) == (
        404,
        error("Server does not exist."),
    )
    assert await call(live_client, "GET", "/api/moderation/servers/not-an-id/channels", token=admin.token) == (
        404,
        error("Server does not exist."),
    )
    # who may not: a MOD (an "A" route, like the messages it leads to), the server's own owner
    assert await call(live_client, "GET", path, token=mod.token) == (403, error("Admin access only!"))
    assert await call(live_client, "GET", path, token=place.owner.token) == (403, error("Admin access only!"))

    # a read: nothing reaches the server's members
    await ping(live_client, watcher, watcher_socket)
    assert [name for name, _ in watcher_socket.events if name.startswith(("server:", "channel:"))] == []
