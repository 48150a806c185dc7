"""Nicknames, transfer, invites, audit logs, server order and folders."""

from plugins.servers.models import Invite, Member, Server
from tests.plugins.messages.helpers import error, member
from tests.plugins.servers.helpers import community, join, ok, role_with
from tests.support import at_once, call


async def test_nicknames_need_the_permission_and_admin_for_others(live_client, sockets):
    place = await community(live_client)
    person = await join(live_client, place)
    other = await join(live_client, place)
    probe = await sockets(other.token)
    path = f"/api/servers/{place.id}/members/{person.id}/profile"
    assert await call(live_client, "POST", path, {"nickname": "Pip"}, token=person.token) == (
        403,
        error("Missing Nickname Member permission"),
    )
    await role_with(live_client, place, 128, person)
    assert await ok(live_client, "POST", path, {"nickname": "  Pip  "}, person.token) == {"nickname": "Pip"}
    update = await probe.wait_for("server:member_updated", count=2)
    assert update == {"serverId": place.id, "userId": person.id, "updated": {"nickname": "Pip"}}
    assert await call(live_client, "POST", path, {"nickname": "P"}, token=person.token) == (
        400,
        error("Nickname must be between 3 and 35 characters long.", "nickname"),
    )
    assert await call(
        live_client,
        "POST",
        f"/api/servers/{place.id}/members/{other.id}/profile",
        {"nickname": "Other"},
        token=person.token,
    ) == (400, error("You do not have permission to update this member."))


async def test_transfer_ownership_needs_the_owners_password(client):
    place = await community(client)
    person = await join(client, place)
    path = f"/api/servers/{place.id}/transfer-ownership"
    assert await call(
        client, "POST", path, {"password": "wrong one", "newOwnerUserId": person.id}, token=place.owner.token
    ) == (400, error("Invalid Password"))
    assert await call(
        client, "POST", path, {"password": person.password, "newOwnerUserId": place.owner.id}, token=person.token
    ) == (403, error("Only the server creator can transfer ownership."))
    assert await call(
        client,
        "POST",
        path,
        {"password": place.owner.password, "newOwnerUserId": place.owner.id},
        token=place.owner.token,
    ) == (400, error("Cannot transfer ownership to yourself."))
    await ok(client, "POST", path, {"password": place.owner.password, "newOwnerUserId": person.id}, place.owner.token)
    await ok(client, "POST", f"/api/servers/{place.id}/leave", token=place.owner.token)
    assert await call(client, "POST", f"/api/servers/{place.id}/leave", token=person.token) == (
        400,
        error("You cannot leave your own server."),
    )


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
    assert await call(client, "DELETE", f"/api/servers/{place.id}/invites/{other_code}", token=person.token) == (
        403,
        error("Invalid invite code."),
    )
    await ok(client, "DELETE", f"/api/servers/{place.id}/invites/{mine['code']}", token=place.owner.token)
    assert await call(client, "GET", f"/api/servers/invites/{mine['code']}") == (400, error("Invalid invite code."))


async def test_custom_invites_only_for_verified_servers_and_owners(client):
    place = await community(client)
    person = await join(client, place)
    path = f"/api/servers/{place.id}/invites/custom"
    assert await call(client, "POST", path, {"code": "club"}, token=person.token) == (
        401,
        error("Only the server owner can create custom invites."),
    )
    assert await call(client, "POST", path, {"code": "bad code!"}, token=place.owner.token) == (
        401,
        error("Only alphanumerical and dashes are allowed in the code."),
    )
    assert await call(client, "POST", path, {"code": "club"}, token=place.owner.token) == (
        403,
        error("Server must be verified to create custom invites."),
    )
    from plugins.servers.models import Server

    await Server.filter(id=int(place.id)).update(verified=True)
    invite = await ok(client, "POST", path, {"code": "Club"}, place.owner.token)
    assert invite["isCustom"] is True
    newcomer = await member()
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
    assert await ok(
        live_client, "POST", "/api/servers/order", {"serverIds": list(reversed(ids))}, first.owner.token
    ) == {"success": True}
    assert await probe.wait_for("server:order_updated") == {"serverIds": list(reversed(ids))}
    assert await call(live_client, "POST", "/api/servers/order", {"serverIds": ids[:1]}, token=first.owner.token) == (
        400,
        error("Server order length does not match."),
    )
    assert await call(
        live_client, "POST", "/api/servers/order", {"serverIds": [ids[0], "123"]}, token=first.owner.token
    ) == (400, error("Invalid server ids."))
    assert await call(
        live_client, "POST", "/api/servers/order", {"serverIds": [ids[0], ids[0]]}, token=first.owner.token
    ) == (400, error("Duplicate server ids."))
    folder = await ok(live_client, "POST", "/api/servers/folders", {"serverIds": ids}, first.owner.token)
    assert folder["serverIds"] == ids and folder["name"] == "Folder"
    assert (await probe.wait_for("server:folder_created"))["folder"]["id"] == folder["id"]
    renamed = await ok(
        live_client, "POST", f"/api/servers/folders/{folder['id']}", {"name": "Games"}, first.owner.token
    )
    assert renamed["name"] == "Games"
    emptied = await ok(
        live_client, "POST", f"/api/servers/folders/{folder['id']}", {"serverIds": []}, first.owner.token
    )
    assert emptied["serverIds"] == []


async def _ordered(client, person):
    from plugins.servers.models import ServerOrder

    return (await ServerOrder.get(user_id=int(person.id))).ordered_ids


async def test_invites_made_at_once_stop_at_ten_each_and_joins_at_once_are_each_counted(client):
    place = await community(client)
    await Invite.bulk_create(
        [Invite(server_id=int(place.id), created_by_id=int(place.owner.id), code=f"made{n}") for n in range(8)]
    )
    path = f"/api/servers/{place.id}/invites"
    answers = await at_once(*(call(client, "POST", path, token=place.owner.token) for _ in range(4)))
    assert [status for status, _ in answers] == [200, 200, 403, 403]
    assert [body for _, body in answers[2:]] == [error("You already created the maximum amount of invites!")] * 2
    assert await Invite.filter(server_id=int(place.id)).count() == 10
    code = answers[0][1]["code"]
    newcomers = [await member() for _ in range(3)]
    joined = await at_once(
        *(call(client, "POST", f"/api/servers/invites/{code}", token=person.token) for person in newcomers)
    )
    assert [status for status, _ in joined] == [200, 200, 200]
    assert (await Invite.get(code=code)).uses == 3


async def test_servers_joined_at_once_cannot_pass_the_hundred_together(client):
    person = await member()
    places = [await community(client, name=f"Open {n}") for n in range(4)]
    codes = [(await ok(client, "POST", f"/api/servers/{p.id}/invites", token=p.owner.token))["code"] for p in places]
    elsewhere = [Server(name=f"Full {n}", created_by_id=int(person.id)) for n in range(98)]
    await Server.bulk_create(elsewhere)
    await Member.bulk_create([Member(server_id=server.id, user_id=int(person.id)) for server in elsewhere])
    answers = await at_once(
        *(call(client, "POST", f"/api/servers/invites/{code}", token=person.token) for code in codes)
    )
    assert [status for status, _ in answers] == [200, 200, 400, 400]
    assert [body for _, body in answers[2:]] == [error("You have reached the maximum number of servers.")] * 2
    assert await Member.filter(user_id=int(person.id)).count() == 100


async def test_creating_a_server_past_the_hundred_is_refused_and_makes_nothing(client):
    person = await member()
    elsewhere = [Server(name=f"Full {n}", created_by_id=int(person.id)) for n in range(100)]
    await Server.bulk_create(elsewhere)
    await Member.bulk_create([Member(server_id=server.id, user_id=int(person.id)) for server in elsewhere])
    assert await call(client, "POST", "/api/servers", {"name": "One more"}, token=person.token) == (
        400,
        error("You have reached the maximum number of servers."),
    )
    assert not await Server.exists(name="One more")
