"""Bots over Socket.IO (realtime.md §3.4, §7): the bot's authenticated payload, a token reset
dropping its sockets, being added to a server, its messages and button clicks — and who
receives what."""

from __future__ import annotations

import asyncio

from plugins.messages.models import BAN_USER, JOIN_SERVER, KICK_USER
from tests.plugins.applications.helpers import add_to, new_bot
from tests.plugins.messages.helpers import member, open_dm, sent
from tests.plugins.servers.helpers import community, join, ok, private_channel
from tests.support import call


async def test_bot_authenticates_with_the_bot_payload(live_client, sockets):
    bot = await new_bot(live_client)
    place = await community(live_client)
    await add_to(live_client, bot, place)
    probe = await sockets(bot.token)
    payload = probe.received("user:authenticated")[0]
    user = payload["user"]
    assert user["bot"] is True and user["application"] == {"id": bot.app_id} and user["id"] == bot.id
    assert "email" not in user and "orderedServerIds" not in user
    # as upstream builds it for a bot: its (empty) connections and reminders are there
    assert user["connections"] == [] and user["reminders"] == []
    assert payload["inbox"] == [] and payload["friends"] == []
    assert [s["id"] for s in payload["servers"]] == [place.id]
    assert {m["userId"] for m in payload["serverMembers"]} == {place.owner.id, bot.id}


async def test_token_reset_drops_the_bots_sockets_and_only_them(live_client, sockets):
    bot = await new_bot(live_client)
    first, second = await sockets(bot.token), await sockets(bot.token)
    developer = await sockets(bot.developer.token)
    assert await call(live_client, "POST", f"/api/applications/{bot.app_id}/token", token=bot.developer.token) == (
        200,
        {"status": True},
    )
    for probe in (first, second):
        assert await probe.wait_for("user:authenticate_error") == {"message": "Invalid Token"}
        await probe.wait_disconnected()
    assert developer.client.connected and developer.received("user:authenticate_error") == []
    assert await call(live_client, "GET", "/api/users", token=bot.token) == (
        401,
        {"message": "Invalid token.", "path": None},
    )
    refused = await sockets(bot.token)
    assert refused.received("user:authenticate_error") == [{"message": "Invalid token."}]
    fresh = (await ok(live_client, "GET", f"/api/applications/{bot.app_id}/token", token=bot.developer.token))["token"]
    assert fresh != bot.token
    assert (await sockets(fresh)).received("user:authenticated")


async def test_the_token_is_stable_until_reset(client):
    bot = await new_bot(client)
    again = await ok(client, "GET", f"/api/applications/{bot.app_id}/token", token=bot.developer.token)
    assert again == {"token": bot.token}
    assert await call(
        client, "GET", f"/api/applications/{bot.app_id}/token", token=(await new_bot(client)).developer.token
    ) == (404, {"message": "Application not found!", "path": None})


async def test_adding_a_bot_gives_its_role_exactly_the_chosen_permissions(live_client, sockets):
    bot = await new_bot(live_client)
    place = await community(live_client)
    person = await join(live_client, place)
    outsider = (await community(live_client, "Elsewhere")).owner
    bot_probe, member_probe, outsider_probe = (
        await sockets(bot.token),
        await sockets(person.token),
        await sockets(outsider.token),
    )
    owner_probe = await sockets(place.owner.token)

    await add_to(live_client, bot, place, permissions=2 | 16 | 32)  # send, kick, ban
    joined = await bot_probe.wait_for("server:joined")
    assert joined["server"]["id"] == place.id
    role = next(r for r in joined["roles"] if r["botRole"])
    assert role["permissions"] == 50 and role["name"] == bot.user["username"] and role["hideRole"] is True
    me = next(m for m in joined["members"] if m["userId"] == bot.id)
    assert me["roleIds"] == [role["id"]]
    created = await member_probe.wait_for("server:role_created")
    assert created["id"] == role["id"]
    assert (await member_probe.wait_for("server:member_joined"))["member"]["userId"] == bot.id
    await ok(live_client, "GET", f"/api/servers/{place.id}/bot-commands", token=person.token)  # a barrier
    assert (
        outsider_probe.received("server:member_joined") == [] and outsider_probe.received("server:role_created") == []
    )

    # the bot may now kick (its role has KICK) but not manage channels
    status, _ = await call(live_client, "DELETE", f"/api/servers/{place.id}/members/{person.id}/kick", token=bot.token)
    assert status == 200
    assert await call(live_client, "POST", f"/api/servers/{place.id}/channels", {"name": "bots"}, token=bot.token) == (
        403,
        {"message": "Missing Manage Channels permission", "path": None},
    )

    # leaving removes the bot's role
    await ok(live_client, "DELETE", f"/api/servers/{place.id}/members/{bot.id}/kick", token=place.owner.token)
    assert await bot_probe.wait_for("server:left") == {"serverId": place.id}
    assert await owner_probe.wait_for("server:role_deleted") == {"serverId": place.id, "roleId": role["id"]}
    status, roles = await call(live_client, "GET", f"/api/servers/{place.id}/bot-commands", token=place.owner.token)
    assert status == 200 and roles == {"commands": []}


async def test_default_permissions_and_who_may_add(client):
    bot = await new_bot(client)
    place = await community(client)
    person = await join(client, place)
    path = f"/api/servers/{place.id}/invites/applications/{bot.app_id}/bot"
    assert await call(client, "POST", path, token=person.token) == (
        403,
        {"message": "Missing Admin permission", "path": None},
    )
    outsider = (await community(client, "Elsewhere")).owner
    assert await call(client, "POST", path, token=outsider.token) == (
        403,
        {"message": "Server member is not in this server.", "path": None},
    )
    assert await call(
        client, "POST", f"/api/servers/{place.id}/invites/applications/999/bot", token=place.owner.token
    ) == (400, {"message": "Application not found!", "path": None})
    botless = await ok(client, "POST", "/api/applications", token=bot.developer.token)
    assert await call(
        client, "POST", f"/api/servers/{place.id}/invites/applications/{botless['id']}/bot", token=place.owner.token
    ) == (400, {"message": "Application does not have a bot!", "path": None})
    assert await call(client, "POST", path, token=bot.token) == (
        401,
        {"message": "Bots are not allowed to use this route.", "path": None},
    )

    assert await call(client, "POST", path, token=place.owner.token) == (200, {"success": True})
    assert await call(client, "POST", path, token=place.owner.token) == (
        400,
        {"message": "This bot is already in this server", "path": None},
    )
    roles = await ok(client, "GET", f"/api/applications/{bot.app_id}/bot?includeServers=1", token=place.owner.token)
    assert roles["servers"] == [{"id": place.id, "name": place.server["name"]}]
    assert roles["bot"]["application"]["creatorAccount"]["user"]["id"] == bot.developer.id
    status, sent = await call(
        client, "POST", f"/api/channels/{place.general}/messages", {"content": "hi"}, token=bot.token
    )
    assert status == 200 and sent["createdBy"]["bot"] is True  # SEND_MESSAGE by default


async def test_bot_messages_and_button_clicks_reach_only_who_may_see_them(live_client, sockets):
    bot = await new_bot(live_client)
    place = await community(live_client)
    staff = await private_channel(live_client, place)
    person = await join(live_client, place)
    outsider = (await community(live_client, "Elsewhere")).owner
    await add_to(live_client, bot, place, permissions=1)  # ADMIN: sees the private channel too
    bot_probe, member_probe, owner_probe, outsider_probe = (
        await sockets(bot.token),
        await sockets(person.token),
        await sockets(place.owner.token),
        await sockets(outsider.token),
    )

    hidden = await ok(live_client, "POST", f"/api/channels/{staff}/messages", {"content": "staff"}, bot.token)
    message = await ok(
        live_client,
        "POST",
        f"/api/channels/{place.general}/messages",
        {"content": "Pick one", "buttons": [{"id": "yes", "label": "Yes"}, {"id": "no", "label": "No"}]},
        bot.token,
    )
    event = await member_probe.wait_for("message:created")
    assert event["message"]["id"] == message["id"] and event["message"]["buttons"][0]["id"] == "yes"
    assert hidden["id"] not in str(member_probe.events)
    assert (await owner_probe.wait_for("message:created"))["message"]["id"] == hidden["id"]

    status, _ = await call(
        live_client,
        "POST",
        f"/api/channels/{place.general}/messages/{message['id']}/buttons/yes?type=button_click",
        token=person.token,
    )
    assert status == 200
    clicked = await bot_probe.wait_for("message:button_clicked")
    assert clicked["userId"] == person.id and clicked["buttonId"] == "yes" and clicked["messageId"] == message["id"]
    await ok(
        live_client,
        "POST",
        f"/api/channels/{place.general}/messages/{message['id']}/buttons/yes/callback",
        {"userId": person.id, "content": "You picked yes"},
        bot.token,
    )
    callback = await member_probe.wait_for("message:button_clicked_callback")
    assert callback["content"] == "You picked yes"
    await asyncio.sleep(0)  # let anything misrouted arrive before looking
    for probe in (member_probe, owner_probe, outsider_probe):
        assert probe.received("message:button_clicked") == []
    assert owner_probe.received("message:button_clicked_callback") == []
    assert outsider_probe.received("message:created") == []


def _since(probe, count):
    """The names of the events ``probe`` received after its first ``count``."""
    return [name for name, _ in probe.events[count:]]


async def _dm_barrier(client, person, bot, probe):
    """A DM from ``person`` to the bot: once it arrives, every event sent to the bot before it has."""
    count = len(probe.received("message:created")) + 1
    await sent(client, person, await open_dm(client, person, bot), "barrier")
    await probe.wait_for("message:created", count=count)


async def test_being_added_sends_the_bot_what_upstream_sends_it(live_client, sockets):
    # upstream's join: server:joined to the joiner, then the joiner's presence to the server room
    # (the joiner included), then the JOIN_SERVER system message — one presence update each
    bot = await new_bot(live_client)
    place = await community(live_client)
    bot_probe, owner_probe = await sockets(bot.token), await sockets(place.owner.token)
    bot_before, owner_before = len(bot_probe.events), len(owner_probe.events)
    await add_to(live_client, bot, place)
    await bot_probe.wait_for("message:created")
    await owner_probe.wait_for("message:created")
    assert _since(bot_probe, bot_before) == ["server:joined", "user:presence_update", "message:created"]
    assert _since(owner_probe, owner_before) == [
        "server:role_created",
        "server:member_joined",
        "user:presence_update",
        "message:created",
    ]
    for probe in (bot_probe, owner_probe):
        assert probe.received("user:presence_update") == [{"userId": bot.id, "status": 1}]
        assert probe.received("message:created")[0]["message"]["type"] == JOIN_SERVER


async def test_a_kicked_bot_hears_server_left_and_not_its_role_going(live_client, sockets):
    bot = await new_bot(live_client)
    place = await community(live_client)
    await add_to(live_client, bot, place)
    bot_probe, owner_probe = await sockets(bot.token), await sockets(place.owner.token)
    role_id = next(r["id"] for r in bot_probe.received("user:authenticated")[0]["serverRoles"] if r["botRole"])
    bot_before, owner_before = len(bot_probe.events), len(owner_probe.events)

    await ok(live_client, "DELETE", f"/api/servers/{place.id}/members/{bot.id}/kick", token=place.owner.token)
    await owner_probe.wait_for("message:created")
    await _dm_barrier(live_client, place.owner, bot, bot_probe)
    # upstream: the bot leaves the rooms, hears server:left; its role goes after, to the room
    assert _since(bot_probe, bot_before) == ["server:left", "message:created"]
    assert _since(owner_probe, owner_before)[:3] == ["server:member_left", "server:role_deleted", "message:created"]
    assert owner_probe.received("server:role_deleted") == [{"serverId": place.id, "roleId": role_id}]
    assert owner_probe.received("message:created")[0]["message"]["type"] == KICK_USER


async def test_a_bot_banning_someone_who_never_joined_posts_the_banned_message(live_client, sockets):
    bot = await new_bot(live_client)
    place = await community(live_client)
    await add_to(live_client, bot, place, permissions=2 | 32)  # send, ban
    stranger = await member()
    bot_probe, owner_probe = await sockets(bot.token), await sockets(place.owner.token)
    assert await call(live_client, "POST", f"/api/servers/{place.id}/bans/{stranger.id}", {}, token=bot.token) == (
        200,
        {"status": True},
    )
    for probe in (bot_probe, owner_probe):
        created = (await probe.wait_for("message:created"))["message"]
        assert (created["type"], created["createdBy"]["id"]) == (BAN_USER, stranger.id)
    bans = await ok(live_client, "GET", f"/api/servers/{place.id}/bans", token=place.owner.token)
    assert [b["user"]["id"] for b in bans] == [stranger.id]


async def test_a_members_first_dm_does_not_open_the_bots_inbox(live_client, sockets):
    bot = await new_bot(live_client)
    person = await member()
    bot_probe = await sockets(bot.token)
    before = len(bot_probe.events)
    channel_id = await open_dm(live_client, person, bot)
    first = await sent(live_client, person, channel_id, "hello bot")
    await sent(live_client, person, channel_id, "a barrier: once it is in, so is all before it")
    await bot_probe.wait_for("message:created", count=2)
    # upstream gives bots no inbox: the messages come, no inbox:opened
    assert _since(bot_probe, before) == ["message:created", "message:created"]
    assert bot_probe.received("message:created")[0]["message"]["id"] == first["id"]
    # the bot answers in the DM as before
    assert (
        await call(live_client, "POST", f"/api/channels/{channel_id}/messages", {"content": "hi"}, token=bot.token)
    )[0] == 200
