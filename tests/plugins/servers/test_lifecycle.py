"""Create, join by invite, chat, leave, delete (rest.md §4.1, §4.7)."""

from tests.plugins.messages.helpers import error, member, sent
from tests.plugins.servers.helpers import community, join, ok
from tests.support import call


async def test_creating_a_server_gives_a_default_role_and_channel(live_client, sockets):
    owner = await member()
    owner_socket = await sockets(owner.token)
    server = await ok(live_client, "POST", "/api/servers", {"name": "  Book club  "}, owner.token)
    assert server["name"] == "Book club" and server["createdById"] == owner.id and server["customEmojis"] == []
    joined = await owner_socket.wait_for("server:joined")
    assert joined["server"]["id"] == server["id"]
    assert [c["name"] for c in joined["channels"]] == ["General"]
    assert joined["channels"][0]["permissions"] == [{"roleId": server["defaultRoleId"], "permissions": 7}]
    assert [(r["name"], r["permissions"], r["order"]) for r in joined["roles"]] == [("All", 2, 1)]
    assert [m["userId"] for m in joined["members"]] == [owner.id]
    message = await sent(live_client, owner, server["defaultChannelId"], "welcome")
    created = await owner_socket.wait_for("message:created")
    assert created["message"]["id"] == message["id"] and created["serverId"] == server["id"]
    assert created["member"]["permissions"] == 2


async def test_server_name_rules(client):
    owner = await member()
    for body, message in (
        ({}, "Name is required."),
        ({"name": 5}, "Name must be a string."),
        ({"name": "x"}, "Name must be between 2 and 35 characters long."),
        ({"name": "visit https://spam.example"}, "Name cannot be a URL."),
    ):
        assert await call(client, "POST", "/api/servers", body, token=owner.token) == (400, error(message, "name"))
    assert await call(client, "POST", "/api/servers", {"name": "ok name"}) == (401, error("No token provided."))


async def test_joining_by_invite_tells_members_and_the_joiner(live_client, sockets):
    place = await community(live_client)
    owner_socket = await sockets(place.owner.token)
    newcomer = await member()
    newcomer_socket = await sockets(newcomer.token)
    invite = await ok(live_client, "POST", f"/api/servers/{place.id}/invites", token=place.owner.token)
    status, preview = await call(live_client, "GET", f"/api/servers/invites/{invite['code']}")
    assert status == 200 and preview["name"] == "Hearthside" and preview["memberCount"] == 1
    await ok(live_client, "POST", f"/api/servers/invites/{invite['code']}", token=newcomer.token)
    joined_event = await owner_socket.wait_for("server:member_joined")
    assert joined_event["member"]["userId"] == newcomer.id
    assert (await newcomer_socket.wait_for("server:joined"))["server"]["id"] == place.id
    system = (await owner_socket.wait_for("message:created"))["message"]
    assert system["type"] == 1 and system["createdBy"]["id"] == newcomer.id
    message = await sent(live_client, newcomer, place.general, "hi all")
    assert (await owner_socket.wait_for("message:created", count=2))["message"]["id"] == message["id"]
    assert await call(live_client, "POST", f"/api/servers/invites/{invite['code']}", token=newcomer.token) == (
        400,
        error("You are already in this server."),
    )
    assert await call(live_client, "GET", "/api/servers/invites/nope1") == (400, error("Invalid invite code."))


async def test_non_members_cannot_read_or_post(client):
    place = await community(client)
    outsider = await member()
    path = f"/api/channels/{place.general}/messages"
    assert await call(client, "GET", path, token=outsider.token) == (403, error("Server member is not in this server."))
    assert await call(client, "POST", path, {"content": "hi"}, token=outsider.token) == (
        403,
        error("Server member is not in this server."),
    )
    assert await call(client, "POST", f"/api/servers/{place.id}/invites", token=outsider.token) == (
        403,
        error("Server member is not in this server."),
    )


async def test_leaving_removes_the_member_everywhere(live_client, sockets):
    place = await community(live_client)
    person = await join(live_client, place)
    person_socket, owner_socket = await sockets(person.token), await sockets(place.owner.token)
    assert await call(live_client, "POST", f"/api/servers/{place.id}/leave", token=place.owner.token) == (
        400,
        error("You cannot leave your own server."),
    )
    await ok(live_client, "POST", f"/api/servers/{place.id}/leave", token=person.token)
    assert await person_socket.wait_for("server:left") == {"serverId": place.id}
    assert await owner_socket.wait_for("server:member_left") == {"serverId": place.id, "userId": person.id}
    await sent(live_client, place.owner, place.general, "after they left")
    await owner_socket.wait_for("message:created", count=2)
    assert [e for e in person_socket.received("message:created") if e["message"]["type"] == 0] == []
    assert await call(live_client, "POST", f"/api/servers/{place.id}/leave", token=person.token) == (
        400,
        error("You are not in this server."),
    )


async def test_only_the_owner_deletes_and_everyone_is_told(live_client, sockets):
    place = await community(live_client)
    person = await join(live_client, place)
    person_socket = await sockets(person.token)
    status, body = await call(live_client, "DELETE", f"/api/servers/{place.id}", token=person.token)
    assert (status, body) == (403, {"error": "Only the owner of the server can delete this server."})
    await ok(live_client, "DELETE", f"/api/servers/{place.id}", token=place.owner.token)
    assert await person_socket.wait_for("server:left") == {"serverId": place.id}
    assert await call(live_client, "GET", f"/api/channels/{place.general}/messages", token=person.token) == (
        403,
        error("Channel does not exist."),
    )
