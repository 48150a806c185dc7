"""Nicknames, transfer, invites, audit logs, server order and folders."""

from tests.plugins.messages.helpers import error, member
from tests.plugins.servers.helpers import community, join, ok, role_with
from tests.support import call


async def test_nicknames_need_the_permission_and_admin_for_others(live_client, sockets):
    place = await community(live_client)
    person = await join(live_client, place)
    other = await join(live_client, place)
    probe = await sockets(other.token)
    path = f"/api/servers/{place.id}/members/{person.id}/profile"
    assert await call(live_client, "POST", path, {"nickname": "Pip"}, token=person.token) == \
        (403, error("Missing Nickname Member permission"))
    await role_with(live_client, place, 128, person)
    assert await ok(live_client, "POST", path, {"nickname": "  Pip  "}, person.token) == {"nickname": "Pip"}
    update = await probe.wait_for("server:member_updated", count=2)
    assert update == {"serverId": place.id, "userId": person.id, "updated": {"nickname": "Pip"}}
    assert await call(live_client, "POST", path, {"nickname": "P"}, token=person.token) == \
        (400, error("Nickname must be between 3 and 35 characters long.", "nickname"))
    assert await call(live_client, "POST", f"/api/servers/{place.id}/members/{other.id}/profile", {"nickname": "Other"},
                      token=person.token) == (400, error("You do not have permission to update this member."))


async def test_transfer_ownership_needs_the_owners_password(client):
    place = await community(client)
    person = await join(client, place)
    path = f"/api/servers/{place.id}/transfer-ownership"
    assert await call(client, "POST", path, {"password": "wrong one", "newOwnerUserId": person.id},
                      token=place.owner.token) == (400, error("Invalid Password"))
    assert await call(client, "POST", path, {"password": person.password, "newOwnerUserId": place.owner.id},
                      token=person.token) == (403, error("Only the server creator can transfer ownership."))
    assert await call(client, "POST", path, {"password": place.owner.password, "newOwnerUserId": place.owner.id},
                      token=place.owner.token) == (400, error("Cannot transfer ownership to yourself."))
    await ok(client, "POST", path, {"password": place.owner.password, "newOwnerUserId": person.id}, place.owner.token)
    await ok(client, "POST", f"/api/servers/{place.id}/leave", token=place.owner.token)
    assert await call(client, "POST", f"/api/servers/{place.id}/leave", token=person.token) == \
        (400, error("You cannot leave your own server."))


async def test_invites_are_listed_per_creator_and_deleted_by_creator_or_owner(client):
    place = await community(client)
    person = await join(client, place)
    mine = await ok(client, "POST", f"/api/servers/{place.id}/invites", token=person.token)
    assert mine["isCustom"] is False and len(mine["code"]) == 5
    listed = await ok(client, "GET", f"/api/servers/{place.id}/invites", token=person.token)
    assert [i["code"] for i in listed] == [mine["code"]]
    assert len(await ok(client, "GET", f"/api/servers/{place.id}/invites", token=place.owner.token)) == 2
    owners = await ok(client, "GET", f"/api/servers/{place.id}/invites", token=place.owner.token)
    other_code = next(i["code"] for i in owners if i["code"] != mine["code"])
    assert await call(client, "DELETE", f"/api/servers/{place.id}/invites/{other_code}", token=person.token) == \
        (403, error("Invalid invite code."))
    await ok(client, "DELETE", f"/api/servers/{place.id}/invites/{mine['code']}", token=place.owner.token)
    assert await call(client, "GET", f"/api/servers/invites/{mine['code']}") == (400, error("Invalid invite code."))


async def test_custom_invites_only_for_verified_servers_and_owners(client):
    place = await community(client)
    person = await join(client, place)
    path = f"/api/servers/{place.id}/invites/custom"
    assert await call(client, "POST", path, {"code": "club"}, token=person.token) == \
        (401, error("Only the server owner can create custom invites."))
    assert await call(client, "POST", path, {"code": "bad code!"}, token=place.owner.token) == \
        (401, error("Only alphanumerical and dashes are allowed in the code."))
    assert await call(client, "POST", path, {"code": "club"}, token=place.owner.token) == \
        (403, error("Server must be verified to create custom invites."))
    from plugins.servers.models import Server

    await Server.filter(id=int(place.id)).update(verified=True)
    invite = await ok(client, "POST", path, {"code": "Club"}, place.owner.token)
    assert invite["isCustom"] is True
    newcomer = await member(client)
    await ok(client, "POST", "/api/servers/invites/club", token=newcomer.token)


async def test_audit_log_records_who_did_what(client):
    place = await community(client)
    person = await join(client, place)
    await ok(client, "POST", f"/api/servers/{place.id}", {"name": "Renamed"}, place.owner.token)
    await ok(client, "DELETE", f"/api/servers/{place.id}/members/{person.id}/kick", token=place.owner.token)
    logs = await ok(client, "GET", f"/api/servers/{place.id}/audit-logs", token=place.owner.token)
    assert [log["actionType"] for log in logs["auditLogs"]] == ["SERVER_USER_KICK", "SERVER_UPDATE"]
    assert logs["auditLogs"][0]["data"] == {"kickedUserId": person.id}
    assert {u["id"] for u in logs["users"]} == {place.owner.id, person.id}


async def test_server_order_and_folders(live_client, sockets):
    first = await community(live_client)
    await join(live_client, await community(live_client), first.owner)
    ids = await _ordered(live_client, first.owner)
    probe = await sockets(first.owner.token)
    assert await ok(live_client, "POST", "/api/servers/order", {"serverIds": list(reversed(ids))}, first.owner.token) == \
        {"success": True}
    assert await probe.wait_for("server:order_updated") == {"serverIds": list(reversed(ids))}
    assert await call(live_client, "POST", "/api/servers/order", {"serverIds": ids[:1]}, token=first.owner.token) == \
        (400, error("Server order length does not match."))
    assert await call(live_client, "POST", "/api/servers/order", {"serverIds": [ids[0], "123"]},
                      token=first.owner.token) == (400, error("Invalid server ids."))
    assert await call(live_client, "POST", "/api/servers/order", {"serverIds": [ids[0], ids[0]]},
                      token=first.owner.token) == (400, error("Duplicate server ids."))
    folder = await ok(live_client, "POST", "/api/servers/folders", {"serverIds": ids}, first.owner.token)
    assert folder["serverIds"] == ids and folder["name"] == "Folder"
    assert (await probe.wait_for("server:folder_created"))["folder"]["id"] == folder["id"]
    renamed = await ok(live_client, "POST", f"/api/servers/folders/{folder['id']}", {"name": "Games"}, first.owner.token)
    assert renamed["name"] == "Games"
    emptied = await ok(live_client, "POST", f"/api/servers/folders/{folder['id']}", {"serverIds": []}, first.owner.token)
    assert emptied["serverIds"] == []


async def _ordered(client, person):
    from plugins.servers.models import ServerOrder

    return (await ServerOrder.get(user_id=int(person.id))).ordered_ids
